import { Controller, Get, HttpCode, HttpStatus, Inject, Post, Query, Req, Res } from '@nestjs/common';
import type { SuccessResponse, User } from '@guildhall/generated/types';
import type { AuthenticateOptions, Authenticator } from 'passport';
import type { Logger } from 'pino';
import { DiscordFailure } from '../discord/discord.errors.js';
import { DiscordService } from '../discord/discord.service.js';
import type { SessionUser } from '../discord/discord.types.js';
import { GuildAccessService } from '../guild/guild-access.service.js';
import { ApiError } from '../http/api-error.js';
import { type HttpReply, type HttpRequest, isSecure } from '../http/http-types.js';
import { LOGGER } from '../logging/logger.js';
import { PremiumService } from '../payments/premium.service.js';
import { PASSPORT } from './auth.tokens.js';
import { CALLBACK_PATH } from './discord.strategy.js';
import { SESSION_COOKIE, Sessions } from './session.js';
import { SIGN_IN_COOKIE, type SignInExchange } from './sign-in-cookie.js';

const DEFAULT_RETURN = '/selector';
/** The web app's page that asks "Sign out of Guildhall?" and signs out with a POST. */
const LOGOUT_PAGE = '/logout';
export { SESSION_COOKIE };

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

type PassportOutcome = { err: unknown; user: SessionUser | false; info: SignInInfo | undefined } | { redirected: true };

/**
 * Runs the Discord strategy on this request, the only two routes passport sees. Passport speaks Express' request and
 * response; the strategy needs only the query, the cookies (through SignInCookieStore) and a way to redirect, so it
 * gets exactly those, and a redirect it makes is sent through the reply.
 */
function runPassport(passport: Authenticator, req: HttpRequest, reply: HttpReply, options: AuthenticateOptions): Promise<PassportOutcome> {
  return new Promise((resolve, reject) => {
    const exchange: SignInExchange & Record<string, unknown> = {
      query: req.query,
      body: undefined,
      headers: req.headers,
      method: req.method,
      url: req.url,
      cookies: req.cookies,
      secure: isSecure(req),
      reply,
    };
    const res = {
      statusCode: 302,
      setHeader: (name: string, value: string) => void reply.header(name, value),
      end: () => {
        reply.code(res.statusCode).send();
        resolve({ redirected: true });
      },
    };
    passport.authenticate('discord', options, (err: unknown, user: SessionUser | false, info: SignInInfo | undefined) =>
      resolve({ err, user, info }),
    )(exchange, res, (err?: unknown) => (err ? reject(err) : resolve({ err: undefined, user: false, info: undefined })));
  });
}

@Controller('api')
export class AuthController {
  constructor(
    @Inject(PASSPORT) private readonly passport: Authenticator,
    private readonly discord: DiscordService,
    private readonly access: GuildAccessService,
    @Inject(LOGGER) private readonly logger: Logger,
    private readonly premium: PremiumService,
    private readonly sessions: Sessions,
  ) {}

  /** Starts Discord's OAuth2 flow; state, PKCE verifier and return path go in the signed sign-in cookie, not a session. */
  @Get('login')
  async login(@Query('returnTo') returnTo: unknown, @Req() req: HttpRequest, @Res() reply: HttpReply): Promise<void> {
    const path = safeReturnPath(returnTo);
    // An object `state` is handed to the state store (passport-oauth2 >= 1.6), which keeps it in the cookie.
    const options = { session: false, state: path ? { returnTo: path } : {} } as unknown as AuthenticateOptions;
    const outcome = await runPassport(this.passport, req, reply, options);
    if (!('redirected' in outcome)) throw outcome.err ?? new ApiError(HttpStatus.BAD_GATEWAY, 'Could not start signing in.');
  }

  @Get('callback')
  async callback(@Req() req: HttpRequest, @Res() reply: HttpReply): Promise<void> {
    // One use: whatever happens next, this sign-in is over (the store has already read the cookie).
    reply.clearCookie(SIGN_IN_COOKIE, { path: CALLBACK_PATH, httpOnly: true, sameSite: 'lax', secure: isSecure(req) });
    const outcome = await runPassport(this.passport, req, reply, { session: false });
    if ('redirected' in outcome) return;
    const { err, user, info } = outcome;
    if (err || !user) {
      const reason = err ? 'discord' : /state/i.test(info?.message ?? '') ? 'state' : 'denied';
      this.logger.warn({ reason, message: err instanceof Error ? err.message : info?.message }, 'sign-in refused');
      reply.redirect(`/login?error=${reason}`, HttpStatus.FOUND);
      return;
    }
    const returnTo = safeReturnPath(info?.state?.returnTo) ?? DEFAULT_RETURN;
    // The session starts here, a new one (no fixation).
    await this.sessions.start(req, reply, user);
    this.discord.forgetUser(user.id);
    this.logger.info({ userId: user.id }, 'signed in');
    reply.redirect(returnTo, HttpStatus.FOUND);
  }

  @Get('user')
  async user(@Req() req: HttpRequest): Promise<User> {
    const user = req.user;
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
        await this.sessions.end(req);
        throw failure;
      }
      // A busy or failing Discord must not look like being signed out: the server list is just empty.
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
  async logout(@Req() req: HttpRequest, @Res({ passthrough: true }) reply: HttpReply): Promise<SuccessResponse> {
    const user = req.user;
    if (user) {
      this.discord.forgetUser(user.id);
      void this.discord.revoke(user.accessToken);
    }
    await this.sessions.end(req);
    reply.clearCookie(SESSION_COOKIE, { path: '/' });
    return { success: true };
  }

  /** The spec's GET /logout signs nobody out (any page could link it): it opens the page that asks first. */
  @Get('logout')
  logoutPage(@Res() reply: HttpReply): void {
    reply.redirect(LOGOUT_PAGE, HttpStatus.FOUND);
  }
}
