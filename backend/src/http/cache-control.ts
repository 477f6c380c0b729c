import { type CallHandler, type ExecutionContext, Injectable, type NestInterceptor, UseInterceptors } from '@nestjs/common';
import type { Observable } from 'rxjs';
import type { HttpReply, HttpRequest } from './http-types.js';

/**
 * Every /api answer starts as `no-store`: what the API tells a signed-in person is theirs (their e-mail, their
 * guilds, their settings), and a browser's or a shared cache must not keep it. Set before routing (app.ts's front
 * door), so errors (a 401 from /api/user, a 429) carry it too. A public route may loosen it for anonymous visitors
 * only, with `CacheWhenAnonymous` below.
 */
export const PRIVATE_BY_DEFAULT = 'no-store';

@Injectable()
class AnonymousCacheInterceptor implements NestInterceptor {
  constructor(private readonly policy: string) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const req = context.switchToHttp().getRequest<HttpRequest>();
    if (!req.user) context.switchToHttp().getResponse<HttpReply>().header('Cache-Control', this.policy);
    return next.handle();
  }
}

/** The same answer for everyone (public data): caches may keep it, but a signed-in request's answer stays `no-store`. */
export const CacheWhenAnonymous = (policy: string) => UseInterceptors(new AnonymousCacheInterceptor(policy));
