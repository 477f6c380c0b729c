import { Body, Controller, Get, Param, Put, Req, UseGuards } from '@nestjs/common';
import type { SettingsPutRequest, SettingsResponse } from '@guildhall/generated/types';
import { validateSettingsPutRequest } from '@guildhall/generated/validators';
import type { UserGuild } from '../discord/discord.types.js';
import { callerOf } from '../guild/caller.js';
import { GuildAccessGuard } from '../guild/guild-access.guard.js';
import { SchemaBody } from '../http/schema-body.pipe.js';
import { KnownSectionGuard } from './known-section.guard.js';
import { SettingsService } from './settings.service.js';
import { type HttpRequest, type GuildRequest } from '../http/http-types.js';

/** Guards run before pipes: an unknown section answers 404 whatever its body, as it did before the body's 400. */
@Controller('api/guild/:guildId/settings')
@UseGuards(GuildAccessGuard, KnownSectionGuard)
export class SettingsController {
  constructor(private readonly settings: SettingsService) {}

  @Get(':section')
  async get(@Param('guildId') guildId: string, @Param('section') section: string, @Req() req: GuildRequest): Promise<SettingsResponse> {
    return { success: true, ...(await this.settings.read(guildId, section, callerOf(req))) };
  }

  @Put(':section')
  async put(
    @Param('guildId') guildId: string,
    @Param('section') section: string,
    @Body(new SchemaBody(validateSettingsPutRequest, 'The request is not a settings update.')) body: SettingsPutRequest,
    @Req() req: GuildRequest,
  ): Promise<SettingsResponse> {
    return { success: true, ...(await this.settings.write(guildId, section, body.version, body.settings, callerOf(req))) };
  }
}
