// Sessions with several instances on one PostgreSQL server: a session is a database row read through each instance's
// read cache, so signing out on one instance is refused by another once READ_CACHE_TTL_MS has passed, and a session
// outlives the instance that made it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, tempDataDir } from './support/app.js';
import type { TestBrowser } from './support/browser.js';
import { findPostgresBinaries, startPostgresServer, type PostgresServer } from '../../scripts/support/postgres-server.mjs';

const TTL_MS = 400;
const binaries = findPostgresBinaries();
const ci = Boolean(process.env.CI) && !['0', 'false'].includes(process.env.CI!.toLowerCase());

/** The same browser's cookies, sent to another instance (as a load balancer would send them). */
function sameCookiesAt(app: { browser(): TestBrowser }, from: TestBrowser): TestBrowser {
  const browser = app.browser();
  for (const [name, value] of from.cookies) browser.cookies.set(name, value);
  return browser;
}

// Outside CI a machine without PostgreSQL reports this suite as skipped; in CI it must run, and fails.
describe.skipIf(!binaries && !ci)('sessions across instances (PostgreSQL server, read cache on)', () => {
  let server: PostgresServer | undefined;
  let first: Awaited<ReturnType<typeof startTestApp>>;
  let second: Awaited<ReturnType<typeof startTestApp>>;
  const dirs = [tempDataDir(), tempDataDir(), tempDataDir()];
  let env: Record<string, string>;

  beforeAll(async () => {
    if (!binaries) throw new Error('CI is set, so this suite cannot be skipped, but initdb/pg_ctl were not found: install postgresql.');
    server = await startPostgresServer();
    env = { DATABASE_URL: server.url, READ_CACHE_TTL_MS: String(TTL_MS), SESSION_SECRET: 'x'.repeat(48) };
    first = await startTestApp({ ...env, DATA_DIR: dirs[0]!.dir });
    second = await startTestApp({ ...env, DATA_DIR: dirs[1]!.dir });
  });
  afterAll(async () => {
    await first?.close();
    await second?.close();
    await server?.stop();
    for (const dir of dirs) dir.remove();
  });

  it('a sign-out on one instance is refused by another within the read cache TTL', async () => {
    const browser = first.browser();
    await browser.signIn('demo-admin');
    expect((await browser.json('/api/user')).status).toBe(200);
    const elsewhere = sameCookiesAt(second, browser);
    expect((await elsewhere.json('/api/user')).status).toBe(200);

    expect((await browser.json('/api/logout', { method: 'POST' })).status).toBe(200);
    expect((await browser.json('/api/user')).status).toBe(401);
    // The second instance may still hold the session for up to the TTL; after it, the cookie signs nobody in there.
    await new Promise((resolve) => setTimeout(resolve, TTL_MS + 100));
    expect((await elsewhere.json('/api/user')).status).toBe(401);
  });

  it('a session outlives the instance that made it', async () => {
    const browser = first.browser();
    await browser.signIn('demo-owner');
    expect((await browser.json('/api/user')).body.username).toBe('demo-owner');
    await first.close();
    const restarted = await startTestApp({ ...env, DATA_DIR: dirs[2]!.dir });
    try {
      const after = await sameCookiesAt(restarted, browser).json('/api/user');
      expect(after.status).toBe(200);
      expect(after.body.username).toBe('demo-owner');
    } finally {
      await restarted.close();
    }
  });

  it('a forged or altered session cookie signs nobody in', async () => {
    const browser = second.browser();
    await browser.signIn('demo-owner');
    const cookie = decodeURIComponent(browser.cookies.get('guildhall.sid')!);
    const [sid] = cookie.slice(2).split('.');
    for (const forged of [`s:${sid}.not-the-signature`, `s:${sid}`, `${sid}`, `s:other.${cookie.split('.')[1]}`]) {
      const stranger = second.browser();
      stranger.cookies.set('guildhall.sid', encodeURIComponent(forged));
      expect({ forged, status: (await stranger.json('/api/user')).status }).toEqual({ forged, status: 401 });
    }
  });
});
