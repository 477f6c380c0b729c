import { createHash } from 'node:crypto';
import { FixedWindows } from '@guildhall/backend/http/fixed-windows';

export interface RateLimitPolicy {
  limit: number;
  windowMs: number;
}

export interface RateLimitState {
  allowed: boolean;
  limit: number;
  remaining: number;
  resetAt: number;
}

/**
 * At most this many windows are kept. Keys are bounded already (a route shape, a validated major id and the resolved
 * caller), and expired windows go at each sweep; this is the last bound on memory should a flood of distinct valid ids
 * outrun the sweep. Past it the oldest windows are forgotten (their callers get a fresh window, never a refusal).
 */
export const MAX_RATE_LIMIT_WINDOWS = 50_000;

/**
 * Discord's buckets behave like fixed windows: a number of requests, then a reset time. Emulating that
 * exactly (rather than a smoother algorithm) keeps X-RateLimit-Reset-After truthful for @discordjs/rest.
 * Expired windows are swept as requests come (no timer to stop), at most once per the longest window seen.
 */
export class FixedWindowLimiter {
  private readonly windows: FixedWindows;
  private nextSweepAt = 0;

  constructor(maxWindows = MAX_RATE_LIMIT_WINDOWS) {
    this.windows = new FixedWindows(maxWindows);
  }

  take(key: string, policy: RateLimitPolicy, now: number = Date.now()): RateLimitState {
    if (now >= this.nextSweepAt) {
      this.windows.sweep(now);
      this.nextSweepAt = now + policy.windowMs;
    }
    const window = this.windows.current(key, policy.windowMs, now);
    const allowed = window.count < policy.limit;
    if (allowed) window.count += 1;
    return { allowed, limit: policy.limit, remaining: Math.max(0, policy.limit - window.count), resetAt: window.resetAt };
  }

  /** How many windows are kept (a bounded number: see MAX_RATE_LIMIT_WINDOWS). */
  get size(): number {
    return this.windows.size;
  }

  clear(): void {
    this.windows.clear();
  }
}

/** Discord names buckets with an opaque hash shared by every request of one route shape. */
export function bucketHash(route: string): string {
  return createHash('sha1').update(route).digest('hex').slice(0, 32);
}

export function rateLimitHeaders(state: RateLimitState, route: string, now: number = Date.now()): Record<string, string> {
  return {
    'X-RateLimit-Limit': String(state.limit),
    'X-RateLimit-Remaining': String(state.remaining),
    'X-RateLimit-Reset': (state.resetAt / 1000).toFixed(3),
    'X-RateLimit-Reset-After': (Math.max(0, state.resetAt - now) / 1000).toFixed(3),
    'X-RateLimit-Bucket': bucketHash(route),
  };
}

/** Every other route gets Discord's global bot budget (50 requests a second) so clients see real headers. */
export const ROUTE_RATE_LIMIT: RateLimitPolicy = { limit: 50, windowMs: 1000 };

/** Discord's global limit, over all routes: 50 requests a second per token (client-limit.ts: per token and address). */
export const GLOBAL_RATE_LIMIT: RateLimitPolicy = { limit: 50, windowMs: 1000 };

/**
 * The sandbox's two budgets: GET users/@me/guilds (the route Discord limits hardest, adjustable at run time so
 * tests can provoke a 429) and every other route.
 */
export class SandboxRateLimits {
  private readonly limiter = new FixedWindowLimiter();
  private guilds: RateLimitPolicy;

  /** `now`: the sandbox's clock (epoch ms), which windows start and end by. */
  constructor(
    private readonly initialGuilds: RateLimitPolicy,
    private readonly now: () => number = () => Date.now(),
  ) {
    this.guilds = { ...initialGuilds };
  }

  get guildsLimit(): RateLimitPolicy {
    return { ...this.guilds };
  }

  setGuildsLimit(limit: number, windowMs: number): void {
    this.guilds = { limit, windowMs };
    this.limiter.clear();
  }

  take(key: string, policy: 'userGuilds' | 'route'): RateLimitState {
    return this.limiter.take(key, policy === 'userGuilds' ? this.guilds : ROUTE_RATE_LIMIT, this.now());
  }

  /** How many rate-limit windows are kept (bounded; expired ones are swept). */
  get windowCount(): number {
    return this.limiter.size;
  }

  /** Windows forgotten and the guilds budget back to its configured value. */
  reset(): void {
    this.limiter.clear();
    this.guilds = { ...this.initialGuilds };
  }
}
