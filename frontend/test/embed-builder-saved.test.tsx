// Saved embeds (issue 12 item 4): drafts in the guild's `embeds` collection (save, load, rename, duplicate, delete with
// a confirmation, 409 reload/overwrite) and export/import in Discord's message payload shape.
import { toApiMessage } from '@guildhall/common/embed-message';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { defaultEmbeds, DEFAULT_CONTENT, emptyEmbed } from '../src/pages/manage/embed-builder/model';
import { exportJson, importJson } from '../src/pages/manage/embed-builder/transfer';
import { fakeEmbedApi, GUILD } from './support/embed-builder-api';
import { renderBuilder } from './support/render-embed-builder';

beforeEach(() => {
  document.cookie = 'XSRF-TOKEN=test-token';
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const user = () => userEvent.setup();
const BASE = `/api/guild/${GUILD}/collections/embeds`;
const strip = () => screen.getByRole('group', { name: 'Embeds of the message' });
const embedCount = () => within(strip()).getAllByRole('button', { name: /^Embed \d+$/ }).length;
const contentValue = async () => {
  await user().click(screen.getByRole('tab', { name: 'Message Content' }));
  return (screen.getByLabelText('Message text (optional)') as HTMLTextAreaElement).value;
};

const DRAFT = {
  id: 'd1',
  version: 3,
  item: {
    name: 'Rules',
    message: { content: 'Read these', embeds: [{ ...emptyEmbed('#ED4245'), title: 'Server rules' }] },
    updated_at: '2026-11-20T10:00:00.000Z',
  },
};

async function ready() {
  renderBuilder();
  await screen.findByRole('heading', { name: 'Saved embeds' });
}

describe('Saved embeds', () => {
  it('saves the builder as a named draft, lists it and loads it back after other edits', async () => {
    const server = fakeEmbedApi();
    await ready();
    await screen.findByText('No saved embeds yet.');
    await user().click(screen.getByRole('button', { name: 'Save as new draft' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Please enter a name for the draft');
    await user().type(screen.getByLabelText('Draft name'), 'Welcome post');
    await user().click(screen.getByRole('button', { name: 'Save as new draft' }));
    await screen.findByText("Saved draft 'Welcome post'");
    const post = server.calls.find((c) => c.method === 'POST' && c.path === BASE)!;
    expect(post.body).toEqual({ item: { name: 'Welcome post', message: { content: DEFAULT_CONTENT, embeds: defaultEmbeds() } } });
    const list = await screen.findByRole('list', { name: 'Saved embeds' });
    within(list).getByText('Welcome post');
    screen.getByText('1/50 saved embeds');

    await user().click(screen.getByRole('button', { name: 'Add Embed' }));
    expect(embedCount()).toBe(3);
    await user().click(within(list).getByRole('button', { name: 'Load' }));
    expect(embedCount()).toBe(2);
    expect(await contentValue()).toBe(DEFAULT_CONTENT);
  });

  it('does not save a draft while a field is wrong, and says which', async () => {
    const server = fakeEmbedApi();
    await ready();
    await user().click(screen.getByRole('tab', { name: 'Footer' }));
    await user().clear(screen.getByLabelText('Footer icon URL'));
    await user().type(screen.getByLabelText('Footer icon URL'), 'ftp://x');
    await user().type(screen.getByLabelText('Draft name'), 'Broken');
    await user().click(screen.getByRole('button', { name: 'Save as new draft' }));
    expect((await screen.findByRole('alert')).textContent).toContain(
      'Please fix the fields marked in red first: Embed 1: Please enter a valid URL',
    );
    expect(server.calls.some((c) => c.method === 'POST' && c.path === BASE)).toBe(false);
  });

  it('saves changes to a loaded draft at its version; on a 409 it offers their version or overwriting', async () => {
    const server = fakeEmbedApi({ drafts: [DRAFT] });
    await ready();
    await user().click(await screen.findByRole('button', { name: 'Load' }));
    expect(await contentValue()).toBe('Read these');
    expect(embedCount()).toBe(1);
    await user().click(screen.getByRole('button', { name: 'Save changes' }));
    await screen.findByText("Saved draft 'Rules'");
    expect(server.calls.find((c) => c.method === 'PUT')!.body.version).toBe(3);

    // Someone else saves it meanwhile.
    server.drafts[0]!.version = 9;
    server.drafts[0]!.item = { ...server.drafts[0]!.item, message: { content: 'Theirs', embeds: [emptyEmbed()] } };
    await user().type(screen.getByLabelText('Message text (optional)'), ' now');
    await user().click(screen.getByRole('button', { name: 'Save changes' }));
    await screen.findByText('This draft was changed elsewhere since you loaded it.');
    await user().click(screen.getByRole('button', { name: 'Overwrite with mine' }));
    await screen.findByText("Saved draft 'Rules'");
    expect(server.drafts[0]!.item.message.content).toBe('Read these now');
    expect(server.drafts[0]!.version).toBe(10);

    server.drafts[0]!.version = 20;
    server.drafts[0]!.item = { ...server.drafts[0]!.item, message: { content: 'Theirs', embeds: [emptyEmbed()] } };
    await user().click(screen.getByRole('button', { name: 'Save changes' }));
    await user().click(await screen.findByRole('button', { name: 'Load their version' }));
    expect(await contentValue()).toBe('Theirs');
  });

  it('renames and duplicates a draft, and deletes it only after the confirmation', async () => {
    const server = fakeEmbedApi({ drafts: [DRAFT] });
    await ready();
    await user().click(await screen.findByRole('button', { name: 'Rename' }));
    const input = screen.getByLabelText('New name for Rules');
    await user().clear(input);
    await user().type(input, 'House rules{Enter}');
    await screen.findByText("Renamed to 'House rules'");
    expect(server.calls.find((c) => c.method === 'PUT')!.body).toMatchObject({ version: 3, item: { name: 'House rules' } });

    await user().click(await screen.findByRole('button', { name: 'Duplicate' }));
    await screen.findByText("Duplicated as 'House rules (Copy)'");
    await waitFor(() => expect(within(screen.getByRole('list', { name: 'Saved embeds' })).getAllByRole('listitem')).toHaveLength(2));

    const copy = screen.getByRole('group', { name: 'Actions for House rules (Copy)' });
    await user().click(within(copy).getByRole('button', { name: 'Delete' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Delete saved embed?' });
    within(dialog).getByText(/cannot be undone/);
    await user().click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(server.calls.some((c) => c.method === 'DELETE')).toBe(false);
    await user().click(within(copy).getByRole('button', { name: 'Delete' }));
    await user().click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    await screen.findByText("Deleted draft 'House rules (Copy)'");
    await waitFor(() => expect(within(screen.getByRole('list', { name: 'Saved embeds' })).getAllByRole('listitem')).toHaveLength(1));
  });

  it("copies the current message as Discord's payload (colours as numbers, empty parts left out)", async () => {
    fakeEmbedApi();
    const writeText = vi.fn(async (_text: string) => undefined);
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    await ready();
    // fireEvent: userEvent.setup() would put its own clipboard in place of the stub.
    fireEvent.click(screen.getByRole('button', { name: 'Copy JSON' }));
    await screen.findByText('Copied the JSON to the clipboard');
    const copied = JSON.parse(writeText.mock.calls[0]![0]);
    expect(copied).toEqual(toApiMessage({ content: DEFAULT_CONTENT, embeds: defaultEmbeds() }));
    expect(copied.embeds[0].color).toBe(0x5865f2);
    expect(copied.embeds[1].author).toBeUndefined();
  });

  it('imports pasted Discord JSON, and refuses a bad one with clear errors, replacing nothing', async () => {
    fakeEmbedApi();
    await ready();
    const box = screen.getByLabelText('Paste message JSON');
    fireEvent.change(box, { target: { value: '{"embeds": [{"title": "' + 'x'.repeat(300) + '"}]}' } });
    await user().click(screen.getByRole('button', { name: 'Import' }));
    const errors = screen.getByRole('alert');
    expect(errors.textContent).toContain('Nothing was imported');
    expect(errors.textContent).toContain('/embeds/0/title: Embed title must be at most 256 characters');
    expect(embedCount()).toBe(2);
    fireEvent.change(box, { target: { value: 'not json' } });
    await user().click(screen.getByRole('button', { name: 'Import' }));
    expect(screen.getByRole('alert').textContent).toContain('This is not valid JSON.');
    expect(embedCount()).toBe(2);

    fireEvent.change(box, {
      target: {
        value: JSON.stringify({
          content: 'Hello',
          embeds: [{ title: 'One', color: 0xff0000 }, { description: 'Two' }, { title: 'Three' }],
        }),
      },
    });
    await user().click(screen.getByRole('button', { name: 'Import' }));
    await screen.findByText('Imported the message');
    expect(embedCount()).toBe(3);
    expect(await contentValue()).toBe('Hello');
    expect((screen.getByLabelText('Embed colour (hex)') as HTMLInputElement).value).toBe('#FF0000');
  });

  it('imports a JSON file', async () => {
    fakeEmbedApi();
    await ready();
    const file = new File([JSON.stringify({ embeds: [{ title: 'From file' }] })], 'embed.json', { type: 'application/json' });
    await user().upload(screen.getByLabelText('Import a file'), file);
    await screen.findByText('Imported the message');
    expect(embedCount()).toBe(1);
  });
});

describe('Export and import format', () => {
  it('round-trips: what is exported imports back to the same message', () => {
    const message = { content: 'Hi', embeds: defaultEmbeds() };
    const back = importJson(exportJson(message));
    expect(back).toEqual({ ok: true, content: 'Hi', embeds: defaultEmbeds() });
  });

  it.each([
    ['[]', 'Expected a Discord message'],
    ['{"embeds": "x"}', 'Expected a Discord message'],
    ['{"embeds": [1]}', '/embeds/0: each embed must be an object'],
    ['{"embeds": [{"color": "#FF0000"}]}', "/embeds/0/color: Discord's colour is a number"],
    ['{"content": 5, "embeds": [{}]}', '/content: Message content must be text'],
    ['{"embeds": []}', '/embeds: A message needs at least one embed'],
    [JSON.stringify({ embeds: Array.from({ length: 11 }, () => ({ title: 't' })) }), '/embeds: A message holds at most 10 embeds'],
  ])('refuses %s', (text, message) => {
    const result = importJson(text);
    expect(result.ok).toBe(false);
    expect(result.ok ? [] : result.errors.join('\n')).toContain(message);
  });
});
