import 'reflect-metadata';
import { SNOWFLAKE } from '@guildhall/common/discord/ids';
import { panelIdOfCustomId } from '@guildhall/common/ticket-panel';
import { collections } from '@guildhall/generated/collections';
import { openapi } from '@guildhall/generated/openapi';
import { Ajv2020 } from 'ajv/dist/2020.js';
import * as discord from 'discord-api-spec/zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DiscordSandboxService } from '@guildhall/sandbox-discord/sandbox.service';
import { SANDBOX_GUILDS, SANDBOX_USERS } from '@guildhall/sandbox-discord/seed';
import type { TestBrowser } from './support/browser.js';
import { startTestApp, tempDataDir } from './support/app.js';
import { buyPremium } from './support/payments.js';

// Deploy, Redeploy and deploy-default over real HTTP: the app on PGlite, the bot's calls to the
// Discord sandbox, and what the bot posted read back through the sandbox's Discord API with the bot token.

type App = Awaited<ReturnType<typeof startTestApp>>;
const GUILD: string = SANDBOX_GUILDS.community.id;
const CHANNELS = SANDBOX_GUILDS.community.channels;
const OTHER = SANDBOX_GUILDS.pixelPainters;
const PANELS = collections.panels;
const NO_CHANNEL = 'Panel must have a channel assigned before deployment';

const ajv = new Ajv2020({ strict: false, validateFormats: false, allErrors: true });
/** Validates an answer against a component of the OpenAPI document (what is served is what is documented). */
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
/** Problems Discord's own message schema (discord-api-spec) finds in a message; [] when it conforms. */
const messageProblems = (message: unknown): string[] => {
  const result = discord.MessageResponseSchema.safeParse(withUtcTimestamps(message));
  return result.success ? [] : result.error.issues.map((i) => `/${i.path.join('/')} ${i.message}`);
};

describe('ticket panels: Deploy, Redeploy and deploy-default over real HTTP (PGlite + Discord sandbox)', () => {
  const data = tempDataDir();
  let app: App;
  let owner: TestBrowser;
  let sandbox: DiscordSandboxService;

  const base = (guild = GUILD) => `/api/guild/${guild}`;
  const create = async (item: Record<string, unknown>, guild = GUILD) => {
    const res = await owner.json(`${base(guild)}/collections/panels`, { method: 'POST', json: { item } });
    expect(res.status).toBe(201);
    return res.body as { id: string; version: number; item: Record<string, any> };
  };
  const getPanel = (id: string) => owner.json(`${base()}/collections/panels/${id}`);
  const deploy = (id: string, body: unknown = {}, browser = owner, csrf = true) =>
    browser.json(`${base()}/tickets/panels/${id}/deploy`, { method: 'POST', json: body, csrf });
  const deployDefault = (body: unknown) => owner.json(`${base()}/tickets/panels/deploy-default`, { method: 'POST', json: body });
  const panelCount = async () => ((await owner.json(`${base()}/collections/panels`)).body.items as unknown[]).length;
  /** The bot reads a message back through the sandbox's Discord API, as it would on Discord. */
  const discordCall = async (method: string, channelId: string, messageId: string) => {
    const res = await fetch(`${app.config.discord.apiBase}/v10/channels/${channelId}/messages/${messageId}`, {
      method,
      headers: { authorization: `Bot ${app.config.discord.botToken}` },
    });
    const text = await res.text();
    return { status: res.status, body: text ? JSON.parse(text) : undefined };
  };
  const postedCount = () => sandbox.allPostedMessages().length;
  /** The bot loses View Channel in #staff-chat for the length of `run`. */
  const withoutAccess = async (run: () => Promise<void>) => {
    const channel = sandbox.channel(CHANNELS.staffChat)!;
    const before = channel.permission_overwrites;
    const botRole = SANDBOX_GUILDS.community.roles.bot;
    channel.permission_overwrites = before.map((o) => (o.id === botRole ? { ...o, allow: '0', deny: '1024' } : o));
    try {
      await run();
    } finally {
      channel.permission_overwrites = before;
    }
  };

  beforeAll(async () => {
    app = await startTestApp({ DATA_DIR: data.dir });
    sandbox = app.app.get(DiscordSandboxService);
    owner = app.browser();
    await owner.signIn('demo-owner');
    await owner.json('/api/user'); // primes the XSRF-TOKEN cookie
    // The free tier allows 2 panels (plan-limits.test.ts): these tests make more, so the guilds are on Unlimited.
    for (const guild of [GUILD, OTHER.id]) await buyPremium(owner, guild, 'unlimited', 'lifetime');
  });
  afterAll(async () => {
    await app?.close();
    data.remove();
  });

  describe('Deploy', () => {
    it("posts the panel's embed and a button naming the panel, as Discord's message schema describes, and keeps the message id", async () => {
      const panel = await create({ channel_id: CHANNELS.general, title: 'Help desk', color: '#43B581', button_emoji: '🎫' });
      const { status, body } = await deploy(panel.id);
      expect(status).toBe(200);
      expect(body).toMatchObject({
        success: true,
        id: panel.id,
        version: 2,
        channel_id: CHANNELS.general,
        redeployed: false,
        item: { ...panel.item, message_id: body.message_id, deployed: true },
      });
      expect(body.message_id).toMatch(SNOWFLAKE);
      expect(documented('TicketPanelDeployResponse', body)).toEqual({ valid: true, errors: null });
      expect((await getPanel(panel.id)).body).toMatchObject({ version: 2, item: { message_id: body.message_id, deployed: true } });

      const read = await discordCall('GET', CHANNELS.general, body.message_id);
      expect(read.status).toBe(200);
      const message = read.body;
      expect(message.author).toMatchObject({ id: SANDBOX_USERS.bot.id, bot: true });
      expect(message.embeds).toEqual([
        {
          type: 'rich',
          title: 'Help desk',
          description: 'Please use the button below to create a ticket',
          color: 0x43b581,
          footer: { text: 'You can only have 1 open ticket at a time!' },
          ...(message.embeds[0].content_scan_version !== undefined ? { content_scan_version: message.embeds[0].content_scan_version } : {}),
        },
      ]);
      const [button] = message.components[0].components;
      expect(button).toMatchObject({
        type: 2,
        style: 1,
        label: 'Create Ticket',
        emoji: { name: '🎫' },
        custom_id: `ticket-panel:${panel.id}`,
      });
      expect(panelIdOfCustomId(button.custom_id)).toBe(panel.id);
      expect(messageProblems(message)).toEqual([]);
      // The check can fail: the same message with a drifted id or a button without its type does not pass.
      expect(messageProblems({ ...message, id: Number(message.id) })).not.toEqual([]);
      expect(messageProblems({ ...message, components: [{ type: 1, components: [{ ...button, type: 'button' }] }] })).not.toEqual([]);
    });

    it('Redeploy edits the same message in place with the saved changes', async () => {
      const panel = await create({ channel_id: CHANNELS.media, title: 'Before' });
      const first = (await deploy(panel.id)).body;
      const current = (await getPanel(panel.id)).body;
      const saved = await owner.json(`${base()}/collections/panels/${panel.id}`, {
        method: 'PUT',
        json: { version: current.version, item: { ...current.item, title: 'After', button_label: 'Open a ticket' } },
      });
      expect(saved.status).toBe(200);
      const again = await deploy(panel.id);
      expect(again.status).toBe(200);
      expect(again.body).toMatchObject({
        redeployed: true,
        message_id: first.message_id,
        channel_id: CHANNELS.media,
        item: { title: 'After' },
      });
      const message = (await discordCall('GET', CHANNELS.media, first.message_id)).body;
      expect(message.embeds[0].title).toBe('After');
      expect(message.components[0].components[0]).toMatchObject({ label: 'Open a ticket', custom_id: `ticket-panel:${panel.id}` });
      expect(Date.parse(message.edited_timestamp)).toBeGreaterThanOrEqual(Date.parse(message.timestamp));
      expect(messageProblems(message)).toEqual([]);
      expect(
        sandbox.messagesIn(CHANNELS.media).filter((m: any) => m.embeds[0]?.title === 'After' || m.embeds[0]?.title === 'Before'),
      ).toHaveLength(1);
    });

    it('Redeploy after the message was deleted in Discord posts a new one', async () => {
      const panel = await create({ channel_id: CHANNELS.introductions });
      const first = (await deploy(panel.id)).body;
      expect((await discordCall('DELETE', CHANNELS.introductions, first.message_id)).status).toBe(204);
      const again = await deploy(panel.id);
      expect(again.status).toBe(200);
      expect(again.body).toMatchObject({ redeployed: false, item: { message_id: again.body.message_id, deployed: true } });
      expect(again.body.message_id).not.toBe(first.message_id);
      const read = await discordCall('GET', CHANNELS.introductions, again.body.message_id);
      expect(read.status).toBe(200);
      expect(read.body.components[0].components[0].custom_id).toBe(`ticket-panel:${panel.id}`);
    });

    it('keeps an edit saved while the bot was posting: the message id is written over it, at the next version', async () => {
      const panel = await create({ channel_id: CHANNELS.general, title: 'Before' });
      const records = app.storage.records;
      const replace = records.replace.bind(records);
      let raced = false;
      // Someone saves the panel between the deploy's read and its write (the first write then meets a newer version).
      records.replace = (async (collection: string, id: string, data: unknown, expected: number) => {
        if (!raced && id === panel.id) {
          raced = true;
          await records.update(collection, id, { ...panel.item, title: 'Edited meanwhile' });
        }
        return replace(collection, id, data, expected);
      }) as typeof records.replace;
      try {
        const { status, body } = await deploy(panel.id);
        expect(status).toBe(200);
        expect(raced).toBe(true);
        expect(body).toMatchObject({ version: 3, item: { title: 'Edited meanwhile', message_id: body.message_id, deployed: true } });
      } finally {
        records.replace = replace;
      }
      expect((await getPanel(panel.id)).body).toMatchObject({ version: 3, item: { title: 'Edited meanwhile', deployed: true } });
    });

    it("a channelId in the body becomes the panel's channel, and a new message is posted there", async () => {
      const panel = await create({ channel_id: CHANNELS.general });
      const first = (await deploy(panel.id)).body;
      const moved = await deploy(panel.id, { channelId: CHANNELS.botCommands });
      expect(moved.status).toBe(200);
      expect(moved.body).toMatchObject({ redeployed: false, channel_id: CHANNELS.botCommands, item: { channel_id: CHANNELS.botCommands } });
      expect(moved.body.message_id).not.toBe(first.message_id);
      expect((await discordCall('GET', CHANNELS.botCommands, moved.body.message_id)).status).toBe(200);
    });

    it("refuses another guild's channel, voice, category and announcement channels and malformed ids: 400 at /channelId, nothing changed", async () => {
      const panel = await create({ channel_id: CHANNELS.general });
      const posted = postedCount();
      const refused = {
        [OTHER.channels.general]: 'This channel is not a channel of this server. Please select a text channel.',
        [CHANNELS.lounge]: 'This channel (#Lounge) is not a text channel. Please select a text channel.',
        [CHANNELS.communityCategory]: 'This channel (#Community) is not a text channel. Please select a text channel.',
        [CHANNELS.announcements]: 'This channel (#announcements) is not a text channel. Please select a text channel.',
        '1100000000000099999': 'This channel is not a channel of this server. Please select a text channel.',
        'not-a-channel': 'Please select a channel for the panel',
        '': 'Please select a channel for the panel',
      };
      for (const [channelId, message] of Object.entries(refused)) {
        const { status, body } = await deploy(panel.id, { channelId });
        expect(status, channelId).toBe(400);
        expect(body, channelId).toMatchObject({ success: false, fieldErrors: [{ path: '/channelId', message }] });
      }
      const extra = await deploy(panel.id, { channelId: CHANNELS.general, channel: CHANNELS.general });
      expect(extra).toMatchObject({ status: 400, body: { fieldErrors: [{ path: '/channel', message: 'Unknown field: channel' }] } });
      expect((await getPanel(panel.id)).body).toEqual({ success: true, ...panel });
      expect(postedCount()).toBe(posted);
    });

    it('refuses a panel whose stored channel is no longer a text channel of the guild (400), before Discord is asked', async () => {
      const record = await app.storage.records.insert(PANELS.storageKey, {
        guildId: GUILD,
        data: { ...PANELS.defaults, channel_id: CHANNELS.lounge, created_at: new Date().toISOString() },
      });
      const { status, body } = await deploy(record.id);
      expect(status).toBe(400);
      expect(body.error).toBe("The panel's channel (#Lounge) is not a text channel. Please select a text channel.");
    });

    it("without any channel says 'Panel must have a channel assigned before deployment'", async () => {
      const { channel_id: _none, ...withoutChannel } = { ...PANELS.defaults, channel_id: undefined };
      const record = await app.storage.records.insert(PANELS.storageKey, {
        guildId: GUILD,
        data: { ...withoutChannel, created_at: new Date().toISOString() },
      });
      const posted = postedCount();
      const { status, body } = await deploy(record.id);
      expect(status).toBe(400);
      expect(body).toMatchObject({ success: false, error: NO_CHANNEL, fieldErrors: [{ path: '/channelId', message: NO_CHANNEL }] });
      expect(postedCount()).toBe(posted);
    });

    it("answers 404 for another guild's panel and an unknown one, and posts nothing", async () => {
      const foreign = await create({ channel_id: OTHER.channels.general }, OTHER.id);
      const posted = postedCount();
      for (const id of [foreign.id, 'no-such-panel']) {
        const { status, body } = await deploy(id, { channelId: CHANNELS.general });
        expect(status, id).toBe(404);
        expect(body).toMatchObject({ success: false });
        expect(JSON.stringify(body)).not.toContain(OTHER.channels.general);
      }
      expect(postedCount()).toBe(posted);
    });

    it('passes on a Discord refusal as 502 with its reason (Missing Access), and the panel stays a draft', async () => {
      const panel = await create({ channel_id: CHANNELS.staffChat });
      await withoutAccess(async () => {
        const { status, body } = await deploy(panel.id);
        expect(status).toBe(502);
        expect(body).toEqual({ success: false, error: 'Discord request failed: Missing Access' });
      });
      expect((await getPanel(panel.id)).body).toMatchObject({ version: 1, item: { message_id: null, deployed: false } });
    });

    it('needs a signed-in manager of the guild and the CSRF header', async () => {
      const panel = await create({ channel_id: CHANNELS.general });
      const posted = postedCount();
      expect((await deploy(panel.id, {}, owner, false)).status).toBe(403);
      const anonymous = app.browser();
      await anonymous.json('/api/user');
      expect((await deploy(panel.id, {}, anonymous)).status).toBe(401);
      const member = app.browser();
      await member.signIn('demo-member');
      await member.json('/api/user');
      expect((await deploy(panel.id, {}, member)).status).toBe(403);
      expect(postedCount()).toBe(posted);
      expect((await getPanel(panel.id)).body.version).toBe(1);
    });
  });

  describe('deploy-default', () => {
    it('creates a panel from the defaults and panelData and deploys it: 201 with the new panel', async () => {
      const before = await panelCount();
      const panelData = {
        title: 'Need help?',
        description: 'Press the button',
        color: '#FAA61A',
        footer: 'One ticket at a time',
        footerIcon: 'https://cdn.example.com/icon.png',
        image: '',
        thumbnail: 'https://cdn.example.com/thumb.png',
        button_label: 'Open ticket',
        button_emoji: '📩',
      };
      const { status, body } = await deployDefault({ channelId: CHANNELS.general, panelData });
      expect(status).toBe(201);
      expect(body).toMatchObject({
        success: true,
        version: 2,
        channel_id: CHANNELS.general,
        redeployed: false,
        item: {
          ...PANELS.defaults,
          ...panelData,
          channel_id: CHANNELS.general,
          message_id: body.message_id,
          deployed: true,
          created_at: expect.any(String),
          updated_at: expect.any(String),
        },
      });
      expect(documented('TicketPanelDeployResponse', body)).toEqual({ valid: true, errors: null });
      expect(await panelCount()).toBe(before + 1);
      const message = (await discordCall('GET', CHANNELS.general, body.message_id)).body;
      expect(message.embeds[0]).toMatchObject({
        title: 'Need help?',
        color: 0xfaa61a,
        footer: { text: 'One ticket at a time', icon_url: panelData.footerIcon },
        thumbnail: { url: panelData.thumbnail },
      });
      expect(message.components[0].components[0]).toMatchObject({ label: 'Open ticket', custom_id: `ticket-panel:${body.id}` });
      expect(messageProblems(message)).toEqual([]);
    });

    it("fills what panelData leaves out with the panel's defaults", async () => {
      const { status, body } = await deployDefault({ channelId: CHANNELS.general, panelData: {} });
      expect(status).toBe(201);
      expect(body.item).toMatchObject({ title: 'Support Ticket', color: '#068ADD', button_label: 'Create Ticket', button_emoji: '🎫' });
    });

    it("takes every bound from the panel schema: the largest and smallest values pass, one past them is a 400 at the field's path", async () => {
      const ok = {
        title: 'T'.repeat(256),
        description: 'D'.repeat(4096),
        footer: 'F'.repeat(1000),
        button_label: 'B'.repeat(80),
        button_emoji: '🎫🔒',
      };
      const passed = await deployDefault({ channelId: CHANNELS.general, panelData: ok });
      expect(passed.status).toBe(201);
      expect(passed.body.item).toMatchObject(ok);
      const smallest = await deployDefault({ channelId: CHANNELS.general, panelData: { title: 'T', button_label: 'B', button_emoji: '' } });
      expect(smallest.status).toBe(201);

      const before = await panelCount();
      const posted = postedCount();
      const refused: [Record<string, unknown>, string, string][] = [
        [{ title: 'T'.repeat(257) }, '/panelData/title', 'Panel title must be at most 256 characters'],
        [{ title: '' }, '/panelData/title', 'Panel title is required'],
        [{ title: '   ' }, '/panelData/title', 'Panel title is required'],
        [{ description: 'D'.repeat(4097) }, '/panelData/description', 'Embed description must be at most 4096 characters'],
        [{ footer: 'F'.repeat(2049) }, '/panelData/footer', 'Footer text must be at most 2048 characters'],
        [{ button_label: 'B'.repeat(81) }, '/panelData/button_label', 'Button label must be at most 80 characters'],
        [{ button_emoji: '🎫🔒🎟' }, '/panelData/button_emoji', 'Button emoji must be at most 2 characters'],
        [{ color: 'blue' }, '/panelData/color', 'Must be a colour such as #068ADD'],
        [{ image: 'ftp://example.com/x.png' }, '/panelData/image', 'Please enter a valid URL'],
        [{ welcome_message: 'hi' }, '/panelData/welcome_message', 'Unknown field: welcome_message'],
      ];
      for (const [panelData, path, message] of refused) {
        const { status, body } = await deployDefault({ channelId: CHANNELS.general, panelData });
        expect(status, path).toBe(400);
        expect(body.fieldErrors, path).toContainEqual({ path, message });
      }
      // Each part within its bound, but more than Discord's 6000 characters across the embed.
      const tooLong = await deployDefault({
        channelId: CHANNELS.general,
        panelData: { title: 'T'.repeat(256), description: 'D'.repeat(4096), footer: 'F'.repeat(2048) },
      });
      expect(tooLong.status).toBe(400);
      expect(tooLong.body.fieldErrors).toEqual([
        { path: '/panelData', message: "The panel's title, description and footer hold 6400 characters; Discord allows 6000 in all." },
      ]);
      expect(await panelCount()).toBe(before);
      expect(postedCount()).toBe(posted);
    });

    it("refuses a missing channel with the spec's message, a channel that is not a text channel of the guild, and a missing panelData", async () => {
      const before = await panelCount();
      expect(await deployDefault({ panelData: {} })).toMatchObject({
        status: 400,
        body: { error: NO_CHANNEL, fieldErrors: [{ path: '/channelId', message: NO_CHANNEL }] },
      });
      for (const channelId of [CHANNELS.lounge, OTHER.channels.general]) {
        const { status, body } = await deployDefault({ channelId, panelData: {} });
        expect(status).toBe(400);
        expect(body.fieldErrors[0].path).toBe('/channelId');
      }
      const noData = await deployDefault({ channelId: CHANNELS.general });
      expect(noData.status).toBe(400);
      expect(noData.body.fieldErrors).toContainEqual({ path: '/panelData', message: 'panelData is required' });
      expect(await panelCount()).toBe(before);
    });

    it('keeps no panel when Discord refuses the message (502)', async () => {
      const before = await panelCount();
      await withoutAccess(async () => {
        const { status, body } = await deployDefault({ channelId: CHANNELS.staffChat, panelData: {} });
        expect(status).toBe(502);
        expect(body.error).toBe('Discord request failed: Missing Access');
      });
      expect(await panelCount()).toBe(before);
    });
  });
});
