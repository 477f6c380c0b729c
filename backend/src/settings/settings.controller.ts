import { Body, Controller, Get, HttpStatus, Param, Put, Req, UseGuards } from '@nestjs/common';
import { validateSettingsPutRequest } from '@guildhall/generated/validators';
import { toFieldErrors } from '@guildhall/generated/field-errors';
import type { Request } from 'express';
import type { SessionUser } from '../discord/discord.types.js';
import { GuildAccessGuard } from '../guild/guild-access.guard.js';
import { ApiError } from '../http/api-error.js';
import { SettingsService } from './settings.service.js';

@Controller('api/guild/:guildId/settings')
@UseGuards(GuildAccessGuard)
export class SettingsController {
  constructor(private readonly settings: SettingsService) {}

  @Get(':section')
  async get(@Param('guildId') guildId: string, @Param('section') section: string) {
    return { success: true, ...(await this.settings.read(guildId, section)) };
  }

  @Put(':section')
  async put(@Param('guildId') guildId: string, @Param('section') section: string, @Body() body: unknown, @Req() req: Request) {
    this.settings.definition(section);
    if (!validateSettingsPutRequest(body)) {
      throw new ApiError(HttpStatus.BAD_REQUEST, 'The request is not a settings update.', {
        fieldErrors: toFieldErrors(validateSettingsPutRequest.errors ?? []),
      });
    }
    const { version, settings } = body as { version: number; settings: unknown };
    const user = req.user as SessionUser;
    return { success: true, ...(await this.settings.write(guildId, section, version, settings, user.id)) };
  }
}
