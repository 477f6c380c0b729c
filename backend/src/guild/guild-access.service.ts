import { HttpStatus, Inject, Injectable } from '@nestjs/common';
import { guildIconUrl } from '@guildhall/common/cdn';
import { botInviteUrl } from '@guildhall/common/invite';
import { canManage } from '@guildhall/common/permissions';
import type { GuildSummary } from '@guildhall/generated/types';
import { validateSnowflake } from '@guildhall/generated/validators';
import { APP_CONFIG, type AppConfig } from '../config/config.js';
import { DiscordFailure } from '../discord/discord.errors.js';
import { DiscordService } from '../discord/discord.service.js';
import type { SessionUser, UserGuild } from '../discord/discord.types.js';
import { ApiError } from '../http/api-error.js';

/**
 * Who may manage which guild: the owner, or a member whose permissions there include Administrator
 * or Manage Server, and only where the bot is. Checked on the server for every /api/guild/:guildId call.
 */
@Injectable()
export class GuildAccessService {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly discord: DiscordService,
  ) {}

  iconUrl(guild: { id: string; icon?: string | null }): string | null {
    return guildIconUrl(guild, 128);
  }

  /** Adds the bot to this guild, on the configured authorize page (so sandbox invites stay in the sandbox). */
  inviteUrl(guildId: string): string {
    return botInviteUrl({ authorizeUrl: this.config.discord.authorizeUrl, clientId: this.config.discord.clientId, guildId });
  }

  async manageableGuilds(user: SessionUser): Promise<GuildSummary[]> {
    const [guilds, botIds] = await Promise.all([this.userGuilds(user), this.discord.botGuildIds()]);
    return guilds.filter(canManage).map((g) => ({
      id: g.id,
      name: g.name,
      iconURL: this.iconUrl(g),
      settingsUrl: botIds.has(g.id) ? `/manage/${g.id}/dashboard` : this.inviteUrl(g.id),
      permissions: String(g.permissions ?? '0'),
      owner: Boolean(g.owner),
    }));
  }

  /** Resolves the guild for a manage call or throws the reason as 401/403/404. */
  async assertCanManage(user: SessionUser | undefined, guildId: string): Promise<UserGuild> {
    if (!user) throw new ApiError(HttpStatus.UNAUTHORIZED, 'You are not signed in.');
    if (!validateSnowflake(guildId)) throw new ApiError(HttpStatus.NOT_FOUND, 'Unknown server.');
    const guilds = await this.userGuilds(user);
    const guild = guilds.find((g) => g.id === guildId);
    const botIds = await this.discord.botGuildIds();
    if (!guild) {
      if (botIds.has(guildId)) throw new ApiError(HttpStatus.FORBIDDEN, 'You are not a member of this server.');
      throw new ApiError(HttpStatus.NOT_FOUND, 'Unknown server.');
    }
    if (!canManage(guild)) {
      throw new ApiError(HttpStatus.FORBIDDEN, 'You need the Manage Server or Administrator permission in this server.');
    }
    if (!botIds.has(guildId)) throw new ApiError(HttpStatus.FORBIDDEN, 'Guildhall is not in this server. Invite the bot first.');
    return guild;
  }

  private async userGuilds(user: SessionUser): Promise<UserGuild[]> {
    try {
      return await this.discord.guildsOfUser(user);
    } catch (err) {
      if (err instanceof DiscordFailure && err.status === 401) {
        throw new ApiError(HttpStatus.UNAUTHORIZED, 'Your Discord sign-in has expired. Please sign in again.');
      }
      throw err;
    }
  }
}
