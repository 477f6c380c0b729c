import { PassportStrategy } from '@nestjs/passport';
import { Strategy as PassportDiscordStrategy } from 'passport-discord';
import type OAuth2Strategy from 'passport-oauth2';
import { InternalOAuthError } from 'passport-oauth2';
import type { AppConfig } from '../config/config.js';
import type { SessionUser } from '../discord/discord.types.js';
import type { SignInCookieStore } from './sign-in-cookie.js';

export const OAUTH_SCOPES = ['identify', 'email', 'guilds'];
export const CALLBACK_PATH = '/api/callback';

interface DiscordProfile {
  id: string;
  username: string;
  global_name?: string | null;
  avatar?: string | null;
  discriminator?: string;
  email?: string | null;
}

/**
 * passport-discord, with three fixes: the profile URL follows configuration (it hardcodes discord.com,
 * which would bypass the sandbox), and the guild list is not fetched at sign-in (a known source of
 * 429s; guilds are loaded lazily and cached by DiscordService instead), and the OAuth2 state and PKCE verifier live in a signed cookie rather than
 * the session (SignInCookieStore), so starting a sign-in stores nothing.
 */
export class DiscordOAuthStrategy extends PassportStrategy(PassportDiscordStrategy, 'discord') {
  private readonly profileUrl: string;

  constructor(config: AppConfig, signIn: SignInCookieStore) {
    super({
      clientID: config.discord.clientId,
      clientSecret: config.discord.clientSecret,
      callbackURL: `${config.publicUrl}${CALLBACK_PATH}`,
      authorizationURL: config.discord.authorizeUrl,
      tokenURL: config.discord.tokenUrl,
      scope: OAUTH_SCOPES,
      scopeSeparator: ' ',
      state: true,
      pkce: true,
      // @types/passport-oauth2 types only the store signatures without PKCE; passport-oauth2 calls ours by arity.
      store: signIn as unknown as OAuth2Strategy.StateStore,
    });
    this.profileUrl = `${config.discord.apiBase}/v10/users/@me`;
  }

  override userProfile(accessToken: string, done: (err?: unknown, profile?: DiscordProfile) => void): void {
    (
      this as unknown as { _oauth2: { get: (url: string, token: string, cb: (err: unknown, body?: string | Buffer) => void) => void } }
    )._oauth2.get(this.profileUrl, accessToken, (err, body) => {
      if (err) return done(new InternalOAuthError('Failed to fetch the user profile.', err));
      try {
        done(null, JSON.parse(String(body)) as DiscordProfile);
      } catch {
        done(new Error('Failed to parse the user profile.'));
      }
    });
  }

  validate(accessToken: string, refreshToken: string | undefined, profile: DiscordProfile): SessionUser {
    return {
      id: profile.id,
      username: profile.username,
      global_name: profile.global_name ?? null,
      avatar: profile.avatar ?? null,
      discriminator: profile.discriminator ?? '0',
      email: profile.email ?? null,
      accessToken,
      refreshToken: refreshToken ?? null,
    };
  }
}
