/**
 * The sandbox viewer's 'Simulate ticket' (issue 11 item 6): a ticket channel is opened, talked in and closed in the
 * sandbox, and its transcript arrives through the bot API, so a manager finds it in the transcripts table. Only a
 * signed-in manager of the guild may run it (issue 24 item 5), and a failed one leaves no channel behind.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { validateTranscriptUpload } from '@guildhall/generated/validators';
import * as discord from 'discord-api-spec/zod';
import type { ZodMiniType } from 'zod/mini';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DiscordApiError } from '../src/discord-errors.js';
import { DiscordSandboxService } from '../src/sandbox.service.js';
import { SIMULATED_ATTACHMENT, SIMULATED_MARKUP, TicketSimulator } from '../src/simulate-ticket.js';
import { SANDBOX_GUILDS, SANDBOX_USERS } from '../src/seed.js';
import type { TestBrowser } from '../../../backend/test/support/browser.js';
import { startTestApp, tempDataDir } from '../../../backend/test/support/app.js';

type App = Awaited<ReturnType<typeof startTestApp>>;
const simulatePath = (guildId: string) => `/sandbox/discord/viewer/guilds/${guildId}/simulate-ticket`;

// One app for the tests on the default configuration (each compares with what it saw before, never with a fresh app).
const data = tempDataDir();
let app: App;
beforeAll(async () => {
  app = await startTestApp({ DATA_DIR: data.dir });
});
afterAll(async () => {
  await app?.close();
  data.remove();
});

describe('Simulate ticket in the sandbox viewer', () => {
  let owner: TestBrowser;
  let guildId: string;
  let guildWithoutBot: string;
  let sandbox: DiscordSandboxService;

  beforeAll(async () => {
    sandbox = app.app.get(DiscordSandboxService);
    owner = app.browser();
    await owner.signIn('demo-owner');
    const managed = (await owner.json('/api/user')).body.guilds.filter((g: { settingsUrl: string }) =>
      g.settingsUrl.startsWith('/manage/'),
    );
    guildId = managed[0].id;
    guildWithoutBot = sandbox.allGuilds().find((g) => !sandbox.hasBot(g.id))!.id;
  });

  const simulate = (guild: string, browser = owner) => browser.json(simulatePath(guild), { method: 'POST', json: {} });

  it('opens a ticket channel, closes it, and answers the uploaded transcript: id, ticket id, channel and user', async () => {
    const before = sandbox.channelsOf(guildId).map((c) => c.id);
    const { status, body } = await simulate(guildId);
    expect(status).toBe(201);
    expect(body).toEqual({
      success: true,
      ticket: {
        transcriptId: expect.any(String),
        ticketId: expect.stringMatching(/^[0-9]{4}$/),
        channelName: expect.any(String),
        userName: expect.any(String),
      },
    });
    expect(body.ticket.channelName).toBe(`ticket-${body.ticket.ticketId}`);
    // Closed: the ticket channel is gone from the sandbox, and no other channel changed.
    expect(sandbox.channelsOf(guildId).map((c) => c.id)).toEqual(before);
    // Nothing of the bot's credential reaches the browser.
    expect(JSON.stringify(body)).not.toContain(app.config.botApiToken);
  });

  it('numbers tickets one after another', async () => {
    const first = (await simulate(guildId)).body.ticket.ticketId;
    const second = (await simulate(guildId)).body.ticket.ticketId;
    expect(Number(second)).toBe(Number(first) + 1);
  });

  it('as a manager, the transcript is listed and found by its user, case-insensitive', async () => {
    const { body } = await simulate(guildId);
    const { transcriptId, ticketId, userName } = body.ticket;
    const all = await owner.json(`/api/guild/${guildId}/tickets/transcripts`);
    expect(all.body.transcripts.map((t: { id: string }) => t.id)).toContain(transcriptId);
    const found = await owner.json(`/api/guild/${guildId}/tickets/transcripts?q=${encodeURIComponent(userName.toUpperCase())}`);
    const row = found.body.transcripts.find((t: { id: string }) => t.id === transcriptId);
    expect(row).toMatchObject({ ticketId, userName });
    expect(row.size).toBeGreaterThan(0);
  });

  it('its html download shows the messages, the attachment and the member markup escaped', async () => {
    const { body } = await simulate(guildId);
    const res = await owner.request(`/api/guild/${guildId}/tickets/transcripts/${body.ticket.transcriptId}/download?format=html`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="transcript_${body.ticket.transcriptId}.html"`);
    const html = await res.text();
    expect(html).toContain('My payment keeps failing');
    expect(html).toContain('Ticket closed. A transcript has been saved.');
    expect(html).toContain(SIMULATED_ATTACHMENT.filename);
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(html).not.toContain(SIMULATED_MARKUP);
    expect(html).not.toMatch(/<img[^>]*onerror/i);
  });

  it('its json download keeps the attachment metadata and who wrote each message (member and bot)', async () => {
    const { body } = await simulate(guildId);
    const res = await owner.request(`/api/guild/${guildId}/tickets/transcripts/${body.ticket.transcriptId}/download?format=json`);
    const transcript = JSON.parse(await res.text());
    const messages = transcript.messages ?? transcript.transcript?.messages;
    expect(messages.some((m: { author: { bot?: boolean } }) => m.author.bot === true)).toBe(true);
    expect(messages.some((m: { author: { username: string } }) => m.author.username === body.ticket.userName)).toBe(true);
    const file = messages.flatMap((m: { attachments: unknown[] }) => m.attachments)[0];
    expect(file).toMatchObject({ filename: SIMULATED_ATTACHMENT.filename, size: Buffer.byteLength(SIMULATED_ATTACHMENT.content) });
  });

  it('a guild without the bot: 403 with the reason, and no transcript', async () => {
    const { status, body } = await simulate(guildWithoutBot);
    expect(status).toBe(403);
    expect(body.message).toBe('Guildhall is not in this server. Invite the bot first.');
  });

  it('an unknown guild: 404 Unknown Guild', async () => {
    expect((await simulate('1999999999999999999')).status).toBe(404);
    expect((await simulate('not-a-guild')).status).toBe(404);
  });

  it('refuses a body that is not JSON (a form posted from another site)', async () => {
    const res = await owner.request(simulatePath(guildId), {
      method: 'POST',
      body: 'a=1',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(res.status).toBe(415);
  });

  it("counts against the sandbox's rate limit: Discord's headers on the answer", async () => {
    const { res } = await simulate(guildId);
    expect(res.headers.get('x-ratelimit-limit')).toBeTruthy();
    expect(res.headers.get('x-ratelimit-bucket')).toBeTruthy();
  });
});

describe('who may run the sandbox simulations (issue 24 item 5)', () => {
  let sandbox: DiscordSandboxService;
  let owner: TestBrowser;
  const COMMUNITY = SANDBOX_GUILDS.community.id;
  const PIXEL_PAINTERS = SANDBOX_GUILDS.pixelPainters.id;
  const joinPath = (guild: string) => `/sandbox/discord/viewer/guilds/${guild}/simulate-join`;
  const post = (browser: TestBrowser, path: string, init: { csrf?: boolean } = {}) =>
    browser.json(path, { method: 'POST', json: {}, ...init });
  const signedIn = async (username: string) => {
    const browser = app.browser();
    await browser.signIn(username);
    // The dashboard's first call, which hands the page its anti-forgery token for this session.
    await browser.json('/api/user');
    return browser;
  };
  const transcripts = async (guild: string) => (await owner.json(`/api/guild/${guild}/tickets/transcripts`)).body.transcripts.length;
  const joinsSent = async (guild: string) => (await owner.json(`/api/guild/${guild}/joindms/stats`)).body.stats.total_sent;

  beforeAll(async () => {
    sandbox = app.app.get(DiscordSandboxService);
    owner = await signedIn('demo-owner');
  });

  it('an anonymous visitor: 401 asking to sign in, and no transcript, no DM, no channel', async () => {
    const [listed, sent, channels] = [await transcripts(COMMUNITY), await joinsSent(COMMUNITY), sandbox.channelsOf(COMMUNITY).length];
    const dmsBefore = sandbox.allPostedMessages().length;
    for (const path of [simulatePath(COMMUNITY), joinPath(COMMUNITY)]) {
      const { status, body } = await post(app.browser(), path);
      expect({ path, status }).toEqual({ path, status: 401 });
      expect(body.message).toBe('Sign in to run simulations: only a manager of a server may simulate in it.');
    }
    expect(await transcripts(COMMUNITY)).toBe(listed);
    expect(await joinsSent(COMMUNITY)).toBe(sent);
    expect(sandbox.channelsOf(COMMUNITY).length).toBe(channels);
    expect(sandbox.allPostedMessages().length).toBe(dmsBefore);
  });

  it("a member without Manage Server: 403 with the API's reason, and nothing changes", async () => {
    const member = await signedIn('demo-member');
    const listed = await transcripts(COMMUNITY);
    for (const path of [simulatePath(COMMUNITY), joinPath(COMMUNITY)]) {
      const { status, body } = await post(member, path);
      expect({ path, status, message: body.message }).toEqual({
        path,
        status: 403,
        message: 'You need the Manage Server or Administrator permission in this server.',
      });
    }
    expect(await transcripts(COMMUNITY)).toBe(listed);
  });

  it("another owner's guild, where the visitor is not a member: 403, and no transcript", async () => {
    const stranger = await signedIn('demo-extra');
    expect(sandbox.member(PIXEL_PAINTERS, SANDBOX_USERS.demoExtra.id)).toBeUndefined();
    const listed = await transcripts(PIXEL_PAINTERS);
    for (const path of [simulatePath(PIXEL_PAINTERS), joinPath(PIXEL_PAINTERS)]) {
      const { status, body } = await post(stranger, path);
      expect({ path, status, message: body.message }).toEqual({ path, status: 403, message: 'You are not a member of this server.' });
    }
    expect(await transcripts(PIXEL_PAINTERS)).toBe(listed);
  });

  it('a manager who does not own the guild (Manage Server) may simulate', async () => {
    const admin = await signedIn('demo-admin');
    const listed = await transcripts(COMMUNITY);
    expect((await post(admin, simulatePath(COMMUNITY))).status).toBe(201);
    expect(await transcripts(COMMUNITY)).toBe(listed + 1);
  });

  it("without the session's anti-forgery token: 403, as every state-changing call of the app", async () => {
    const listed = await transcripts(COMMUNITY);
    for (const path of [simulatePath(COMMUNITY), joinPath(COMMUNITY)]) {
      const { status, body } = await post(owner, path, { csrf: false });
      expect({ path, status, message: body.message }).toEqual({
        path,
        status: 403,
        message: 'Missing or invalid CSRF token. Reload the page and try again.',
      });
    }
    expect(await transcripts(COMMUNITY)).toBe(listed);
  });

  it('a simulation that fails on the way leaves no ticket channel behind, however often it fails', async () => {
    const botApi = sandbox.options.botApi!;
    const token = botApi.token;
    const channels = sandbox.channelsOf(COMMUNITY).length;
    // The bot API refuses a credential it does not know: the transcript upload fails after the channel was made.
    botApi.token = 'not-the-bot-credential';
    try {
      for (let i = 0; i < 3; i++) {
        const { status, body } = await post(owner, simulatePath(COMMUNITY));
        expect(status).toBe(502);
        expect(body.message).toMatch(/^The bot API refused the transcript \(401\)/);
      }
    } finally {
      botApi.token = token;
    }
    expect(sandbox.channelsOf(COMMUNITY).length).toBe(channels);
    expect(sandbox.channelsOf(COMMUNITY).filter((c) => c.name.startsWith('ticket-'))).toEqual([]);
    // And the next one works.
    expect((await post(owner, simulatePath(COMMUNITY))).status).toBe(201);
  });
});

describe("Simulate ticket under the sandbox's front-door limit", () => {
  // An app of its own: the sandbox's budget (SANDBOX_RATE_LIMIT_MAX) is start-up env, and this test spends all of it.
  it("answers 429 in Discord's shape once an address spends its sandbox budget", async () => {
    const data = tempDataDir();
    const app = await startTestApp({ DATA_DIR: data.dir, SANDBOX_RATE_LIMIT_MAX: '5' });
    try {
      const sandbox = app.app.get(DiscordSandboxService);
      const guildId = sandbox.allGuilds().find((g) => sandbox.hasBot(g.id))!.id;
      const browser = app.browser();
      // Signing in spends some of the address's sandbox budget too (the authorize page): what is left goes on simulations.
      await browser.signIn('demo-owner');
      await browser.json('/api/user');
      const statuses: number[] = [];
      let last: { status: number; body: any } | undefined;
      while (statuses.length < 6 && last?.status !== 429) {
        last = await browser.json(simulatePath(guildId), { method: 'POST', json: {} });
        statuses.push(last.status);
      }
      expect(statuses.length).toBeGreaterThan(1);
      expect(statuses).toEqual([...statuses.slice(0, -1).map(() => 201), 429]);
      expect(last!.body).toMatchObject({ message: 'You are being rate limited.', global: true });
    } finally {
      await app.close();
      data.remove();
    }
  });
});

describe('Simulate ticket without the sandbox', () => {
  // An app of its own: talking to Discord rather than the sandbox is start-up env.
  it('does not exist when the app talks to Discord', async () => {
    const data = tempDataDir();
    const app = await startTestApp({
      DATA_DIR: data.dir,
      DISCORD_CLIENT_ID: '123456789012345678',
      DISCORD_CLIENT_SECRET: 'secret',
      DISCORD_BOT_TOKEN: 'token',
      DISCORD_API_BASE: 'http://127.0.0.1:9/api',
    });
    try {
      const res = await app.browser().request(simulatePath('1100000000000000001'), {
        method: 'POST',
        body: '{}',
        headers: { 'content-type': 'application/json' },
      });
      expect(res.status).toBe(404);
    } finally {
      await app.close();
      data.remove();
    }
  });
});

describe('the ticket the simulator plays, seen from the bot API it calls', () => {
  /** A stand-in for the app's bot API: records each upload and answers as told. */
  async function botApi(status: number) {
    const uploads: { authorization: string | undefined; body: any }[] = [];
    const server = createServer((req, res) => {
      let text = '';
      req.on('data', (chunk) => (text += chunk));
      req.on('end', () => {
        uploads.push({ authorization: req.headers.authorization, body: JSON.parse(text) });
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(
          JSON.stringify(status === 201 ? { success: true, transcript: { id: 'tr-1' } } : { success: false, error: 'Database down' }),
        );
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    return { uploads, baseUrl: `http://127.0.0.1:${port}`, close: () => new Promise((resolve) => server.close(resolve)) };
  }

  const guildWithBot = (sandbox: DiscordSandboxService) => sandbox.allGuilds().find((g) => sandbox.hasBot(g.id))!;

  it('opens the channel under the first category, posts Discord-shaped messages, uploads a valid transcript with the bot credential', async () => {
    const api = await botApi(201);
    try {
      const sandbox = new DiscordSandboxService({ botApi: { baseUrl: api.baseUrl, token: 'the-bot-credential' } });
      const guild = guildWithBot(sandbox);
      const firstCategory = sandbox
        .channelsOf(guild.id)
        .filter((c) => c.type === 4)
        .sort((a, b) => a.position - b.position)[0]!;
      let seen: { parent: string | null; messages: Record<string, unknown>[] } | undefined;
      const deleteChannel = sandbox.deleteChannel.bind(sandbox);
      vi.spyOn(sandbox, 'deleteChannel').mockImplementation((id) => {
        seen = { parent: sandbox.channel(id)!.parent_id, messages: sandbox.messagesIn(id) };
        return deleteChannel(id);
      });

      const ticket = await new TicketSimulator(sandbox).simulate(guild.id);
      expect(ticket).toMatchObject({ transcriptId: 'tr-1', ticketId: '0001', channelName: 'ticket-0001' });
      expect(seen!.parent).toBe(firstCategory.id);
      for (const message of seen!.messages) expect(discordProblems(message)).toEqual([]);

      expect(api.uploads).toHaveLength(1);
      expect(api.uploads[0]!.authorization).toBe('Bot the-bot-credential');
      const transcript = api.uploads[0]!.body;
      expect(validateTranscriptUpload(transcript), JSON.stringify(validateTranscriptUpload.errors)).toBe(true);
      expect(transcript.channelName).toBe('ticket-0001');
      expect(transcript.messages.map((m: { author: { bot?: boolean } }) => m.author.bot === true)).toContain(true);
      expect(transcript.messages.some((m: { content: string }) => m.content.includes(SIMULATED_MARKUP))).toBe(true);
    } finally {
      await api.close();
    }
  });

  it('when the bot API refuses: 502 with its reason, and the ticket channel is gone again', async () => {
    const api = await botApi(500);
    try {
      const sandbox = new DiscordSandboxService({ botApi: { baseUrl: api.baseUrl, token: 't' } });
      const guild = guildWithBot(sandbox);
      const error = await new TicketSimulator(sandbox).simulate(guild.id).catch((err: unknown) => err);
      expect(error).toBeInstanceOf(DiscordApiError);
      expect((error as DiscordApiError).status).toBe(502);
      expect((error as DiscordApiError).body.message).toMatch(/refused the transcript \(500\): Database down/);
      expect(sandbox.channelsOf(guild.id).some((c) => c.name === 'ticket-0001')).toBe(false);
    } finally {
      await api.close();
    }
  });

  it('without a bot API (the sandbox alone): 503, and no channel is made', async () => {
    const sandbox = new DiscordSandboxService();
    const guild = guildWithBot(sandbox);
    const before = sandbox.channelsOf(guild.id).length;
    const error = await new TicketSimulator(sandbox).simulate(guild.id).catch((err: unknown) => err);
    expect((error as DiscordApiError).status).toBe(503);
    expect(sandbox.channelsOf(guild.id).length).toBe(before);
  });
});

/** Discord's own message schema (discord-api-spec), its +00:00 timestamps read as Z (see sandbox.conformance.test.ts). */
function discordProblems(message: unknown): string[] {
  const utc = JSON.parse(JSON.stringify(message), (_key, value: unknown) =>
    typeof value === 'string' && /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?\+00:00$/.test(value) ? value.replace(/\+00:00$/, 'Z') : value,
  );
  // Every export of the package is a Zod Mini schema (support/discord-api-spec-zod.d.ts declares only a few by name).
  const schema = (discord as unknown as Record<string, ZodMiniType>)['MessageResponseSchema']!;
  const result = schema.safeParse(utc);
  return result.success ? [] : result.error.issues.map((i) => `/${i.path.join('/')} ${i.message}`);
}
