import { Controller, Get, Param, Req, UseGuards } from '@nestjs/common';
import type { ChannelList, GuildStats, ManagedGuild, RoleList } from '@guildhall/generated/types';
import { canManage } from '@guildhall/common/permissions';
import type { UserGuild } from '../discord/discord.types.js';
import { GuildAccessService, type Grants } from './guild-access.service.js';
import { DiscordService } from '../discord/discord.service.js';
import { GuildAccessGuard } from './guild-access.guard.js';
import { type HttpRequest } from '../http/http-types.js';

/**
 * Read-only views of a guild that the settings forms need (channel and role pickers, member count): subject `any` in
 * the operations table, so the guard admits managers, whom a section's levels let view, and any grantee.
 */
@Controller('api/guild/:guildId')
@UseGuards(GuildAccessGuard)
export class GuildController {
  constructor(
    private readonly discord: DiscordService,
    private readonly access: GuildAccessService,
  ) {}

  /**
   * The guild's name and icon; answering at all means the user may open its manage pages (the manage layout's check):
   * a manager, or someone a section's access levels admit (an extra owner without Manage Server opens AntiNuke), or a
   * grantee, with the level their grants give each section and collection (the sidebar shows those).
   */
  @Get()
  summary(@Req() req: HttpRequest & { guild: UserGuild; grants?: Grants }): ManagedGuild {
    const { id, name } = req.guild;
    const manager = canManage(req.guild);
    const guild = { id, name, iconURL: this.access.iconUrl(req.guild) };
    if (manager || !req.grants?.size) return { success: true, guild, manager };
    return { success: true, guild, manager, grants: Object.fromEntries(req.grants) };
  }

  @Get('channels')
  async channels(@Param('guildId') guildId: string): Promise<ChannelList> {
    const channels = await this.discord.channels(guildId);
    return {
      success: true,
      channels: channels
        .map((c) => ({ id: c.id, name: c.name, type: c.type, position: c.position ?? 0, parent_id: c.parent_id ?? null }))
        .sort((a, b) => a.position - b.position || a.name.localeCompare(b.name)),
    };
  }

  @Get('roles')
  async roles(@Param('guildId') guildId: string): Promise<RoleList> {
    const roles = await this.discord.roles(guildId);
    return {
      success: true,
      roles: roles
        .map((r) => ({ id: r.id, name: r.name, color: r.color, position: r.position, managed: r.managed }))
        .sort((a, b) => b.position - a.position),
    };
  }

  @Get('stats')
  async stats(@Param('guildId') guildId: string): Promise<GuildStats> {
    const guild = await this.discord.guild(guildId);
    return {
      success: true,
      stats: {
        memberCount: guild.approximate_member_count ?? 0,
        onlineCount: guild.approximate_presence_count ?? 0,
        boostLevel: guild.premium_tier,
        boostCount: guild.premium_subscription_count ?? 0,
      },
    };
  }
}
