import { createHash, timingSafeEqual } from 'node:crypto';
import { type CanActivate, Inject, Injectable } from '@nestjs/common';
import type { ExecutionContext } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../config/config.js';
import { ApiError } from '../http/api-error.js';
import type { HttpReply, HttpRequest } from '../http/http-types.js';

/** Everything the bot sends or reads lives under this prefix, and nothing else does. */
export const BOT_API_PREFIX = '/api/bot/v1';
export const BOT_CREDENTIAL_MISSING = 'The bot credential is missing or invalid (Authorization: Bot <token>).';

const digest = (text: string) => createHash('sha256').update(text).digest();

/**
 * Whether a request carries the bot's credential, `Authorization: Bot <token>`. Both sides are hashed first, so the
 * comparison takes the same time whatever the given token's length or content.
 */
export function hasBotCredential(req: HttpRequest, token: string): boolean {
  const header = req.headers.authorization;
  const match = header ? /^Bot (.+)$/.exec(header) : null;
  if (!match) return false;
  return timingSafeEqual(digest(match[1]!), digest(token));
}

/** Routes match without regard to case (/API/Bot/v1 reaches the same controller), so this check does too. */
export const isBotApiPath = (lowerCasePath: string) => lowerCasePath === BOT_API_PREFIX || lowerCasePath.startsWith(`${BOT_API_PREFIX}/`);

/**
 * Before CSRF, in the /api checks of app.ts's front door: a request under /api/bot/v1 passes only with the bot's
 * credential (then it is not a browser's, and needs no anti-forgery token); without it, 401 before anything reads its
 * body. A session cookie alone never opens the bot API. Other paths pass untouched. Returns true when it answered;
 * sets request.botAuthenticated (no CSRF, the larger body limit) when the credential is valid.
 */
export function botCredentialCheck(token: string) {
  return (req: HttpRequest, reply: HttpReply, lowerCasePath: string): boolean => {
    if (!isBotApiPath(lowerCasePath)) return false;
    if (!hasBotCredential(req, token)) {
      reply.code(401).send({ success: false, error: BOT_CREDENTIAL_MISSING });
      return true;
    }
    req.botAuthenticated = true;
    return false;
  };
}

/** The same check again on every bot controller, so a route never depends on the middleware's order alone. */
@Injectable()
export class BotCredentialGuard implements CanActivate {
  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  canActivate(context: ExecutionContext): boolean {
    const req = context.switchToHttp().getRequest<HttpRequest>();
    if (!hasBotCredential(req, this.config.botApiToken)) throw new ApiError(401, BOT_CREDENTIAL_MISSING);
    return true;
  }
}
