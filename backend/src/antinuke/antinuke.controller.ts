import { Controller, Get, HttpCode, Param, Post, Req, UseGuards } from '@nestjs/common';
import type { AntinukePreflight, BypassRoleResponse } from '@guildhall/generated/types';
import type { Request } from 'express';
import type { SessionUser } from '../discord/discord.types.js';
import { GuildAccessGuard } from '../guild/guild-access.guard.js';
import { AntinukeService } from './antinuke.service.js';

/** AntiNuke's actions beyond its settings (GET/PUT /api/guild/:guildId/settings/antinuke): the bypass role and pre-flight checks. */
@Controller('api/guild/:guildId/antinuke')
@UseGuards(GuildAccessGuard)
export class AntinukeController {
  constructor(private readonly antinuke: AntinukeService) {}

  // Capability once AntiNuke's policy applies: manageBypassRole.
  @Post('create-bypass-role')
  @HttpCode(200)
  createBypassRole(@Param('guildId') guildId: string, @Req() req: Request): Promise<BypassRoleResponse> {
    return this.antinuke.createBypassRole(guildId, req.user as SessionUser);
  }

  // Capability once AntiNuke's policy applies: view.
  @Get('preflight')
  preflight(@Param('guildId') guildId: string): Promise<AntinukePreflight> {
    return this.antinuke.preflight(guildId);
  }
}
