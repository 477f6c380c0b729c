import { Controller, Get, HttpCode, Param, Post, Req, UseGuards } from '@nestjs/common';
import type { JoinDmStatsResponse, JoinDmTestResponse, JoinDmToggleResponse } from '@guildhall/generated/types';
import type { SessionUser } from '../discord/discord.types.js';
import { callerOf } from '../guild/caller.js';
import { GuildAccessGuard } from '../guild/guild-access.guard.js';
import { JoinDmsService } from './joindms.service.js';
import { type HttpRequest, type GuildRequest } from '../http/http-types.js';

/**
 * Join DMs: the settings themselves go through the generic settings API (section joindms, which is what the spec's
 * GET/POST /joindms are); these are the calls around them.
 */
@Controller('api/guild/:guildId/joindms')
@UseGuards(GuildAccessGuard)
export class JoinDmsController {
  constructor(private readonly joindms: JoinDmsService) {}

  @Post('toggle')
  @HttpCode(200)
  toggle(@Param('guildId') guildId: string, @Req() req: GuildRequest): Promise<JoinDmToggleResponse> {
    return this.joindms.toggle(guildId, callerOf(req));
  }

  @Post('test')
  @HttpCode(200)
  test(@Param('guildId') guildId: string, @Req() req: HttpRequest): Promise<JoinDmTestResponse> {
    return this.joindms.sendTest(guildId, req.user as SessionUser);
  }

  @Get('stats')
  stats(@Param('guildId') guildId: string): Promise<JoinDmStatsResponse> {
    return this.joindms.stats(guildId);
  }
}
