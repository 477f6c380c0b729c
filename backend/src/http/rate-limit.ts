import type { HttpReply, HttpRequest } from './http-types.js';

interface Window {
  count: number;
  resetAt: number;
}

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
 * Fixed-window limits per address and per signed-in user, in memory. A request is refused when either
 * of its keys is over the limit, so one user cannot spread load over addresses, nor one address over users.
 */
export class RateLimiter {
  private readonly windows = new Map<string, Window>();
  private readonly sweeper: NodeJS.Timeout;

  constructor(
    private readonly max: number,
    private readonly windowMs: number,
  ) {
    this.sweeper = setInterval(() => this.sweep(), Math.max(windowMs, 1000));
    this.sweeper.unref();
  }

  /** Counts a hit on each key; returns the seconds to wait when one is over the limit, else 0. */
  hit(keys: string[], now = Date.now()): number {
    let retryAfterMs = 0;
    for (const key of keys) {
      let w = this.windows.get(key);
      if (!w || w.resetAt <= now) {
        w = { count: 0, resetAt: now + this.windowMs };
        this.windows.set(key, w);
      }
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

  close() {
    clearInterval(this.sweeper);
  }

  private sweep(now = Date.now()) {
    for (const [key, w] of this.windows) if (w.resetAt <= now) this.windows.delete(key);
  }
}
