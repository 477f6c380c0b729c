// The app's one body reader (http/body-parser.ts registerBodyParsers) on a Fastify instance of its own with an echo
// route, asked rule by rule: JSON and forms read, bare values and broken JSON refused with their words, the size limit
// before and while reading, compressed bodies (and bombs), charsets, the payment webhook's bytes, other types unread.
// The fuzz suite meets these rules by chance across every route; here each has a test (issue 34).
import { Readable } from 'node:stream';
import { brotliCompressSync, deflateSync, gzipSync } from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { HttpException } from '@nestjs/common';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  API_BODY_FAILURES,
  NOT_AN_OBJECT,
  NOT_JSON,
  PAYMENT_WEBHOOK_PATH,
  registerBodyParsers,
  UNSTORABLE_TEXT,
} from '../src/http/body-parser.js';

const LIMIT = 256;
const TOO_LARGE = { status: 413, body: { success: false, error: 'The request body is too large.' } };
const UNREADABLE = { status: 415, body: { success: false, error: 'The request body is in an encoding the server does not read.' } };

async function readerApp(checkProblems: boolean): Promise<FastifyInstance> {
  const app = Fastify();
  registerBodyParsers(app, { limit: () => LIMIT, failures: API_BODY_FAILURES, checkProblems, multipart: () => false });
  app.setErrorHandler((err, _req, reply) => {
    if (err instanceof HttpException) return reply.status(err.getStatus()).send(err.getResponse());
    return reply.status(500).send({ error: String(err) });
  });
  const echo = (req: { body: unknown; rawBody?: Buffer }) => ({
    body: req.body === undefined ? '(unread)' : req.body,
    raw: req.rawBody ? req.rawBody.toString('utf8') : null,
  });
  app.post('/echo', async (req) => echo(req));
  app.post(PAYMENT_WEBHOOK_PATH, async (req) => echo(req));
  await app.ready();
  return app;
}

describe('the body reader', () => {
  let app: FastifyInstance;
  let lenient: FastifyInstance;
  beforeAll(async () => {
    [app, lenient] = await Promise.all([readerApp(true), readerApp(false)]);
  });
  afterAll(async () => {
    await Promise.all([app.close(), lenient.close()]);
  });
  const post = async (
    payload: string | Buffer,
    headers: Record<string, string> = { 'content-type': 'application/json' },
    url = '/echo',
    on = app,
  ) => {
    const res = await on.inject({ method: 'POST', url, payload, headers });
    return { status: res.statusCode, body: res.json() };
  };

  it('reads a JSON object or array, and an empty body as an empty object', async () => {
    expect(await post('{"a":[1,{"b":"c"}]}')).toEqual({ status: 200, body: { body: { a: [1, { b: 'c' }] }, raw: null } });
    expect((await post(' [1,2] ')).body.body).toEqual([1, 2]);
    expect((await post('')).body.body).toEqual({});
    expect((await post('  \n ')).body.body).toEqual({});
  });

  it('refuses a bare JSON value as not an object, and what is not JSON as not JSON, at the body’s path', async () => {
    for (const bare of ['42', 'null', '"text"', ' true']) {
      expect(await post(bare)).toEqual({
        status: 400,
        body: { success: false, error: NOT_AN_OBJECT, fieldErrors: [{ path: '', message: NOT_AN_OBJECT }] },
      });
    }
    for (const broken of ['{"a":', '[1,', 'nope', '{"a":1}}']) {
      expect(await post(broken)).toEqual({
        status: 400,
        body: { success: false, error: NOT_JSON, fieldErrors: [{ path: '', message: NOT_JSON }] },
      });
    }
  });

  it('takes a body at the limit, and refuses one over it whether its length is declared or not', async () => {
    const at = JSON.stringify({ a: 'x'.repeat(LIMIT - 8) });
    expect(at.length).toBe(LIMIT);
    expect((await post(at)).status).toBe(200);
    const over = JSON.stringify({ a: 'x'.repeat(LIMIT - 7) });
    expect(await post(over)).toEqual(TOO_LARGE);
    // Declared larger than the limit: refused before a byte is read, whatever follows.
    expect(await post('{}', { 'content-type': 'application/json', 'content-length': String(LIMIT + 1) })).toEqual(TOO_LARGE);
    // Not declared (chunked) or declared smaller than it is: counted as it comes.
    const stream = Readable.from([Buffer.from(over.slice(0, 100)), Buffer.from(over.slice(100))]);
    const chunked = await app.inject({ method: 'POST', url: '/echo', payload: stream, headers: { 'content-type': 'application/json' } });
    expect({ status: chunked.statusCode, body: chunked.json() }).toEqual(TOO_LARGE);
  });

  it('inflates gzip, deflate and br bodies (any case), counting the inflated bytes against the limit', async () => {
    const body = { hello: 'world' };
    const text = JSON.stringify(body);
    for (const [encoding, bytes] of [
      ['gzip', gzipSync(text)],
      ['GZip', gzipSync(text)],
      ['deflate', deflateSync(text)],
      ['br', brotliCompressSync(text)],
      ['identity', Buffer.from(text)],
    ] as const) {
      expect(await post(bytes, { 'content-type': 'application/json', 'content-encoding': encoding }), encoding).toEqual({
        status: 200,
        body: { body, raw: null },
      });
    }
    // A bomb: 100 bytes on the wire, far over the limit once inflated.
    const bomb = gzipSync(JSON.stringify({ a: 'x'.repeat(100_000) }));
    expect(bomb.length).toBeLessThan(LIMIT);
    expect(await post(bomb, { 'content-type': 'application/json', 'content-encoding': 'gzip' })).toEqual(TOO_LARGE);
    expect(await post(Buffer.from('not gzip at all'), { 'content-type': 'application/json', 'content-encoding': 'gzip' })).toEqual({
      status: 400,
      body: { success: false, error: NOT_JSON, fieldErrors: [{ path: '', message: NOT_JSON }] },
    });
    expect(await post(text, { 'content-type': 'application/json', 'content-encoding': 'compress' })).toEqual(UNREADABLE);
  });

  it('reads UTF-8 (however the charset is spelt) and refuses other charsets', async () => {
    for (const type of ['application/json; charset=utf-8', 'application/json;charset="UTF-8"', 'application/json; Charset = utf8']) {
      expect((await post('{"a":"é"}', { 'content-type': type })).body.body, type).toEqual({ a: 'é' });
    }
    expect(await post('{}', { 'content-type': 'application/json; charset=latin1' })).toEqual(UNREADABLE);
    expect(await post('a=1', { 'content-type': 'application/x-www-form-urlencoded; charset=utf-16' })).toEqual(UNREADABLE);
  });

  it('reads a URL-encoded form flat, at most 1,000 fields, with the same limit', async () => {
    const form = { 'content-type': 'application/x-www-form-urlencoded' };
    expect((await post('a=1&b=two&a=3', form)).body.body).toEqual({ a: ['1', '3'], b: 'two' });
    const many = Array.from({ length: 1001 }, (_, i) => `k${i}=`).join('&');
    const bigApp = Fastify();
    registerBodyParsers(bigApp, { limit: () => 100_000, failures: API_BODY_FAILURES, checkProblems: true, multipart: () => false });
    bigApp.post('/echo', async (req) => ({ keys: Object.keys(req.body as object).length }));
    const res = await bigApp.inject({ method: 'POST', url: '/echo', payload: many, headers: form });
    expect(res.json()).toEqual({ keys: 1000 });
    await bigApp.close();
    expect(await post(`a=${'x'.repeat(LIMIT)}`, form)).toEqual(TOO_LARGE);
  });

  it('refuses text that cannot be stored when asked to, and passes it on when not (the standalone sandbox)', async () => {
    const body = JSON.stringify({ a: 'x\u0000' });
    expect(await post(body)).toEqual({
      status: 400,
      body: { success: false, error: UNSTORABLE_TEXT, fieldErrors: [{ path: '/a', message: UNSTORABLE_TEXT }] },
    });
    expect((await post(body, undefined, '/echo', lenient)).body.body).toEqual({ a: 'x\u0000' });
  });

  it('keeps the bytes as sent for the payment webhook only (its signature is over them)', async () => {
    const sent = '{ "event" : "payment.captured" }';
    expect((await post(sent, undefined, PAYMENT_WEBHOOK_PATH)).body).toEqual({ body: { event: 'payment.captured' }, raw: sent });
    expect((await post(sent)).body.raw).toBeNull();
  });

  it('leaves other types, and uploads it was not asked to read, unread', async () => {
    expect((await post('hello', { 'content-type': 'text/plain' })).body.body).toBe('(unread)');
    expect((await post('--x--', { 'content-type': 'multipart/form-data; boundary=x' })).body.body).toBe('(unread)');
  });
});
