import { createHmac } from 'node:crypto';
import pino from 'pino';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { SESSION_COOKIE, SESSION_TTL_MS, Sessions } from '../src/auth/session.js';
import { SESSION_PRUNE_INTERVAL_MS, scheduleSessionPruning } from '../src/auth/session-pruning.js';
import { SIGN_IN_COOKIE, SIGN_IN_LIFETIME_MS, SignInCookieStore } from '../src/auth/sign-in-cookie.js';
import { createStorage, pgliteDirectory } from '../src/storage/create-storage.js';
import type { HttpRequest } from '../src/http/http-types.js';
import { PgliteExecutor } from '../src/storage/pglite.executor.js';
import { startTestApp, tempDataDir } from './support/app.js';
import type { TestBrowser } from './support/browser.js';

type App = Awaited<ReturnType<typeof startTestApp>>;
const SESSION_SECRET = 'a-session-secret-of-at-least-32-characters';

/** Rows of the sessions table, read once the app has stopped (PGlite admits one open instance per directory). */
async function sessionRows(dataDir: string): Promise<{ sid: string }[]> {
  const db = new PgliteExecutor(pgliteDirectory(dataDir));
  try {
    return await db.query<{ sid: string }>('SELECT sid FROM sessions ORDER BY sid');
  } finally {
    await db.close();
  }
}

/** Follows /api/login -> the sandbox's authorize page (approving as `username`) and stops before the callback. */
async function startSignIn(browser: TestBrowser, username = 'demo-owner'): Promise<string> {
  const login = await browser.request('/api/login?returnTo=/manage/1/basic');
  expect(login.status).toBe(302);
  const authorize = new URL(login.headers.get('location')!);
  authorize.searchParams.set('login_as', username);
  const approved = await browser.request(authorize.toString());
  expect(approved.status).toBe(302);
  return approved.headers.get('location')!;
}

describe('sessions: stored once someone signs in, and only while they last', () => {
  const data = tempDataDir();
  afterAll(() => data.remove());

  it('3,000 anonymous GET /api/login store no session: two sign-ins leave two rows', async () => {
    // An app of its own: the rows are read once it has stopped, and only its two sign-ins may be there.
    const app = await startTestApp({ DATA_DIR: data.dir });
    try {
      for (const username of ['demo-owner', 'demo-admin']) {
        const browser = app.browser();
        await browser.signIn(username);
        expect((await browser.json('/api/user')).status).toBe(200);
      }
      for (let batch = 0; batch < 150; batch++) {
        const statuses = await Promise.all(
          Array.from({ length: 20 }, async () => {
            const res = await fetch(`${app.url}/api/login`, { redirect: 'manual' });
            await res.body?.cancel();
            return res.status;
          }),
        );
        expect(statuses.every((s) => s === 302)).toBe(true);
      }
    } finally {
      await app.close();
    }
    const rows = await sessionRows(data.dir);
    console.log(`sessions rows after 2 sign-ins and 3,000 anonymous GET /api/login: ${rows.length}`);
    expect(rows).toHaveLength(2);
  }, 120_000);

  it('deletes expired sessions when the app starts, and keeps live ones', async () => {
    // Stored through the storage port alone, as a stopped app left them; no app needs to run for that.
    const stored = createStorage({ dataDir: data.dir });
    await stored.init();
    try {
      await stored.sessions.set('expired-one', { cookie: {} }, new Date(Date.now() - 1000));
      await stored.sessions.set('live-one', { cookie: {} }, new Date(Date.now() + 60_000));
    } finally {
      await stored.close();
    }
    expect((await sessionRows(data.dir)).map((r) => r.sid)).toContain('expired-one');

    // An app starting on that DATA_DIR prunes at once (and then every SESSION_PRUNE_INTERVAL_MS): starting is the point.
    const second = await startTestApp({ DATA_DIR: data.dir });
    await second.close();
    const sids = (await sessionRows(data.dir)).map((r) => r.sid);
    expect(sids).not.toContain('expired-one');
    expect(sids).toContain('live-one');
  });
});

describe('the sign-in cookie (OAuth2 state and PKCE verifier until Discord sends the browser back)', () => {
  const data = tempDataDir();
  let app: App;
  const store = new SignInCookieStore(SESSION_SECRET, '/api/callback');
  beforeAll(async () => {
    // An app of its own: the suite above stops its apps to read the database. SESSION_SECRET: the test signs cookies.
    app = await startTestApp({ DATA_DIR: data.dir, SESSION_SECRET });
  });
  afterAll(async () => {
    await app?.close();
    data.remove();
  });

  it('is short, signed, httpOnly, SameSite=Lax, sent only to the callback, and no session cookie comes with it', async () => {
    const login = await app.browser().request('/api/login');
    const cookies = login.headers.getSetCookie();
    expect(cookies.some((c) => c.startsWith('guildhall.sid='))).toBe(false);
    const signIn = cookies.find((c) => c.startsWith(`${SIGN_IN_COOKIE}=`))!;
    expect(signIn).toMatch(/; Max-Age=600;/);
    expect(signIn).toMatch(/; Path=\/api\/callback;/);
    expect(signIn).toMatch(/; HttpOnly/);
    expect(signIn).toMatch(/; SameSite=Lax/);
    expect(SIGN_IN_LIFETIME_MS).toBe(600_000);
    // Signed, not encrypted: it names the state Discord echoes back.
    const value = decodeURIComponent(signIn.split(';')[0]!.slice(SIGN_IN_COOKIE.length + 1));
    expect(store.decode(value)?.handle).toBe(new URL(login.headers.get('location')!).searchParams.get('state'));
  });

  it('is cleared at the callback, which signs in and returns to the path given at login', async () => {
    const browser = app.browser();
    const callback = await browser.request(await startSignIn(browser));
    expect(callback.headers.get('location')).toBe('/manage/1/basic');
    expect(callback.headers.getSetCookie().find((c) => c.startsWith(`${SIGN_IN_COOKIE}=;`))).toMatch(/Path=\/api\/callback/);
    expect(browser.cookies.has(SIGN_IN_COOKIE)).toBe(false);
    expect((await browser.json('/api/user')).status).toBe(200);
  });

  it('refuses a sign-in whose cookie was altered, is missing or is older than 10 minutes', async () => {
    const cases: Record<string, (cookie: string) => string | undefined> = {
      altered: (cookie) => {
        const signIn = store.decode(cookie)!;
        const [, mac] = cookie.split('.');
        return `${Buffer.from(JSON.stringify({ ...signIn, returnTo: '/elsewhere' })).toString('base64url')}.${mac}`;
      },
      missing: () => undefined,
      expired: (cookie) => store.encode({ ...store.decode(cookie)!, expiresAt: Date.now() - 1 }),
      'still valid (control)': (cookie) => store.encode({ ...store.decode(cookie)!, expiresAt: Date.now() + 60_000 }),
    };
    const outcomes: Record<string, string | null> = {};
    for (const [name, change] of Object.entries(cases)) {
      const browser = app.browser();
      const callback = await startSignIn(browser);
      const changed = change(decodeURIComponent(browser.cookies.get(SIGN_IN_COOKIE)!));
      if (changed === undefined) browser.cookies.delete(SIGN_IN_COOKIE);
      else browser.cookies.set(SIGN_IN_COOKIE, encodeURIComponent(changed));
      outcomes[name] = (await browser.request(callback)).headers.get('location');
    }
    expect(outcomes).toEqual({
      altered: '/login?error=state',
      missing: '/login?error=state',
      expired: '/login?error=state',
      'still valid (control)': '/manage/1/basic',
    });
  });

  it('then sets the session cookie: httpOnly, SameSite=Lax, the whole site, ending with the session 7 days on', async () => {
    const browser = app.browser();
    const before = Date.now();
    const callback = await browser.request(await startSignIn(browser));
    const session = callback.headers.getSetCookie().find((c) => c.startsWith(`${SESSION_COOKIE}=`))!;
    const attributes = session.split('; ').slice(1);
    expect(attributes).toEqual(expect.arrayContaining(['HttpOnly', 'SameSite=Lax', 'Path=/']));
    // Plain HTTP here; trust-proxy.test.ts asks for Secure behind HTTPS.
    expect(attributes).not.toContain('Secure');
    const expires = Date.parse(attributes.find((a) => a.startsWith('Expires='))!.slice('Expires='.length));
    expect(expires).toBeGreaterThanOrEqual(Math.floor((before + SESSION_TTL_MS) / 1000) * 1000);
    expect(expires).toBeLessThanOrEqual(Date.now() + SESSION_TTL_MS);
  });

  it("signs the session cookie in cookie-signature's format (express-session's sessions still verify), and nothing else", async () => {
    const browser = app.browser();
    await browser.request(await startSignIn(browser));
    const value = decodeURIComponent(browser.cookies.get(SESSION_COOKIE)!);
    const [, sid, mac] = /^s:(.+)\.([^.]+)$/.exec(value)!;
    // cookie-signature's sign(): base64 HMAC-SHA256 of the value, its '=' padding removed.
    expect(mac).toBe(createHmac('sha256', SESSION_SECRET).update(sid!).digest('base64').replace(/=+$/, ''));
    const userWith = async (cookie: string) => {
      browser.cookies.set(SESSION_COOKIE, encodeURIComponent(cookie));
      return (await browser.request('/api/user')).status;
    };
    expect(await userWith(value)).toBe(200);
    // The same sid and signature under another two-character prefix than express-session's 's:' signs nobody in.
    expect(await userWith(`x${value.slice(1)}`)).toBe(401);
    expect(await userWith(`${value.slice(0, -1)}${value.endsWith('A') ? 'B' : 'A'}`)).toBe(401);
  });
});

describe('verified session cookies kept in memory', () => {
  it('holds at most 10,000 at once, however many valid cookies arrive, and still verifies each (a flood cannot grow it)', () => {
    const sessions = new Sessions({} as never, 'a session secret');
    // The cache itself is private: its size is the guarantee asked here.
    const cache = (sessions as unknown as { verified: Map<string, string> }).verified;
    let largest = 0;
    for (let n = 0; n < 10_050; n++) {
      const sid = `session-${n}`;
      if (sessions.unsign(sessions.sign(sid)) !== sid) throw new Error(`${sid} did not verify`);
      largest = Math.max(largest, cache.size);
    }
    expect(largest).toBe(10_000);
    expect(cache.size).toBeLessThan(10_000);
    expect(sessions.unsign(sessions.sign('session-0'))).toBe('session-0');
  });
});

describe('ending a session', () => {
  const data = tempDataDir();
  afterAll(() => data.remove());

  it('removes the row a signed cookie names even when it holds nobody (an express-session row without a user)', async () => {
    const storage = createStorage({ dataDir: data.dir });
    await storage.init();
    try {
      const sessions = new Sessions(storage.sessions, SESSION_SECRET);
      await storage.sessions.set('anonymous-row', { cookie: {} }, new Date(Date.now() + 60_000));
      const req = { cookies: { [SESSION_COOKIE]: sessions.sign('anonymous-row') } } as unknown as HttpRequest;
      await sessions.read(req);
      expect(req.user).toBeUndefined();
      await sessions.end(req);
      expect(await storage.sessions.get('anonymous-row')).toBeNull();
    } finally {
      await storage.close();
    }
  });
});

describe('the pruning schedule', () => {
  afterEach(() => vi.useRealTimers());

  it('prunes at once, then every interval, one prune at a time, until stopped', async () => {
    expect(SESSION_PRUNE_INTERVAL_MS).toBe(60 * 60 * 1000);
    vi.useFakeTimers();
    let finish = () => {};
    const prune = vi.fn(() => new Promise<number>((resolve) => (finish = () => resolve(0))));
    const pruning = scheduleSessionPruning({ prune }, pino({ level: 'silent' }));
    expect(prune).toHaveBeenCalledTimes(1);
    // Still running an hour later: no second prune piles onto the first.
    await vi.advanceTimersByTimeAsync(SESSION_PRUNE_INTERVAL_MS);
    expect(prune).toHaveBeenCalledTimes(1);
    finish();
    await vi.advanceTimersByTimeAsync(SESSION_PRUNE_INTERVAL_MS);
    expect(prune).toHaveBeenCalledTimes(2);
    finish();
    await pruning.stop();
    await vi.advanceTimersByTimeAsync(3 * SESSION_PRUNE_INTERVAL_MS);
    expect(prune).toHaveBeenCalledTimes(2);
  });
});
