import type { FieldError } from '@guildhall/generated/types';
import express, { type NextFunction, type Request, type RequestHandler, type Response } from 'express';
import { ApiError } from './api-error.js';

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

function isJson(text: unknown): boolean {
  if (typeof text !== 'string') return false;
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

/** body-parser's own failures, as sentences in the API's error shape. */
function readFailure(err: unknown): unknown {
  switch ((err as { type?: string }).type) {
    case 'entity.parse.failed': {
      // Strict parsing takes only an object or an array: a bare value (`42`, `null`) is JSON, just not a body.
      const message = isJson((err as { body?: unknown }).body) ? NOT_AN_OBJECT : NOT_JSON;
      return ApiError.validation([{ path: '', message }], message);
    }
    case 'entity.too.large':
      return new ApiError(413, 'The request body is too large.');
    case 'charset.unsupported':
    case 'encoding.unsupported':
      return new ApiError(415, 'The request body is in an encoding the server does not read.');
    default:
      return err;
  }
}

/**
 * The app's one body parser, for every route (it replaces Nest's): JSON, and URL-encoded forms (flat: the Discord
 * sandbox's OAuth2 token endpoint takes them), each checked by bodyProblems before any route sees it. A refusal is a
 * 400 `{ success: false, error, fieldErrors }`, passed on to the exception filter like every other error.
 */
/**
 * The bot API's body limit (a transcript upload: up to 5000 messages of 2000 characters). It applies only once the
 * bot's credential has been checked (res.locals.botAuthenticated), so nobody else can make the server read 16 MB.
 */
export const BOT_BODY_LIMIT = '16mb';

/** The payment provider's webhook: its signature is over the bytes as sent, so they are kept (req.rawBody). */
export const PAYMENT_WEBHOOK_PATH = '/api/payments/webhook';

const keepRawWebhookBody = (req: { url?: string; originalUrl?: string; rawBody?: Buffer }, _res: unknown, buf: Buffer) => {
  if ((req.originalUrl ?? req.url ?? '').split('?')[0] === PAYMENT_WEBHOOK_PATH) req.rawBody = buf;
};

export function bodyParser(): RequestHandler {
  const smallJson = express.json({ verify: keepRawWebhookBody });
  const botJson = express.json({ limit: BOT_BODY_LIMIT });
  const form = express.urlencoded({ extended: false });
  return (req: Request, res: Response, next: NextFunction) => {
    const json = res.locals.botAuthenticated === true ? botJson : smallJson;
    json(req, res, (jsonError?: unknown) => {
      if (jsonError) return next(readFailure(jsonError));
      form(req, res, (formError?: unknown) => {
        if (formError) return next(readFailure(formError));
        const problems = bodyProblems(req.body);
        next(problems ? ApiError.validation(problems.fieldErrors, problems.error) : undefined);
      });
    });
  };
}
