import { RateLimiter, clientAddress } from '@guildhall/backend/http/rate-limit';
import { GLOBAL_RATE_LIMIT } from './rate-limit.js';
import { SANDBOX_ROUTE_PREFIX } from './sandbox-options.js';
import type { DiscordSandboxService } from './sandbox.service.js';
import { type HttpRequest, type HttpReply } from '@guildhall/backend/http/http-types';

const REST_PATH = `/${SANDBOX_ROUTE_PREFIX}/api/`;

/**
 * The sandbox's front door, before any route of it runs: a flood of its pages (the viewer, the CDN, the authorize
 * page) or its REST API must not slow down everybody else. Requests without a valid token count per client address
 * (SANDBOX_RATE_LIMIT_MAX per window); REST calls with one count per token and address, at Discord's global limit.
 * So the app's own calls (from its internal address, with the bot's or a user's token) are counted apart from
 * anybody else's, including a stranger's holding a valid token from elsewhere, and they never spend the budget of
 * the address a person browses from. Refusals are Discord's global 429.
 */
export class SandboxClientLimits {
  private readonly perAddress: RateLimiter;
  private readonly perToken: RateLimiter;

  constructor(
    policy: { max: number; windowMs: number },
    private readonly sandbox: DiscordSandboxService,
  ) {
    // Counted by the sandbox's clock, as its routes' own windows are (sandbox-options.ts: `now`).
    this.perAddress = new RateLimiter(policy.max, policy.windowMs, undefined, sandbox.options.now);
    this.perToken = new RateLimiter(GLOBAL_RATE_LIMIT.limit, GLOBAL_RATE_LIMIT.windowMs, undefined, sandbox.options.now);
  }

  /** For the app's front door: counts the request, and answers Discord's global 429 (returning true) when over. */
  refused(req: HttpRequest, reply: HttpReply): boolean {
    const address = clientAddress(req);
    // A token means something to the REST API only: elsewhere it must not buy a larger budget.
    const caller = req.url.startsWith(REST_PATH) ? this.sandbox.authenticate(req.headers.authorization) : undefined;
    const retryAfter = caller ? this.perToken.hit([`${caller.kind}:${caller.userId}@${address}`]) : this.perAddress.hit([`ip:${address}`]);
    if (retryAfter === 0) return false;
    // Written by hand: under a flood, this answer is most of the work the process does.
    const body = JSON.stringify({ message: 'You are being rate limited.', retry_after: retryAfter, global: true, code: 0 });
    reply
      .code(429)
      .headers({
        'Content-Type': 'application/json',
        'X-Content-Type-Options': 'nosniff',
        'Retry-After': String(retryAfter),
        'X-RateLimit-Global': 'true',
        'X-RateLimit-Scope': 'global',
      })
      .send(body);
    return true;
  }

  close() {
    this.perAddress.close();
    this.perToken.close();
  }
}
