// The link that adds the bot to a server, on whichever authorize page is configured (Discord's, or the sandbox's).
import { BOT_PERMISSIONS } from './permissions.js';

export interface BotInvite {
  /** The OAuth2 authorize page, e.g. https://discord.com/oauth2/authorize (or the sandbox's). */
  authorizeUrl: string;
  clientId: string;
  /** Preselects this server and hides Discord's server picker. */
  guildId?: string;
}

/** Discord's bot authorization for this application, asking for {@link BOT_PERMISSIONS}. */
export function botInviteUrl({ authorizeUrl, clientId, guildId }: BotInvite): string {
  const query = new URLSearchParams({ client_id: clientId, scope: 'bot applications.commands', permissions: BOT_PERMISSIONS.toString() });
  if (guildId !== undefined) {
    query.set('guild_id', guildId);
    query.set('disable_guild_select', 'true');
  }
  return `${authorizeUrl}?${query}`;
}
