/**
 * What the API answers a signed-in person is theirs (their e-mail, their guilds, their settings): no browser or
 * shared cache may keep it. Every GET operation the OpenAPI document names (the operations table and every
 * section's settings) is asked with a session and must answer `Cache-Control: no-store`; public answers may
 * keep their own policy for anonymous visitors.
 */
import { openapi } from '@guildhall/generated/openapi';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import operations from '../../schemas/operations.json' with { type: 'json' };
import type { TestBrowser } from './support/browser.js';
import { startTestApp, tempDataDir } from './support/app.js';

type App = Awaited<ReturnType<typeof startTestApp>>;

const apiGets = Object.entries(openapi.paths as Record<string, Record<string, unknown>>)
  .filter(([route, item]) => route.startsWith('/api/') && 'get' in item)
  .map(([route]) => route)
  // Signing out ends the session the others use: it is asked last.
  .sort((a, b) => Number(a === '/api/logout') - Number(b === '/api/logout'));

describe('answers to a signed-in request are never cached', () => {
  const data = tempDataDir();
  let app: App;
  let signedIn: TestBrowser;
  let guildId: string;
  beforeAll(async () => {
    app = await startTestApp({ DATA_DIR: data.dir });
    signedIn = app.browser();
    await signedIn.signIn('demo-owner');
    guildId = (await signedIn.json('/api/user')).body.guilds.find((g: { settingsUrl: string }) => g.settingsUrl.startsWith('/manage/')).id;
  });
  afterAll(async () => {
    await app?.close();
    data.remove();
  });

  it('asks every GET operation of the operations table (and every section), none listed by hand', () => {
    const tableGets = operations.operations.filter((op) => op.method === 'get' && op.path.startsWith('/api/')).map((op) => op.path);
    expect(tableGets.length).toBeGreaterThan(10);
    expect(apiGets).toEqual(expect.arrayContaining(tableGets));
    expect(apiGets.some((route) => route.includes('/settings/'))).toBe(true);
  });

  it.each(apiGets)('GET %s with a session (the bot API: the bot credential) answers Cache-Control: no-store', async (route) => {
    // The bot API answers the bot's credential only; what it answers is a guild's data all the same.
    const bot = route.startsWith('/api/bot/') ? { headers: { authorization: `Bot ${app.config.botApiToken}` } } : undefined;
    const res = await signedIn.request(route.replace('{guildId}', guildId).replace('{name}', 'basic').replace('{section}', 'basic'), bot);
    await res.body?.cancel();
    // Answered as the signed-in person (not refused as anonymous), and not to be kept.
    expect({ route, signedIn: res.status !== 401, cacheControl: res.headers.get('cache-control') }).toEqual({
      route,
      signedIn: true,
      cacheControl: 'no-store',
    });
  });

  it('GET /api/user answers no-store when signed out too (its 401)', async () => {
    const res = await app.browser().request('/api/user');
    expect(res.status).toBe(401);
    expect(res.headers.get('cache-control')).toBe('no-store');
  });

  it('a public answer keeps its own policy for an anonymous visitor', async () => {
    const res = await app.browser().request('/api/top-servers');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('public, max-age=60');
  });
});
