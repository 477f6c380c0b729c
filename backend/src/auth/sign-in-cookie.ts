import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyReply } from 'fastify';

/** What passport hands the state store at login and at the callback (auth.controller.ts builds it). */
export interface SignInExchange {
  cookies: Record<string, string | undefined>;
  secure: boolean;
  reply: FastifyReply;
}

export const SIGN_IN_COOKIE = 'guildhall.signin';
/** How long a started sign-in may take to come back: as long as Discord's authorization codes last. */
export const SIGN_IN_LIFETIME_MS = 10 * 60 * 1000;

/** What a started sign-in remembers until Discord sends the browser back. */
export interface SignInState {
  /** The OAuth2 `state` sent to Discord. */
  handle: string;
  /** The PKCE code verifier (Discord saw only its S256 challenge). */
  verifier: string;
  /** The same-site path to return to after sign-in. */
  returnTo?: string;
  /** Epoch milliseconds after which the sign-in is refused. */
  expiresAt: number;
}

type StoreCallback = (err: Error | null, handle?: string) => void;
type VerifyCallback = (err: Error | null, verifier: string | false, info: { message: string } | { returnTo?: string }) => void;

const REFUSED = 'Unable to verify authorization request state.';

/**
 * passport-oauth2's state store, kept in a short signed cookie instead of the session: starting a sign-in writes
 * nothing to the database, so anonymous visitors cannot fill the sessions table. The cookie is HMAC-signed with the
 * session secret, httpOnly, SameSite=Lax (Discord's redirect back is a top-level GET), lasts ten minutes and is sent
 * only to the callback, which clears it. A session exists only once the callback signs the user in (auth/session.ts).
 */
export class SignInCookieStore {
  constructor(
    private readonly secret: string,
    /** The callback's path: the only place the browser needs to send the cookie. */
    private readonly cookiePath: string,
  ) {}

  /** passport-oauth2 calls this (arity 5, with PKCE) when a sign-in starts; `state` is the authenticate() option. */
  store(req: SignInExchange, verifier: string, state: { returnTo?: string } | undefined, _meta: unknown, cb: StoreCallback): void {
    const signIn: SignInState = {
      handle: randomBytes(24).toString('base64url'),
      verifier,
      ...(state?.returnTo ? { returnTo: state.returnTo } : {}),
      expiresAt: Date.now() + SIGN_IN_LIFETIME_MS,
    };
    req.reply.setCookie(SIGN_IN_COOKIE, this.encode(signIn), {
      httpOnly: true,
      sameSite: 'lax',
      secure: req.secure,
      path: this.cookiePath,
      maxAge: SIGN_IN_LIFETIME_MS / 1000,
      expires: new Date(signIn.expiresAt),
    });
    cb(null, signIn.handle);
  }

  /** At the callback: the PKCE verifier and the return path if the cookie is genuine, unexpired and names this state. */
  verify(req: SignInExchange, providedState: unknown, cb: VerifyCallback): void {
    const signIn = this.decode(req.cookies[SIGN_IN_COOKIE]);
    if (!signIn || typeof providedState !== 'string' || !sameText(signIn.handle, providedState)) {
      return cb(null, false, { message: REFUSED });
    }
    cb(null, signIn.verifier, signIn.returnTo ? { returnTo: signIn.returnTo } : {});
  }

  encode(signIn: SignInState): string {
    const payload = Buffer.from(JSON.stringify(signIn)).toString('base64url');
    return `${payload}.${this.mac(payload)}`;
  }

  /** The sign-in a cookie holds, or undefined when it is missing, forged, altered or expired. */
  decode(value: unknown): SignInState | undefined {
    if (typeof value !== 'string') return undefined;
    const [payload, mac, extra] = value.split('.');
    if (!payload || !mac || extra !== undefined || !sameText(this.mac(payload), mac)) return undefined;
    let signIn: Partial<SignInState>;
    try {
      signIn = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Partial<SignInState>;
    } catch {
      return undefined;
    }
    const { handle, verifier, returnTo, expiresAt } = signIn;
    if (typeof handle !== 'string' || typeof verifier !== 'string' || typeof expiresAt !== 'number') return undefined;
    if (returnTo !== undefined && typeof returnTo !== 'string') return undefined;
    if (expiresAt <= Date.now()) return undefined;
    return { handle, verifier, ...(returnTo ? { returnTo } : {}), expiresAt };
  }

  /** Labelled, so a signature made here can never pass for a session cookie's or a CSRF token's (same secret). */
  private mac(payload: string): string {
    return createHmac('sha256', this.secret).update(`guildhall-sign-in:${payload}`).digest('base64url');
  }
}

function sameText(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}
