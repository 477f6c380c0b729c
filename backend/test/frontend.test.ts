import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
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

  const fastify = Fastify();
  fastify.setNotFoundHandler((_req, reply) => reply.code(418).send('fell through'));
  const app = fastify.server;
  beforeAll(async () => {
    fastify.addHook('onRequest', await serveFrontend(fastify, dist));
    await fastify.ready();
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
});
