/**
 * Transcripts are real data: the bot uploads a closed ticket's transcript through the bot API with its own credential
 * (never a user session), and a manager lists, searches, downloads (html, txt, json) and deletes them; a retention
 * job removes those older than the guild's retention.
 */
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { announceBotApiToken, loadConfig } from '../src/app.js';
import { BOT_NOT_IN_GUILD } from '../src/bot-api/bot-guild.guard.js';
import { IN_THE_FUTURE } from '../src/bot-api/bot-timestamps.js';
import { SANDBOX_GUILDS } from '@guildhall/sandbox-discord/seed';
import { TRANSCRIPT_BODIES, TRANSCRIPT_CAP, TRANSCRIPTS, type TranscriptEntry } from '../src/transcripts/transcripts.service.js';
import type { TestBrowser } from './support/browser.js';
import { startTestApp, tempDataDir } from './support/app.js';

type App = Awaited<ReturnType<typeof startTestApp>>;

const XSS_CONTENT = '<script>alert(1)</script>\nsecond line';
const XSS_NAME = '"><img src=x onerror=alert(1)>';
const JS_URL = 'javascript:alert(document.cookie)';
const daysAgo = (days: number) => new Date(Date.now() - days * 24 * 60 * 60 * 1000).toISOString();

function upload(ticketId: string, username: string, closedAt = new Date().toISOString()) {
  return {
    ticketId,
    channelName: `ticket-${username}`.toLowerCase().slice(0, 100),
    openedBy: { id: '1100000000000000101', username },
    closedBy: { id: '1100000000000000102', username: 'support-sam' },
    openedAt: daysAgo(0.01),
    closedAt,
    messages: [
      {
        id: '1200000000000000001',
        author: { id: '1100000000000000101', username, global_name: XSS_NAME, avatar: null },
        content: XSS_CONTENT,
        timestamp: '2026-11-22T15:30:23.726000+00:00',
        attachments: [
          { filename: 'evil.html', size: 12, content_type: 'text/html', url: JS_URL },
          {
            filename: 'screenshot.png',
            size: 2048,
            content_type: 'image/png',
            url: 'https://cdn.discordapp.com/attachments/1/2/screenshot.png',
          },
        ],
      },
      {
        id: '1200000000000000002',
        author: { id: '1100000000000000999', username: 'Guildhall', bot: true },
        content: 'Ticket closed.',
        timestamp: '2026-11-22T15:31:00.000000+00:00',
        embeds: [{ title: 'Closed', description: 'by support-sam' }],
        attachments: [],
      },
    ],
  };
}

// One app for the file's tests that run on the default configuration; each describe works in guilds of its own.
const data = tempDataDir();
let app: App;
beforeAll(async () => {
  app = await startTestApp({ DATA_DIR: data.dir });
});
afterAll(async () => {
  await app?.close();
  data.remove();
});

describe('Ticket transcripts: the bot uploads, a manager lists, downloads and deletes, retention removes old ones', () => {
  let owner: TestBrowser;
  let guildId: string;
  let otherGuildId: string;
  let bot: Record<string, string>;
  const postAsBot = (guild: string, json: unknown, headers: Record<string, string> = bot) =>
    app.browser().json(`/api/bot/v1/guilds/${guild}/transcripts`, { method: 'POST', json, headers });

  beforeAll(async () => {
    // The sandbox made a token for this process (printed at start-up outside production).
    expect(app.config.botApiTokenGenerated).toBe(true);
    bot = { authorization: `Bot ${app.config.botApiToken}` };
    owner = app.browser();
    await owner.signIn('demo-owner');
    const managed = (await owner.json('/api/user')).body.guilds.filter((g: { settingsUrl: string }) =>
      g.settingsUrl.startsWith('/manage/'),
    );
    guildId = managed[0].id;
    otherGuildId = managed[1].id;
  });

  describe('the bot API takes only the bot credential', () => {
    it('uploads with the bot credential: 201 with the transcript as the table lists it', async () => {
      const { status, body } = await postAsBot(guildId, upload('0001', 'Alice'));
      expect(status).toBe(201);
      expect(body).toEqual({
        success: true,
        transcript: {
          id: expect.any(String),
          ticketId: '0001',
          userName: 'Alice',
          createdAt: expect.any(String),
          size: expect.any(Number),
        },
      });
      expect(body.transcript.size).toBeGreaterThan(500);
    });

    it('without the credential, or with a wrong one: 401', async () => {
      for (const headers of [
        {} as Record<string, string>,
        { authorization: 'Bot wrong-token-wrong-token-wrong-token' },
        { authorization: app.config.botApiToken },
      ]) {
        const { status, body } = await postAsBot(guildId, upload('0002', 'Bob'), headers);
        expect(status).toBe(401);
        expect(body).toEqual({ success: false, error: expect.stringMatching(/bot credential/) });
      }
    });

    it('a signed-in manager with a session and the CSRF header is still 401: a session never opens the bot API', async () => {
      const { status } = await owner.json(`/api/bot/v1/guilds/${guildId}/transcripts`, { method: 'POST', json: upload('0003', 'Eve') });
      expect(status).toBe(401);
      const list = await owner.json(`/api/guild/${guildId}/tickets/transcripts?q=0003`);
      expect(list.body.transcripts).toEqual([]);
    });

    it('answers a bot request as the bot API whatever the case of its path, and sets no session or CSRF cookie', async () => {
      const path = `/API/Bot/V1/guilds/${guildId}/transcripts`;
      const client = app.browser();
      expect((await client.json(path, { method: 'POST', json: upload('0005', 'Case') })).status).toBe(401);
      expect((await client.json(path, { method: 'POST', json: upload('0005', 'Case'), headers: bot })).status).toBe(201);
      expect([...client.cookies.keys()]).toEqual([]);
      expect((await client.json('/api/bot/v1/nothing-here')).status).toBe(401);
    });

    it('a bad body: 400 with the fields named', async () => {
      const bad = upload('', 'Carol') as Record<string, unknown>;
      (bad.messages as { content: string }[])[0]!.content = 'x'.repeat(2001);
      delete bad.closedAt;
      const { status, body } = await postAsBot(guildId, bad);
      expect(status).toBe(400);
      expect(body.success).toBe(false);
      const paths = body.fieldErrors.map((e: { path: string }) => e.path);
      expect(paths).toEqual(expect.arrayContaining(['/ticketId', '/messages/0/content', '/closedAt']));
    });

    it('takes a transcript larger than the 100 KB other routes accept (the bot API reads up to 16 MB)', async () => {
      const big = upload('0004', 'Dana');
      big.messages = Array.from({ length: 300 }, (_, i) => ({
        ...big.messages[1]!,
        id: String(1300000000000000000n + BigInt(i)),
        content: 'y'.repeat(1000),
      }));
      const { status } = await postAsBot(guildId, big);
      expect(status).toBe(201);
      // Without the credential the small limit (and the 401) stands.
      expect((await postAsBot(guildId, big, {})).status).toBe(401);
    });
  });

  describe('the bot API keeps transcripts only for guilds with the bot, closed in the past, up to the cap', () => {
    const minutesAhead = (minutes: number) => new Date(Date.now() + minutes * 60 * 1000).toISOString();
    const storedFor = (guild: string) => app.storage.records.count(TRANSCRIPTS, { guildId: guild });

    it('a guild without the bot, or one that does not exist: 404 with the reason, and nothing is stored', async () => {
      for (const guild of [SANDBOX_GUILDS.quietLibrary.id, '1100000000000099999']) {
        const { status, body } = await postAsBot(guild, upload('0700', 'Nobody'));
        expect({ guild, status, body }).toEqual({ guild, status: 404, body: { success: false, error: BOT_NOT_IN_GUILD } });
        expect(await storedFor(guild)).toBe(0);
        expect(await app.storage.records.count(TRANSCRIPT_BODIES, { guildId: guild })).toBe(0);
      }
      const malformed = await postAsBot('not-a-guild', upload('0701', 'Nobody'));
      expect(malformed.status).toBe(400);
      expect(malformed.body.fieldErrors).toEqual([{ path: '/guildId', message: expect.any(String) }]);
    });

    it('closed or opened more than 5 minutes ahead of the server clock: 400 at the field; 4 minutes ahead (clock skew) is taken', async () => {
      const before = await storedFor(guildId);
      const farFuture = await postAsBot(guildId, upload('0702', 'Marty', '2999-01-01T00:00:00.000Z'));
      expect(farFuture.status).toBe(400);
      expect(farFuture.body.fieldErrors).toEqual([{ path: '/closedAt', message: IN_THE_FUTURE }]);
      const opened = { ...upload('0703', 'Marty', minutesAhead(10)), openedAt: minutesAhead(6) };
      expect((await postAsBot(guildId, opened)).body.fieldErrors).toEqual([
        { path: '/openedAt', message: IN_THE_FUTURE },
        { path: '/closedAt', message: IN_THE_FUTURE },
      ]);
      expect(await storedFor(guildId)).toBe(before);
      expect((await postAsBot(guildId, upload('0704', 'Marty', minutesAhead(4)))).status).toBe(201);
    });

    it(`keeps the newest ${TRANSCRIPT_CAP} per guild: the upload past the cap deletes the oldest, body and all, in the same request`, async () => {
      const guild = SANDBOX_GUILDS.nightOwls.id;
      const first = (await postAsBot(guild, upload('0800', 'First'))).body.transcript.id as string;
      const entry: TranscriptEntry = { ticketId: '0801', userName: 'Filler', createdAt: new Date().toISOString(), size: 1 };
      for (let written = 1; written < TRANSCRIPT_CAP; written += 250) {
        const batch = Math.min(250, TRANSCRIPT_CAP - written);
        await Promise.all(Array.from({ length: batch }, () => app.storage.records.insert(TRANSCRIPTS, { guildId: guild, data: entry })));
      }
      expect(await storedFor(guild)).toBe(TRANSCRIPT_CAP);
      const newest = await postAsBot(guild, upload('0802', 'Newest'));
      expect(newest.status).toBe(201);
      expect(await storedFor(guild)).toBe(TRANSCRIPT_CAP);
      expect(await app.storage.records.get(TRANSCRIPTS, first)).toBeNull();
      expect(await app.storage.records.get(TRANSCRIPT_BODIES, first)).toBeNull();
      expect(await app.storage.records.get(TRANSCRIPTS, newest.body.transcript.id)).not.toBeNull();
      // Another guild's transcripts are not counted against this one's cap.
      expect(await storedFor(guildId)).toBeGreaterThan(0);
    });
  });

  describe('the dashboard', () => {
    let aliceId: string;
    beforeAll(async () => {
      await postAsBot(guildId, upload('0010', 'Zed', '2026-01-15T10:00:00.000Z'));
      await postAsBot(guildId, upload('0011', 'zoe', '2026-02-20T10:00:00.000Z'));
      await postAsBot(otherGuildId, upload('0012', 'Mallory'));
      const list = await owner.json(`/api/guild/${guildId}/tickets/transcripts?q=alice`);
      aliceId = list.body.transcripts[0].id;
    });

    it('lists the guild transcripts newest first (Ticket ID, User, Created, Size), not other guilds', async () => {
      const { status, body } = await owner.json(`/api/guild/${guildId}/tickets/transcripts`);
      expect(status).toBe(200);
      expect(body.success).toBe(true);
      const ids = body.transcripts.map((t: { ticketId: string }) => t.ticketId);
      expect(ids).toContain('0001');
      expect(ids).not.toContain('0012');
      const dates = body.transcripts.map((t: { createdAt: string }) => t.createdAt);
      expect(dates).toEqual([...dates].sort().reverse());
      for (const t of body.transcripts) expect(Object.keys(t).sort()).toEqual(['createdAt', 'id', 'size', 'ticketId', 'userName']);
    });

    it('searches ticket id or user name, case-insensitive', async () => {
      const search = async (q: string) =>
        (await owner.json(`/api/guild/${guildId}/tickets/transcripts?q=${encodeURIComponent(q)}`)).body.transcripts.map(
          (t: { ticketId: string }) => t.ticketId,
        );
      expect(await search('ALICE')).toEqual(['0001']);
      expect(await search('z')).toEqual(['0011', '0010']);
      expect(await search('0011')).toEqual(['0011']);
      expect(await search('nobody')).toEqual([]);
    });

    it('filters by the start of the created date', async () => {
      const byDate = async (date: string) =>
        (await owner.json(`/api/guild/${guildId}/tickets/transcripts?date=${date}`)).body.transcripts.map(
          (t: { ticketId: string }) => t.ticketId,
        );
      expect(await byDate('2026-01-15')).toEqual(['0010']);
      expect(await byDate('2026-02')).toEqual(['0011']);
      const message = 'date must be the start of a date, e.g. 2026-11-22';
      expect(await owner.json(`/api/guild/${guildId}/tickets/transcripts?date=<x>`)).toMatchObject({
        status: 400,
        body: { success: false, error: message, fieldErrors: [{ path: '/date', message }] },
      });
    });

    it('downloads html that looks like the channel, with every user-written string escaped', async () => {
      const res = await owner.request(`/api/guild/${guildId}/tickets/transcripts/${aliceId}/download?format=html`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
      expect(res.headers.get('content-disposition')).toBe(`attachment; filename="transcript_${aliceId}.html"`);
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('content-security-policy')).toMatch(/default-src 'none'/);
      expect(res.headers.get('content-security-policy')).not.toMatch(/script-src/);
      const html = await res.text();
      expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;\nsecond line');
      expect(html).toContain('&quot;&gt;&lt;img src=x onerror=alert(1)&gt;');
      expect(html).not.toMatch(/<script|<img|onerror=alert\(1\)>/i);
      // The javascript: attachment is shown as text, never a link; the https one is a link.
      expect(html).not.toMatch(/href="javascript:/i);
      expect(html).toContain('javascript:alert(document.cookie)');
      expect(html).toContain('href="https://cdn.discordapp.com/attachments/1/2/screenshot.png"');
      expect(html).toContain('#ticket-alice');
      expect(html).toContain('class="avatar"');
      expect(html).toContain('2026-11-22 15:30 UTC');
    });

    it('downloads txt and json', async () => {
      const txt = await owner.request(`/api/guild/${guildId}/tickets/transcripts/${aliceId}/download?format=txt`);
      expect(txt.headers.get('content-type')).toBe('text/plain; charset=utf-8');
      expect(txt.headers.get('content-disposition')).toBe(`attachment; filename="transcript_${aliceId}.txt"`);
      const text = await txt.text();
      expect(text).toContain('Ticket: 0001 (#ticket-alice)');
      expect(text).toContain(`[2026-11-22T15:30:23.726000+00:00] ${XSS_NAME} (Alice, 1100000000000000101)`);
      expect(text).toContain('  <script>alert(1)</script>\n  second line');
      expect(text).toContain('[attachment] screenshot.png (2.0 KB)');

      const json = await owner.request(`/api/guild/${guildId}/tickets/transcripts/${aliceId}/download?format=json`);
      expect(json.headers.get('content-type')).toBe('application/json; charset=utf-8');
      expect(json.headers.get('content-disposition')).toBe(`attachment; filename="transcript_${aliceId}.json"`);
      const body = (await json.json()) as { messages: { content: string }[] };
      expect(body).toMatchObject({ id: aliceId, ticketId: '0001', openedBy: { username: 'Alice' } });
      expect(body.messages[0].content).toBe(XSS_CONTENT);
    });

    it('without a format, downloads html (the default format); an unknown format is 400', async () => {
      const res = await owner.request(`/api/guild/${guildId}/tickets/transcripts/${aliceId}/download`);
      expect(res.headers.get('content-disposition')).toBe(`attachment; filename="transcript_${aliceId}.html"`);
      await res.body?.cancel();
      expect((await owner.json(`/api/guild/${guildId}/tickets/transcripts/${aliceId}/download?format=pdf`)).status).toBe(400);
    });

    it("another guild's transcript id is 404 there, as is an unknown id", async () => {
      const other = (await owner.json(`/api/guild/${otherGuildId}/tickets/transcripts`)).body.transcripts[0].id;
      expect((await owner.json(`/api/guild/${guildId}/tickets/transcripts/${other}/download`)).status).toBe(404);
      expect((await owner.json(`/api/guild/${guildId}/tickets/transcripts/${other}`, { method: 'DELETE' })).status).toBe(404);
      expect((await owner.json(`/api/guild/${guildId}/tickets/transcripts/nope/download`)).body).toEqual({
        success: false,
        error: 'Transcript not found',
      });
    });

    it('signed out: 401; a user who may not manage the guild: 403', async () => {
      expect((await app.browser().json(`/api/guild/${guildId}/tickets/transcripts`)).status).toBe(401);
      const member = app.browser();
      await member.signIn('demo-member');
      expect((await member.json(`/api/guild/${guildId}/tickets/transcripts`)).status).toBe(403);
    });

    it('deletes a transcript', async () => {
      const { status, body } = await owner.json(`/api/guild/${guildId}/tickets/transcripts/${aliceId}`, { method: 'DELETE' });
      expect(status).toBe(200);
      expect(body).toEqual({ success: true });
      expect((await owner.json(`/api/guild/${guildId}/tickets/transcripts?q=alice`)).body.transcripts).toEqual([]);
      expect((await owner.json(`/api/guild/${guildId}/tickets/transcripts/${aliceId}`, { method: 'DELETE' })).status).toBe(404);
      expect(await app.storage.records.get('transcript-bodies', aliceId)).toBeNull();
    });
  });

  it('retention removes a transcript older than the retention days (30 by default) and keeps a recent one', async () => {
    const old = (await postAsBot(guildId, upload('0100', 'Oldie', daysAgo(31)))).body.transcript.id;
    const recent = (await postAsBot(guildId, upload('0101', 'Newbie', daysAgo(29)))).body.transcript.id;
    await app.transcriptRetention.run();
    const ids = (await owner.json(`/api/guild/${guildId}/tickets/transcripts`)).body.transcripts.map((t: { id: string }) => t.id);
    expect(ids).not.toContain(old);
    expect(ids).toContain(recent);
    // The stored body goes with it.
    expect(await app.storage.records.get('transcript-bodies', old)).toBeNull();
    expect(await app.storage.records.get('transcript-bodies', recent)).not.toBeNull();
  });
});

describe("the guild's transcripts settings: the download's format and the retention", () => {
  let owner: TestBrowser;
  /** A guild of its own, with its own settings (txt, 7 days): demo-admin is an Administrator of Retro Arcade. */
  const guildId = SANDBOX_GUILDS.retroArcade.id;
  const bot = () => ({ authorization: `Bot ${app.config.botApiToken}` });
  beforeAll(async () => {
    owner = app.browser();
    await owner.signIn('demo-admin');
    expect(
      (await owner.json('/api/user')).body.guilds.find((g: { id: string; settingsUrl: string }) => g.id === guildId)?.settingsUrl,
    ).toMatch(/^\/manage\//);
    const url = `/api/guild/${guildId}/settings/transcripts`;
    const read = await owner.json(url);
    const saved = await owner.json(url, {
      method: 'PUT',
      json: { version: read.body.version, settings: { ...read.body.settings, format: 'txt', retentionDays: 7 } },
    });
    expect(saved.status).toBe(200);
  });

  it('downloads in the configured format when none is asked for; an asked format still wins', async () => {
    const id = (
      await app.browser().json(`/api/bot/v1/guilds/${guildId}/transcripts`, { method: 'POST', json: upload('0300', 'Fay'), headers: bot() })
    ).body.transcript.id;
    const plain = await owner.request(`/api/guild/${guildId}/tickets/transcripts/${id}/download`);
    expect(plain.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(plain.headers.get('content-disposition')).toBe(`attachment; filename="transcript_${id}.txt"`);
    expect(await plain.text()).toContain('Ticket: 0300');
    const html = await owner.request(`/api/guild/${guildId}/tickets/transcripts/${id}/download?format=html`);
    expect(html.headers.get('content-type')).toBe('text/html; charset=utf-8');
    await html.body?.cancel();
  });

  it("retention follows the guild's retentionDays (7): an 8-day-old transcript goes, a 6-day-old one stays", async () => {
    const post = async (ticketId: string, closedAt: string) =>
      (
        await app.browser().json(`/api/bot/v1/guilds/${guildId}/transcripts`, {
          method: 'POST',
          json: upload(ticketId, 'Gus', closedAt),
          headers: bot(),
        })
      ).body.transcript.id as string;
    const old = await post('0301', daysAgo(8));
    const recent = await post('0302', daysAgo(6));
    await app.transcriptRetention.run();
    const ids = (await owner.json(`/api/guild/${guildId}/tickets/transcripts`)).body.transcripts.map((t: { id: string }) => t.id);
    expect(ids).not.toContain(old);
    expect(ids).toContain(recent);
  });
});

describe('the bot API token', () => {
  // An app of its own: the token is configuration (env), read at start-up.
  it('BOT_API_TOKEN set: that token opens the bot API, and it is not flagged as generated', async () => {
    const data = tempDataDir();
    const token = 'a-configured-bot-api-token-of-40-chars!!';
    const app = await startTestApp({ DATA_DIR: data.dir, BOT_API_TOKEN: token });
    try {
      expect(app.config.botApiTokenGenerated).toBe(false);
      const guild = SANDBOX_GUILDS.community.id;
      const ok = await app.browser().json(`/api/bot/v1/guilds/${guild}/transcripts`, {
        method: 'POST',
        json: upload('0200', 'Tess'),
        headers: { authorization: `Bot ${token}` },
      });
      expect(ok.status).toBe(201);
    } finally {
      await app.close();
      data.remove();
    }
  });
});

describe('the sandbox bot API token reaches the start-up log only outside production', () => {
  const logged = (env: Record<string, string>) => {
    const lines: string[] = [];
    const config = loadConfig(env);
    announceBotApiToken(config, pino({ level: 'info' }, { write: (line: string) => lines.push(line) }));
    return { config, text: lines.join('') };
  };

  it('sandbox, not production: printed once, labelled', () => {
    const { config, text } = logged({});
    expect(text).toContain(config.botApiToken);
    expect(text).toContain('Sandbox bot API token');
  });

  it('production demo (SANDBOX=on): a made token is never logged, and the log says the bot API is shut', () => {
    const { config, text } = logged({ NODE_ENV: 'production', SANDBOX: 'on', SESSION_SECRET: 'x'.repeat(40) });
    expect(text).not.toContain(config.botApiToken);
    expect(text).toContain('BOT_API_TOKEN is not set');
  });

  it('a configured BOT_API_TOKEN is never logged', () => {
    const token = 'configured-token-configured-token-123456';
    const { text } = logged({ BOT_API_TOKEN: token });
    expect(text).toBe('');
  });

  it('BOT_API_TOKEN shorter than 32 characters stops the app with the schema message', () => {
    expect(() => loadConfig({ BOT_API_TOKEN: 'short' })).toThrow(/BOT_API_TOKEN must be 32 to 512 characters/);
  });
});
