import { FixedWindows } from './fixed-windows.js';
import type { HttpReply, HttpRequest } from './http-types.js';

/** The client's address: the socket's, or behind trusted proxies (TRUST_PROXY) the one the outermost saw. */
export function clientAddress(req: HttpRequest): string {
  return req.ip || (req.socket.remoteAddress ?? 'unknown');
}

/** What a request counts against, and how a refusal reads (`Retry-After` is set already). */
export interface RateLimitRules {
  keys(req: HttpRequest): string[];
  refuse(reply: HttpReply, retryAfterSeconds: number): void;
}

/** The API's: per address and per signed-in user, refused in the API's error shape. */
export const API_RATE_LIMIT_RULES: RateLimitRules = {
  keys(req) {
    const keys = [`ip:${clientAddress(req)}`];
    const userId = req.user?.id;
    if (userId) keys.push(`user:${userId}`);
    return keys;
  },
  refuse(reply, retryAfter) {
    reply.code(429).send({ success: false, error: `Too many requests. Try again in ${retryAfter} seconds.` });
  },
};

/**
 * At most this many windows are kept by one limiter. Keys are an address or a signed-in user (never anything a client
 * writes), and expired windows are swept every window; this bounds memory should more distinct addresses arrive
 * within one window than that (an IPv6 client has a whole prefix to rotate through). Past it the oldest windows are
 * forgotten: their clients start a fresh window.
 */
export const MAX_RATE_LIMIT_KEYS = 100_000;

/**
 * Fixed-window limits per address and per signed-in user, in memory. A request is refused when either
 * of its keys is over the limit, so one user cannot spread load over addresses, nor one address over users.
 */
export class RateLimiter {
  private readonly windows: FixedWindows;
  private readonly sweeper: NodeJS.Timeout;

  /** `now`: the clock windows start and end by, in epoch ms (the sandbox's front door counts by the sandbox's). */
  constructor(
    private readonly max: number,
    private readonly windowMs: number,
    maxKeys = MAX_RATE_LIMIT_KEYS,
    private readonly now: () => number = () => Date.now(),
  ) {
    this.windows = new FixedWindows(maxKeys);
    this.sweeper = setInterval(() => this.windows.sweep(this.now()), Math.max(windowMs, 1000));
    this.sweeper.unref();
  }

  /** Counts a hit on each key; returns the seconds to wait when one is over the limit, else 0. */
  hit(keys: string[], now = this.now()): number {
    let retryAfterMs = 0;
    for (const key of keys) {
      const w = this.windows.current(key, this.windowMs, now);
      w.count += 1;
      if (w.count > this.max) retryAfterMs = Math.max(retryAfterMs, w.resetAt - now);
    }
    return retryAfterMs > 0 ? Math.ceil(retryAfterMs / 1000) : 0;
  }

  /** For the front door (app.ts): counts the request, and answers 429 (returning true) when it is over a limit. */
  refused(req: HttpRequest, reply: HttpReply, rules: RateLimitRules = API_RATE_LIMIT_RULES): boolean {
    const retryAfter = this.hit(rules.keys(req));
    if (retryAfter === 0) return false;
    reply.header('Retry-After', String(retryAfter));
    rules.refuse(reply, retryAfter);
    return true;
  }

  /** How many windows are kept (bounded by MAX_RATE_LIMIT_KEYS; expired ones are swept every window). */
  get size(): number {
    return this.windows.size;
  }

  close() {
    clearInterval(this.sweeper);
  }
}
