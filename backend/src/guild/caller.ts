import { isAdministrator } from '@guildhall/common/permissions';
import type { SessionUser, UserGuild } from '../discord/discord.types.js';
import type { ChangeAuthor } from '../storage/storage.port.js';
import type { Caller } from './access-levels.js';
import type { Grants } from './guild-access.service.js';
import { type HttpRequest } from '../http/http-types.js';

/** The signed-in user as a change's author in the history: their id, the name people see, and their avatar then. */
export function authorOf(user: SessionUser): ChangeAuthor {
  return { userId: user.id, userName: user.global_name ?? user.username, avatar: user.avatar };
}

/**
 * Who asks on a guild route: the guard has resolved the guild as this user sees it (owner or not), and for one who does
 * not manage it, what their Dashboard Access grants give them (services check a write against it).
 */
export function callerOf(req: HttpRequest & { guild: UserGuild; grants?: Grants }): Caller {
  const user = req.user as SessionUser;
  const caller: Caller = { ...authorOf(user), guildOwner: Boolean(req.guild.owner), administrator: isAdministrator(req.guild) };
  return req.grants ? { ...caller, grants: req.grants } : caller;
}
