// The app's one body reader (http/body-parser.ts registerBodyParsers) on a Fastify instance of its own with an echo
// route, asked rule by rule: JSON and forms read, bare values and broken JSON refused with their words, the size limit
// before and while reading, compressed bodies (and bombs), charsets, the payment webhook's bytes, other types unread;
// and uploads (multipart, the Discord sandbox's messages with files): their size, field and file limits, malformed
// bodies, clients that go mid-upload. The fuzz suite meets these rules by chance across every route; here each has a
// test (issue 34).
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import { brotliCompressSync, deflateSync, gzipSync } from 'node:zlib';
import Fastify, { type FastifyInstance, type InjectOptions } from 'fastify';
import { HttpException } from '@nestjs/common';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  API_BODY_FAILURES,
  MAX_UPLOAD_BYTES,
  PAYMENT_WEBHOOK_PATH,
  registerBodyParsers,
  UNSTORABLE_TEXT,
} from '../src/http/body-parser.js';

const LIMIT = 256;
const TOO_LARGE = { status: 413, body: { success: false, error: 'The request body is too large.' } };
// The words themselves, not the module's constants: a client reads these.
const NOT_JSON = 'The request body is not valid JSON.';
const NOT_AN_OBJECT = 'The request body must be a JSON object';
const UNREADABLE = { status: 415, body: { success: false, error: 'The request body is in an encoding the server does not read.' } };

/** Answers as the app's error handler does; `seen` collects each refusal's status, whether or not anybody hears it. */
function answerErrors(app: FastifyInstance, seen: number[] = []): void {
  app.setErrorHandler((err, _req, reply) => {
    if (err instanceof HttpException) {
      seen.push(err.getStatus());
      return reply.status(err.getStatus()).send(err.getResponse());
    }
    seen.push(500);
    return reply.status(500).send({ error: String(err) });
  });
}

async function readerApp(checkProblems: boolean): Promise<FastifyInstance> {
  const app = Fastify();
  registerBodyParsers(app, { limit: () => LIMIT, failures: API_BODY_FAILURES, checkProblems, multipart: () => false });
  answerErrors(app);
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
    // However the charset is spelt, it is read: no space after the semicolon, spaces around the equals sign.
    expect(await post('{}', { 'content-type': 'application/json;charset=latin1' })).toEqual(UNREADABLE);
    expect(await post('{}', { 'content-type': 'application/json; charset = "latin1"' })).toEqual(UNREADABLE);
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

const MiB = 1024 * 1024;
const BOUNDARY = 'reader-boundary';
const MULTIPART = { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` };
/** One part of a multipart body: `disposition` is added to its Content-Disposition, `headers` are further lines. */
const part = (name: string, value: string | Buffer, disposition = '', headers = '') =>
  Buffer.concat([
    Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"${disposition}\r\n${headers}\r\n`),
    Buffer.from(value),
    Buffer.from('\r\n'),
  ]);
const filePart = (n: number, bytes: Buffer) => part(`files[${n}]`, bytes, `; filename="f${n}.bin"`);
const form = (...parts: Buffer[]) => Buffer.concat([...parts, Buffer.from(`--${BOUNDARY}--\r\n`)]);
/** An upload with files of the given sizes whose whole body is `total` bytes: the last file takes up the difference. */
function uploadOf(total: number, sizes: number[]): Buffer {
  const overhead = form(...sizes.map((_, n) => filePart(n, Buffer.alloc(0)))).length;
  const last = total - overhead - sizes.slice(0, -1).reduce((a, b) => a + b, 0);
  const body = form(...sizes.map((size, n) => filePart(n, Buffer.alloc(n === sizes.length - 1 ? last : size, n + 1))));
  expect(body.length).toBe(total);
  return body;
}
/** `bytes` as a stream of 1 MiB chunks with no declared length (chunked); it ends only if `ends`. */
function chunked(bytes: Buffer, ends = true): Readable {
  const stream = new Readable({ read() {} });
  for (let at = 0; at < bytes.length; at += MiB) stream.push(bytes.subarray(at, at + MiB));
  if (ends) stream.push(null);
  return stream;
}

describe('the body reader, on uploads (multipart)', () => {
  const WAIT_MS = 3000;
  let app: FastifyInstance;
  let reached = 0;
  beforeAll(async () => {
    app = Fastify();
    registerBodyParsers(app, { limit: () => LIMIT, failures: API_BODY_FAILURES, checkProblems: true, multipart: () => true });
    answerErrors(app);
    app.post('/upload', async (req) => {
      reached++;
      const files = (req.files ?? []).map(({ fieldname, originalname, mimetype, size, buffer }) => ({
        fieldname,
        originalname,
        mimetype,
        size,
        ...(size <= 100 ? { text: buffer.toString('utf8') } : {}),
      }));
      return { fields: req.body, files };
    });
    await app.ready();
  });
  afterAll(() => app.close());

  /** The answer, or `null` if none came within WAIT_MS (the reader is still waiting on the body). */
  const upload = async (payload: Buffer | Readable, headers: Record<string, string> = MULTIPART, simulate?: InjectOptions['simulate']) => {
    let timer: NodeJS.Timeout | undefined;
    const answer = app
      .inject({ method: 'POST', url: '/upload', payload, headers, ...(simulate ? { simulate } : {}) })
      .then((res) => ({ status: res.statusCode, body: res.json() }));
    const late = new Promise<null>((resolve) => {
      timer = setTimeout(() => resolve(null), WAIT_MS);
    });
    try {
      return await Promise.race([answer, late]);
    } finally {
      clearTimeout(timer);
    }
  };
  const notJson = { status: 400, body: { success: false, error: NOT_JSON, fieldErrors: [{ path: '', message: NOT_JSON }] } };

  it('reads the fields and the files, a part with no file name but a file type as a file named ""', async () => {
    const before = reached;
    const body = form(
      part('payload_json', '{"content":"hi"}', '', 'Content-Type: application/json\r\n'),
      part('note', 'plain'),
      part('files[0]', 'hello', '; filename="dir/hello.png"', 'Content-Type: image/png\r\n'),
      part('raw', 'xyz', '', 'Content-Type: application/octet-stream\r\n'),
    );
    expect(await upload(body)).toEqual({
      status: 200,
      body: {
        fields: { payload_json: '{"content":"hi"}', note: 'plain' },
        files: [
          { fieldname: 'files[0]', originalname: 'hello.png', mimetype: 'image/png', size: 5, text: 'hello' },
          { fieldname: 'raw', originalname: '', mimetype: 'application/octet-stream', size: 3, text: 'xyz' },
        ],
      },
    });
    expect(reached).toBe(before + 1);
  });

  it('takes an upload of exactly 11 MiB, declared or chunked, and refuses one byte more with 413 either way', async () => {
    expect(MAX_UPLOAD_BYTES).toBe(11 * MiB);
    const sizes = [6 * MiB, 0];
    const at = uploadOf(MAX_UPLOAD_BYTES, sizes);
    const taken = { status: 200, body: { fields: {}, files: [expect.objectContaining({ size: 6 * MiB }), expect.anything()] } };
    expect(await upload(at)).toEqual(taken);
    expect(await upload(chunked(at))).toEqual(taken);
    const over = uploadOf(MAX_UPLOAD_BYTES + 1, sizes);
    expect(await upload(over)).toEqual(TOO_LARGE);
    expect(await upload(chunked(over))).toEqual(TOO_LARGE);
  });

  it('refuses an upload that declares more than 11 MiB with 413 before reading it, though the body has not ended', async () => {
    const before = reached;
    const stream = chunked(form(part('note', 'small')).subarray(0, 40), false);
    expect(await upload(stream, { ...MULTIPART, 'content-length': String(MAX_UPLOAD_BYTES + 1) })).toEqual(TOO_LARGE);
    stream.destroy();
    expect(reached).toBe(before);
  });

  it('refuses an upload over 11 MiB without a declared length with 413 as it arrives, before it ends', async () => {
    const before = reached;
    // Two files of 6 MiB, each within the 10 MiB a file may have; the body never ends.
    const stream = chunked(uploadOf(12 * MiB + 1000, [6 * MiB, 6 * MiB]).subarray(0, 12 * MiB), false);
    expect(await upload(stream)).toEqual(TOO_LARGE);
    stream.destroy();
    expect(reached).toBe(before);
  });

  it('refuses a field of 1 MiB or more with 413 rather than read it cut short; one byte less is read whole', async () => {
    // busboy counts a field that reaches its 1 MiB limit as cut, even when nothing more followed.
    expect(await upload(form(part('payload_json', 'x'.repeat(MiB + 1))))).toEqual(TOO_LARGE);
    expect(await upload(form(part('payload_json', 'x'.repeat(MiB))))).toEqual(TOO_LARGE);
    const whole = await upload(form(part('payload_json', 'x'.repeat(MiB - 1))));
    expect(whole?.status).toBe(200);
    expect(whole?.body.fields.payload_json).toHaveLength(MiB - 1);
  });

  it('takes 20 fields and 10 files, and refuses a 21st field or an 11th file with 413', async () => {
    const fields = (count: number) => Array.from({ length: count }, (_, i) => part(`f${i}`, String(i)));
    const files = (count: number) => Array.from({ length: count }, (_, n) => filePart(n, Buffer.from(`file ${n}`)));
    const twenty = await upload(form(...fields(20)));
    expect(twenty?.status).toBe(200);
    expect(Object.keys(twenty?.body.fields)).toHaveLength(20);
    expect(await upload(form(...fields(21)))).toEqual(TOO_LARGE);
    const ten = await upload(form(...files(10)));
    expect(ten?.status).toBe(200);
    expect(ten?.body.files).toHaveLength(10);
    expect(await upload(form(...files(11)))).toEqual(TOO_LARGE);
  });

  it('refuses a malformed upload (no boundary, a bad part header, cut before its closing boundary) with 400, unread by the route', async () => {
    const before = reached;
    const body = form(part('note', 'fine'));
    expect(await upload(body, { 'content-type': 'multipart/form-data' })).toEqual(notJson);
    expect(await upload(Buffer.from(`--${BOUNDARY}\r\nno header here\r\n\r\nx\r\n--${BOUNDARY}--\r\n`))).toEqual(notJson);
    expect(await upload(body.subarray(0, -(BOUNDARY.length + 6)))).toEqual(notJson);
    expect(reached).toBe(before);
  });

  it('lets go of an upload whose request stream fails, or closes, before it ends: 413, not a wait for the rest', async () => {
    const before = reached;
    // Node's own server reports a client that goes with both (the next test), so either alone must be enough.
    const cut = form(part('note', 'fine'), filePart(0, Buffer.from('partial'))).subarray(0, -40);
    expect(await upload(cut, MULTIPART, { error: true, close: false, end: false, split: false })).toEqual(TOO_LARGE);
    expect(await upload(cut, MULTIPART, { error: false, close: true, end: false, split: false })).toEqual(TOO_LARGE);
    expect(reached).toBe(before);
  });

  it('lets go at once of an upload whose client disconnects mid-upload, over a real connection', async () => {
    const server = Fastify();
    const seen: number[] = [];
    let hit = false;
    registerBodyParsers(server, { limit: () => LIMIT, failures: API_BODY_FAILURES, checkProblems: true, multipart: () => true });
    answerErrors(server, seen);
    server.post('/upload', async () => {
      hit = true;
      return {};
    });
    await server.listen({ port: 0, host: '127.0.0.1' });
    try {
      const { port } = server.server.address() as AddressInfo;
      const req = http.request({
        port,
        host: '127.0.0.1',
        path: '/upload',
        method: 'POST',
        agent: false,
        headers: { ...MULTIPART, 'content-length': String(MiB) },
      });
      req.on('error', () => undefined);
      req.write(form(part('note', 'fine'), filePart(0, Buffer.alloc(1000))).subarray(0, 500));
      // The server has the headers and part of the body (it is reading it) when the client goes.
      await new Promise((resolve) => setTimeout(resolve, 100));
      req.destroy();
      for (const deadline = Date.now() + WAIT_MS; seen.length === 0 && Date.now() < deadline;)
        await new Promise((resolve) => setTimeout(resolve, 10));
      expect(seen).toEqual([413]);
      expect(hit).toBe(false);
    } finally {
      await server.close();
    }
  });
});
