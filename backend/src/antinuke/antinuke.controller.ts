import { Controller, Get, HttpCode, Param, Post, Req, UseGuards } from '@nestjs/common';
import type { AntinukePreflight, BypassRoleResponse } from '@guildhall/generated/types';
import type { SessionUser } from '../discord/discord.types.js';
import { RequiresCapability } from '../guild/guild-access.decorators.js';
import { GuildAccessGuard } from '../guild/guild-access.guard.js';
import { AntinukeService } from './antinuke.service.js';
import { type HttpRequest } from '../http/http-types.js';

/** AntiNuke's actions beyond its settings (GET/PUT /api/guild/:guildId/settings/antinuke): the bypass role and pre-flight checks. */
@Controller('api/guild/:guildId/antinuke')
@UseGuards(GuildAccessGuard)
export class AntinukeController {
  constructor(private readonly antinuke: AntinukeService) {}

  @Post('create-bypass-role')
  @RequiresCapability('antinuke', 'manageBypassRole')
  @HttpCode(200)
  createBypassRole(@Param('guildId') guildId: string, @Req() req: HttpRequest): Promise<BypassRoleResponse> {
    return this.antinuke.createBypassRole(guildId, req.user as SessionUser);
  }

  @Get('preflight')
  @RequiresCapability('antinuke', 'view')
  preflight(@Param('guildId') guildId: string): Promise<AntinukePreflight> {
    return this.antinuke.preflight(guildId);
  }
}
