import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { type AddressInfo, connect } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serveFrontend } from '../src/http/frontend.js';

describe('serving the built frontend', () => {
  const dist = mkdtempSync(path.join(os.tmpdir(), 'guildhall-dist-'));
  afterAll(() => rmSync(dist, { recursive: true, force: true }));
  const put = (file: string, body: string) => {
    mkdirSync(path.dirname(path.join(dist, file)), { recursive: true });
    writeFileSync(path.join(dist, file), body);
  };
  put('index.html', '<!doctype html><title>app</title>');
  put('assets/app-1234.js', 'console.log(1)');
  put('robots.txt', 'User-agent: *');
  // Files that would shadow the API if API paths were looked up on disk.
  put('api/user', 'shadow');
  put('healthz', 'shadow');

  put('.vite/manifest.json', '{}');
  writeFileSync(path.join(path.dirname(dist), `${path.basename(dist)}-secret.txt`), 'outside');
  afterAll(() => rmSync(path.join(path.dirname(dist), `${path.basename(dist)}-secret.txt`), { force: true }));

  // Large enough that its answer is still streaming when a client leaves after the first bytes.
  put('big.bin', 'x'.repeat(8 * 1024 * 1024));

  const fastify = Fastify();
  const fellThrough: string[] = [];
  fastify.setNotFoundHandler((req, reply) => {
    fellThrough.push(req.url);
    return reply.code(418).send('fell through');
  });
  const app = fastify.server;
  beforeAll(async () => {
    fastify.addHook('onRequest', await serveFrontend(fastify, dist));
    await fastify.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(() => fastify.close());

  it('serves hashed assets as immutable and other files for an hour', async () => {
    const asset = await request(app).get('/assets/app-1234.js');
    expect(asset.status).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const robots = await request(app).get('/robots.txt');
    expect(robots.headers['cache-control']).toBe('public, max-age=3600');
  });

  it('answers client routes with index.html, and a missing asset with 404', async () => {
    const route = await request(app).get('/manage/1/basic');
    expect(route.status).toBe(200);
    expect(route.text).toContain('<title>app</title>');
    expect(route.headers['cache-control']).toBe('no-cache');
    expect((await request(app).get('/assets/gone-9999.js')).status).toBe(404);
  });

  it("never sends a dot folder (Vite's manifest) or a file outside the build: client routes get index.html", async () => {
    for (const p of ['/.vite/manifest.json', `/..%2f${path.basename(dist)}-secret.txt`, `/%2e%2e/${path.basename(dist)}-secret.txt`]) {
      const res = await request(app).get(p);
      expect({ p, status: res.status, text: res.text }).toEqual({ p, status: 200, text: '<!doctype html><title>app</title>' });
    }
  });

  it('never looks API, sandbox or health paths up on disk: they go on to the API', async () => {
    for (const p of ['/api/user', '/healthz', '/sandbox/discord/api/v10/users/@me']) {
      const res = await request(app).get(p);
      expect({ p, status: res.status, text: res.text }).toEqual({ p, status: 418, text: 'fell through' });
    }
  });

  it('a file whose client leaves mid-answer ends there: the request never goes on to the routes (a 404 into the file’s headers)', async () => {
    fellThrough.length = 0;
    const { port } = fastify.server.address() as AddressInfo;
    await new Promise<void>((resolve, reject) => {
      const socket = connect(port, '127.0.0.1', () =>
        socket.write('GET /big.bin HTTP/1.1\r\nHost: x\r\nAccept-Encoding: identity\r\n\r\n'),
      );
      socket.once('data', () => socket.destroy());
      socket.once('close', () => resolve());
      socket.once('error', reject);
    });
    // The server learns of the closed connection a moment later.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(fellThrough).toEqual([]);
  });
});
