import { createHash } from 'node:crypto';
import { openapi } from '@guildhall/generated/openapi';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Logger } from 'pino';
import { type PeriodicJob, schedulePeriodicJob } from '../jobs/periodic-job.js';
import type { Clock } from '../payments/payment-provider.js';
import { RecordExistsError, type StoragePort, type StoredRecord } from '../storage/storage.port.js';
import { pathOf } from './http-types.js';

/**
 * Idempotency keys (issue 33): a client that lost the answer to a create, a send, a deploy or an order retries with the
 * same `Idempotency-Key`, and the route runs once. Which operations take a key is the OpenAPI document's (generated
 * from schemas/operations.json and the collections table: every POST but those marked `"idempotencyKey": false`); the
 * server reads it there, so the table, the document and this check cannot disagree.
 *
 * A key is claimed by inserting a record whose id is a hash of its scope (who, which guild, the key): the database
 * refuses a second insert of one id on every adapter, so of two instances racing on one key only one runs the route.
 * The claim keeps the request's fingerprint (method, path, canonical body) and, once the route answered, the answer.
 */

/** The header as the OpenAPI document declares it (scripts/generate/build-openapi.mjs): its name and what a key may be. */
const KEY_PARAMETER = (openapi.components as { parameters: Record<string, unknown> }).parameters.IdempotencyKey as {
  name: string;
  schema: { minLength: number; maxLength: number; pattern: string };
};
export const IDEMPOTENCY_HEADER = KEY_PARAMETER.name.toLowerCase();
export const REPLAYED_HEADER = 'Idempotent-Replayed';
/** The records collection of the claims (storage port: ids unique per collection, compare-and-set replace). */
export const IDEMPOTENCY_KEYS = 'idempotency-keys';
/** A key answers its first result for this long; after that it is treated as absent and runs again. */
export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;
/**
 * A claim still running after this long is taken to be an instance's that died before answering (a route that runs
 * longer than a minute is none of ours: Discord's calls time out sooner), so a retry may take it over and run. The
 * price of a wrong guess is the one this whole check avoids, a second run; a minute keeps that guess far from any
 * live request, and a dead instance's claim does not block its user's retries for a day.
 */
export const STALE_CLAIM_MS = 60 * 1000;
/** How long a retry that finds its key's first request still running waits for its answer before a 409. */
const WAIT_FOR_FIRST_MS = 10 * 1000;
const POLL_MS = 25;
/** Answers kept to replay: success and the caller's own mistakes. Not kept: the server's failures and refusals of who is asking. */
const storable = (status: number) =>
  (status >= 200 && status < 300) || (status >= 400 && status < 500 && ![401, 403, 429].includes(status));
/** Replayed as they were: what the body is, and where a created thing is. */
const KEPT_HEADERS = ['content-type', 'location'] as const;
/** What payment APIs accept (a UUID fits): the declared parameter's length and characters. */
const KEY_CHARACTERS = new RegExp(KEY_PARAMETER.schema.pattern);
const validKey = (key: string) =>
  key.length >= KEY_PARAMETER.schema.minLength && key.length <= KEY_PARAMETER.schema.maxLength && KEY_CHARACTERS.test(key);

export const KEY_MALFORMED = `The ${KEY_PARAMETER.name} header must be ${KEY_PARAMETER.schema.minLength} to ${KEY_PARAMETER.schema.maxLength} visible ASCII characters (a UUID, for example).`;
export const KEY_REUSED =
  'This Idempotency-Key was already used for another request (another method, path or body). Send a new key for a new action.';
export const KEY_IN_PROGRESS = 'A request with this Idempotency-Key is still being processed. Try again in a moment.';

export interface IdempotencyClaim {
  fingerprint: string;
  state: 'running' | 'done';
  /** When it was claimed (running) or answered (done), by the app's clock. */
  at: string;
  answer?: { status: number; body: string; headers: Record<string, string> };
}

/** What a claimed request carries from the claim to its answer. */
interface Claimed {
  id: string;
  version: number;
  fingerprint: string;
  settled: boolean;
}
const CLAIMED = Symbol('idempotency-claim');
type KeyedRequest = FastifyRequest & { [CLAIMED]?: Claimed };

/** The keyed operations' paths by method, as patterns of the paths the router serves (any case, a trailing slash). */
export const KEYED_ROUTES: ReadonlyMap<string, readonly RegExp[]> = (() => {
  const routes = new Map<string, RegExp[]>();
  const paths = openapi.paths as Record<string, Record<string, { parameters?: { $ref?: string }[] } | unknown>>;
  for (const [path, item] of Object.entries(paths)) {
    for (const [method, operation] of Object.entries(item)) {
      const parameters = (operation as { parameters?: { $ref?: string }[] } | undefined)?.parameters;
      if (!Array.isArray(parameters) || !parameters.some((p) => p.$ref === '#/components/parameters/IdempotencyKey')) continue;
      const pattern = path.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{[^}]+\}/g, '[^/]+');
      const list = routes.get(method.toUpperCase()) ?? [];
      list.push(new RegExp(`^${pattern}/?$`, 'i'));
      routes.set(method.toUpperCase(), list);
    }
  }
  return routes;
})();

export const takesKey = (method: string, path: string): boolean => KEYED_ROUTES.get(method)?.some((route) => route.test(path)) ?? false;

/** JSON with every object's keys sorted: two bodies that differ only in key order are the same request. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).filter(([, v]) => v !== undefined);
    entries.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** The claim's record id: its scope hashed, so the database holds no key and no user id in the clear. */
export const claimId = (principal: string, guildId: string, key: string): string => sha256(`${principal}\n${guildId}\n${key}`);
/** What makes two requests the same one: method, path (with its query) and body, whatever the order of its keys. */
export const fingerprintOf = (method: string, url: string, body: unknown): string => sha256(`${method} ${url}\n${canonicalJson(body)}`);

/** Who the key belongs to: the bot (its credential, checked at the front door) or the signed-in user; none: no key. */
function principalOf(request: FastifyRequest): string | undefined {
  if (request.botAuthenticated) return 'bot';
  return request.user ? `user:${request.user.id}` : undefined;
}

/** The guild a request acts on: its route's, else its body's (the embed builder, an order), else none. */
function guildOf(request: FastifyRequest): string {
  const params = request.params as Record<string, unknown> | undefined;
  if (typeof params?.guildId === 'string') return params.guildId;
  const body = request.body as Record<string, unknown> | undefined;
  return body && typeof body === 'object' && typeof body.guildId === 'string' ? body.guildId : '';
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Registers the check on a keyed route with an Idempotency-Key (after the front door and the body parser, before the
 * route): claim, replay, refuse or wait; and, as the answer leaves, keep it in the claim (or release the claim).
 */
export function registerIdempotency(fastify: FastifyInstance, storage: StoragePort, clock: Clock, logger: Logger): void {
  const records = storage.records;
  const now = () => clock().getTime();
  const expired = (claim: IdempotencyClaim) =>
    now() - Date.parse(claim.at) > (claim.state === 'running' ? STALE_CLAIM_MS : IDEMPOTENCY_TTL_MS);
  const claimData = (fingerprint: string): IdempotencyClaim => ({ fingerprint, state: 'running', at: clock().toISOString() });

  const replay = (reply: FastifyReply, answer: NonNullable<IdempotencyClaim['answer']>) =>
    reply.code(answer.status).headers(answer.headers).header(REPLAYED_HEADER, 'true').send(answer.body);

  fastify.addHook('preHandler', async (request: FastifyRequest, reply: FastifyReply) => {
    const header = request.headers[IDEMPOTENCY_HEADER];
    if (header === undefined || !takesKey(request.method, pathOf(request))) return;
    const principal = principalOf(request);
    // Nobody to keep it for: the route answers as it would (401 for a signed-in route).
    if (!principal) return;
    if (typeof header !== 'string' || !validKey(header)) return reply.code(400).send({ success: false, error: KEY_MALFORMED });
    const id = claimId(principal, guildOf(request), header);
    const fingerprint = fingerprintOf(request.method, request.url, request.body);
    const deadline = Date.now() + WAIT_FOR_FIRST_MS;
    for (;;) {
      let existing: StoredRecord<IdempotencyClaim> | null;
      try {
        const created = await records.insert<IdempotencyClaim>(IDEMPOTENCY_KEYS, { id, guildId: null, data: claimData(fingerprint) });
        (request as KeyedRequest)[CLAIMED] = { id, version: created.version, fingerprint, settled: false };
        return;
      } catch (err) {
        if (!(err instanceof RecordExistsError)) throw err;
        existing = await records.get<IdempotencyClaim>(IDEMPOTENCY_KEYS, id);
      }
      if (!existing) continue; // released between our insert and read: claim it again
      const claim = existing.data;
      if (expired(claim)) {
        // Older than a day (or a dead instance's): as if absent. Compare-and-set, so one of several retries takes it.
        const taken = await records.replace<IdempotencyClaim>(IDEMPOTENCY_KEYS, id, claimData(fingerprint), existing.version);
        if (taken.ok) {
          (request as KeyedRequest)[CLAIMED] = { id, version: taken.record.version, fingerprint, settled: false };
          return;
        }
        continue;
      }
      if (claim.fingerprint !== fingerprint) return reply.code(422).send({ success: false, error: KEY_REUSED });
      if (claim.state === 'done' && claim.answer) return replay(reply, claim.answer);
      // The first request with this key is still running (a retry racing it): wait for its answer.
      if (Date.now() >= deadline) return reply.code(409).send({ success: false, error: KEY_IN_PROGRESS });
      await sleep(POLL_MS);
    }
  });

  fastify.addHook('onSend', async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    const claimed = (request as KeyedRequest)[CLAIMED];
    if (!claimed || claimed.settled) return payload;
    claimed.settled = true;
    const body = typeof payload === 'string' ? payload : Buffer.isBuffer(payload) ? payload.toString('utf8') : undefined;
    try {
      if (body === undefined || !storable(reply.statusCode)) {
        // A failure (or an answer we cannot keep): the key is free again, so a retry runs.
        await records.delete(IDEMPOTENCY_KEYS, claimed.id);
        return payload;
      }
      const headers: Record<string, string> = {};
      for (const name of KEPT_HEADERS) {
        const value = reply.getHeader(name);
        if (value !== undefined) headers[name] = String(value);
      }
      const done: IdempotencyClaim = {
        fingerprint: claimed.fingerprint,
        state: 'done',
        at: clock().toISOString(),
        answer: { status: reply.statusCode, body, headers },
      };
      // Kept before the answer leaves: a client that loses this answer and retries finds it.
      await records.replace(IDEMPOTENCY_KEYS, claimed.id, done, claimed.version);
    } catch (err) {
      logger.warn({ err: err instanceof Error ? err.message : String(err) }, 'keeping an idempotent answer failed');
    }
    return payload;
  });

  // A request that never reached onSend (its connection gone before an answer): free the key for a retry.
  fastify.addHook('onResponse', async (request: FastifyRequest) => {
    const claimed = (request as KeyedRequest)[CLAIMED];
    if (!claimed || claimed.settled) return;
    claimed.settled = true;
    await records.delete(IDEMPOTENCY_KEYS, claimed.id).catch(() => undefined);
  });
}

/** Keys are pruned at start-up and this often. */
export const IDEMPOTENCY_PRUNE_INTERVAL_MS = 60 * 60 * 1000;
const PRUNE_BATCH = 200;

/**
 * Deletes keys older than a day. Records list oldest inserted first; a claim taken over later keeps its place but has
 * a newer time, so it is skipped (the offset walks past it), and the walk stops at the first record inserted within the
 * day: every later one is younger still.
 */
export async function pruneIdempotencyKeys(storage: StoragePort, clock: Clock): Promise<number> {
  const cutoff = clock().getTime() - IDEMPOTENCY_TTL_MS;
  let deleted = 0;
  let offset = 0;
  for (;;) {
    const batch = await storage.records.list<IdempotencyClaim>(IDEMPOTENCY_KEYS, { limit: PRUNE_BATCH, offset });
    for (const record of batch) {
      if (Date.parse(record.createdAt) > cutoff) return deleted;
      // A claim left running a day ago is a dead instance's: it goes too. (Deleting is not compare-and-set: a retry taking
      // over this very record at this moment would lose its claim, and so its kept answer; a day-old key's retry is rare.)
      if (Date.parse(record.data.at) <= cutoff && (await storage.records.delete(IDEMPOTENCY_KEYS, record.id))) deleted++;
      else offset++;
    }
    if (batch.length < PRUNE_BATCH) return deleted;
  }
}

export function scheduleIdempotencyPruning(
  storage: StoragePort,
  clock: Clock,
  logger: Logger,
  intervalMs = IDEMPOTENCY_PRUNE_INTERVAL_MS,
): PeriodicJob {
  return schedulePeriodicJob(() => pruneIdempotencyKeys(storage, clock), logger, intervalMs, {
    done: 'expired idempotency keys deleted',
    failed: 'deleting expired idempotency keys failed',
  });
}
