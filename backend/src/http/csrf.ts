import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { PAYMENT_WEBHOOK_PATH } from './body-parser.js';
import { type HttpReply, type HttpRequest, isSecure } from './http-types.js';

export const CSRF_COOKIE = 'XSRF-TOKEN';
export const CSRF_HEADER = 'x-xsrf-token';
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
export const CSRF_REFUSED = 'Missing or invalid CSRF token. Reload the page and try again.';

/**
 * Double-submit token bound to the session: the cookie XSRF-TOKEN (readable by the app's script)
 * holds `nonce.hmac(secret, nonce:sessionId)`, and every state-changing request must echo it in the
 * X-XSRF-TOKEN header. Binding to the session id means a cookie planted from elsewhere, or one from
 * before sign-in (signing in starts a new session), is worthless.
 *
 * Returns the check for the front door (app.ts): true when it answered (refused) the request; `refuses` gives the same
 * verdict without answering, for a caller that answers in its own shape (the sandbox viewer's simulations).
 */
export function csrfProtection(secret: string) {
  const sign = (nonce: string, sid: string) => createHmac('sha256', secret).update(`${nonce}:${sid}`).digest('base64url');
  // Tokens already found valid, and the session each is bound to: a dashboard sends the same token with every request,
  // and an HMAC each time was a twentieth of a settings GET's CPU. Capped, so a flood of valid tokens cannot grow it.
  const known = new Map<string, string>();
  const valid = (token: unknown, sid: string): token is string => {
    if (typeof token !== 'string') return false;
    if (known.get(token) === sid) return true;
    const [nonce, mac] = token.split('.');
    if (!nonce || !mac) return false;
    const expected = Buffer.from(sign(nonce, sid));
    const given = Buffer.from(mac);
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) return false;
    if (known.size >= 10_000) known.clear();
    known.set(token, sid);
    return true;
  };

  const exempt = (req: HttpRequest): boolean =>
    // The bot API's requests carry the bot's credential (checked before this, bot-api/bot-credential.ts), a header no
    // other site can make a browser send: no cookie authorises them, so there is nothing to forge.
    Boolean(req.botAuthenticated) ||
    // The payment provider's webhook is authenticated by its signature over the body (payments/razorpay.provider.ts);
    // no cookie authorises it, so there is nothing to forge, and the provider could not send a token anyway. Decided by
    // the route the router matched (its pattern, not the URL as spelt), so the exemption reaches every spelling the
    // router serves (a trailing slash, any case) and nothing the router sends elsewhere (`/webhookx`, `/webhook/../create`).
    (req.method === 'POST' && req.routeOptions.url === PAYMENT_WEBHOOK_PATH);
  // Anonymous visitors have no session, so their token is bound to nothing; a signed-in user's token is bound to the session.
  const sessionOf = (req: HttpRequest): string => (req.user ? (req.sessionId ?? '') : '');

  /** Whether a state-changing request lacks the session's token (the answer is the caller's to give). */
  const refuses = (req: HttpRequest): boolean => {
    if (exempt(req) || SAFE_METHODS.has(req.method)) return false;
    const header = req.headers[CSRF_HEADER];
    return !valid(header, sessionOf(req)) || header !== req.cookies[CSRF_COOKIE];
  };

  /** The front door's check: answers 403 and returns true for a refused request; else gives the visitor a token if theirs is not valid. */
  const check = (req: HttpRequest, reply: HttpReply): boolean => {
    if (exempt(req)) return false;
    if (refuses(req)) {
      reply.code(403).send({ success: false, error: CSRF_REFUSED });
      return true;
    }
    const sid = sessionOf(req);
    if (!valid(req.cookies[CSRF_COOKIE], sid)) {
      const nonce = randomBytes(18).toString('base64url');
      // As a header, not a pending cookie: a route that writes its own answer sees it (settings-read.route.ts).
      const cookie = reply.server.serializeCookie(CSRF_COOKIE, `${nonce}.${sign(nonce, sid)}`, {
        httpOnly: false,
        sameSite: 'lax',
        secure: isSecure(req),
        path: '/',
      });
      reply.header('set-cookie', cookie);
    }
    return false;
  };
  return Object.assign(check, { refuses });
}
