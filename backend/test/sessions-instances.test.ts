// Sessions with several instances on one PostgreSQL server: a session is a database row read through each instance's
// read cache, so signing out on one instance is refused by another once READ_CACHE_TTL_MS has passed, and a session
// outlives the instance that made it.
import { describe, expect, it, vi } from 'vitest';
import { ci, instancesOnPostgres, postgresBinaries } from './support/instances.js';
import type { TestBrowser } from './support/browser.js';

const TTL_MS = 400;

/** The same browser's cookies, sent to another instance (as a load balancer would send them). */
function sameCookiesAt(app: { browser(): TestBrowser }, from: TestBrowser): TestBrowser {
  const browser = app.browser();
  for (const [name, value] of from.cookies) browser.cookies.set(name, value);
  return browser;
}

// Outside CI a machine without PostgreSQL reports this suite as skipped; in CI it must run, and fails.
describe.skipIf(!postgresBinaries && !ci)('sessions across instances (PostgreSQL server, read cache on)', () => {
  const instances = instancesOnPostgres(TTL_MS);

  it('a sign-out on one instance is refused by another within the read cache TTL', async () => {
    const browser = instances.first.browser();
    await browser.signIn('demo-admin');
    expect((await browser.json('/api/user')).status).toBe(200);
    const elsewhere = sameCookiesAt(instances.second, browser);
    expect((await elsewhere.json('/api/user')).status).toBe(200);

    expect((await browser.json('/api/logout', { method: 'POST' })).status).toBe(200);
    expect((await browser.json('/api/user')).status).toBe(401);
    // The second instance may still hold the session for up to the TTL; after it, the cookie signs nobody in there.
    // The read cache tells time by Date.now() (storage/read-cache.ts), so the test moves Date past the TTL rather
    // than waiting for it; every instance runs in this process.
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + TTL_MS + 100 });
    try {
      expect((await elsewhere.json('/api/user')).status).toBe(401);
    } finally {
      vi.useRealTimers();
    }
  });

  it('a session outlives the instance that made it', async () => {
    const browser = instances.first.browser();
    await browser.signIn('demo-owner');
    expect((await browser.json('/api/user')).body.username).toBe('demo-owner');
    await instances.first.close();
    const restarted = await instances.start();
    const after = await sameCookiesAt(restarted, browser).json('/api/user');
    expect(after.status).toBe(200);
    expect(after.body.username).toBe('demo-owner');
  });

  it('a forged or altered session cookie signs nobody in', async () => {
    const browser = instances.second.browser();
    await browser.signIn('demo-owner');
    const cookie = decodeURIComponent(browser.cookies.get('guildhall.sid')!);
    const [sid] = cookie.slice(2).split('.');
    for (const forged of [`s:${sid}.not-the-signature`, `s:${sid}`, `${sid}`, `s:other.${cookie.split('.')[1]}`]) {
      const stranger = instances.second.browser();
      stranger.cookies.set('guildhall.sid', encodeURIComponent(forged));
      expect({ forged, status: (await stranger.json('/api/user')).status }).toEqual({ forged, status: 401 });
    }
  });
});
