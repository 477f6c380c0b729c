import { parse as parseQuery } from 'node:querystring';
import { createBrotliDecompress, createGunzip, createInflate } from 'node:zlib';
import busboy from 'busboy';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { publishedSchemas } from '@guildhall/generated/schemas';
import type { FieldError } from '@guildhall/generated/types';
import { ApiError } from './api-error.js';
import type { UploadedFile } from './http-types.js';

/**
 * How deeply a request body may nest objects and arrays (the body itself is level 1). The deepest document a schema
 * describes is a greeting save, body > settings > welcome > embed > author: 5 levels; the Discord sandbox's message
 * bodies reach 6 (a button's emoji in an action row, a poll answer's emoji). 32 leaves room for growth and stays far
 * below the few thousand levels at which a recursive walk of the body (structuredClone, a logger) exhausts the stack.
 */
export const MAX_BODY_DEPTH = 32;
/**
 * At most this many fields are named in one answer: a 100 KB body could hold thousands of bad strings, and the
 * first few are enough to find them.
 */
const MAX_REPORTED = 20;

export const UNSTORABLE_TEXT = 'Text cannot contain the character U+0000 or invalid Unicode.';
export const TOO_DEEP = 'The request is nested too deeply.';

/**
 * U+0000 and unpaired surrogates: PostgreSQL's text and jsonb cannot hold them. With the `u` flag a surrogate pair is
 * one code point, so \p{Cs} (surrogate) matches only a surrogate without its partner.
 */
const LONE_SURROGATE = /\p{Cs}/u;
const unstorable = (text: string) => text.includes('\u0000') || LONE_SURROGATE.test(text);

const escapeToken = (token: string) => token.replace(/~/g, '~0').replace(/\//g, '~1');

/**
 * What makes a parsed body unreadable for the rest of the app, as field errors (JSON Pointers into the body as sent):
 * the first container nested deeper than MAX_BODY_DEPTH (nothing else is reported then), or each string value and
 * property name with a character that cannot be stored. Walks with an explicit stack: no depth can overflow it.
 */
export function bodyProblems(body: unknown): { error: string; fieldErrors: FieldError[] } | null {
  const fieldErrors: FieldError[] = [];
  const stack: { value: unknown; path: string; depth: number }[] = [{ value: body, path: '', depth: 0 }];
  while (stack.length > 0 && fieldErrors.length < MAX_REPORTED) {
    const { value, path, depth } = stack.pop()!;
    if (typeof value === 'string') {
      if (unstorable(value)) fieldErrors.push({ path, message: UNSTORABLE_TEXT });
      continue;
    }
    if (value === null || typeof value !== 'object') continue;
    if (depth + 1 > MAX_BODY_DEPTH) return { error: TOO_DEEP, fieldErrors: [{ path, message: TOO_DEEP }] };
    const entries = Array.isArray(value) ? value.map((item, index) => [String(index), item] as const) : Object.entries(value);
    // Reversed onto the stack, so the body is read in document order.
    for (let i = entries.length - 1; i >= 0; i--) {
      const [key, child] = entries[i]!;
      stack.push({ value: child, path: `${path}/${escapeToken(key)}`, depth: depth + 1 });
    }
    if (!Array.isArray(value)) {
      for (const [key] of entries) if (unstorable(key)) fieldErrors.push({ path: `${path}/${escapeToken(key)}`, message: UNSTORABLE_TEXT });
    }
  }
  return fieldErrors.length ? { error: UNSTORABLE_TEXT, fieldErrors: fieldErrors.slice(0, MAX_REPORTED) } : null;
}

export const NOT_JSON = 'The request body is not valid JSON.';
// The request schemas' own words for a body of the wrong type.
export const NOT_AN_OBJECT = 'The request body must be a JSON object';

/** The limit of every body but the bot's (as Express' parser had it). */
export const BODY_LIMIT = 100 * 1024;
/**
 * The bot API's body limit (a transcript upload: up to 5000 messages of 2000 characters). It applies only once the
 * bot's credential has been checked (request.botAuthenticated), so nobody else can make the server read 16 MB.
 */
export const BOT_BODY_LIMIT = 16 * 1024 * 1024;

/** The route that takes an image in its JSON body (images/images.controller.ts), as the router names it. */
export const IMAGE_UPLOAD_PATH = '/api/guild/:guildId/settings/:section/images/:field';

/**
 * The image upload's body limit: what its request schema admits (the base64 data's maxLength, a file name of
 * maxLength characters each escaped as \uXXXX), and room for the JSON around them. Read from the schema, so the bound
 * is written once; a body beyond it is 413 before it is read.
 */
export const IMAGE_UPLOAD_BODY_LIMIT = (() => {
  const { properties } = publishedSchemas['image-upload-request'] as { properties: Record<string, { maxLength: number }> };
  return properties.data!.maxLength + properties.fileName!.maxLength * '\\uXXXX'.length + 1024;
})();

/**
 * The largest body a request may send: the bot's (once its credential is checked), a signed-in user's image upload,
 * or BODY_LIMIT. Decided by the route the router matched, so nobody signed out can make the server read 14 MB.
 */
export function apiBodyLimit(request: FastifyRequest): number {
  if (request.botAuthenticated) return BOT_BODY_LIMIT;
  if (request.user && request.routeOptions.url === IMAGE_UPLOAD_PATH) return IMAGE_UPLOAD_BODY_LIMIT;
  return BODY_LIMIT;
}

/** The payment provider's webhook: its signature is over the bytes as sent, so they are kept (request.rawBody). */
export const PAYMENT_WEBHOOK_PATH = '/api/payments/webhook';

function isJson(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

/** How a reading failure reads: the app's error shape, or (the standalone Discord sandbox) Discord's. */
export interface BodyFailures {
  notJson(bareValue: boolean): Error;
  tooLarge(): Error;
  unreadable(): Error;
}

export const API_BODY_FAILURES: BodyFailures = {
  notJson(bareValue) {
    // Strict parsing takes only an object or an array: a bare value (`42`, `null`) is JSON, just not a body.
    const message = bareValue ? NOT_AN_OBJECT : NOT_JSON;
    return ApiError.validation([{ path: '', message }], message);
  },
  tooLarge: () => new ApiError(413, 'The request body is too large.'),
  unreadable: () => new ApiError(415, 'The request body is in an encoding the server does not read.'),
};

export interface BodyParserOptions {
  /** The largest body this request may send. */
  limit(request: FastifyRequest): number;
  failures: BodyFailures;
  /** Refuse what bodyProblems finds (the app does; the standalone sandbox, like Discord, does not). */
  checkProblems: boolean;
  /**
   * Whether this request's multipart body (an upload) is read; others are left unread, as Express left them. The app
   * reads only the uploads its front door admitted (sandboxes/discord/src/upload-gate.ts), never a stranger's.
   */
  multipart(request: FastifyRequest): boolean;
  /** How an upload's refusals read, when not as `failures` (the app's sandbox answers uploads in Discord's shape). */
  multipartFailures?: BodyFailures;
}

const CHARSETS = new Set(['utf-8', 'utf8']);

/** Reads a body stream (inflating gzip, deflate and br) up to `limit` bytes. */
function readBody(request: FastifyRequest, payload: NodeJS.ReadableStream, limit: number, failures: BodyFailures): Promise<Buffer> {
  const declared = Number(request.headers['content-length']);
  if (declared > limit) return Promise.reject(failures.tooLarge());
  const encoding = String(request.headers['content-encoding'] ?? 'identity').toLowerCase();
  let stream: NodeJS.ReadableStream = payload;
  if (encoding === 'gzip') stream = payload.pipe(createGunzip());
  else if (encoding === 'deflate') stream = payload.pipe(createInflate());
  else if (encoding === 'br') stream = payload.pipe(createBrotliDecompress());
  else if (encoding !== 'identity') return Promise.reject(failures.unreadable());
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let done = false;
    const fail = (err: Error) => {
      if (done) return;
      done = true;
      stream.removeAllListeners('data');
      payload.resume();
      reject(err);
    };
    stream.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) fail(failures.tooLarge());
      else if (!done) chunks.push(chunk);
    });
    stream.on('error', () => fail(failures.notJson(false)));
    stream.on('end', () => {
      if (done) return;
      done = true;
      resolve(chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks, size));
    });
  });
}

function charsetOf(contentType: string | undefined): string {
  const match = /;\s*charset\s*=\s*"?([^";\s]+)/i.exec(contentType ?? '');
  return match ? match[1]!.toLowerCase() : 'utf-8';
}

/**
 * The app's one body reader, for every route (Fastify's own parsers are removed): JSON, URL-encoded forms (flat: the
 * Discord sandbox's OAuth2 token endpoint takes them) and, on the sandbox's upload routes, multipart; each checked by
 * bodyProblems before any route sees it. Fastify reads bodies after the onRequest hooks, so a request refused there
 * (rate limit, bot credential, CSRF) is never read. A refusal is thrown to the app's error handler, in the API's shape.
 */
export function registerBodyParsers(fastify: FastifyInstance, options: BodyParserOptions): void {
  const { failures } = options;
  const checked = (body: unknown): unknown => {
    if (!options.checkProblems) return body;
    const problems = bodyProblems(body);
    if (problems) throw ApiError.validation(problems.fieldErrors, problems.error);
    return body;
  };
  fastify.removeAllContentTypeParsers();

  fastify.addContentTypeParser('application/json', async (request: FastifyRequest, payload: NodeJS.ReadableStream) => {
    if (!CHARSETS.has(charsetOf(request.headers['content-type']))) throw failures.unreadable();
    const bytes = await readBody(request, payload, options.limit(request), failures);
    // The matched route, as CSRF decides it (csrf.ts): every spelling the router serves as the webhook keeps its bytes.
    if (request.routeOptions.url === PAYMENT_WEBHOOK_PATH) request.rawBody = bytes;
    const text = bytes.toString('utf8');
    // An empty body is an empty object, as Express read it.
    if (text.trim() === '') return {};
    const first = /\S/.exec(text)?.[0];
    if (first !== '{' && first !== '[') throw failures.notJson(isJson(text));
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      throw failures.notJson(false);
    }
    return checked(body);
  });

  fastify.addContentTypeParser('application/x-www-form-urlencoded', async (request: FastifyRequest, payload: NodeJS.ReadableStream) => {
    if (!CHARSETS.has(charsetOf(request.headers['content-type']))) throw failures.unreadable();
    const bytes = await readBody(request, payload, options.limit(request), failures);
    return checked({ ...parseQuery(bytes.toString('utf8'), '&', '=', { maxKeys: 1000 }) });
  });

  fastify.addContentTypeParser('multipart/form-data', async (request: FastifyRequest, payload: NodeJS.ReadableStream) => {
    if (!options.multipart(request)) return undefined;
    const { fields, files } = await readMultipart(request, payload, options.multipartFailures ?? failures);
    request.files = files;
    return checked(fields);
  });

  // Any other type is not read (Express left such bodies alone): the route sees no body.
  fastify.addContentTypeParser('*', (_request: FastifyRequest, _payload: unknown, done: (err: null, body?: unknown) => void) =>
    done(null, undefined),
  );
}

const MiB = 1024 * 1024;
/**
 * Multipart uploads as Discord takes them (files[n] plus payload_json), kept in memory. Discord's default limit for a
 * bot's message (a server without boosts) is 10 MiB of files, at most 10 of them
 * (https://discord.com/developers/docs/reference#uploading-files); the sandbox takes no more, so an upload costs at most
 * MAX_UPLOAD_BYTES of memory, and the upload gate bounds how many are read at once.
 */
export const UPLOAD_LIMITS = { fileSize: 10 * MiB, files: 10, fields: 20, fieldSize: MiB };
/** A whole multipart body: the files' 10 MiB, and 1 MiB for payload_json, the other fields and the boundaries. */
export const MAX_UPLOAD_BYTES = 11 * MiB;

function readMultipart(
  request: FastifyRequest,
  payload: NodeJS.ReadableStream,
  failures: BodyFailures,
): Promise<{ fields: Record<string, string>; files: UploadedFile[] }> {
  // Refused unread when it says it is too large; counted as it comes when it does not say (chunked).
  if (Number(request.headers['content-length']) > MAX_UPLOAD_BYTES) return Promise.reject(failures.tooLarge());
  return new Promise((resolve, reject) => {
    let parser: busboy.Busboy;
    try {
      parser = busboy({ headers: request.headers as busboy.BusboyConfig['headers'], limits: UPLOAD_LIMITS });
    } catch {
      return reject(failures.notJson(false));
    }
    const fields: Record<string, string> = {};
    const files: UploadedFile[] = [];
    let failed = false;
    const fail = (err: Error) => {
      if (failed) return;
      failed = true;
      payload.unpipe(parser);
      payload.resume();
      reject(err);
    };
    let received = 0;
    payload.on('data', (chunk: Buffer) => {
      received += chunk.length;
      if (received > MAX_UPLOAD_BYTES) fail(failures.tooLarge());
    });
    parser.on('field', (name, value, info) => {
      // busboy cuts a field at fieldSize and goes on; a truncated payload_json would be read as a different message.
      if (info.valueTruncated) fail(failures.tooLarge());
      else fields[name] = value;
    });
    parser.on('fieldsLimit', () => fail(failures.tooLarge()));
    parser.on('file', (fieldname, stream, info) => {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('limit', () => fail(failures.tooLarge()));
      stream.on('end', () => {
        const buffer = Buffer.concat(chunks);
        files.push({ fieldname, originalname: info.filename ?? '', mimetype: info.mimeType, size: buffer.length, buffer });
      });
    });
    parser.on('filesLimit', () => fail(failures.tooLarge()));
    parser.on('error', () => fail(failures.notJson(false)));
    parser.on('close', () => failed || resolve({ fields, files }));
    // A client that goes mid-upload ends nothing busboy would notice: what was read is let go at once.
    payload.on('error', () => fail(failures.tooLarge()));
    payload.on('close', () => {
      if (!(payload as NodeJS.ReadableStream & { complete?: boolean }).complete) fail(failures.tooLarge());
    });
    payload.pipe(parser);
  });
}
