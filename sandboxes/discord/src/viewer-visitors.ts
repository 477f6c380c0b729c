import type { Sessions } from '@guildhall/backend/auth/session';
import type { SessionUser } from '@guildhall/backend/discord/discord.types';
import type { GuildAccessService } from '@guildhall/backend/guild/guild-access.service';
import { ApiError } from '@guildhall/backend/http/api-error';
import { CSRF_REFUSED, type csrfProtection } from '@guildhall/backend/http/csrf';
import type { HttpRequest } from '@guildhall/backend/http/http-types';
import { DiscordApiError } from './discord-errors.js';

export const SIGN_IN_TO_VIEW = 'Sign in to see what the bot posted in your servers and your DMs.';
export const SIGN_IN_TO_SIMULATE = 'Sign in to run simulations: only a manager of a server may simulate in it.';

/**
 * Who is looking at the sandbox viewer, as the dashboard knows them. The front door reads sessions and checks CSRF only
 * under /api, so the viewer asks the app's own pieces here: the signed-in user of the `guildhall.sid` cookie
 * (auth/session.ts), the access rule of every guild route (GuildAccessService, `canManage`), and the app's CSRF check
 * (http/csrf.ts). Provided by the app; the sandbox alone has none, and its viewer then has no visitors to show to.
 */
export class SandboxViewerVisitors {
  constructor(
    private readonly sessions: Sessions,
    private readonly access: GuildAccessService,
    private readonly csrf: ReturnType<typeof csrfProtection>,
  ) {}

  /** The signed-in user, or undefined for an anonymous visitor (or a forged or ended session). */
  async visitor(req: HttpRequest): Promise<SessionUser | undefined> {
    if (!req.user) await this.sessions.read(req);
    return req.user;
  }

  /** Whether the user may manage the guild, by the rule the API applies to /api/guild/:guildId. */
  async canManage(user: SessionUser, guildId: string): Promise<boolean> {
    try {
      await this.access.assertCanManage(user, guildId);
      return true;
    } catch {
      return false;
    }
  }

  /**
   * A state-changing call: a signed-in manager of the guild (else 401, or 403/404 with the API's own reason), who sent
   * the session's anti-forgery token as every other state-changing call of the app does. Answers in Discord's shape.
   */
  async assertMaySimulate(req: HttpRequest, guildId: string): Promise<SessionUser> {
    const user = await this.visitor(req);
    if (!user) throw new DiscordApiError(401, { message: SIGN_IN_TO_SIMULATE, code: 0 });
    if (this.csrf.refuses(req)) throw new DiscordApiError(403, { message: CSRF_REFUSED, code: 0 });
    try {
      await this.access.assertCanManage(user, guildId);
    } catch (err) {
      if (err instanceof ApiError) {
        const said = (err.getResponse() as { error?: unknown }).error;
        throw new DiscordApiError(err.getStatus(), { message: typeof said === 'string' ? said : err.message, code: 0 });
      }
      throw err;
    }
    return user;
  }
}
