/**
 * What crosses the wire to a phone: the built app's files in brotli or gzip as the browser accepts (the build's own
 * copies, made once by `npm run build`), with their caching as before; the large JSON answers (OpenAPI, the published
 * schemas, a guild's export) compressed as they are sent; and the small answer every settings page asks for sent as it
 * is (compressing it would cost more than it saves, and bench:api measures it). Over real HTTP with node:http, which
 * shows the bytes as sent (fetch would unpack them).
 */
import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SCRIPT_HEADER_BYTES } from '../../scripts/bench/script-headers.mjs';
import { builtFrontend } from '../../scripts/support/frontend-build.mjs';
import { DOCUMENT_ONLY_HEADERS } from '../src/http/frontend.js';
import type { TestBrowser } from './support/browser.js';
import { startTestApp, tempDataDir } from './support/app.js';

type App = Awaited<ReturnType<typeof startTestApp>>;
interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  /** The body's bytes as they came, still encoded. */
  body: Buffer;
  /** The status line and headers as they came (HTTP/1.1), in bytes. */
  headerBytes: number;
}

const BROWSER = 'gzip, deflate, br, zstd';
const IMMUTABLE = 'public, max-age=31536000, immutable';

/** GET with exactly these headers (no accept-encoding unless given), the body as sent. */
function get(url: string, headers: Record<string, string> = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      // `HTTP/1.1 200 OK` and CRLF, each `name: value` and CRLF (rawHeaders alternates names and values: 2 bytes after
      // each), and the blank line.
      const headerBytes =
        Buffer.byteLength(`HTTP/${res.httpVersion} ${res.statusCode} ${res.statusMessage}\r\n\r\n`) +
        res.rawHeaders.reduce((sum, part) => sum + Buffer.byteLength(part) + 2, 0);
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks), headerBytes }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

/** The body as the browser reads it, after undoing the answer's content-encoding. */
function decoded({ headers, body }: Answer): Buffer {
  const encoding = headers['content-encoding'];
  if (encoding === 'br') return brotliDecompressSync(body);
  if (encoding === 'gzip') return gunzipSync(body);
  if (encoding === undefined) return body;
  throw new Error(`unexpected content-encoding ${encoding}`);
}

const varies = (answer: Answer) =>
  String(answer.headers.vary ?? '')
    .toLowerCase()
    .split(/\s*,\s*/)
    .includes('accept-encoding');

describe('compressed answers', () => {
  const data = tempDataDir();
  let build: ReturnType<typeof builtFrontend>;
  let app: App;
  let owner: TestBrowser;
  let guildId: string;
  /** The entry script, a hashed asset every page loads. */
  let script: { url: string; bytes: Buffer };
  beforeAll(async () => {
    build = builtFrontend();
    const manifest = JSON.parse(readFileSync(path.join(build.dist, '.vite', 'manifest.json'), 'utf8')) as Record<
      string,
      { file: string; isEntry?: boolean }
    >;
    const entry = Object.values(manifest).find((chunk) => chunk.isEntry)!;
    script = { url: `/${entry.file}`, bytes: readFileSync(path.join(build.dist, entry.file)) };
    app = await startTestApp({ DATA_DIR: data.dir }, { frontendDist: build.dist });
    owner = app.browser();
    await owner.signIn('demo-owner');
    guildId = (await owner.json('/api/user')).body.guilds.find((g: { settingsUrl: string }) => g.settingsUrl.startsWith('/manage/')).id;
  }, 180_000);
  afterAll(async () => {
    await app?.close();
    build?.remove();
    data.remove();
  });

  const signedIn = () => ({ cookie: owner.cookieHeader() });

  it('sends a hashed script in brotli to a browser that takes brotli or gzip: immutable, and the very bytes of the file', async () => {
    const answer = await get(app.url + script.url, { 'accept-encoding': 'br, gzip' });
    expect(answer.status).toBe(200);
    expect(answer.headers['content-encoding']).toBe('br');
    expect(varies(answer)).toBe(true);
    expect(answer.headers['cache-control']).toBe(IMMUTABLE);
    expect(answer.headers['content-type']).toMatch(/^(text|application)\/javascript/);
    expect(Number(answer.headers['content-length'])).toBe(answer.body.length);
    expect(answer.body.length).toBeLessThan(script.bytes.length / 2);
    expect(decoded(answer).equals(script.bytes)).toBe(true);
  });

  it('sends it in gzip to a browser that takes gzip only', async () => {
    const answer = await get(app.url + script.url, { 'accept-encoding': 'gzip' });
    expect(answer.headers['content-encoding']).toBe('gzip');
    expect(varies(answer)).toBe(true);
    expect(answer.headers['cache-control']).toBe(IMMUTABLE);
    expect(decoded(answer).equals(script.bytes)).toBe(true);
  });

  it('sends the file itself to a client that names no encoding', async () => {
    const answer = await get(app.url + script.url);
    expect(answer.status).toBe(200);
    expect(answer.headers['content-encoding']).toBeUndefined();
    // The same URL answers differently by accept-encoding: a shared cache must know it.
    expect(varies(answer)).toBe(true);
    expect(answer.headers['cache-control']).toBe(IMMUTABLE);
    expect(answer.body.equals(script.bytes)).toBe(true);
  });

  it("sends a hashed script and stylesheet without a document's headers, keeping those that apply to them (issue 26)", async () => {
    const manifest = JSON.parse(readFileSync(path.join(build.dist, '.vite', 'manifest.json'), 'utf8')) as Record<
      string,
      { css?: string[] }
    >;
    const stylesheet = Object.values(manifest).flatMap((chunk) => chunk.css ?? [])[0]!;
    for (const url of [script.url, `/${stylesheet}`]) {
      const answer = await get(app.url + url, { 'accept-encoding': BROWSER });
      expect(answer.status, url).toBe(200);
      for (const name of DOCUMENT_ONLY_HEADERS) expect(answer.headers[name], `${url} ${name}`).toBeUndefined();
      expect(answer.headers['x-content-type-options'], url).toBe('nosniff');
      expect(answer.headers['cross-origin-resource-policy'], url).toBe('same-origin');
      expect(answer.headers['referrer-policy'], url).toBe('no-referrer');
      expect(answer.headers['cache-control'], url).toBe(IMMUTABLE);
      expect(varies(answer), url).toBe(true);
      // Never revalidated (immutable): no validators.
      expect(answer.headers.etag, url).toBeUndefined();
      expect(answer.headers['last-modified'], url).toBeUndefined();
      // What a route's byte budget counts per file for its status line and headers (tests/route-budgets.test.ts).
      expect(answer.headerBytes, url).toBeLessThanOrEqual(SCRIPT_HEADER_BYTES);
    }
    // The document that runs them, and the API, keep every one.
    for (const url of ['/', '/manage/123/basic', '/api/schemas/basic']) {
      const answer = await get(app.url + url, { 'accept-encoding': BROWSER });
      expect(answer.status, url).toBe(200);
      for (const name of DOCUMENT_ONLY_HEADERS) expect(answer.headers[name], `${url} ${name}`).toBeTruthy();
      expect(answer.headers['content-security-policy'], url).toContain("script-src 'self'");
    }
  });

  it('sends a client route its index.html compressed, revalidated each time, with the security headers', async () => {
    const answer = await get(`${app.url}/manage/123/basic`, { 'accept-encoding': BROWSER });
    expect(answer.status).toBe(200);
    expect(answer.headers['content-encoding']).toBe('br');
    expect(varies(answer)).toBe(true);
    expect(answer.headers['cache-control']).toBe('no-cache');
    expect(answer.headers['content-type']).toMatch(/^text\/html/);
    expect(answer.headers['content-security-policy']).toContain("default-src 'self'");
    expect(decoded(answer).equals(readFileSync(path.join(build.dist, 'index.html')))).toBe(true);
  });

  it.each(['/api/openapi.json', '/api/schemas', '/api/schemas/basic'])(
    'compresses %s for a browser that takes it, in gzip for one that takes gzip only',
    async (url) => {
      const br = await get(app.url + url, { 'accept-encoding': BROWSER });
      expect(br.status).toBe(200);
      expect(br.headers['content-encoding']).toBe('br');
      expect(varies(br)).toBe(true);
      const gzip = await get(app.url + url, { 'accept-encoding': 'gzip' });
      expect(gzip.headers['content-encoding']).toBe('gzip');
      const plain = await get(app.url + url);
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(JSON.parse(decoded(br).toString())).toEqual(JSON.parse(plain.body.toString()));
      expect(JSON.parse(decoded(gzip).toString())).toEqual(JSON.parse(plain.body.toString()));
    },
  );

  it('compresses the OpenAPI document to a fraction of its size', async () => {
    const br = await get(`${app.url}/api/openapi.json`, { 'accept-encoding': BROWSER });
    expect(br.body.length).toBeLessThan(decoded(br).length / 4);
  });

  it("compresses a guild's export, still private to the person who asked", async () => {
    const answer = await get(`${app.url}/api/guild/${guildId}/export`, { ...signedIn(), 'accept-encoding': BROWSER });
    expect(answer.status).toBe(200);
    expect(answer.headers['content-encoding']).toBe('br');
    expect(answer.headers['cache-control']).toBe('no-store');
    expect(answer.headers['content-disposition']).toContain('attachment');
    expect(JSON.parse(decoded(answer).toString())).toMatchObject({ sections: expect.any(Object) });
  });

  it('sends a settings read as it is, even to a browser that takes brotli', async () => {
    const answer = await get(`${app.url}/api/guild/${guildId}/settings/moderation`, { ...signedIn(), 'accept-encoding': BROWSER });
    expect(answer.status).toBe(200);
    expect(answer.headers['content-encoding']).toBeUndefined();
    expect(varies(answer)).toBe(false);
    expect(answer.headers['cache-control']).toBe('no-store');
    expect(Number(answer.headers['content-length'])).toBe(answer.body.length);
    expect(JSON.parse(answer.body.toString())).toMatchObject({ success: true, section: 'moderation' });
  });
});
