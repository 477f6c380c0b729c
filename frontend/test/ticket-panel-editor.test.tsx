// The panel editor dialog and the advanced embed editor: saving and its messages, auto-save
// timings, Deploy, Delete, 400 and 409 answers, the embed fields' limits and checks, and the narrow layout.
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakePanelsApi, GENERAL, GUILD, panel } from './support/panels-api';
import { renderPanels } from './support/render-panels';

const COLLECTION = `/api/guild/${GUILD}/collections/panels`;

beforeEach(() => {
  document.cookie = 'XSRF-TOKEN=test-token';
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.useRealTimers();
  document.body.style.overflow = '';
});

const editor = () => screen.getByRole('dialog', { name: /^(Edit Panel|New Panel)$/ });
const advanced = () => screen.getByRole('dialog', { name: 'Advanced Embed Editor' });
const statusText = () => editor().querySelector('[data-save-status]')!.textContent;
/** The message a field's aria-describedby points at. */
const describedText = (field: HTMLElement) =>
  (field.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ');

async function openExisting(server = fakePanelsApi({ items: [{ id: 'a', version: 1, item: panel({ title: 'Support' }) }] })) {
  renderPanels();
  await userEvent.setup().click(await screen.findByRole('button', { name: 'Edit Support' }));
  // The channel list has arrived (the select names #general).
  await within(editor()).findByRole('option', { name: '#general' });
  return server;
}

/** Real timers until the editor is open; then only setTimeout is faked, so promises (fetch) still settle. */
function fakeTimers() {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
}
const advance = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));
const puts = (server: ReturnType<typeof fakePanelsApi>) => server.calls.filter((c) => c.method === 'PUT');

describe('Panel editor dialog', () => {
  it('opens a new panel in the advanced editor first; Cancel there closes everything and saves nothing', async () => {
    const server = fakePanelsApi();
    renderPanels();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Create Panel' }));
    advanced();
    await user.click(within(advanced()).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(server.writes()).toEqual([]);
  });

  it("creates a panel: the embed editor's Save marks Unsaved changes, Save creates it, 'Panel saved successfully!'", async () => {
    const server = fakePanelsApi();
    renderPanels();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Create your first panel' }));
    const title = within(advanced()).getByLabelText('Panel title');
    await user.clear(title);
    await user.type(title, 'Help desk');
    await user.click(within(advanced()).getByRole('button', { name: 'Save' }));
    within(editor()).getByText('Not saved yet');
    expect(statusText()).toBe('Unsaved changes');
    expect((within(editor()).getByLabelText('Panel title') as HTMLInputElement).value).toBe('Help desk');
    // Text channels only.
    const options = within(within(editor()).getByLabelText('Panel channel')).getAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual(['Select a channel', '#general', '#support']);
    await user.selectOptions(within(editor()).getByLabelText('Panel channel'), GENERAL);
    await user.click(within(editor()).getByRole('button', { name: 'Save' }));
    await within(editor()).findByText('Panel saved successfully!');
    expect(statusText()).toBe('Saved');
    within(editor()).getByText(/^Last saved /);
    const post = server.writes()[0]!;
    expect(post.method).toBe('POST');
    expect(post.path).toBe(COLLECTION);
    expect(post.body.item).toMatchObject({ title: 'Help desk', channel_id: GENERAL, open_title: 'Ticket Created' });
    expect(post.body.item).not.toHaveProperty('message_id');
    // The new panel is in the list behind the dialog, a Draft.
    within(screen.getByRole('article', { name: 'Help desk' })).getByText('Draft');
    // A second save updates it with the version the first returned.
    await user.type(within(editor()).getByLabelText('Panel title'), '!');
    await user.click(within(editor()).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(puts(server)).toHaveLength(1));
    expect(puts(server)[0]!.body.version).toBe(1);
  });

  it("refuses to save without a title or channel, saying 'Panel title is required' and 'Please select a channel for the panel' at the fields", async () => {
    const server = fakePanelsApi();
    renderPanels();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Create Panel' }));
    await user.click(within(advanced()).getByRole('button', { name: 'Save' }));
    await user.clear(within(editor()).getByLabelText('Panel title'));
    await user.type(within(editor()).getByLabelText('Panel title'), '   ');
    await user.click(within(editor()).getByRole('button', { name: 'Save' }));
    const title = within(editor()).getByLabelText('Panel title');
    expect(title.getAttribute('aria-invalid')).toBe('true');
    expect(describedText(title)).toContain('Panel title is required');
    expect(describedText(within(editor()).getByLabelText('Panel channel'))).toContain('Please select a channel for the panel');
    expect(server.writes()).toEqual([]);
  });

  it("an existing panel shows when it was last saved, from the server's updated_at", async () => {
    await openExisting();
    within(editor()).getByText(`Last saved ${new Date('2026-11-02T10:00:00.000Z').toLocaleString()}`);
  });

  it("Deploy without a channel says 'Please select a channel before deploying'", async () => {
    const server = fakePanelsApi();
    renderPanels();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Create Panel' }));
    await user.click(within(advanced()).getByRole('button', { name: 'Save' }));
    await user.click(within(editor()).getByRole('button', { name: 'Deploy' }));
    expect(describedText(within(editor()).getByLabelText('Panel channel'))).toContain('Please select a channel before deploying');
    expect(within(editor()).getByRole('alert').textContent).toContain('Please select a channel before deploying');
    expect(server.writes()).toEqual([]);
  });

  it('auto-saves 3 s after the last change of the title, not before', async () => {
    const server = await openExisting();
    fakeTimers();
    const title = within(editor()).getByLabelText('Panel title');
    fireEvent.change(title, { target: { value: 'Support desk' } });
    expect(statusText()).toBe('Unsaved changes');
    await advance(2000);
    // A later change starts the 3 s again.
    fireEvent.change(title, { target: { value: 'Support desk 2' } });
    await advance(2999);
    expect(puts(server)).toHaveLength(0);
    await advance(1);
    expect(puts(server)).toHaveLength(1);
    expect(puts(server)[0]!.body).toMatchObject({ version: 1, item: { title: 'Support desk 2', channel_id: GENERAL } });
    expect(statusText()).toBe('Saved');
    // No success banner for an auto-save: the status says it.
    expect(within(editor()).queryByText('Panel saved successfully!')).toBeNull();
  });

  it('auto-saves 500 ms after a Save in the advanced editor, keeping the channel and the server-owned fields', async () => {
    const server = fakePanelsApi({
      items: [{ id: 'a', version: 4, item: panel({ title: 'Support', message_id: '500000000000000009', deployed: true }) }],
    });
    await openExisting(server);
    await userEvent.setup().click(within(editor()).getByRole('button', { name: 'Open Advanced Editor' }));
    fakeTimers();
    fireEvent.change(within(advanced()).getByLabelText('Panel description'), { target: { value: 'Tell us what is wrong' } });
    fireEvent.click(within(advanced()).getByRole('button', { name: 'Save' }));
    expect(statusText()).toBe('Unsaved changes');
    await advance(499);
    expect(puts(server)).toHaveLength(0);
    await advance(1);
    expect(puts(server)).toHaveLength(1);
    expect(puts(server)[0]!.body).toMatchObject({
      version: 4,
      item: { description: 'Tell us what is wrong', channel_id: GENERAL, title: 'Support' },
    });
    expect(statusText()).toBe('Saved');
    within(editor()).getByText('Deployed');
  });

  it('does not auto-save without a channel, nor with auto-save off', async () => {
    const server = fakePanelsApi({ items: [{ id: 'a', version: 1, item: panel({ title: 'Support' }) }] });
    renderPanels();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Create Panel' }));
    await user.click(within(advanced()).getByRole('button', { name: 'Save' }));
    fakeTimers();
    fireEvent.change(within(editor()).getByLabelText('Panel title'), { target: { value: 'No channel yet' } });
    await advance(5000);
    expect(server.writes()).toEqual([]);
    fireEvent.click(within(editor()).getByLabelText('Auto-save'));
    fireEvent.change(within(editor()).getByLabelText('Panel channel'), { target: { value: GENERAL } });
    fireEvent.change(within(editor()).getByLabelText('Panel title'), { target: { value: 'Still manual' } });
    await advance(5000);
    expect(server.writes()).toEqual([]);
    expect(statusText()).toBe('Unsaved changes');
  });

  it('saves first when closed with unsaved changes and auto-save on; the list says \'Panel "{title}" updated successfully!\'', async () => {
    const server = await openExisting();
    const user = userEvent.setup();
    await user.type(within(editor()).getByLabelText('Panel title'), ' team');
    await user.click(within(editor()).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(puts(server)).toHaveLength(1);
    expect(screen.getByRole('status').textContent).toContain('Panel "Support team" updated successfully!');
    screen.getByRole('article', { name: 'Support team' });
  });

  it("Deploy saves first with auto-save on, then deploys: 'Panel deployed successfully!' and Deployed", async () => {
    const server = await openExisting();
    const user = userEvent.setup();
    await user.type(within(editor()).getByLabelText('Panel title'), '!');
    await user.click(within(editor()).getByRole('button', { name: 'Deploy' }));
    await within(editor()).findByText('Panel deployed successfully!');
    expect(server.writes().map((c) => `${c.method} ${c.path}`)).toEqual([
      `PUT ${COLLECTION}/a`,
      `POST /api/guild/${GUILD}/tickets/panels/a/deploy`,
    ]);
    expect(server.writes()[1]!.body).toEqual({ channelId: GENERAL });
    within(editor()).getByText('Deployed');
    within(screen.getByRole('article', { name: 'Support!' })).getByText('Deployed');
  });

  it("shows a 400's field errors next to their fields and 'Failed to save panel' with the server's reason; nothing typed is lost", async () => {
    const server = await openExisting();
    server.answers.put.push({
      status: 400,
      body: {
        success: false,
        error: 'Ticket Panels: the item is not valid.',
        fieldErrors: [
          { path: '/item/title', message: 'Panel title must be at most 256 characters' },
          { path: '/item/footer', message: 'Footer text must be at most 2048 characters' },
        ],
      },
    });
    const user = userEvent.setup();
    await user.type(within(editor()).getByLabelText('Panel title'), ' desk');
    await user.click(within(editor()).getByRole('button', { name: 'Save' }));
    const title = within(editor()).getByLabelText('Panel title') as HTMLInputElement;
    await waitFor(() => expect(describedText(title)).toContain('Panel title must be at most 256 characters'));
    expect(title.value).toBe('Support desk');
    within(editor()).getByText('Panel footer: Footer text must be at most 2048 characters');
    expect(within(editor()).getAllByRole('alert')[0]!.textContent).toContain('Failed to save panel: Ticket Panels: the item is not valid.');
    expect(statusText()).toBe('Unsaved changes');
  });

  it('on 409 says the panel changed elsewhere, and Load their version replaces the form with it', async () => {
    const server = await openExisting();
    // Someone else saved it meanwhile.
    server.items[0] = { id: 'a', version: 2, item: panel({ title: 'Renamed elsewhere' }) };
    const user = userEvent.setup();
    await user.type(within(editor()).getByLabelText('Panel title'), ' mine');
    await user.click(within(editor()).getByRole('button', { name: 'Save' }));
    const conflict = await screen.findByRole('alertdialog', { name: 'These settings changed elsewhere' });
    await user.click(within(conflict).getByRole('button', { name: 'Load their version' }));
    await waitFor(() => expect((within(editor()).getByLabelText('Panel title') as HTMLInputElement).value).toBe('Renamed elsewhere'));
    expect(statusText()).toBe('Saved');
  });

  it('on 409, Overwrite with mine saves again on the current version', async () => {
    const server = await openExisting();
    server.items[0] = { id: 'a', version: 2, item: panel({ title: 'Renamed elsewhere' }) };
    const user = userEvent.setup();
    await user.type(within(editor()).getByLabelText('Panel title'), ' mine');
    await user.click(within(editor()).getByRole('button', { name: 'Save' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Overwrite with mine' }));
    await within(editor()).findByText('Panel saved successfully!');
    expect(puts(server).map((c) => c.body.version)).toEqual([1, 2]);
    expect(server.items[0]!.item.title).toBe('Support mine');
  });

  it("Delete Panel asks first, says 'Panel deleted successfully!' and closes 1.5 s later", async () => {
    const server = await openExisting();
    fireEvent.click(within(editor()).getByRole('button', { name: 'Delete Panel' }));
    const confirm = screen.getByRole('alertdialog', { name: 'Delete this panel?' });
    within(confirm).getByText(/cannot be undone/);
    fakeTimers();
    fireEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    // (waitFor polls with setTimeout, which is fake here: let the DELETE settle instead.)
    await advance(0);
    within(editor()).getByText('Panel deleted successfully!');
    expect(server.items).toEqual([]);
    await advance(1499);
    expect(screen.queryByRole('dialog')).not.toBeNull();
    await advance(1);
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});

describe('Advanced embed editor', () => {
  async function openAdvanced() {
    const server = await openExisting();
    await userEvent.setup().click(within(editor()).getByRole('button', { name: 'Open Advanced Editor' }));
    return server;
  }
  const counter = (label: string) => describedText(within(advanced()).getByLabelText(label));

  it("counts against the schema's limits (256, 4096, 2048, 80, 2) and stops typing at them", async () => {
    await openAdvanced();
    expect(counter('Panel title')).toContain('7/256');
    expect(counter('Panel description')).toContain('/4096');
    expect(counter('Panel footer')).toContain('/2048');
    fireEvent.change(within(advanced()).getByLabelText('Panel title'), { target: { value: 'x'.repeat(300) } });
    expect((within(advanced()).getByLabelText('Panel title') as HTMLInputElement).value).toHaveLength(256);
    expect(counter('Panel title')).toContain('256/256');
    const user = userEvent.setup();
    await user.click(within(advanced()).getByRole('tab', { name: 'Buttons' }));
    expect(counter('Button label')).toContain('13/80');
    // An emoji counts one, as the server counts it.
    expect(counter('Button emoji')).toContain('1/2');
    fireEvent.change(within(advanced()).getByLabelText('Button emoji'), { target: { value: '🎫🔒✅' } });
    expect((within(advanced()).getByLabelText('Button emoji') as HTMLInputElement).value).toBe('🎫🔒');
    expect(counter('Close button label')).toContain('/80');
    expect(counter('Close button emoji')).toContain('/2');
  });

  it("checks image URLs: 'Please enter a valid URL' with a red border, linked to the field; a link to open it once valid", async () => {
    await openAdvanced();
    const image = within(advanced()).getByLabelText('Image URL');
    fireEvent.change(image, { target: { value: 'not a url' } });
    expect(image.getAttribute('aria-invalid')).toBe('true');
    expect(image.className).toContain('border-danger');
    expect(describedText(image)).toBe('Please enter a valid URL');
    fireEvent.change(image, { target: { value: 'https://example.com/banner.png' } });
    expect(image.getAttribute('aria-invalid')).toBeNull();
    expect(
      within(advanced())
        .getByRole('link', { name: /Open image url/i })
        .getAttribute('href'),
    ).toBe('https://example.com/banner.png');
  });

  it('does not save an invalid URL: Save keeps the editor open at the field', async () => {
    const server = await openAdvanced();
    const user = userEvent.setup();
    await user.click(within(advanced()).getByRole('tab', { name: 'Open Message' }));
    fireEvent.change(within(advanced()).getByLabelText('Open message thumbnail URL'), { target: { value: 'ftp://x' } });
    await user.click(within(advanced()).getByRole('button', { name: 'Save' }));
    advanced();
    expect(within(advanced()).getByRole('tab', { name: 'Open Message' }).getAttribute('aria-selected')).toBe('true');
    expect(describedText(within(advanced()).getByLabelText('Open message thumbnail URL'))).toBe('Please enter a valid URL');
    expect(server.writes()).toEqual([]);
  });

  it("Reset to defaults puts back the schema's defaults", async () => {
    await openAdvanced();
    fireEvent.change(within(advanced()).getByLabelText('Panel title'), { target: { value: 'Changed' } });
    fireEvent.click(within(advanced()).getByRole('button', { name: 'Reset to defaults' }));
    expect((within(advanced()).getByLabelText('Panel title') as HTMLInputElement).value).toBe('Support Ticket');
    expect((within(advanced()).getByLabelText('Panel description') as HTMLTextAreaElement).value).toBe(
      'Please use the button below to create a ticket',
    );
    expect((within(advanced()).getByLabelText('Panel colour (hex)') as HTMLInputElement).value).toBe('#068ADD');
  });

  it('offers the 8 colour presets; picking one sets the colour', async () => {
    await openAdvanced();
    const presets = within(advanced()).getByRole('group', { name: 'Panel colour presets' });
    const swatches = within(presets).getAllByRole('button');
    expect(swatches.map((b) => b.getAttribute('aria-label'))).toEqual([
      '#068ADD',
      '#43B581',
      '#FAA61A',
      '#F04747',
      '#7289DA',
      '#FF7043',
      '#1ABC9C',
      '#E91E63',
    ]);
    fireEvent.click(swatches[3]!);
    expect((within(advanced()).getByLabelText('Panel colour (hex)') as HTMLInputElement).value).toBe('#F04747');
    expect(swatches[3]!.getAttribute('aria-pressed')).toBe('true');
  });

  it("shows the close button's fields only while it is on, and the open-message preview shows the button only then", async () => {
    await openAdvanced();
    const user = userEvent.setup();
    await user.click(within(advanced()).getByRole('tab', { name: 'Buttons' }));
    within(advanced()).getByLabelText('Close button label');
    await user.click(within(advanced()).getByLabelText('Close button'));
    expect(within(advanced()).queryByLabelText('Close button label')).toBeNull();
    await user.click(within(advanced()).getByRole('tab', { name: 'Preview' }));
    const open = advanced().querySelector('[data-panel-preview="open"]') as HTMLElement;
    within(open).getByText('Ticket Created');
    expect(open.querySelector('[data-button]')).toBeNull();
    const panelPreview = advanced().querySelector('[data-panel-preview="panel"]') as HTMLElement;
    expect(panelPreview.querySelector('[data-button]')!.textContent).toBe('🎫Create Ticket');
    await user.click(within(advanced()).getByRole('tab', { name: 'Buttons' }));
    await user.click(within(advanced()).getByLabelText('Close button'));
    await user.click(within(advanced()).getByRole('tab', { name: 'Preview' }));
    expect(advanced().querySelector('[data-panel-preview="open"] [data-button]')!.textContent).toBe('🔒Close Ticket');
  });

  it('is a tablist the arrow keys move through', async () => {
    await openAdvanced();
    const user = userEvent.setup();
    const first = within(advanced()).getByRole('tab', { name: 'Ticket Message' });
    expect(first.getAttribute('aria-selected')).toBe('true');
    first.focus();
    await user.keyboard('{ArrowRight}');
    expect(document.activeElement?.textContent).toBe('Buttons');
    expect(within(advanced()).getByRole('tabpanel').getAttribute('aria-labelledby')).toBe(document.activeElement?.id);
    await user.keyboard('{ArrowLeft}{ArrowLeft}');
    expect(document.activeElement?.textContent).toBe('Preview');
    await user.keyboard('{Home}');
    expect(document.activeElement?.textContent).toBe('Ticket Message');
  });

  it('Cancel on an existing panel returns to the settings dialog without changing it', async () => {
    const server = await openAdvanced();
    fireEvent.change(within(advanced()).getByLabelText('Panel title'), { target: { value: 'Not kept' } });
    fireEvent.click(within(advanced()).getByRole('button', { name: 'Cancel' }));
    expect((within(editor()).getByLabelText('Panel title') as HTMLInputElement).value).toBe('Support');
    expect(statusText()).toBe('Saved');
    expect(server.writes()).toEqual([]);
  });

  it('below 1024 px starts with the sections folded, locks the page scroll, and offers Expand All / Collapse All', async () => {
    vi.stubGlobal(
      'matchMedia',
      vi.fn((query: string) => ({
        matches: query.includes('max-width: 1023'),
        media: query,
        addEventListener() {},
        removeEventListener() {},
      })),
    );
    await openAdvanced();
    const sections = () => within(advanced()).getAllByRole('button', { expanded: false });
    expect(sections().map((b) => b.textContent)).toEqual(['Content', 'Appearance']);
    expect(within(advanced()).queryByLabelText('Panel title')).toBeNull();
    expect(document.body.style.overflow).toBe('hidden');
    const user = userEvent.setup();
    await user.click(within(advanced()).getByRole('button', { name: 'Expand All' }));
    within(advanced()).getByLabelText('Panel title');
    await user.click(within(advanced()).getByRole('button', { name: 'Collapse All' }));
    expect(within(advanced()).queryByLabelText('Panel title')).toBeNull();
    await user.click(within(advanced()).getByRole('button', { name: 'Content' }));
    within(advanced()).getByLabelText('Panel title');
    await user.click(within(advanced()).getByRole('button', { name: 'Cancel' }));
    expect(document.body.style.overflow).toBe('');
  });

  it('at 1024 px and wider, the sections are open and there is no Collapse All', async () => {
    await openAdvanced();
    within(advanced()).getByLabelText('Panel title');
    expect(within(advanced()).queryByRole('button', { name: /Collapse All|Expand All/ })).toBeNull();
    expect(document.body.style.overflow).toBe('');
  });
});
