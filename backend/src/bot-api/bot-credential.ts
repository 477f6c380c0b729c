import { createHash, timingSafeEqual } from 'node:crypto';
import { type CanActivate, Inject, Injectable } from '@nestjs/common';
import type { ExecutionContext } from '@nestjs/common';
import type { NextFunction, Request, Response } from 'express';
import { APP_CONFIG, type AppConfig } from '../config/config.js';
import { ApiError } from '../http/api-error.js';

/** Everything the bot sends or reads lives under this prefix, and nothing else does. */
export const BOT_API_PREFIX = '/api/bot/v1';
export const BOT_CREDENTIAL_MISSING = 'The bot credential is missing or invalid (Authorization: Bot <token>).';

const digest = (text: string) => createHash('sha256').update(text).digest();

/**
 * Whether a request carries the bot's credential, `Authorization: Bot <token>`. Both sides are hashed first, so the
 * comparison takes the same time whatever the given token's length or content.
 */
export function hasBotCredential(req: Request, token: string): boolean {
  const header = req.get('authorization');
  const match = header ? /^Bot (.+)$/.exec(header) : null;
  if (!match) return false;
  return timingSafeEqual(digest(match[1]!), digest(token));
}

/** Express routes without regard to case (/API/Bot/v1 reaches the same controller), so this check does too. */
export const isBotApiPath = (req: Request) => {
  const path = req.originalUrl.split('?')[0]!.toLowerCase();
  return path === BOT_API_PREFIX || path.startsWith(`${BOT_API_PREFIX}/`);
};

/** Set on a request under /api/bot/v1 whose credential is valid: CSRF does not apply, and its body may be larger. */
export const botAuthenticated = (res: Response): boolean => res.locals.botAuthenticated === true;

/**
 * Before CSRF, in the /api chain: a request under /api/bot/v1 passes only with the bot's credential (then it is not a
 * browser's, and needs no anti-forgery token); without it, 401 before anything reads its body. A session cookie alone
 * never opens the bot API. Other paths pass untouched.
 */
export function botCredentialCheck(token: string) {
  return (req: Request, res: Response, next: NextFunction) => {
    if (!isBotApiPath(req)) return next();
    if (!hasBotCredential(req, token)) {
      res.status(401).json({ success: false, error: BOT_CREDENTIAL_MISSING });
      return;
    }
    res.locals.botAuthenticated = true;
    next();
  };
}

/** The same check again on every bot controller, so a route never depends on the middleware's order alone. */
@Injectable()
export class BotCredentialGuard implements CanActivate {
  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  canActivate(context: ExecutionContext): boolean {
    const req = context.switchToHttp().getRequest<Request>();
    if (!hasBotCredential(req, this.config.botApiToken)) throw new ApiError(401, BOT_CREDENTIAL_MISSING);
    return true;
  }
}
