import type { FieldError } from '@guildhall/generated/types';
import { createClient, type FileAnswer, type Transport } from '@guildhall/generated/client';

/** A failed API call: the server's `{ success: false, error }` (plus fieldErrors, 409's current document...). */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly body: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = 'ApiError';
  }

  get fieldErrors(): FieldError[] {
    return Array.isArray(this.body.fieldErrors) ? (this.body.fieldErrors as FieldError[]) : [];
  }

  get unauthenticated() {
    return this.status === 401;
  }
}

const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);
const UNREACHABLE = 'Could not reach the server. Check your connection and try again.';
/**
 * A keyed call whose answer was lost (the request failed on the network: it may have run) is sent again with the same
 * Idempotency-Key after these pauses: the server runs it at most once and answers the first result. Other calls are
 * not retried: a second create without a key would make a second item.
 */
export const KEYED_RETRY_DELAYS_MS = [100, 300];

export function readCookie(name: string): string | undefined {
  const prefix = `${name}=`;
  for (const part of document.cookie.split('; ')) if (part.startsWith(prefix)) return decodeURIComponent(part.slice(prefix.length));
  return undefined;
}

/**
 * The one fetch wrapper: credentials included, the CSRF header on state-changing calls, JSON in and
 * out, and `{ success: false }` or a non-2xx status turned into an ApiError. `keyed`: the call is one user action
 * that must not run twice (a create, a send, an order): it gets an Idempotency-Key, and is sent again with the same
 * key when the network lost the answer.
 */
export async function api<T = unknown>(path: string, init: RequestInit & { json?: unknown; keyed?: boolean } = {}): Promise<T> {
  const method = (init.method ?? 'GET').toUpperCase();
  const headers = new Headers(init.headers);
  headers.set('Accept', 'application/json');
  let body = init.body;
  if (init.json !== undefined) {
    headers.set('Content-Type', 'application/json');
    body = JSON.stringify(init.json);
  }
  if (!SAFE.has(method)) {
    let token = readCookie('XSRF-TOKEN');
    // The token cookie is set by any API answer; a first write in a fresh tab fetches it once.
    if (!token) {
      await fetch('/api/user', { credentials: 'include' }).catch(() => undefined);
      token = readCookie('XSRF-TOKEN');
    }
    if (token) headers.set('X-XSRF-TOKEN', token);
  }
  const { keyed, json: _json, ...request } = init;
  if (keyed) headers.set('Idempotency-Key', crypto.randomUUID());
  let res: Response | undefined;
  for (let attempt = 0; !res; attempt++) {
    try {
      res = await fetch(path, { ...request, method, headers, body, credentials: 'include' });
    } catch {
      const wait = KEYED_RETRY_DELAYS_MS[attempt];
      if (!keyed || wait === undefined || init.signal?.aborted) throw new ApiError(0, UNREACHABLE);
      await new Promise((resolve) => setTimeout(resolve, wait));
    }
  }
  const text = await res.text();
  let data: unknown = null;
  if (text) {
    try {
      data = JSON.parse(text);
    } catch {
      throw new ApiError(res.status, `Unexpected answer from the server (${res.status}).`);
    }
  }
  const record = (data && typeof data === 'object' ? data : {}) as Record<string, unknown>;
  if (!res.ok || record.success === false) {
    const message = typeof record.error === 'string' ? record.error : `Request failed (${res.status}).`;
    throw new ApiError(res.status, message, record);
  }
  return data as T;
}

/**
 * GET a file with the same credentials and errors as api(): a JSON refusal becomes an ApiError with the server's
 * words; the file's name comes from Content-Disposition. The generated client's file operations come here.
 */
async function apiFile(path: string): Promise<FileAnswer> {
  let res: Response;
  try {
    res = await fetch(path, { credentials: 'include' });
  } catch {
    throw new ApiError(0, UNREACHABLE);
  }
  if (!res.ok) {
    let record: Record<string, unknown> = {};
    try {
      const data: unknown = JSON.parse(await res.text());
      if (data && typeof data === 'object') record = data as Record<string, unknown>;
    } catch {
      // Not JSON: the status says it all.
    }
    throw new ApiError(res.status, typeof record.error === 'string' ? record.error : `Request failed (${res.status}).`, record);
  }
  const filename = /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '')?.[1];
  return { blob: await res.blob(), filename: filename ? decodeURIComponent(filename) : undefined };
}

/** The generated client's transport over `api()` (and `apiFile()` for a file), with a signal that may abort the call. */
const transport =
  (signal?: AbortSignal): Transport =>
  (method, path, body, read) =>
    read === 'file' ? apiFile(path) : api(path, { method, json: body, keyed: read === 'keyed', ...(signal ? { signal } : {}) });

/**
 * The API's operations, typed from the schemas (@guildhall/generated/client, one function per operationId), over
 * `api()`: the generated client builds method, path and body; this wrapper stays the one place that fetches.
 */
export const client = createClient(transport());

/** The same client, its calls aborted by `signal` (TanStack Query's, so a superseded search stops fetching). */
export const clientWith = (signal: AbortSignal) => createClient(transport(signal));

/**
 * Where an image the dashboard keeps is shown from (an <img>'s src, loaded with the session cookie): our own storage,
 * the path of the operation getGuildImage, never Discord's CDN.
 */
export const guildImageUrl = (guildId: string, imageId: string) =>
  `/api/guild/${encodeURIComponent(guildId)}/images/${encodeURIComponent(imageId)}`;
