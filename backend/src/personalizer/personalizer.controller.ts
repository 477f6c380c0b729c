import { Controller, Get, HttpCode, Param, Post, Req, UseGuards } from '@nestjs/common';
import type { PersonalizerApplyResponse, PersonalizerStatus } from '@guildhall/generated/types';
import type { SessionUser } from '../discord/discord.types.js';
import { GuildAccessGuard } from '../guild/guild-access.guard.js';
import type { HttpRequest } from '../http/http-types.js';
import { PersonalizerService } from './personalizer.service.js';

/**
 * The Bot Personalizer's Discord side (its settings go through the generic settings API, section personalizer): the
 * live profile, Apply and Reset. The guild's policy (manage-guild, the section row's too) admits; the POSTs pass the
 * front door's CSRF check like every write.
 */
@Controller('api/guild/:guildId/personalizer')
@UseGuards(GuildAccessGuard)
export class PersonalizerController {
  constructor(private readonly personalizer: PersonalizerService) {}

  @Get('status')
  status(@Param('guildId') guildId: string): Promise<PersonalizerStatus> {
    return this.personalizer.status(guildId);
  }

  @Post('apply')
  @HttpCode(200)
  apply(@Param('guildId') guildId: string, @Req() req: HttpRequest): Promise<PersonalizerApplyResponse> {
    return this.personalizer.apply(guildId, req.user as SessionUser);
  }

  @Post('reset')
  @HttpCode(200)
  reset(@Param('guildId') guildId: string, @Req() req: HttpRequest): Promise<PersonalizerApplyResponse> {
    return this.personalizer.reset(guildId, req.user as SessionUser);
  }
}
