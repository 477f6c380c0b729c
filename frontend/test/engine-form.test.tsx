// EngineForm checks in the browser with the precompiled validator (no Ajv compile), in the schema's own words, at the
// field: nothing reaches onSubmit until the document is valid.
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import * as basic from '@guildhall/generated/sections/basic.js';
import { EngineForm } from '../src/form/EngineForm';

afterEach(cleanup);

/** EngineForm as the app uses it: controlled, the parent keeping what is typed (SchemaForm, the greeting tabs). */
function Basic({ initial, onSubmit }: { initial: string; onSubmit(data: { formData?: unknown }): void }) {
  const [formData, setFormData] = useState<unknown>({
    ...basic.defaults,
    prefix: initial,
    invite_tracking: false,
    flag_translation: false,
  });
  return (
    <EngineForm form={basic} formData={formData} onChange={(e) => setFormData(e.formData)} onSubmit={onSubmit}>
      <button type="submit">Save Changes</button>
    </EngineForm>
  );
}

function renderBasic(prefix: string) {
  const onSubmit = vi.fn();
  render(<Basic initial={prefix} onSubmit={onSubmit} />);
  return { onSubmit, prefix: screen.getByLabelText('Bot prefix') as HTMLInputElement };
}

/** The messages the form ties to a control (its aria-describedby). */
function messagesAt(control: HTMLElement): string {
  return (control.getAttribute('aria-describedby') ?? '')
    .split(/\s+/)
    .map((id) => (id ? (document.getElementById(id)?.textContent ?? '') : ''))
    .join(' ');
}

describe('a settings form checks what was typed before saving (EngineForm)', () => {
  it('says "Prefix must be 1 to 5 characters" at the prefix when it is longer, and submits nothing', async () => {
    const user = userEvent.setup();
    const { onSubmit, prefix } = renderBasic('.');
    await user.clear(prefix);
    await user.type(prefix, 'toolong');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));

    await waitFor(() => expect(messagesAt(prefix)).toContain('Prefix must be 1 to 5 characters'));
    expect(prefix.getAttribute('aria-invalid')).toBe('true');
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('says "Prefix cannot contain spaces" for a prefix with a space', async () => {
    const user = userEvent.setup();
    const { onSubmit, prefix } = renderBasic('.');
    await user.clear(prefix);
    await user.type(prefix, 'g !');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));

    await waitFor(() => expect(messagesAt(prefix)).toContain('Prefix cannot contain spaces'));
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('once a field has been left, checks every change: fixing it clears the message while it still has focus', async () => {
    // Were the message to go only on blur, the click on Save would blur the field, the message would go, the button
    // would move up under the pointer, and the click would be lost.
    const user = userEvent.setup();
    const { prefix } = renderBasic('.');
    await user.clear(prefix);
    await user.type(prefix, 'toolong');
    await user.tab();
    await waitFor(() => expect(messagesAt(prefix)).toContain('Prefix must be 1 to 5 characters'));

    await user.click(prefix);
    await user.clear(prefix);
    await user.type(prefix, 'g!');
    expect(document.activeElement).toBe(prefix);
    await waitFor(() => expect(messagesAt(prefix)).not.toContain('Prefix must be'));
  });

  it('after a refused save, checks on every change: fixing the prefix clears the message and the save goes through', async () => {
    const user = userEvent.setup();
    const { onSubmit, prefix } = renderBasic('toolong');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(messagesAt(prefix)).toContain('Prefix must be 1 to 5 characters'));

    await user.clear(prefix);
    await user.type(prefix, 'g!');
    await waitFor(() => expect(messagesAt(prefix)).not.toContain('Prefix must be'));
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));

    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]![0].formData).toEqual({
      ...basic.defaults,
      prefix: 'g!',
      invite_tracking: false,
      flag_translation: false,
    });
  });
});
