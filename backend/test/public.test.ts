import 'reflect-metadata';
import { validateContactResponse, validateTopServerList } from '@guildhall/generated/validators';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DiscordService } from '../src/discord/discord.service.js';
import { CONTACT_COLLECTION, CONTACT_LIMIT } from '../src/public/contact.service.js';
import { TOP_SERVERS_SHOWN } from '../src/public/top-servers.service.js';
import { SANDBOX_CLIENT_ID, SANDBOX_GUILDS } from '@guildhall/sandbox-discord/seed';
import { startTestApp, tempDataDir } from './support/app.js';
import { ClientAt } from './support/network.js';

type App = Awaited<ReturnType<typeof startTestApp>>;
interface TopServer {
  id: string;
  name: string;
  iconURL: string | null;
  memberCount: number;
  boostLevel: number;
  boostCount: number;
}

const goodMessage = (n: number) => ({
  name: `Visitor ${n}`,
  email: `visitor${n}@example.com`,
  subject: 'feedback',
  message: `Message number ${n}: the dashboard is lovely.`,
});

describe('public endpoints over real HTTP (PGlite + Discord sandbox)', () => {
  const data = tempDataDir();
  let app: App;
  beforeAll(async () => {
    app = await startTestApp({ DATA_DIR: data.dir });
  });
  afterAll(async () => {
    await app?.close();
    data.remove();
  });

  /** What the sandbox itself says about a guild, asked the way the bot asks Discord. */
  async function sandboxGuild(id: string) {
    const res = await fetch(`${app.url}/sandbox/discord/api/v10/guilds/${id}?with_counts=true`, {
      headers: { Authorization: `Bot ${app.config.discord.botToken}` },
    });
    expect(res.status).toBe(200);
    return (await res.json()) as { approximate_member_count: number; premium_tier: number; premium_subscription_count: number };
  }

  describe('GET /api/top-servers', () => {
    // First in this file: this app has ranked nothing yet (every contact test below reads /api/top-servers for its
    // anti-forgery cookie). Had a ranking been kept, the answer would be that ranking, 200, and this test would fail.
    it('answers 502 with the reason when Discord fails and no ranking was kept', async () => {
      const failing = vi.spyOn(app.app.get(DiscordService), 'botGuildsWithCounts').mockRejectedValue(new Error('connect ECONNREFUSED'));
      try {
        const { status, body } = await app.browser().json('/api/top-servers');
        expect(status).toBe(502);
        expect(body).toEqual({ success: false, error: expect.stringMatching(/^Discord request failed: .*ECONNREFUSED/) });
      } finally {
        failing.mockRestore();
      }
    });

    it('ranks the guilds the bot is in by member count, largest first, for anonymous visitors, in one Discord refresh', async () => {
      const discord = app.app.get(DiscordService);
      const listCalls = vi.spyOn(discord, 'botGuildsWithCounts');
      // Five visitors at once share one refresh (single flight), and the next ones get the cached ranking.
      const answers = await Promise.all(Array.from({ length: 5 }, () => app.browser().json<TopServer[]>('/api/top-servers')));
      const again = await app.browser().json<TopServer[]>('/api/top-servers');
      expect(listCalls).toHaveBeenCalledTimes(1);
      listCalls.mockRestore();

      const { status, body } = answers[0]!;
      expect(status).toBe(200);
      for (const answer of [...answers, again]) expect(answer.body).toEqual(body);
      expect(Array.isArray(body)).toBe(true);
      expect(validateTopServerList(structuredClone(body)), JSON.stringify(validateTopServerList.errors)).toBe(true);
      expect(body.length).toBeLessThanOrEqual(TOP_SERVERS_SHOWN);

      // The nine largest of the guilds the bot is in, as the sandbox itself counts them.
      const withBot = await Promise.all(
        Object.values(SANDBOX_GUILDS)
          .filter((g) => g.id !== SANDBOX_GUILDS.quietLibrary.id)
          .map(async (g) => ({ id: g.id, members: (await sandboxGuild(g.id)).approximate_member_count as number })),
      );
      expect(withBot.length).toBeGreaterThan(TOP_SERVERS_SHOWN);
      const expected = withBot.sort((a, b) => b.members - a.members).slice(0, TOP_SERVERS_SHOWN);
      expect(body.map((g) => g.id)).toEqual(expected.map((g) => g.id));
      expect(body.map((g) => g.id)).not.toContain(SANDBOX_GUILDS.quietLibrary.id); // the bot is not there

      const counts = body.map((g) => g.memberCount);
      expect(counts).toEqual([...counts].sort((a, b) => b - a));
      for (const server of body) {
        const truth = await sandboxGuild(server.id);
        expect(server).toMatchObject({
          memberCount: truth.approximate_member_count,
          boostLevel: truth.premium_tier,
          boostCount: truth.premium_subscription_count,
        });
        if (server.iconURL) expect(server.iconURL).toMatch(new RegExp(`^https://cdn\\.discordapp\\.com/icons/${server.id}/`));
      }
      expect(body[0]).toMatchObject({ id: SANDBOX_GUILDS.community.id, name: 'Guildhall Community', boostLevel: 2, boostCount: 9 });
    });

    it('keeps answering the last ranking when Discord fails', async () => {
      const discord = app.app.get(DiscordService);
      const before = (await app.browser().json<TopServer[]>('/api/top-servers')).body;
      const failing = vi.spyOn(discord, 'botGuildsWithCounts').mockRejectedValue(new Error('Discord is down'));
      vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 6 * 60 * 1000 }); // past the 5-minute cache
      try {
        const { status, body } = await app.browser().json<TopServer[]>('/api/top-servers');
        expect(failing).toHaveBeenCalled();
        expect(status).toBe(200);
        expect(body).toEqual(before);
      } finally {
        vi.useRealTimers();
        failing.mockRestore();
      }
    });
  });

  describe('POST /api/contact', () => {
    it('refuses a post without the CSRF header (anonymous visitors too)', async () => {
      const browser = app.browser();
      await browser.json('/api/top-servers'); // receives the XSRF-TOKEN cookie
      const { status, body } = await browser.json('/api/contact', { method: 'POST', json: goodMessage(0), csrf: false });
      expect(status).toBe(403);
      expect(body.success).toBe(false);
    });

    it('rejects a bad e-mail address and a missing message at their fields, storing nothing', async () => {
      const browser = app.browser();
      await browser.json('/api/top-servers');
      const bad = await browser.json('/api/contact', { method: 'POST', json: { ...goodMessage(0), email: 'not-an-email' } });
      expect(bad.status).toBe(400);
      expect(bad.body).toEqual({
        success: false,
        error: 'Please check the highlighted fields.',
        fieldErrors: [{ path: '/email', message: 'Please enter a valid email address' }],
      });
      const { message: _message, ...withoutMessage } = goodMessage(0);
      const missing = await browser.json('/api/contact', { method: 'POST', json: { ...withoutMessage, subject: 'sales' } });
      expect(missing.status).toBe(400);
      expect(missing.body.fieldErrors).toEqual(
        expect.arrayContaining([
          { path: '/message', message: 'This field is required' },
          { path: '/subject', message: 'Please choose a subject: support, billing, feedback or other' },
        ]),
      );
      const blank = await browser.json('/api/contact', { method: 'POST', json: { ...goodMessage(0), name: '   ' } });
      expect(blank.body.fieldErrors).toEqual([{ path: '/name', message: 'Please enter your name' }]);
      expect(await app.storage.records.list(CONTACT_COLLECTION)).toEqual([]);
    });

    it('stores a good message and answers its id', async () => {
      const browser = app.browser();
      await browser.json('/api/top-servers');
      const { status, body } = await browser.json('/api/contact', { method: 'POST', json: goodMessage(1) });
      expect(status).toBe(200);
      expect(validateContactResponse(structuredClone(body))).toBe(true);
      const stored = await app.storage.records.get(CONTACT_COLLECTION, body.id);
      expect(stored?.data).toEqual({ ...goodMessage(1), userId: null });
    });

    it("records the signed-in sender's id", async () => {
      const browser = app.browser();
      await browser.signIn('demo-admin');
      const user = (await browser.json('/api/user')).body;
      const { status, body } = await browser.json('/api/contact', { method: 'POST', json: goodMessage(2) });
      expect(status).toBe(200);
      expect((await app.storage.records.get(CONTACT_COLLECTION, body.id))?.data).toMatchObject({ userId: user.id });
    });

    it('allows 5 messages an hour from one address, then answers 429 with Retry-After', async () => {
      const browser = app.browser();
      await browser.json('/api/top-servers');
      // Two were sent from this address above; invalid posts do not count.
      for (let n = 3; n <= CONTACT_LIMIT.max; n++) {
        expect((await browser.json('/api/contact', { method: 'POST', json: goodMessage(n) })).status).toBe(200);
      }
      const refused = await browser.json('/api/contact', { method: 'POST', json: goodMessage(99) });
      expect(refused.status).toBe(429);
      expect(refused.body.error).toMatch(/try again in \d+ minutes?/i);
      const retryAfter = Number(refused.res.headers.get('retry-after'));
      expect(retryAfter).toBeGreaterThan(0);
      expect(retryAfter).toBeLessThanOrEqual(3600);
      expect(await app.storage.records.list(CONTACT_COLLECTION)).toHaveLength(CONTACT_LIMIT.max);
    });
  });

  it('GET /api/invite sends the browser to the configured authorize page (here the sandbox) to add the bot with Administrator', async () => {
    const res = await app.browser().request('/api/invite');
    expect(res.status).toBe(302);
    const url = new URL(res.headers.get('location')!);
    expect(url.origin + url.pathname).toBe(app.config.discord.authorizeUrl);
    expect(Object.fromEntries(url.searchParams)).toEqual({
      client_id: SANDBOX_CLIENT_ID,
      scope: 'bot applications.commands',
      permissions: '8',
    });
  });

  // After the contact suite above, which counts every message stored: this one stores five more.
  describe('the contact limit also counts the e-mail address (several client addresses)', () => {
    it('refuses a sixth message for one e-mail address sent from six addresses', async () => {
      // Clients at addresses of their own (127.0.0.0/8 is all loopback), none of which sent anything yet.
      const send = async (address: string) => {
        const client = new ClientAt(address, app.url);
        await client.request('/api/top-servers'); // the XSRF-TOKEN cookie
        return client.request('/api/contact', { method: 'POST', json: goodMessage(7) });
      };
      for (let n = 1; n <= CONTACT_LIMIT.max; n++) expect((await send(`127.0.0.${110 + n}`)).status).toBe(200);
      expect((await send('127.0.0.199')).status).toBe(429);
    });
  });
});
