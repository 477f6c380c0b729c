// The reusable embed editing parts (components/embed-editor): limits and presets come from the published schemas, and
// each part works on its own (the embed builder reuses them without any panel).
import panelFile from '@guildhall/generated/schema.ticket-panel.json';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import {
  clampText,
  ColourPicker,
  CountedTextField,
  isValidUrl,
  schemaField,
  schemaMessage,
  textLength,
  UrlField,
} from '../src/components/embed-editor';

afterEach(cleanup);

describe('schemaField', () => {
  it("reads a property's limit and title, and a colour's presets through its $ref", () => {
    expect(schemaField(panelFile.schema, 'description')).toMatchObject({ title: 'Panel description', maxLength: 4096 });
    expect(schemaField(panelFile.schema, 'footer').maxLength).toBe(2048);
    expect(schemaField(panelFile.schema, 'color').examples).toHaveLength(8);
    expect(schemaField(panelFile.schema, 'open_color').default).toBe('#43B581');
  });

  it('throws on a property the schema does not have, so a renamed one cannot silently lose its limit', () => {
    expect(() => schemaField(panelFile.schema, 'titel')).toThrow(/no property titel/);
  });

  it("reads a property's messages, through its $ref too, and throws on one the schema lacks (no page keeps words of its own)", () => {
    expect(schemaField(panelFile.schema, 'title').messages.minLength).toBe('Panel title is required');
    expect(schemaMessage(panelFile.schema, 'image', 'pattern')).toBe('Please enter a valid URL');
    expect(() => schemaMessage(panelFile.schema, 'image', 'patern')).toThrow(/image has no patern message/);
  });

  it('counts and cuts in code points, as the server counts', () => {
    expect(textLength('🎫')).toBe(1);
    expect(clampText('🎫🔒✅', 2)).toBe('🎫🔒');
    expect(clampText('abc', undefined)).toBe('abc');
  });
});

function Harness({ initial, max }: { initial: string; max: number }) {
  const [value, setValue] = useState(initial);
  return <CountedTextField id="t" name="t" label="Embed title" value={value} onChange={setValue} maxLength={max} />;
}

describe('parts', () => {
  it('CountedTextField shows n/max, linked to the field, and stops at the limit', () => {
    render(<Harness initial="Hello" max={10} />);
    const input = screen.getByLabelText('Embed title') as HTMLInputElement;
    expect(document.getElementById(input.getAttribute('aria-describedby')!)!.textContent).toContain('5/10');
    fireEvent.change(input, { target: { value: 'Hello, world!' } });
    expect(input.value).toBe('Hello, wor');
  });

  it('isValidUrl accepts empty and http(s) URLs only', () => {
    expect(['', 'https://example.com/a.png', 'http://x'].every(isValidUrl)).toBe(true);
    expect(['example.com', 'ftp://x', 'https://a b', 'javascript:alert(1)'].some(isValidUrl)).toBe(false);
  });

  it("UrlField says 'Please enter a valid URL' for what is not one", () => {
    // The words are the schema's (the server's validator says the same), handed to the field by the page.
    const invalidMessage = schemaMessage(panelFile.schema, 'footerIcon', 'pattern');
    render(<UrlField id="u" name="u" label="Author icon" value="nope" onChange={() => undefined} invalidMessage={invalidMessage} />);
    const input = screen.getByLabelText('Author icon');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(input.getAttribute('aria-describedby')!)!.textContent).toBe('Please enter a valid URL');
  });

  it('ColourPicker offers the presets it is given and refuses a colour that is not #RRGGBB', () => {
    const picked: string[] = [];
    render(
      <ColourPicker
        id="c"
        name="c"
        label="Embed colour"
        value="#12345"
        onChange={(v) => picked.push(v)}
        presets={['#5865F2', '#57F287']}
      />,
    );
    fireEvent.click(screen.getByRole('button', { name: '#57F287' }));
    expect(picked).toEqual(['#57F287']);
    expect(screen.getByLabelText('Embed colour (hex)').getAttribute('aria-invalid')).toBe('true');
  });
});
