/**
 * Behind a reverse proxy, a client's address is what the proxy saw, never what the client wrote in
 * X-Forwarded-For: otherwise rotating that header is a new address per request, and the rate limits (per address)
 * count nothing. Over real HTTP, with a real proxy in front of the app (support/network.ts), clients at distinct
 * loopback addresses.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config/config.js';
import { CONTACT_LIMIT } from '../src/public/contact.service.js';
import { startTestApp, tempDataDir } from './support/app.js';
import { ClientAt, startReverseProxy, type ReverseProxy } from './support/network.js';

type App = Awaited<ReturnType<typeof startTestApp>>;

const RATE_LIMIT_MAX = 20;
const message = (n: number) => ({
  name: `Visitor ${n}`,
  email: `rotating${n}@example.com`,
  subject: 'feedback',
  message: `Message number ${n}.`,
});

describe.each([
  // A number of hops believes whoever connects is the proxy: the app must be reachable only through it.
  { TRUST_PROXY: '1', setup: 'one proxy in front (a number of hops)', directIsProxy: true },
  { TRUST_PROXY: '127.0.0.1', setup: 'the proxy named by its address', directIsProxy: false },
])('behind a reverse proxy, TRUST_PROXY=$TRUST_PROXY ($setup)', ({ TRUST_PROXY, directIsProxy }) => {
  const data = tempDataDir();
  let app: App;
  let proxy: ReverseProxy;
  beforeAll(async () => {
    // An instance per setting: TRUST_PROXY is read at start-up (the two rows are two configurations, one app each).
    app = await startTestApp({ DATA_DIR: data.dir, TRUST_PROXY, RATE_LIMIT_MAX: String(RATE_LIMIT_MAX) });
    proxy = await startReverseProxy(app.url);
  });
  afterAll(async () => {
    await proxy?.close();
    await app?.close();
    data.remove();
  });

  it('a client rotating its own X-Forwarded-For gets exactly RATE_LIMIT_MAX API answers, then 429 with Retry-After', async () => {
    const client = new ClientAt('127.0.0.2', proxy.url);
    const statuses: number[] = [];
    let retryAfter: string | string[] | undefined;
    for (let n = 0; n < RATE_LIMIT_MAX * 2; n++) {
      const res = await client.request('/api/schemas', { headers: { 'x-forwarded-for': `198.51.100.${n}` } });
      statuses.push(res.status);
      if (res.status === 429) retryAfter ??= res.headers['retry-after'];
    }
    expect(statuses.filter((s) => s === 200)).toHaveLength(RATE_LIMIT_MAX);
    expect(statuses.slice(RATE_LIMIT_MAX).every((s) => s === 429)).toBe(true);
    expect(Number(retryAfter)).toBeGreaterThan(0);
  });

  it('a client rotating X-Forwarded-For and its e-mail address sends exactly 5 contact messages', async () => {
    const client = new ClientAt('127.0.0.3', proxy.url);
    await client.request('/api/schemas'); // the CSRF cookie
    const statuses: number[] = [];
    for (let n = 0; n < 12; n++) {
      const res = await client.request('/api/contact', {
        method: 'POST',
        json: message(n),
        headers: { 'x-forwarded-for': `203.0.113.${n}` },
      });
      statuses.push(res.status);
    }
    expect(statuses.filter((s) => s === 200)).toHaveLength(CONTACT_LIMIT.max);
    expect(statuses.slice(CONTACT_LIMIT.max).every((s) => s === 429)).toBe(true);
  });

  it('counts the address the proxy saw: another client behind the same proxy keeps its own budgets', async () => {
    const other = new ClientAt('127.0.0.4', proxy.url);
    expect((await other.request('/api/schemas')).status).toBe(200);
    expect((await other.request('/api/contact', { method: 'POST', json: message(100) })).status).toBe(200);
  });

  it('marks cookies Secure when the trusted proxy says the browser came over https', async () => {
    const viaProxy = await new ClientAt('127.0.0.5', proxy.url).request('/api/schemas');
    expect(viaProxy.headers['set-cookie']?.find((c) => c.startsWith('XSRF-TOKEN='))).toMatch(/;\s*Secure/i);
  });

  it(`a direct connection is ${directIsProxy ? 'taken for the proxy (so only the proxy may reach the app)' : 'not the proxy: its X-Forwarded-* are ignored'}`, async () => {
    const direct = new ClientAt('127.0.0.6', app.url);
    const res = await direct.request('/api/schemas', { headers: { 'x-forwarded-proto': 'https', 'x-forwarded-for': '198.51.100.1' } });
    const secure = /;\s*Secure/i.test(res.headers['set-cookie']?.find((c) => c.startsWith('XSRF-TOKEN=')) ?? '');
    expect(secure).toBe(directIsProxy);
    if (directIsProxy) return;
    // Its rotated header changes nothing: its own address is counted, as far as RATE_LIMIT_MAX.
    let allowed = 1;
    for (let n = 2; n <= RATE_LIMIT_MAX + 1; n++) {
      if ((await direct.request('/api/schemas', { headers: { 'x-forwarded-for': `198.51.100.${n}` } })).status === 200) allowed++;
    }
    expect(allowed).toBe(RATE_LIMIT_MAX);
  });
});

describe('TRUST_PROXY at start-up', () => {
  const problemsOf = (value: string) => {
    try {
      loadConfig({ TRUST_PROXY: value });
      return [];
    } catch (err) {
      expect(err).toBeInstanceOf(ConfigError);
      return (err as ConfigError).problems;
    }
  };

  it('refuses true, saying why and what to set instead', () => {
    const problems = problemsOf('true');
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(/^TRUST_PROXY: /);
    expect(problems[0]).toMatch(/X-Forwarded-For/);
    expect(problems[0]).toMatch(/number of proxies/);
  });

  it('trusts nothing when unset or false, a number of hops, or a list of addresses, ranges and names', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.5, 10.1.0.0/16,loopback, fd00::/8' }).trustProxy).toEqual([
      '10.0.0.5',
      '10.1.0.0/16',
      'loopback',
      'fd00::/8',
    ]);
  });

  it.each(['yes', '10.0.0.300', '10.0.0.0/33', 'fd00::/129', '10.0.0.1,,10.0.0.2'])('refuses TRUST_PROXY=%s', (value) => {
    const problems = problemsOf(value);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(/^TRUST_PROXY: /);
  });
});
