import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { SessionUser } from '../discord/discord.types.js';
import { type HttpReply, type HttpRequest, isSecure } from '../http/http-types.js';
import type { SessionStore } from '../storage/storage.port.js';

export const SESSION_COOKIE = 'guildhall.sid';
/** How long a sign-in lasts: the cookie and the stored session expire together, this long after signing in. */
export const SESSION_TTL_MS = 7 * 24 * 60 * 60 * 1000;

const VERIFIED_CAP = 10_000;

/** What a session row holds: the signed-in user under `passport.user`, as express-session and passport stored it. */
interface StoredSession {
  passport?: { user?: SessionUser };
}

/**
 * Signed-in sessions without express-session or passport on every request: the cookie `guildhall.sid` holds
 * `s:<sid>.<hmac-sha256(secret, sid)>` (cookie-signature's format, so sessions made before this change still
 * verify), and the session itself is a database row read through the read cache (storage/read-cache.ts). So a
 * request's session check is one HMAC and, within the cache's TTL, an in-memory lookup; a session destroyed on another
 * instance is refused here once that TTL has passed.
 */
export class Sessions {
  /**
   * Cookie values already verified, and their session ids: the signature of a value never changes, and an HMAC per
   * request was a tenth of a settings GET's CPU. Whether the session is still live is asked every time (read()).
   */
  private readonly verified = new Map<string, string>();

  constructor(
    private readonly store: SessionStore,
    private readonly secret: string,
  ) {}

  /** Sets `req.user` and `req.sessionId` from a valid cookie of a live session. */
  async read(req: HttpRequest): Promise<void> {
    const sid = this.unsign(req.cookies[SESSION_COOKIE]);
    if (!sid) return;
    const stored = (await this.store.get(sid)) as StoredSession | null;
    const user = stored?.passport?.user;
    if (!user) return;
    req.user = user;
    req.sessionId = sid;
  }

  /** Signs `user` in with a new session (any session the browser had ends: no fixation). */
  async start(req: HttpRequest, reply: HttpReply, user: SessionUser): Promise<void> {
    await this.end(req);
    const sid = randomBytes(24).toString('base64url');
    const expires = new Date(Date.now() + SESSION_TTL_MS);
    await this.store.set(sid, { passport: { user } } satisfies StoredSession, expires);
    req.user = user;
    req.sessionId = sid;
    reply.setCookie(SESSION_COOKIE, this.sign(sid), { httpOnly: true, sameSite: 'lax', secure: isSecure(req), path: '/', expires });
  }

  /** Ends the request's session on the server (the cookie, replayed, then signs nobody in). */
  async end(req: HttpRequest): Promise<void> {
    const sid = req.sessionId ?? this.unsign(req.cookies[SESSION_COOKIE]);
    req.user = undefined;
    req.sessionId = undefined;
    if (sid) await this.store.destroy(sid);
  }

  sign(sid: string): string {
    return `s:${sid}.${this.mac(sid)}`;
  }

  /** The session id of a cookie value, or undefined when it is missing, unsigned or forged. */
  unsign(value: string | undefined): string | undefined {
    if (!value || !value.startsWith('s:')) return undefined;
    const known = this.verified.get(value);
    if (known !== undefined) return known;
    const dot = value.lastIndexOf('.');
    if (dot < 2) return undefined;
    const sid = value.slice(2, dot);
    const given = Buffer.from(value.slice(dot + 1));
    const expected = Buffer.from(this.mac(sid));
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
    // Capped: forgetting costs one HMAC again, and a flood of valid cookies cannot grow the map.
    if (this.verified.size >= VERIFIED_CAP) this.verified.clear();
    this.verified.set(value, sid);
    return sid;
  }

  private mac(sid: string): string {
    return createHmac('sha256', this.secret).update(sid).digest('base64').replace(/=+$/, '');
  }
}
