import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { NextFunction, Request, Response } from 'express';
import { PAYMENT_WEBHOOK_PATH } from './body-parser.js';

export const CSRF_COOKIE = 'XSRF-TOKEN';
export const CSRF_HEADER = 'x-xsrf-token';
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Double-submit token bound to the session: the cookie XSRF-TOKEN (readable by the app's script)
 * holds `nonce.hmac(secret, nonce:sessionId)`, and every state-changing request must echo it in the
 * X-XSRF-TOKEN header. Binding to the session id means a cookie planted from elsewhere, or one from
 * before sign-in (passport regenerates the session), is worthless.
 */
export function csrfProtection(secret: string, secure: (req: Request) => boolean) {
  const sign = (nonce: string, sid: string) => createHmac('sha256', secret).update(`${nonce}:${sid}`).digest('base64url');
  const valid = (token: unknown, sid: string): token is string => {
    if (typeof token !== 'string') return false;
    const [nonce, mac] = token.split('.');
    if (!nonce || !mac) return false;
    const expected = Buffer.from(sign(nonce, sid));
    const given = Buffer.from(mac);
    return expected.length === given.length && timingSafeEqual(expected, given);
  };

  return (req: Request, res: Response, next: NextFunction) => {
    // The bot API's requests carry the bot's credential (checked before this, bot-api/bot-credential.ts), a header no
    // other site can make a browser send: no cookie authorises them, so there is nothing to forge.
    if (res.locals.botAuthenticated === true) return next();
    // The payment provider's webhook is authenticated by its signature over the body (payments/razorpay.provider.ts);
    // no cookie authorises it, so there is nothing to forge, and the provider could not send a token anyway.
    if (req.method === 'POST' && `${req.baseUrl}${req.path}` === PAYMENT_WEBHOOK_PATH) return next();
    // Anonymous visitors have no stored session (express-session mints a new id per request), so
    // their token is bound to nothing; a signed-in user's token is bound to the session.
    const sid = req.isAuthenticated?.() ? req.sessionID : '';
    const cookie = req.cookies?.[CSRF_COOKIE];
    if (!SAFE_METHODS.has(req.method)) {
      const header = req.get(CSRF_HEADER);
      if (!valid(header, sid) || header !== cookie) {
        res.status(403).json({ success: false, error: 'Missing or invalid CSRF token. Reload the page and try again.' });
        return;
      }
    }
    if (!valid(cookie, sid)) {
      const nonce = randomBytes(18).toString('base64url');
      res.cookie(CSRF_COOKIE, `${nonce}.${sign(nonce, sid)}`, { httpOnly: false, sameSite: 'lax', secure: secure(req), path: '/' });
    }
    next();
  };
}
