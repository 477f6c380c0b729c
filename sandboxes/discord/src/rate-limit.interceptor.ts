import { CallHandler, ExecutionContext, Injectable, NestInterceptor, SetMetadata } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Observable } from 'rxjs';
import { DiscordApiError } from './discord-errors.js';
import { rateLimitHeaders } from './rate-limit.js';
import { DiscordSandboxService } from './sandbox.service.js';
import { isSnowflake } from './snowflake.js';
import type { SandboxCaller } from './tokens.js';
import { type HttpRequest, type HttpReply } from '@guildhall/backend/http/http-types';

const SANDBOX_BUCKET = 'guildhall:discord-sandbox:bucket';

export interface BucketSpec {
  /** Route shape, e.g. "GET /channels/:channel_id/messages": one bucket hash per shape, like Discord. */
  route: string;
  /** Discord keeps separate windows per "major parameter" (guild, channel or webhook id). */
  major?: 'guild_id' | 'channel_id' | 'webhook_id';
  policy?: 'userGuilds' | 'route';
}

export const RateLimitBucket = (spec: BucketSpec): MethodDecorator => SetMetadata(SANDBOX_BUCKET, spec);

/**
 * Counts each request against its bucket, per token (and address), and answers as Discord does: X-RateLimit-* headers on
 * every answer (which @discordjs/rest uses to pace itself) and 429 with Retry-After when the window is spent.
 */
@Injectable()
export class SandboxRateLimitInterceptor implements NestInterceptor {
  constructor(
    private readonly reflector: Reflector,
    private readonly sandbox: DiscordSandboxService,
  ) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const spec = this.reflector.get<BucketSpec | undefined>(SANDBOX_BUCKET, context.getHandler());
    if (!spec) return next.handle();
    const req = context.switchToHttp().getRequest<HttpRequest & { sandboxCaller?: SandboxCaller }>();
    const res = context.switchToHttp().getResponse<HttpReply>();
    // The major id is checked before it becomes part of a key: a key made of whatever the client sent (4 KB of
    // anything per request) would be a new window, and new memory, per request. Ids that are not ids share one
    // window, and the route answers them as it always has.
    const raw = spec.major ? req.params[spec.major] : '';
    const major = !raw || isSnowflake(raw) ? (raw ?? '') : 'not-an-id';
    // Discord counts per token; here per caller and address, because the sandbox's bot token is well known and
    // a stranger spending its buckets would otherwise spend the app's own. The caller is who the guard resolved the
    // token to, never the raw header: a different made-up header per request must not be a different client.
    // Routes without a token (webhooks: the token is in the path, checked by the route) count per address.
    const caller = req.sandboxCaller;
    const who = `${caller ? `${caller.kind}:${caller.userId}` : 'anonymous'}@${req.ip ?? ''}`;
    // The sandbox's clock, as its windows are counted by (sandbox-options.ts: `now`).
    const now = this.sandbox.options.now();
    const state = this.sandbox.takeRateLimit(`${spec.route}|${major}|${who}`, spec.policy ?? 'route');
    const headers = rateLimitHeaders(state, spec.route, now);
    for (const [name, value] of Object.entries(headers)) res.header(name, value);
    if (!state.allowed) {
      const retryAfter = Math.max(0.001, (state.resetAt - now) / 1000);
      throw new DiscordApiError(
        429,
        { message: 'You are being rate limited.', retry_after: Number(retryAfter.toFixed(3)), global: false, code: 0 },
        { 'Retry-After': String(Math.ceil(retryAfter)), 'X-RateLimit-Scope': 'user' },
      );
    }
    return next.handle();
  }
}
