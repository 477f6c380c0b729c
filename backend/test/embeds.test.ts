import 'reflect-metadata';
import { SNOWFLAKE } from '@guildhall/common/discord/ids';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { openapi } from '@guildhall/generated/openapi';
import { Ajv2020 } from 'ajv/dist/2020.js';
import * as discord from 'discord-api-spec/zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EMBED_LIMIT_CASES } from '../../tests/fixtures/embed-limits.js';
import { DiscordSandboxService } from '@guildhall/sandbox-discord/sandbox.service';
import { SANDBOX_GUILDS, SANDBOX_USERS } from '@guildhall/sandbox-discord/seed';
import type { TestBrowser } from './support/browser.js';
import { startTestApp, tempDataDir } from './support/app.js';
import { buyPremium } from './support/payments.js';

// The embed builder's calls (send, get-by-id, update) over real HTTP: the app on PGlite, the bot's calls to the Discord sandbox, and
// what the bot posted read back through the sandbox's Discord API with the bot token and checked against Discord's
// own message schema (discord-api-spec).

type App = Awaited<ReturnType<typeof startTestApp>>;
const GUILD = SANDBOX_GUILDS.community.id;
const CHANNELS = SANDBOX_GUILDS.community.channels;
const OTHER = SANDBOX_GUILDS.pixelPainters;
/** demo-owner is a plain member there (owned by demo-extra): the bot is in, but they may not manage it. */
const NOT_MANAGED = SANDBOX_GUILDS.nightOwls;

const ajv = new Ajv2020({ strict: false, validateFormats: false, allErrors: true });
const documented = (name: string, answer: unknown) => {
  const validate = ajv.compile({
    $ref: `#/components/schemas/${name}`,
    components: (openapi as unknown as { components: object }).components,
  });
  return { valid: validate(structuredClone(answer)), errors: validate.errors ?? null };
};
/** Discord writes +00:00; the package's datetime check wants Z for the same instant (as in sandbox.conformance.test.ts). */
function withUtcTimestamps(value: unknown): unknown {
  if (typeof value === 'string')
    return /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?\+00:00$/.test(value) ? value.replace(/\+00:00$/, 'Z') : value;
  if (Array.isArray(value)) return value.map(withUtcTimestamps);
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, withUtcTimestamps(v)]));
  return value;
}
const messageProblems = (message: unknown): string[] => {
  const result = discord.MessageResponseSchema.safeParse(withUtcTimestamps(message));
  return result.success ? [] : result.error.issues.map((i) => `/${i.path.join('/')} ${i.message}`);
};

const builderMessage = {
  content: 'Welcome to the server!',
  embeds: [
    {
      title: 'About the bot',
      description: 'Moderation, tickets and more.',
      color: '#5865F2',
      author: { name: 'Guildhall', url: 'https://guildhall.dev', icon_url: 'https://guildhall.dev/icon.png' },
      thumbnail: { url: 'https://guildhall.dev/thumb.png' },
      footer: { text: 'Made with the embed builder', icon_url: 'https://guildhall.dev/f.png' },
      timestamp: '2026-11-22T12:00:00.000Z',
    },
    {
      title: 'Key Features',
      color: '#57F287',
      fields: [
        { name: 'Tickets', value: 'Panels and transcripts', inline: true },
        { name: 'Moderation', value: 'Warnings and logs', inline: true },
        { name: 'Levels', value: 'XP for chatting', inline: false },
      ],
      image: { url: 'https://guildhall.dev/banner.png' },
    },
  ],
};

describe('embed builder API over real HTTP (PGlite + Discord sandbox)', () => {
  const data = tempDataDir();
  let app: App;
  let owner: TestBrowser;
  let member: TestBrowser;
  let sandbox: DiscordSandboxService;
  /** A server that stands for "anywhere else": any request it receives is one the app must never have made. */
  let trap: http.Server;
  let trapUrl: string;
  const trapped: string[] = [];

  const post = (path: string, json: unknown, browser = owner, csrf = true) =>
    browser.json(`/api/embed/${path}`, { method: 'POST', json, csrf });
  const sendChannel = (body: Record<string, unknown>, browser = owner) =>
    post('send-channel', { guildId: GUILD, channelId: CHANNELS.general, ...body }, browser);
  /** The bot reads through the sandbox's Discord API, as it would on Discord. */
  const botGet = async (path: string) => {
    const res = await fetch(`${app.config.discord.apiBase}/v10${path}`, {
      headers: { authorization: `Bot ${app.config.discord.botToken}` },
    });
    return { status: res.status, body: (await res.json()) as any };
  };
  const posted = () => sandbox.allPostedMessages().length;

  beforeAll(async () => {
    trap = http.createServer((req, res) => {
      trapped.push(`${req.method} ${req.url}`);
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"id":"1"}');
    });
    await new Promise<void>((resolve) => trap.listen(0, '127.0.0.1', resolve));
    trapUrl = `http://127.0.0.1:${(trap.address() as AddressInfo).port}`;
    app = await startTestApp({ DATA_DIR: data.dir });
    sandbox = app.app.get(DiscordSandboxService);
    owner = app.browser();
    await owner.signIn('demo-owner');
    await owner.json('/api/user'); // primes the XSRF-TOKEN cookie
    // Sending and editing through the embed builder is Custom Embeds, a premium feature (plan-limits.test.ts tests the lock).
    for (const guild of [GUILD, OTHER.id]) await buyPremium(owner, guild, 'unlimited', 'lifetime');
    member = app.browser();
    await member.signIn('demo-member');
    await member.json('/api/user');
  });
  afterAll(async () => {
    await app?.close();
    await new Promise((resolve) => trap?.close(resolve));
    data.remove();
  });

  describe('send to a channel', () => {
    it("posts the builder's message as the bot, as Discord's message schema describes", async () => {
      const { status, body } = await sendChannel(builderMessage);
      expect(status).toBe(200);
      expect(body).toEqual({
        success: true,
        messageId: expect.stringMatching(SNOWFLAKE),
        guildId: GUILD,
        channelId: CHANNELS.general,
      });
      expect(documented('EmbedSendChannelResponse', body)).toEqual({ valid: true, errors: null });

      const read = await botGet(`/channels/${CHANNELS.general}/messages/${body.messageId}`);
      expect(read.status).toBe(200);
      expect(messageProblems(read.body)).toEqual([]);
      expect(read.body.author).toMatchObject({ id: SANDBOX_USERS.bot.id, bot: true });
      expect(read.body.content).toBe('Welcome to the server!');
      expect(read.body.embeds).toHaveLength(2);
      expect(read.body.embeds[0]).toMatchObject({
        title: 'About the bot',
        color: 0x5865f2,
        author: { name: 'Guildhall', url: 'https://guildhall.dev', icon_url: 'https://guildhall.dev/icon.png' },
        footer: { text: 'Made with the embed builder', icon_url: 'https://guildhall.dev/f.png' },
        thumbnail: { url: 'https://guildhall.dev/thumb.png' },
      });
      expect(read.body.embeds[1].fields).toEqual(builderMessage.embeds[1]!.fields);
    });

    it('posts to an announcement channel too (type 5)', async () => {
      const { status, body } = await sendChannel({ channelId: CHANNELS.announcements, embeds: [{ title: 'News' }] });
      expect(status).toBe(200);
      expect(sandbox.message(CHANNELS.announcements, body.messageId)).toBeDefined();
    });

    it("says 'Please select a guild and channel' without a guild or a channel, and sends nothing", async () => {
      const before = posted();
      for (const missing of [{ guildId: '' }, { channelId: '' }]) {
        const { status, body } = await sendChannel({ ...missing, embeds: [{ title: 'x' }] });
        expect(status).toBe(400);
        expect(body.error).toBe('Please select a guild and channel');
        expect(body.fieldErrors).toEqual([
          { path: Object.keys(missing)[0] === 'guildId' ? '/guildId' : '/channelId', message: 'Please select a guild and channel' },
        ]);
      }
      expect(posted()).toBe(before);
    });

    it('refuses a channel of another guild (400 at /channelId) and sends nothing', async () => {
      const before = posted();
      const { status, body } = await sendChannel({ channelId: OTHER.channels.general, embeds: [{ title: 'x' }] });
      expect(status).toBe(400);
      expect(body.fieldErrors).toEqual([{ path: '/channelId', message: expect.stringContaining('not a channel of this server') }]);
      expect(posted()).toBe(before);
    });

    it('refuses a voice channel or a category of the guild', async () => {
      for (const channelId of [CHANNELS.lounge, CHANNELS.communityCategory]) {
        const { status, body } = await sendChannel({ channelId, embeds: [{ title: 'x' }] });
        expect(status).toBe(400);
        expect(body.fieldErrors[0]).toMatchObject({
          path: '/channelId',
          message: expect.stringContaining('is not a text or announcement channel'),
        });
      }
    });

    it('refuses a guild the user cannot manage (403 with the reason) and one they are not in, whatever the channel', async () => {
      const before = posted();
      const notManaged = await sendChannel({ guildId: NOT_MANAGED.id, channelId: NOT_MANAGED.channels.general, embeds: [{ title: 'x' }] });
      expect(notManaged.status).toBe(403);
      expect(notManaged.body.error).toBe('You need the Manage Server or Administrator permission in this server.');
      const plainMember = await sendChannel({ embeds: [{ title: 'x' }] }, member);
      expect(plainMember.status).toBe(403);
      expect(posted()).toBe(before);
    });

    it('answers 502 with the reason when Discord refuses (the bot cannot see the channel)', async () => {
      const channel = sandbox.channel(CHANNELS.staffChat)!;
      const before = channel.permission_overwrites;
      const botRole = SANDBOX_GUILDS.community.roles.bot;
      channel.permission_overwrites = [...before.filter((o) => o.id !== botRole), { id: botRole, type: 0, allow: '0', deny: '3072' }];
      try {
        const { status, body } = await sendChannel({ channelId: CHANNELS.staffChat, embeds: [{ title: 'x' }] });
        expect(status).toBe(502);
        expect(body.error).toMatch(/^Discord request failed: Missing (Access|Permissions)/);
      } finally {
        channel.permission_overwrites = before;
      }
    });
  });

  describe('fetch by id and update', () => {
    let messageId: string;
    beforeAll(async () => {
      messageId = (await sendChannel(builderMessage)).body.messageId;
    });

    it('fetches the message with its channel: colours as numbers, icons as iconURL', async () => {
      const { status, body } = await post('get-by-id', { messageId, guildId: GUILD, channelId: CHANNELS.general });
      expect(status).toBe(200);
      expect(documented('EmbedGetResponse', body)).toEqual({ valid: true, errors: null });
      expect(body).toMatchObject({
        success: true,
        messageId,
        guildId: GUILD,
        channelId: CHANNELS.general,
        content: 'Welcome to the server!',
      });
      expect(body.embeds[0]).toMatchObject({
        title: 'About the bot',
        color: 0x5865f2,
        author: { name: 'Guildhall', url: 'https://guildhall.dev', iconURL: 'https://guildhall.dev/icon.png' },
        footer: { text: 'Made with the embed builder', iconURL: 'https://guildhall.dev/f.png' },
        thumbnail: { url: 'https://guildhall.dev/thumb.png' },
      });
      expect(body.embeds[0].timestamp).toMatch(/^2026-11-22T12:00:00/);
      expect(body.embeds[1]).toMatchObject({
        color: 0x57f287,
        image: { url: 'https://guildhall.dev/banner.png' },
        fields: builderMessage.embeds[1]!.fields,
      });
    });

    it("fetches it without a channel (as a pasted link's guild and id): the guild's channels are searched", async () => {
      const { status, body } = await post('get-by-id', { messageId, guildId: GUILD });
      expect(status).toBe(200);
      expect(body).toMatchObject({ messageId, channelId: CHANNELS.general, guildId: GUILD });
    });

    it("says 'Please enter a message ID' without one, and 'Message not found' for an id that is nowhere", async () => {
      const empty = await post('get-by-id', { messageId: '', guildId: GUILD });
      expect(empty.status).toBe(400);
      expect(empty.body).toMatchObject({
        error: 'Please enter a message ID',
        fieldErrors: [{ path: '/messageId', message: 'Please enter a message ID' }],
      });
      const nowhere = await post('get-by-id', { messageId: '1999999999999999999', guildId: GUILD });
      expect(nowhere.status).toBe(404);
      expect(nowhere.body.error).toBe('Message not found');
      const wrongChannel = await post('get-by-id', { messageId, guildId: GUILD, channelId: CHANNELS.introductions });
      expect(wrongChannel.status).toBe(404);
    });

    it('refuses the message through another guild, or a channel of another guild', async () => {
      const otherGuild = await post('get-by-id', { messageId, guildId: OTHER.id });
      expect(otherGuild.status).toBe(404);
      const otherChannel = await post('get-by-id', { messageId, guildId: GUILD, channelId: OTHER.channels.general });
      expect(otherChannel.status).toBe(400);
      expect(otherChannel.body.fieldErrors[0].path).toBe('/channelId');
      const notManaged = await post('get-by-id', { messageId, guildId: NOT_MANAGED.id });
      expect(notManaged.status).toBe(403);
    });

    it("refuses a message the bot did not post (403 'Only messages sent by the bot can be edited'), to fetch and to update", async () => {
      const channel = sandbox.channel(CHANNELS.general)!;
      const theirs = sandbox.postMessage(channel, { type: 'user', user_id: SANDBOX_USERS.demoAdmin.id }, { content: 'mine' }, []);
      const fetched = await post('get-by-id', { messageId: theirs.id, guildId: GUILD, channelId: CHANNELS.general });
      expect(fetched.status).toBe(403);
      expect(fetched.body.error).toBe('Only messages sent by the bot can be edited');
      const searched = await post('get-by-id', { messageId: theirs.id, guildId: GUILD });
      expect(searched.status).toBe(403);
      const updated = await post('update', { messageId: theirs.id, guildId: GUILD, channelId: CHANNELS.general, embeds: [{ title: 'x' }] });
      expect(updated.status).toBe(403);
      expect(sandbox.message(CHANNELS.general, theirs.id)!.content).toBe('mine');
    });

    it('updates the message through Edit Message; fetching it again shows the change', async () => {
      const edited = structuredClone(builderMessage);
      edited.content = '';
      edited.embeds[1]!.fields![0]!.value = 'Panels, transcripts and limits';
      const { status, body } = await post('update', { messageId, guildId: GUILD, channelId: CHANNELS.general, ...edited });
      expect(status).toBe(200);
      expect(body).toEqual({ success: true, messageId });
      expect(documented('EmbedUpdateResponse', body)).toEqual({ valid: true, errors: null });

      const again = await post('get-by-id', { messageId, guildId: GUILD, channelId: CHANNELS.general });
      expect(again.body.content).toBe('');
      expect(again.body.embeds[1].fields[0]).toEqual({ name: 'Tickets', value: 'Panels, transcripts and limits', inline: true });
      const read = await botGet(`/channels/${CHANNELS.general}/messages/${messageId}`);
      expect(messageProblems(read.body)).toEqual([]);
      expect(read.body.edited_timestamp).not.toBeNull();
    });

    it("says 'No message is being edited' without a message id, and checks the guild and channel as a send does", async () => {
      const none = await post('update', { messageId: '', guildId: GUILD, channelId: CHANNELS.general, embeds: [{ title: 'x' }] });
      expect(none.status).toBe(400);
      expect(none.body.error).toBe('No message is being edited');
      const noChannel = await post('update', { messageId, guildId: GUILD, channelId: '', embeds: [{ title: 'x' }] });
      expect(noChannel.body.error).toBe('Please select a guild and channel');
      const otherChannel = await post('update', { messageId, guildId: GUILD, channelId: OTHER.channels.general, embeds: [{ title: 'x' }] });
      expect(otherChannel.status).toBe(400);
      const notManaged = await post('update', {
        messageId,
        guildId: NOT_MANAGED.id,
        channelId: NOT_MANAGED.channels.general,
        embeds: [{ title: 'x' }],
      });
      expect(notManaged.status).toBe(403);
      const gone = await post('update', {
        messageId: '1999999999999999999',
        guildId: GUILD,
        channelId: CHANNELS.general,
        embeds: [{ title: 'x' }],
      });
      expect(gone.status).toBe(404);
      expect(gone.body.error).toBe('Message not found');
    });
  });

  describe('send through a webhook', () => {
    it("executes a sandbox webhook (created through the sandbox's API) with wait=true; the message appears in its channel", async () => {
      const created = await fetch(`${app.config.discord.apiBase}/v10/channels/${CHANNELS.botCommands}/webhooks`, {
        method: 'POST',
        headers: { authorization: `Bot ${app.config.discord.botToken}`, 'content-type': 'application/json' },
        body: JSON.stringify({ name: 'Embed builder' }),
      });
      expect(created.status).toBe(200);
      const webhook = (await created.json()) as { id: string; token: string; url: string };
      const { status, body } = await post('send-webhook', { webhookUrl: webhook.url, ...builderMessage });
      expect(status).toBe(200);
      expect(body).toEqual({ success: true, messageId: expect.stringMatching(SNOWFLAKE) });
      expect(documented('EmbedSendWebhookResponse', body)).toEqual({ valid: true, errors: null });
      const read = await botGet(`/channels/${CHANNELS.botCommands}/messages/${body.messageId}`);
      expect(read.status).toBe(200);
      expect(messageProblems(read.body)).toEqual([]);
      expect(read.body).toMatchObject({ webhook_id: webhook.id, content: 'Welcome to the server!' });
      expect(read.body.embeds[1].fields).toEqual(builderMessage.embeds[1]!.fields);

      // The bot cannot edit what a webhook posted, so the builder may not load it for editing.
      const fetched = await post('get-by-id', { messageId: body.messageId, guildId: GUILD, channelId: CHANNELS.botCommands });
      expect(fetched.status).toBe(403);
    });

    it("says 'Please enter a webhook URL' for an empty one", async () => {
      const { status, body } = await post('send-webhook', { webhookUrl: '  ', embeds: [{ title: 'x' }] });
      expect(status).toBe(400);
      expect(body).toMatchObject({
        error: 'Please enter a webhook URL',
        fieldErrors: [{ path: '/webhookUrl', message: 'Please enter a webhook URL' }],
      });
    });

    it('refuses any URL that is not a Discord webhook (400 at /webhookUrl) and makes no outgoing request', async () => {
      const host = trapUrl.replace('http://', '');
      const urls = [
        'http://127.0.0.1:1/',
        `${trapUrl}/`,
        `${trapUrl}/api/webhooks/1100000000000000999/token`,
        `http://user:pass@${host}/api/webhooks/1100000000000000999/token`,
        `${trapUrl}/sandbox/discord/api/webhooks/1100000000000000999/token`,
        'https://discord.com.evil.example/api/webhooks/1100000000000000999/token',
        'https://evil.example/?https://discord.com/api/webhooks/1100000000000000999/token',
        'https://user:pass@discord.com/api/webhooks/1100000000000000999/token',
        'https://discord.com:8443/api/webhooks/1100000000000000999/token',
        'http://discord.com/api/webhooks/1100000000000000999/token',
        'https://discord.com/api/webhooks/1100000000000000999/token?x=@evil.example',
        'https://discord.com/api/webhooks/1100000000000000999/../../users/@me',
        'javascript:alert(1)',
      ];
      const before = posted();
      for (const webhookUrl of urls) {
        const { status, body } = await post('send-webhook', { webhookUrl, embeds: [{ title: 'x' }] });
        expect(status, webhookUrl).toBe(400);
        expect(body.fieldErrors, webhookUrl).toEqual([
          { path: '/webhookUrl', message: expect.stringContaining('Only Discord webhook URLs') },
        ]);
      }
      expect(trapped).toEqual([]);
      expect(posted()).toBe(before);
    });

    it("accepts Discord's own URL shapes and sends them to the configured API base (here the sandbox: Unknown Webhook, 502)", async () => {
      for (const webhookUrl of [
        'https://discord.com/api/webhooks/1100000000000000999/abc_DEF-123',
        'https://canary.discordapp.com/api/v10/webhooks/1100000000000000999/abc',
      ]) {
        const { status, body } = await post('send-webhook', { webhookUrl, embeds: [{ title: 'x' }] });
        expect(status, webhookUrl).toBe(502);
        expect(body.error).toBe('Discord request failed: Unknown Webhook');
      }
    });
  });

  describe('signed out, no CSRF header', () => {
    it('answers 401 to every route when signed out, before reading the body', async () => {
      const anonymous = app.browser();
      await anonymous.json('/api/health').catch(() => undefined);
      for (const path of ['send-channel', 'send-webhook', 'get-by-id', 'update']) {
        const { status, body } = await post(path, {}, anonymous, false);
        // No CSRF cookie yet, so the CSRF check may answer first: either way nothing runs.
        expect([401, 403], path).toContain(status);
        expect(body.success).toBe(false);
      }
      await anonymous.json('/api/user'); // primes the CSRF cookie of a signed-out browser
      for (const path of ['send-channel', 'send-webhook', 'get-by-id', 'update']) {
        const { status, body } = await post(path, {}, anonymous);
        expect(status, path).toBe(401);
        expect(body.error).toBe('You are not signed in.');
      }
    });

    it('refuses a signed-in send without the CSRF header (403) and sends nothing', async () => {
      const before = posted();
      const { status } = await post(
        'send-channel',
        { guildId: GUILD, channelId: CHANNELS.general, embeds: [{ title: 'x' }] },
        owner,
        false,
      );
      expect(status).toBe(403);
      expect(posted()).toBe(before);
    });
  });

  describe("Discord's limits: the shared table (the browser's verdict is in frontend/test/embed-limits.test.ts)", () => {
    it.each(EMBED_LIMIT_CASES)('$name', async ({ message, error }) => {
      const before = posted();
      const { status, body } = await sendChannel({ channelId: CHANNELS.media, ...message });
      if (error === null) {
        expect(status, JSON.stringify(body).slice(0, 300)).toBe(200);
        expect(posted()).toBe(before + 1);
      } else {
        expect(status).toBe(400);
        expect(body.fieldErrors.map((e: { path: string }) => e.path)).toContain(error);
        expect(posted()).toBe(before);
      }
    });
  });
});
