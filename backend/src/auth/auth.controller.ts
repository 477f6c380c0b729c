import { Controller, Get, HttpCode, HttpStatus, Inject, Next, Post, Query, Req, Res } from '@nestjs/common';
import type { SuccessResponse, User } from '@guildhall/generated/types';
import type { NextFunction, Request, Response } from 'express';
import type { AuthenticateOptions, Authenticator } from 'passport';
import type { Logger } from 'pino';
import { DiscordFailure } from '../discord/discord.errors.js';
import { DiscordService } from '../discord/discord.service.js';
import type { SessionUser } from '../discord/discord.types.js';
import { GuildAccessService } from '../guild/guild-access.service.js';
import { ApiError } from '../http/api-error.js';
import { LOGGER } from '../logging/logger.js';
import { PremiumService } from '../payments/premium.service.js';
import { PASSPORT } from './auth.tokens.js';
import { CALLBACK_PATH } from './discord.strategy.js';
import { SIGN_IN_COOKIE } from './sign-in-cookie.js';

const DEFAULT_RETURN = '/selector';
/** The web app's page that asks "Sign out of Guildhall?" and signs out with a POST. */
const LOGOUT_PAGE = '/logout';
export const SESSION_COOKIE = 'guildhall.sid';

/** Only same-site paths may be returned to after sign-in (no open redirect). */
function safeReturnPath(value: unknown): string | undefined {
  if (typeof value !== 'string' || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return undefined;
  if (value.length > 512 || value.startsWith('/api/')) return undefined;
  return value;
}

/** What passport hands the callback: why a sign-in failed, or (from SignInCookieStore) where to return. */
interface SignInInfo {
  message?: string;
  state?: { returnTo?: string };
}

@Controller('api')
export class AuthController {
  constructor(
    @Inject(PASSPORT) private readonly passport: Authenticator,
    private readonly discord: DiscordService,
    private readonly access: GuildAccessService,
    @Inject(LOGGER) private readonly logger: Logger,
    private readonly premium: PremiumService,
  ) {}

  /** Starts Discord's OAuth2 flow; state, PKCE verifier and return path go in the signed sign-in cookie, not a session. */
  @Get('login')
  login(@Query('returnTo') returnTo: unknown, @Req() req: Request, @Res() res: Response, @Next() next: NextFunction): void {
    const path = safeReturnPath(returnTo);
    // An object `state` is handed to the state store (passport-oauth2 >= 1.6), which keeps it in the cookie.
    const options = { session: false, state: path ? { returnTo: path } : {} } as unknown as AuthenticateOptions;
    this.passport.authenticate('discord', options)(req, res, next);
  }

  @Get('callback')
  callback(@Req() req: Request, @Res() res: Response, @Next() next: NextFunction): void {
    // One use: whatever happens next, this sign-in is over (the store has already read the cookie).
    res.clearCookie(SIGN_IN_COOKIE, { path: CALLBACK_PATH, httpOnly: true, sameSite: 'lax', secure: req.secure });
    this.passport.authenticate('discord', { session: false }, (err: unknown, user: SessionUser | false, info: SignInInfo | undefined) => {
      if (err || !user) {
        const reason = err ? 'discord' : /state/i.test(info?.message ?? '') ? 'state' : 'denied';
        this.logger.warn({ reason, message: err instanceof Error ? err.message : info?.message }, 'sign-in refused');
        res.redirect(HttpStatus.FOUND, `/login?error=${reason}`);
        return;
      }
      const returnTo = safeReturnPath(info?.state?.returnTo) ?? DEFAULT_RETURN;
      // The session starts here: passport regenerates it on login (no fixation).
      req.logIn(user, (loginErr) => {
        if (loginErr) return next(loginErr);
        this.discord.forgetUser(user.id);
        this.logger.info({ userId: user.id }, 'signed in');
        res.redirect(HttpStatus.FOUND, returnTo);
      });
    })(req, res, next);
  }

  @Get('user')
  async user(@Req() req: Request): Promise<User> {
    const user = req.user as SessionUser | undefined;
    if (!user) throw new ApiError(HttpStatus.UNAUTHORIZED, 'You are not signed in.');
    let guilds: Awaited<ReturnType<GuildAccessService['manageableGuilds']>> = [];
    let guildsError: string | undefined;
    try {
      guilds = await this.access.manageableGuilds(user);
      // The selector shows each managed guild's plan (where the bot is, so its dashboard opens).
      guilds = await Promise.all(
        guilds.map(async (g) => (g.settingsUrl === `/manage/${g.id}/dashboard` ? { ...g, premium: await this.premium.read(g.id) } : g)),
      );
    } catch (err) {
      const failure = err instanceof DiscordFailure ? err.toApiError() : err;
      // Discord no longer accepts this sign-in: end the session so the app asks for a new one.
      if (failure instanceof ApiError && failure.getStatus() === HttpStatus.UNAUTHORIZED) {
        await new Promise<void>((resolve) => req.session.destroy(() => resolve()));
        throw failure;
      }
      // A busy or failing Discord must not look like being signed out (spec 1:7: the list is just empty).
      guildsError =
        failure instanceof ApiError ? String((failure.getResponse() as { error?: string }).error) : 'Could not load your servers.';
      this.logger.warn({ userId: user.id, reason: guildsError }, 'guild list unavailable');
    }
    return {
      success: true,
      id: user.id,
      username: user.username,
      global_name: user.global_name,
      avatar: user.avatar,
      discriminator: user.discriminator,
      email: user.email,
      discord_id: user.id,
      guilds,
      ...(guildsError ? { guildsError } : {}),
    };
  }

  /**
   * Ends the session on the server, revokes the Discord token, and clears the cookie. A POST, so the CSRF check
   * applies: another site can neither link nor post a sign-out.
   */
  @Post('logout')
  @HttpCode(HttpStatus.OK)
  async logout(@Req() req: Request, @Res({ passthrough: true }) res: Response): Promise<SuccessResponse> {
    const user = req.user as SessionUser | undefined;
    if (user) {
      this.discord.forgetUser(user.id);
      void this.discord.revoke(user.accessToken);
    }
    await new Promise<void>((resolve) => req.logout({ keepSessionInfo: false }, () => resolve()));
    await new Promise<void>((resolve) => req.session.destroy(() => resolve()));
    res.clearCookie(SESSION_COOKIE, { path: '/' });
    return { success: true };
  }

  /** The spec's GET /logout signs nobody out (any page could link it): it opens the page that asks first. */
  @Get('logout')
  logoutPage(@Res() res: Response): void {
    res.redirect(HttpStatus.FOUND, LOGOUT_PAGE);
  }
}
