import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { OAuth2Error } from './discord-errors.js';

export const ACCESS_TOKEN_LIFETIME_SECONDS = 604_800;
/** Discord's authorization codes last about ten minutes; an older one is refused with invalid_grant. */
export const CODE_LIFETIME_MS = 10 * 60_000;

export interface TokenGrant {
  accessToken: string;
  refreshToken: string;
  clientId: string;
  userId: string;
  scopes: string[];
  expiresAt: number;
}

interface AuthorizationCode {
  id: string;
  clientId: string;
  userId: string;
  scopes: string[];
  redirectUri: string;
  codeChallenge: string | null;
  expiresAt: number;
  used: boolean;
}

export interface CodeExchange {
  code: string;
  clientId: string;
  redirectUri: string | undefined;
  codeVerifier: string | undefined;
}

/** What a token carries. `g` names the grant (kept across refreshes), `j` this very token. */
interface TokenClaims {
  t: 'a' | 'r';
  g: string;
  j: string;
  u: string;
  k: string;
  s: string[];
  e: number;
  /** The authorization code the grant came from, so a replayed code can revoke it (RFC 6749 4.1.2). */
  c?: string;
  /** Issued at, in high-resolution milliseconds: reset() forgets every grant issued before it. */
  i: number;
}

/** Sub-millisecond, so a token issued right after a reset is never mistaken for one issued before it. */
function preciseNow(): number {
  return performance.timeOrigin + performance.now();
}

function randomId(bytes = 12): string {
  return randomBytes(bytes).toString('base64url');
}

/**
 * The sandbox's OAuth2 server. Codes live in memory for ten minutes (expired ones are dropped as new codes are
 * issued or exchanged, so the map holds at most ten minutes' worth), but tokens are signed rather than stored: a
 * restarted app (node --watch, a second test instance on the same data) keeps its signed-in sessions, as it would
 * against Discord. Revocations are remembered for the life of the process.
 */
export class OAuth2Grants {
  private readonly codes = new Map<string, AuthorizationCode>();
  private readonly revokedGrants = new Set<string>();
  private readonly revokedCodes = new Set<string>();
  private readonly spentRefreshTokens = new Set<string>();
  /** Set by clear(); 0 in a fresh process, so tokens issued by an earlier process stay valid. */
  private notBefore = 0;

  constructor(
    private readonly signingKey: Buffer,
    private readonly now: () => number = () => Date.now(),
  ) {}

  /** Authorization codes held: issued in the last CODE_LIFETIME_MS, or not yet pruned. */
  get storedCodes(): number {
    return this.codes.size;
  }

  /** A key that stays the same across restarts for the same client, so earlier tokens stay valid. */
  static keyFor(clientId: string, clientSecret: string): Buffer {
    return createHash('sha256').update(`guildhall-discord-sandbox:${clientId}:${clientSecret}`).digest();
  }

  issueCode(grant: Omit<AuthorizationCode, 'id' | 'expiresAt' | 'used'>): string {
    this.pruneCodes();
    const code = randomId(22);
    this.codes.set(code, { ...grant, id: randomId(), expiresAt: this.now() + CODE_LIFETIME_MS, used: false });
    return code;
  }

  exchangeCode({ code, clientId, redirectUri, codeVerifier }: CodeExchange): TokenGrant {
    this.pruneCodes();
    const stored = this.codes.get(code);
    if (!stored || stored.clientId !== clientId || stored.expiresAt <= this.now()) {
      throw new OAuth2Error(400, 'invalid_grant', 'Invalid "code" in request.');
    }
    if (stored.used) {
      this.revokedCodes.add(stored.id);
      throw new OAuth2Error(400, 'invalid_grant', 'Invalid "code" in request.');
    }
    // Any attempt burns the code, so a guessed verifier gets one try.
    stored.used = true;
    if (redirectUri !== stored.redirectUri) {
      throw new OAuth2Error(400, 'invalid_grant', 'Invalid "redirect_uri" in request.');
    }
    if (stored.codeChallenge !== null) {
      const valid = codeVerifier !== undefined && /^[A-Za-z0-9\-._~]{43,128}$/.test(codeVerifier);
      if (!valid || createHash('sha256').update(codeVerifier).digest('base64url') !== stored.codeChallenge) {
        throw new OAuth2Error(400, 'invalid_grant', 'Invalid "code_verifier" in request.');
      }
    }
    return this.issue({ userId: stored.userId, scopes: stored.scopes, clientId, grantId: randomId(), codeId: stored.id });
  }

  /** Refresh tokens rotate: each works once; the grant (and so a later revocation) carries over. */
  refresh(refreshToken: string, clientId: string): TokenGrant {
    const claims = this.verify(refreshToken, 'r');
    if (!claims || claims.k !== clientId || this.spentRefreshTokens.has(claims.j)) {
      throw new OAuth2Error(400, 'invalid_grant', 'Invalid "refresh_token" in request.');
    }
    this.spentRefreshTokens.add(claims.j);
    return this.issue({ userId: claims.u, scopes: claims.s, clientId, grantId: claims.g, ...(claims.c ? { codeId: claims.c } : {}) });
  }

  /** Revoking either token revokes the whole grant, as Discord does. Unknown tokens are ignored (RFC 7009). */
  revoke(token: string): void {
    const claims = this.verify(token, 'a') ?? this.verify(token, 'r');
    if (claims) this.revokedGrants.add(claims.g);
  }

  /** Signs someone in without the authorize page (tests, scripts). */
  issueTokens(userId: string, scopes: string[], clientId: string): TokenGrant {
    return this.issue({ userId, scopes, clientId, grantId: randomId() });
  }

  accessGrant(accessToken: string): Pick<TokenGrant, 'userId' | 'scopes' | 'clientId' | 'expiresAt'> | undefined {
    const claims = this.verify(accessToken, 'a');
    return claims ? { userId: claims.u, scopes: claims.s, clientId: claims.k, expiresAt: claims.e * 1000 } : undefined;
  }

  /**
   * Drops expired codes. Every code lives CODE_LIFETIME_MS and a Map iterates in insertion order, so the expired
   * ones are at the front: each call stops at the first live code. A used code stays until it expires, so a replay
   * within its lifetime still revokes what it granted.
   */
  private pruneCodes(): void {
    const now = this.now();
    for (const [code, stored] of this.codes) {
      if (stored.expiresAt > now) break;
      this.codes.delete(code);
    }
  }

  clear(): void {
    this.codes.clear();
    this.revokedGrants.clear();
    this.revokedCodes.clear();
    this.spentRefreshTokens.clear();
    this.notBefore = preciseNow();
  }

  private issue({
    userId,
    scopes,
    clientId,
    grantId,
    codeId,
  }: {
    userId: string;
    scopes: string[];
    clientId: string;
    grantId: string;
    codeId?: string;
  }): TokenGrant {
    const expiresAt = this.now() + ACCESS_TOKEN_LIFETIME_SECONDS * 1000;
    const base = { g: grantId, u: userId, k: clientId, s: [...scopes], i: preciseNow(), ...(codeId ? { c: codeId } : {}) };
    return {
      accessToken: this.sign({ ...base, t: 'a', j: randomId(), e: Math.floor(expiresAt / 1000) }),
      // Refresh tokens do not expire on their own, like Discord's; rotation and revocation end them.
      refreshToken: this.sign({ ...base, t: 'r', j: randomId(), e: 0 }),
      clientId,
      userId,
      scopes: [...scopes],
      expiresAt,
    };
  }

  private sign(claims: TokenClaims): string {
    const payload = Buffer.from(JSON.stringify(claims)).toString('base64url');
    return `${payload}.${this.mac(payload)}`;
  }

  private mac(payload: string): string {
    return createHmac('sha256', this.signingKey).update(payload).digest('base64url');
  }

  private verify(token: string, type: TokenClaims['t']): TokenClaims | undefined {
    const [payload, mac, extra] = token.split('.');
    if (!payload || !mac || extra !== undefined) return undefined;
    const expected = Buffer.from(this.mac(payload));
    const given = Buffer.from(mac);
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) return undefined;
    let claims: TokenClaims;
    try {
      claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as TokenClaims;
    } catch {
      return undefined;
    }
    if (claims.t !== type || !(claims.i >= this.notBefore)) return undefined;
    if (type === 'a' && claims.e * 1000 <= this.now()) return undefined;
    if (this.revokedGrants.has(claims.g) || (claims.c && this.revokedCodes.has(claims.c))) return undefined;
    return claims;
  }
}
