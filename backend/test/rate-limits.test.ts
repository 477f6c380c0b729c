/**
 * Every dynamic route is rate limited, not only /api: a flood of the Discord sandbox's viewer or CDN slowed
 * everyone else down. Each route family, asked from a client address of its own (127.0.0.0/8 is all loopback),
 * answers 429 with Retry-After once its budget is spent; the app's own calls to the sandbox (from its internal
 * address, with the bot's or a user's token) are not counted with anybody else's.
 */
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { startTestApp, tempDataDir } from './support/app.js';
import { ClientAt, requestFrom } from './support/network.js';

type App = Awaited<ReturnType<typeof startTestApp>>;

/** Discord's global limit: 50 requests a second per token (the sandbox emulates it per token and address). */
const DISCORD_GLOBAL_LIMIT = 50;
const RATE_LIMIT_MAX = 6;
const SANDBOX_RATE_LIMIT_MAX = 9;
const discordRateLimited = { message: 'You are being rate limited.', retry_after: expect.any(Number), global: true, code: 0 };
const apiRateLimited = { success: false, error: expect.stringMatching(/^Too many requests/) };

describe('every dynamic route family answers 429 once a client spends its budget', () => {
  const data = tempDataDir();
  let app: App;
  /** When set, the Discord sandbox's clock stands there: no window of its ends while a test holds it. */
  let heldAt: number | undefined;
  beforeAll(async () => {
    app = await startTestApp(
      {
        DATA_DIR: data.dir,
        RATE_LIMIT_MAX: String(RATE_LIMIT_MAX),
        SANDBOX_RATE_LIMIT_MAX: String(SANDBOX_RATE_LIMIT_MAX),
      },
      { discordSandboxNow: () => heldAt ?? Date.now() },
    );
  });
  afterAll(async () => {
    await app?.close();
    data.remove();
  });

  const families = [
    { family: 'the API', path: '/api/schemas', limit: RATE_LIMIT_MAX, refused: apiRateLimited },
    { family: 'liveness', path: '/healthz', limit: RATE_LIMIT_MAX, refused: apiRateLimited },
    { family: 'readiness', path: '/readyz', limit: RATE_LIMIT_MAX, refused: apiRateLimited },
    {
      family: 'sandbox REST, no token',
      path: '/sandbox/discord/api/v10/users/@me',
      limit: SANDBOX_RATE_LIMIT_MAX,
      refused: discordRateLimited,
    },
    {
      family: 'sandbox REST, bad token',
      path: '/sandbox/discord/api/v10/users/@me',
      auth: 'Bot nope',
      limit: SANDBOX_RATE_LIMIT_MAX,
      refused: discordRateLimited,
    },
    {
      family: 'sandbox OAuth2 authorize page',
      path: '/sandbox/discord/oauth2/authorize',
      limit: SANDBOX_RATE_LIMIT_MAX,
      refused: discordRateLimited,
    },
    {
      family: 'sandbox OAuth2 token endpoint',
      path: '/sandbox/discord/api/oauth2/token',
      method: 'POST',
      limit: SANDBOX_RATE_LIMIT_MAX,
      refused: discordRateLimited,
    },
    { family: 'sandbox viewer', path: '/sandbox/discord/viewer/guilds', limit: SANDBOX_RATE_LIMIT_MAX, refused: discordRateLimited },
    { family: 'sandbox CDN', path: '/sandbox/discord/cdn/embed/avatars/0.png', limit: SANDBOX_RATE_LIMIT_MAX, refused: discordRateLimited },
    { family: 'sandbox, unknown path', path: '/sandbox/discord/nothing-here', limit: SANDBOX_RATE_LIMIT_MAX, refused: discordRateLimited },
  ];

  it.each(families.map((row, i) => ({ ...row, address: `127.0.0.${20 + i}` })))(
    '$family ($path) from $address: $limit answers, then 429',
    async ({ path, auth, method, limit, refused, address }) => {
      const headers: Record<string, string> = auth ? { authorization: auth } : {};
      const ask = () => requestFrom(address, `${app.url}${path}`, { method, headers });
      for (let n = 1; n <= limit; n++) expect({ n, status: (await ask()).status }).not.toEqual({ n, status: 429 });
      const res = await ask();
      expect(res.status).toBe(429);
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
      expect(JSON.parse(res.body)).toEqual(refused);
    },
  );

  it("sandbox REST with a valid token: Discord's global limit per token and address", async () => {
    const address = '127.0.0.40';
    const asBot = () =>
      requestFrom(address, `${app.url}/sandbox/discord/api/v10/users/@me`, {
        headers: { authorization: `Bot ${app.config.discord.botToken}` },
      });
    // The sandbox's clock held, so they all fall in one window of a second however long the machine takes.
    heldAt = Date.now();
    onTestFinished(() => void (heldAt = undefined));
    const answers = await Promise.all(Array.from({ length: DISCORD_GLOBAL_LIMIT * 2 }, asBot));
    const refused = answers.filter((r) => r.status === 429);
    expect(refused.length).toBeGreaterThan(0);
    expect(answers.filter((r) => r.status === 200).length).toBe(DISCORD_GLOBAL_LIMIT);
    expect(refused[0]!.headers['x-ratelimit-global']).toBe('true');
    expect(JSON.parse(refused[0]!.body)).toEqual(discordRateLimited);
  });
});

describe("the app's own calls to the sandbox are not anybody else's budget", () => {
  const data = tempDataDir();
  let app: App;
  const SANDBOX_MAX = 20;
  beforeAll(async () => {
    // An instance of its own: the user below makes more API requests than the suite above allows (RATE_LIMIT_MAX).
    // Discord's own guild-list budget too (5 per 5 s), which the flooder spends with the bot's token.
    app = await startTestApp({ DATA_DIR: data.dir, SANDBOX_RATE_LIMIT_MAX: String(SANDBOX_MAX), SANDBOX_GUILDS_RATE_LIMIT: '5' });
  });
  afterAll(async () => {
    await app?.close();
    data.remove();
  });

  it('a signed-in user keeps using the dashboard while another address floods the sandbox, even with the bot token', async () => {
    const flooder = '127.0.0.50';
    const flood = async (path: string, headers: Record<string, string> = {}) => {
      const statuses = await Promise.all(
        Array.from({ length: SANDBOX_MAX * 3 }, () => requestFrom(flooder, `${app.url}${path}`, { headers }).then((r) => r.status)),
      );
      return statuses.filter((s) => s === 429).length;
    };
    expect(await flood('/sandbox/discord/viewer/guilds')).toBe(SANDBOX_MAX * 2);
    expect(await flood('/sandbox/discord/cdn/embed/avatars/1.png')).toBe(SANDBOX_MAX * 3);
    expect(
      await flood('/sandbox/discord/api/v10/users/@me/guilds', { authorization: `Bot ${app.config.discord.botToken}` }),
    ).toBeGreaterThan(0);

    // Signing in (the authorize page from the user's address; the code exchange and the profile from the app's),
    // then the dashboard: the user's guilds with their bearer token, channels and roles with the bot's.
    const user = new ClientAt('127.0.0.51', app.url);
    const login = await user.request('/api/login');
    const authorize = new URL(login.headers.location!);
    authorize.searchParams.set('login_as', 'demo-owner');
    const approved = await user.request(authorize.pathname + authorize.search);
    expect(approved.status).toBe(302);
    const callback = new URL(approved.headers.location!);
    expect((await user.request(callback.pathname + callback.search)).headers.location).toBe('/selector');

    for (let round = 0; round < 3; round++) {
      const me = await user.request('/api/user');
      expect(me.status).toBe(200);
      const managed = (JSON.parse(me.body) as { guilds: { id: string; settingsUrl: string }[] }).guilds.find((g) =>
        g.settingsUrl.startsWith('/manage/'),
      );
      expect(managed, 'the app could still list the guilds the bot is in').toBeDefined();
      for (const part of ['', '/channels', '/roles', '/stats']) {
        expect({ part, status: (await user.request(`/api/guild/${managed!.id}${part}`)).status }).toEqual({ part, status: 200 });
      }
    }
    // And the user's own browser still reaches the sandbox's pages.
    expect((await user.request('/sandbox/discord/viewer/guilds')).status).toBe(200);
  });
});
