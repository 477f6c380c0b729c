import { createHash, timingSafeEqual } from 'node:crypto';
import { OAuth2Grants } from './oauth2-grants.js';
import type { SandboxUserRecord } from './sandbox.types.js';

export type SandboxCaller =
  { kind: 'bot'; userId: string; token: string } | { kind: 'user'; userId: string; token: string; scopes: ReadonlySet<string> };

const digest = (text: string) => createHash('sha256').update(text).digest();

/**
 * Whether a presented secret (a bot or webhook token) is the expected one. Both are hashed first, so the comparison
 * takes the same time whatever the presented one's length or content: no timing tells a guesser how close they are.
 */
export function sameSecret(presented: string, expected: string): boolean {
  return timingSafeEqual(digest(presented), digest(expected));
}

/** The scopes a token gets when tests or scripts sign someone in without the authorize page. */
export const DEFAULT_USER_SCOPES = ['identify', 'email', 'guilds'] as const;

/**
 * Who is calling: the bot's token (`Bot <token>`, fixed by configuration) or a user's OAuth2 access token
 * (`Bearer <token>`, issued by the grants). A user token is good only while its user still exists.
 */
export class SandboxTokens {
  readonly grants: OAuth2Grants;

  constructor(
    private readonly options: {
      botToken: string;
      clientId: string;
      clientSecret: string;
      tokenSecret: string | undefined;
      now: () => number;
    },
    private readonly users: { get(id: string): SandboxUserRecord | undefined },
  ) {
    this.grants = new OAuth2Grants(OAuth2Grants.keyFor(options.clientId, options.tokenSecret ?? options.clientSecret), options.now);
  }

  authenticate(authorization: string | undefined): SandboxCaller | undefined {
    if (!authorization) return undefined;
    const space = authorization.indexOf(' ');
    if (space < 0) return undefined;
    const scheme = authorization.slice(0, space);
    const token = authorization.slice(space + 1).trim();
    if (scheme === 'Bot')
      return sameSecret(token, this.options.botToken) ? { kind: 'bot', userId: this.options.clientId, token } : undefined;
    if (scheme.toLowerCase() === 'bearer') {
      const grant = this.grants.accessGrant(token);
      if (!grant || grant.clientId !== this.options.clientId || !this.users.get(grant.userId)) return undefined;
      return { kind: 'user', userId: grant.userId, token, scopes: new Set(grant.scopes) };
    }
    return undefined;
  }

  /** An access token for a person, as if they had gone through the authorize page. */
  issueAccessToken(user: SandboxUserRecord, scopes: readonly string[]): string {
    return this.grants.issueTokens(user.id, [...scopes], this.options.clientId).accessToken;
  }
}
