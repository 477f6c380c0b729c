/**
 * The sandbox viewer's 'Simulate ticket' (issue 11 item 6): a ticket channel is opened, talked in and closed in the
 * sandbox, and its transcript arrives through the bot API, so a manager finds it in the transcripts table.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DiscordSandboxService } from '../src/sandbox/sandbox.service.js';
import { SIMULATED_ATTACHMENT, SIMULATED_MARKUP } from '../src/sandbox/simulate-ticket.js';
import type { TestBrowser } from './support/browser.js';
import { startTestApp, tempDataDir } from './support/app.js';

type App = Awaited<ReturnType<typeof startTestApp>>;
const simulatePath = (guildId: string) => `/sandbox/discord/viewer/guilds/${guildId}/simulate-ticket`;

describe('Simulate ticket in the sandbox viewer', () => {
  const data = tempDataDir();
  let app: App;
  let owner: TestBrowser;
  let guildId: string;
  let guildWithoutBot: string;
  let sandbox: DiscordSandboxService;

  beforeAll(async () => {
    app = await startTestApp({ DATA_DIR: data.dir });
    sandbox = app.app.get(DiscordSandboxService);
    owner = app.browser();
    await owner.signIn('demo-owner');
    const managed = (await owner.json('/api/user')).body.guilds.filter((g: { settingsUrl: string }) =>
      g.settingsUrl.startsWith('/manage/'),
    );
    guildId = managed[0].id;
    guildWithoutBot = sandbox.allGuilds().find((g) => !sandbox.hasBot(g.id))!.id;
  });
  afterAll(async () => {
    await app?.close();
    data.remove();
  });

  const simulate = (guild: string, browser = app.browser()) => browser.json(simulatePath(guild), { method: 'POST', json: {} });

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
    expect(body.message).toMatch(/bot is not in this guild/);
  });

  it('an unknown guild: 404 Unknown Guild', async () => {
    expect((await simulate('1999999999999999999')).status).toBe(404);
    expect((await simulate('not-a-guild')).status).toBe(404);
  });

  it('refuses a body that is not JSON (a form posted from another site)', async () => {
    const res = await app.browser().request(simulatePath(guildId), {
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

describe("Simulate ticket under the sandbox's front-door limit", () => {
  it("answers 429 in Discord's shape once an address spends its sandbox budget", async () => {
    const data = tempDataDir();
    const app = await startTestApp({ DATA_DIR: data.dir, SANDBOX_RATE_LIMIT_MAX: '3' });
    try {
      const sandbox = app.app.get(DiscordSandboxService);
      const guildId = sandbox.allGuilds().find((g) => sandbox.hasBot(g.id))!.id;
      const browser = app.browser();
      const statuses: number[] = [];
      let last: { status: number; body: any } | undefined;
      for (let i = 0; i < 4; i++) {
        last = await browser.json(simulatePath(guildId), { method: 'POST', json: {} });
        statuses.push(last.status);
      }
      expect(statuses).toEqual([201, 201, 201, 429]);
      expect(last!.body).toMatchObject({ message: 'You are being rate limited.', global: true });
    } finally {
      await app.close();
      data.remove();
    }
  });
});

describe('Simulate ticket without the sandbox', () => {
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
