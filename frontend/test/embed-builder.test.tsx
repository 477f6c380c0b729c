// The Embed Builder: tabs, the Embed N strip, defaults, swatches,
// timestamp, fields, counters, send options and every message of its catalogue, edit mode, over a fake of its API
// (test/support/embed-builder-api.ts).
import { messageCharacters } from '@guildhall/common/embed-message';
import { EMBED_TOTAL_LIMIT } from '@guildhall/generated/limits';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { defaultEmbeds, DEFAULT_CONTENT, SWATCHES } from '../src/pages/manage/embed-builder/model';
import { fakeEmbedApi, GENERAL, GUILD, NEWS, OTHER_GUILD } from './support/embed-builder-api';
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
const tab = (name: string) => screen.getByRole('tab', { name });
const strip = () => screen.getByRole('group', { name: 'Embeds of the message' });
const embedButton = (n: number) => within(strip()).getByRole('button', { name: `Embed ${n}` });
const sendButton = () => screen.getByRole('button', { name: /^(Send|Update) (Embed|\d+ Embeds)$/ });
const embedCalls = (server: ReturnType<typeof fakeEmbedApi>, route: string) => server.calls.filter((c) => c.path === `/api/embed/${route}`);

/** Picks a channel once the guild's channels have loaded. */
async function chooseChannel(id: string) {
  const select = screen.getByLabelText('Text channel') as HTMLSelectElement;
  await waitFor(() => expect([...select.options].some((o) => o.value === id)).toBe(true));
  await user().selectOptions(select, id);
}

async function ready() {
  renderBuilder();
  await screen.findByRole('heading', { name: 'Embed Builder', level: 1 });
}

describe('Embed Builder: signed out', () => {
  it("shows 'Embed Builder', a prompt to log in and 'Login to Continue' to /login", async () => {
    fakeEmbedApi({ signedIn: false });
    renderBuilder();
    await screen.findByRole('link', { name: 'Login to Continue' });
    screen.getByRole('heading', { name: 'Embed Builder' });
    screen.getByText('Please log in to create and send embeds.');
    expect(screen.getByRole('link', { name: 'Login to Continue' }).getAttribute('href')).toBe('/login');
    expect(screen.queryByRole('tablist')).toBeNull();
  });
});

describe('Embed Builder: editing', () => {
  it('has the seven tabs in order; arrow keys, Home and End move between them', async () => {
    fakeEmbedApi();
    await ready();
    const tabs = within(screen.getByRole('tablist', { name: 'Embed editor' })).getAllByRole('tab');
    expect(tabs.map((t) => t.textContent)).toEqual([
      'Message Content',
      'Embed Content',
      'Author',
      'Fields',
      'Images',
      'Footer',
      'Edit Embed',
    ]);
    expect(tab('Message Content').getAttribute('aria-selected')).toBe('true');
    tab('Message Content').focus();
    await user().keyboard('{ArrowRight}');
    expect(tab('Embed Content').getAttribute('aria-selected')).toBe('true');
    expect(document.activeElement).toBe(tab('Embed Content'));
    screen.getByLabelText('Title');
    await user().keyboard('{End}');
    expect(tab('Edit Embed').getAttribute('aria-selected')).toBe('true');
    await user().keyboard('{ArrowRight}');
    expect(tab('Message Content').getAttribute('aria-selected')).toBe('true');
    await user().keyboard('{ArrowLeft}');
    expect(tab('Edit Embed').getAttribute('aria-selected')).toBe('true');
  });

  it('starts with the default text and the two default embeds: about the bot (#5865F2) and Key Features (#57F287, six fields, an image)', async () => {
    fakeEmbedApi();
    await ready();
    expect((screen.getByLabelText('Message text (optional)') as HTMLTextAreaElement).value).toBe(DEFAULT_CONTENT);
    expect(within(strip()).getAllByRole('button', { name: /^Embed \d+$/ })).toHaveLength(2);
    expect(embedButton(1).getAttribute('aria-pressed')).toBe('true');
    expect((screen.getByLabelText('Embed colour (hex)') as HTMLInputElement).value).toBe('#5865F2');
    const [about, features] = defaultEmbeds();
    expect(about!.author!.name).not.toBe('');
    expect(about!.thumbnail!.url).not.toBe('');
    expect(about!.footer!.text).not.toBe('');
    expect(features!.title).toBe('Key Features');
    expect(features!.fields).toHaveLength(6);
    expect(features!.image!.url).not.toBe('');
    await user().click(embedButton(2));
    expect((screen.getByLabelText('Embed colour (hex)') as HTMLInputElement).value).toBe('#57F287');
    await user().click(tab('Fields'));
    expect(within(screen.getByRole('list', { name: 'Fields' })).getAllByRole('listitem')).toHaveLength(6);
    // The preview draws both, the text above them, the Key Features fields in Discord's grid.
    const preview = screen.getByRole('region', { name: /Live Preview/ });
    within(preview).getByText(/Welcome to our server!/);
    expect(preview.querySelectorAll('[data-embed]')).toHaveLength(2);
    expect(preview.querySelectorAll('[data-embed-field][data-inline]')).toHaveLength(6);
    within(preview).getByText('Total embeds: 2/10');
  });

  it('adds embeds up to 10 (each new one selected, Add disabled at 10) and removes them, the selection moving to the previous one', async () => {
    fakeEmbedApi();
    await ready();
    const add = screen.getByRole('button', { name: 'Add Embed' });
    for (let n = 3; n <= 10; n++) {
      await user().click(add);
      expect(embedButton(n).getAttribute('aria-pressed')).toBe('true');
    }
    expect((add as HTMLButtonElement).disabled).toBe(true);
    screen.getByText('Total embeds: 10/10');
    expect(sendButton().textContent).toBe('Send 10 Embeds');
    await user().click(embedButton(5));
    await user().click(screen.getByRole('button', { name: 'Remove Embed 5' }));
    expect(embedButton(4).getAttribute('aria-pressed')).toBe('true');
    await waitFor(() => expect(document.activeElement).toBe(embedButton(4)));
    expect((add as HTMLButtonElement).disabled).toBe(false);
    // Removing an embed after the selected one keeps the selection.
    await user().click(screen.getByRole('button', { name: 'Remove Embed 9' }));
    expect(embedButton(4).getAttribute('aria-pressed')).toBe('true');
    for (let n = 8; n > 1; n--) await user().click(screen.getByRole('button', { name: `Remove Embed ${n}` }));
    expect(embedButton(1).getAttribute('aria-pressed')).toBe('true');
    // The last embed cannot be removed.
    expect(screen.queryByRole('button', { name: /^Remove Embed/ })).toBeNull();
    expect(sendButton().textContent).toBe('Send Embed');
  });

  it('offers the 11 swatches in the spec order; a swatch and the colour input set the colour the preview uses', async () => {
    fakeEmbedApi();
    await ready();
    const swatches = within(screen.getByRole('group', { name: 'Embed colour presets' })).getAllByRole('button');
    expect(swatches.map((s) => s.getAttribute('aria-label'))).toEqual([...SWATCHES]);
    await user().click(screen.getByRole('button', { name: '#EB459E' }));
    expect((screen.getByLabelText('Embed colour (hex)') as HTMLInputElement).value).toBe('#EB459E');
    expect(screen.getByRole('button', { name: '#EB459E' }).getAttribute('aria-pressed')).toBe('true');
    const first = document.querySelector<HTMLElement>('[data-preview-embed="0"] [data-embed]')!;
    expect(first.style.borderLeftColor).toMatch(/#eb459e|rgb\(235, 69, 158\)/i);
    fireEvent.change(screen.getByLabelText('Embed colour picker'), { target: { value: '#123456' } });
    expect((screen.getByLabelText('Embed colour (hex)') as HTMLInputElement).value).toBe('#123456');
  });

  it("toggles 'Add current timestamp' between none and now, and notes that markdown is supported", async () => {
    fakeEmbedApi();
    await ready();
    await user().click(tab('Embed Content'));
    screen.getByText(/Markdown is supported/);
    const box = screen.getByRole('checkbox', { name: 'Add current timestamp' }) as HTMLInputElement;
    expect(box.checked).toBe(false);
    const footer = () => document.querySelector('[data-preview-embed="0"] [data-embed]')!.textContent!;
    expect(footer()).not.toMatch(/Today at/);
    await user().click(box);
    expect(box.checked).toBe(true);
    expect(footer()).toMatch(/Today at/);
    await user().click(box);
    expect(box.checked).toBe(false);
    expect(footer()).not.toMatch(/Today at/);
  });

  it("adds a field only with a non-blank name and value, removes it, and says 'Field limit reached.' at 25 with Add Field disabled", async () => {
    fakeEmbedApi();
    await ready();
    await user().click(tab('Fields'));
    const addField = screen.getByRole('button', { name: 'Add Field' }) as HTMLButtonElement;
    expect(addField.disabled).toBe(true);
    screen.getByText('No fields yet.');
    await user().type(screen.getByLabelText('Field name'), '   ');
    await user().type(screen.getByLabelText('Field value'), 'Value');
    expect(addField.disabled).toBe(true);
    await user().clear(screen.getByLabelText('Field name'));
    await user().type(screen.getByLabelText('Field name'), 'Rules');
    await user().click(screen.getByRole('checkbox', { name: 'Inline' }));
    expect(addField.disabled).toBe(false);
    await user().click(addField);
    const list = screen.getByRole('list', { name: 'Fields' });
    expect((within(list).getByLabelText('Field 1 name') as HTMLInputElement).value).toBe('Rules');
    expect((within(list).getByRole('checkbox', { name: 'Inline' }) as HTMLInputElement).checked).toBe(true);
    expect((screen.getByLabelText('Field name') as HTMLInputElement).value).toBe('');
    expect(document.querySelector('[data-preview-embed="0"] [data-embed-field][data-inline]')!.textContent).toContain('Rules');
    await user().click(screen.getByRole('button', { name: 'Remove field 1' }));
    screen.getByText('No fields yet.');

    for (let i = 1; i <= 25; i++) {
      fireEvent.change(screen.getByLabelText('Field name'), { target: { value: `Name ${i}` } });
      fireEvent.change(screen.getByLabelText('Field value'), { target: { value: `Value ${i}` } });
      fireEvent.click(screen.getByRole('button', { name: 'Add Field' }));
    }
    expect(within(screen.getByRole('list', { name: 'Fields' })).getAllByRole('listitem')).toHaveLength(25);
    screen.getByText('Field limit reached.');
    fireEvent.change(screen.getByLabelText('Field name'), { target: { value: 'Name 26' } });
    fireEvent.change(screen.getByLabelText('Field value'), { target: { value: 'Value 26' } });
    expect((screen.getByRole('button', { name: 'Add Field' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Add Field' }));
    expect(within(screen.getByRole('list', { name: 'Fields' })).getAllByRole('listitem')).toHaveLength(25);
  });

  it('counts the characters of all embeds against 6000 and refuses to send above it', async () => {
    const server = fakeEmbedApi();
    await ready();
    const counter = () => document.querySelector('[data-total-characters]')!.textContent!;
    const start = messageCharacters(defaultEmbeds());
    expect(counter()).toContain(`Total characters: ${start}/${EMBED_TOTAL_LIMIT}`);
    await user().click(tab('Embed Content'));
    await user().clear(screen.getByLabelText('Title'));
    await user().type(screen.getByLabelText('Title'), 'Hi');
    const after = start - defaultEmbeds()[0]!.title!.length + 2;
    expect(counter()).toContain(`Total characters: ${after}/${EMBED_TOTAL_LIMIT}`);
    fireEvent.change(screen.getByLabelText('Description'), { target: { value: 'x'.repeat(4096) } });
    await user().click(embedButton(2));
    fireEvent.change(screen.getByLabelText('Description'), { target: { value: 'y'.repeat(4096) } });
    expect(counter()).toMatch(/over Discord's limit/);
    await chooseChannel(GENERAL);
    await user().click(sendButton());
    // The generated validator's own words (the discord-embed-total keyword), as the server says them.
    expect((await screen.findByRole('alert')).textContent).toMatch(
      /^The embeds hold [0-9]+ characters together; Discord allows at most 6000 in one message/,
    );
    expect(embedCalls(server, 'send-channel')).toHaveLength(0);
  });

  it("checks URLs as typed ('Please enter a valid URL') and blocks sending while a field is wrong", async () => {
    const server = fakeEmbedApi();
    await ready();
    await user().click(tab('Author'));
    await user().type(screen.getByLabelText('Author URL'), 'not a link');
    screen.getByText('Please enter a valid URL');
    await chooseChannel(GENERAL);
    await user().click(embedButton(2));
    await user().click(sendButton());
    expect((await screen.findByRole('alert')).textContent).toContain(
      'Please fix the fields marked in red first: Embed 1: Please enter a valid URL',
    );
    // The embed at fault is shown again.
    expect(embedButton(1).getAttribute('aria-pressed')).toBe('true');
    expect(embedCalls(server, 'send-channel')).toHaveLength(0);
  });
});

describe('Embed Builder: sending', () => {
  it('lists the guilds the user manages (the current one chosen) and only text and announcement channels', async () => {
    fakeEmbedApi();
    await ready();
    const guild = screen.getByLabelText('Server') as HTMLSelectElement;
    expect([...guild.options].map((o) => o.textContent)).toEqual(['Select a server', 'Guildhall HQ', 'Second Guild']);
    expect(guild.value).toBe(GUILD);
    const channel = screen.getByLabelText('Text channel') as HTMLSelectElement;
    await waitFor(() => expect([...channel.options].map((o) => o.value)).toEqual(['', GENERAL, NEWS]));
    await user().selectOptions(guild, OTHER_GUILD);
    await screen.findByText("No text channels found or bot doesn't have access");
    await user().selectOptions(guild, '');
    expect(channel.disabled).toBe(true);
  });

  it("needs a guild and channel ('Please select a guild and channel') and says 'Embed sent successfully!' with the message sent", async () => {
    const server = fakeEmbedApi();
    await ready();
    expect(sendButton().textContent).toBe('Send 2 Embeds');
    await user().click(sendButton());
    expect((await screen.findByRole('alert')).textContent).toContain('Please select a guild and channel');
    await chooseChannel(NEWS);
    await user().click(sendButton());
    expect((await screen.findByRole('status')).textContent).toContain('Embed sent successfully!');
    const [call] = embedCalls(server, 'send-channel');
    expect(call!.method).toBe('POST');
    expect(call!.body).toEqual({ guildId: GUILD, channelId: NEWS, content: DEFAULT_CONTENT, embeds: defaultEmbeds() });
  });

  it("sends through a webhook: 'Please enter a webhook URL', the hint, and the body", async () => {
    const server = fakeEmbedApi();
    await ready();
    await user().click(screen.getByRole('radio', { name: 'Webhook' }));
    screen.getByText('Starts with https://discord.com/api/webhooks/');
    await user().click(sendButton());
    expect((await screen.findByRole('alert')).textContent).toContain('Please enter a webhook URL');
    const url = 'https://discord.com/api/webhooks/1/abc';
    await user().type(screen.getByLabelText('Webhook URL'), url);
    await user().click(sendButton());
    await screen.findByText('Embed sent successfully!');
    expect(embedCalls(server, 'send-webhook')[0]!.body).toEqual({ webhookUrl: url, content: DEFAULT_CONTENT, embeds: defaultEmbeds() });
  });

  it.each([
    [
      { status: 403, body: { success: false, error: 'You cannot manage that guild' } },
      'Failed to send embed: You cannot manage that guild',
    ],
    [{ status: 502, body: { success: false } }, 'Failed to send embed: Unknown error'],
    ['network' as const, 'Failed to send embed. Check console for details.'],
  ])('says what went wrong when a send fails (%#)', async (answer, message) => {
    const server = fakeEmbedApi();
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await ready();
    server.embed['send-channel'] = answer;
    await chooseChannel(GENERAL);
    await user().click(sendButton());
    expect((await screen.findByRole('alert')).textContent).toContain(message);
  });

  it("shows the server's field errors next to the field they name", async () => {
    const server = fakeEmbedApi();
    await ready();
    server.embed['send-channel'] = {
      status: 400,
      body: {
        success: false,
        error: 'Invalid embed',
        fieldErrors: [{ path: '/embeds/0/title', message: 'Embed title must be at most 256 characters' }],
      },
    };
    await chooseChannel(GENERAL);
    await user().click(sendButton());
    await screen.findByText('Failed to send embed: Invalid embed');
    await user().click(tab('Embed Content'));
    const title = screen.getByLabelText('Title');
    expect(title.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(title.getAttribute('aria-describedby')!.split(' ').at(-1)!)!.textContent).toBe(
      'Embed title must be at most 256 characters',
    );
    // An edit clears it: the message it was about is gone.
    await user().type(title, '!');
    expect(title.getAttribute('aria-invalid')).toBeNull();
  });
});

const FETCHED = {
  success: true,
  messageId: '900000000000000042',
  guildId: OTHER_GUILD,
  channelId: '500000000000000007',
  content: 'Old text',
  embeds: [
    {
      title: 'Old embed',
      color: 0xed4245,
      author: { name: 'Bot', iconURL: 'https://cdn.discordapp.com/embed/avatars/2.png' },
      fields: [{ name: 'A', value: 'B', inline: true }],
    },
  ],
};

describe('Embed Builder: scheduling', () => {
  it('opens Scheduled Messages with the message composed here, once its fields are right', async () => {
    fakeEmbedApi();
    await ready();
    await user().click(tab('Author'));
    await user().type(screen.getByLabelText('Author URL'), 'not a link');
    await user().click(screen.getByRole('button', { name: 'Schedule' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Please fix the fields marked in red first');
    expect(screen.queryByTestId('arrived')).toBeNull();
    await user().clear(screen.getByLabelText('Author URL'));
    await user().click(tab('Embed Content'));
    const title = screen.getByLabelText('Title');
    await user().clear(title);
    await user().type(title, 'Weekly digest');
    await user().click(screen.getByRole('button', { name: 'Schedule' }));
    const arrived = await screen.findByTestId('arrived');
    expect(arrived.getAttribute('data-arrived')).toBe(`/manage/${GUILD}/schedules`);
    const [first, ...rest] = defaultEmbeds();
    expect(JSON.parse(arrived.textContent!)).toEqual({
      scheduleMessage: { content: DEFAULT_CONTENT, embeds: [{ ...first, title: 'Weekly digest' }, ...rest] },
    });
  });
});

describe('Embed Builder: edit mode', () => {
  it("needs a message ID ('Please enter a message ID') and 'No message is being edited' before one is loaded", async () => {
    const server = fakeEmbedApi();
    await ready();
    await user().click(tab('Edit Embed'));
    await user().click(screen.getByRole('button', { name: 'Fetch Embed' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Please enter a message ID');
    await user().click(screen.getByRole('button', { name: 'Update Existing Embed' }));
    expect((await screen.findByRole('alert')).textContent).toContain('No message is being edited');
    expect(server.calls.filter((c) => c.path.startsWith('/api/embed/'))).toHaveLength(0);
  });

  it("fetches by ID, loads the embeds, turns edit mode on (banner, '(Edit Mode)', channel forced, guild and channel from the answer), updates, and exits to the defaults", async () => {
    const server = fakeEmbedApi();
    await ready();
    await user().click(screen.getByRole('radio', { name: 'Webhook' }));
    server.embed['get-by-id'] = { status: 200, body: FETCHED };
    await user().click(tab('Edit Embed'));
    await user().type(screen.getByLabelText('Message ID or message link'), ' 900000000000000042 ');
    await user().click(screen.getByRole('button', { name: 'Fetch Embed' }));
    await screen.findByText('Embed loaded successfully!');
    expect(embedCalls(server, 'get-by-id')[0]!.body).toEqual({ messageId: '900000000000000042', guildId: GUILD, channelId: '' });
    screen.getByText('Editing Message');
    screen.getByText('(Edit Mode)');
    expect((screen.getByRole('radio', { name: 'Channel' }) as HTMLInputElement).checked).toBe(true);
    expect((screen.getByRole('radio', { name: 'Webhook' }) as HTMLInputElement).disabled).toBe(true);
    expect((screen.getByLabelText('Server') as HTMLSelectElement).value).toBe(OTHER_GUILD);
    expect(sendButton().textContent).toBe('Update Embed');
    expect(within(strip()).getAllByRole('button', { name: /^Embed \d+$/ })).toHaveLength(1);
    await user().click(tab('Message Content'));
    expect((screen.getByLabelText('Message text (optional)') as HTMLTextAreaElement).value).toBe('Old text');
    expect((screen.getByLabelText('Embed colour (hex)') as HTMLInputElement).value).toBe('#ED4245');

    await user().click(tab('Edit Embed'));
    await user().click(screen.getByRole('button', { name: 'Update Existing Embed' }));
    await screen.findByText('Embed updated successfully!');
    const update = embedCalls(server, 'update')[0]!.body;
    expect(update).toMatchObject({ messageId: FETCHED.messageId, guildId: OTHER_GUILD, channelId: FETCHED.channelId, content: 'Old text' });
    expect(update.embeds[0]).toMatchObject({
      title: 'Old embed',
      color: '#ED4245',
      author: { name: 'Bot', icon_url: FETCHED.embeds[0]!.author.iconURL },
    });

    server.embed.update = { status: 404, body: { success: false, error: 'Unknown message' } };
    await user().click(sendButton());
    expect((await screen.findByRole('alert')).textContent).toContain('Failed to update embed: Unknown message');

    await user().click(screen.getByRole('button', { name: 'Exit Edit Mode' }));
    expect(screen.queryByText('Editing Message')).toBeNull();
    expect(screen.queryByText('(Edit Mode)')).toBeNull();
    expect(within(strip()).getAllByRole('button', { name: /^Embed \d+$/ })).toHaveLength(2);
    expect(sendButton().textContent).toBe('Send 2 Embeds');
    await user().click(tab('Message Content'));
    expect((screen.getByLabelText('Message text (optional)') as HTMLTextAreaElement).value).toBe(DEFAULT_CONTENT);
  });

  it('fetches by a pasted message link (its guild, channel and message) and Cancel Editing resets too', async () => {
    const server = fakeEmbedApi();
    await ready();
    server.embed['get-by-id'] = { status: 200, body: { ...FETCHED, guildId: GUILD, channelId: GENERAL } };
    await user().click(tab('Edit Embed'));
    // Enter in the field fetches, as Fetch Embed does.
    await user().type(
      screen.getByLabelText('Message ID or message link'),
      `https://discord.com/channels/${GUILD}/${GENERAL}/900000000000000042{Enter}`,
    );
    await screen.findByText('Embed loaded successfully!');
    expect(embedCalls(server, 'get-by-id')[0]!.body).toEqual({ guildId: GUILD, channelId: GENERAL, messageId: '900000000000000042' });
    await waitFor(() => expect((screen.getByLabelText('Text channel') as HTMLSelectElement).value).toBe(GENERAL));
    await user().click(screen.getByRole('button', { name: 'Cancel Editing' }));
    expect(screen.queryByText('Editing Message')).toBeNull();
    expect(within(strip()).getAllByRole('button', { name: /^Embed \d+$/ })).toHaveLength(2);
    expect((screen.getByLabelText('Message ID or message link') as HTMLInputElement).value).toBe('');
  });

  it.each([
    [{ status: 200, body: { ...FETCHED, embeds: [] } }, 'No embeds found in this message'],
    [
      { status: 403, body: { success: false, error: 'That message was not sent by the bot' } },
      'Failed to fetch embed: That message was not sent by the bot',
    ],
    [{ status: 404, body: { success: false } }, 'Failed to fetch embed: Unknown error'],
    ['network' as const, 'Failed to fetch embed. Check console for details.'],
  ])('says why a fetch found nothing to edit (%#) and stays out of edit mode', async (answer, message) => {
    const server = fakeEmbedApi();
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await ready();
    server.embed['get-by-id'] = answer;
    await user().click(tab('Edit Embed'));
    await user().type(screen.getByLabelText('Message ID or message link'), '900000000000000042');
    await user().click(screen.getByRole('button', { name: 'Fetch Embed' }));
    expect((await screen.findByRole('alert')).textContent).toContain(message);
    expect(screen.queryByText('Editing Message')).toBeNull();
  });

  it("says 'Failed to update embed. Check console for details.' when the update cannot reach the server", async () => {
    const server = fakeEmbedApi();
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await ready();
    server.embed['get-by-id'] = { status: 200, body: FETCHED };
    await user().click(tab('Edit Embed'));
    await user().type(screen.getByLabelText('Message ID or message link'), '900000000000000042');
    await user().click(screen.getByRole('button', { name: 'Fetch Embed' }));
    await screen.findByText('Embed loaded successfully!');
    server.embed.update = 'network';
    await user().click(screen.getByRole('button', { name: 'Update Existing Embed' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Failed to update embed. Check console for details.');
  });
});
