import { Body, Controller, Param, Put, Req, Res, UseGuards } from '@nestjs/common';
import type { SettingsPutRequest } from '@guildhall/generated/types';
import { validateSettingsPutRequest } from '@guildhall/generated/validators';
import { callerOf } from '../guild/caller.js';
import { GuildAccessGuard } from '../guild/guild-access.guard.js';
import { SchemaBody } from '../http/schema-body.pipe.js';
import { KnownSectionGuard } from './known-section.guard.js';
import { SettingsService } from './settings.service.js';
import type { GuildRequest, HttpReply } from '../http/http-types.js';
import { JSON_CONTENT_TYPE } from '../http/response-serializers.js';
import { settingsAnswerText } from './settings-answer.js';

/**
 * The save. Reading a section (GET) is served outside Nest's pipeline, with the same guard's rule
 * (settings-read.route.ts). Guards run before pipes: an unknown section answers 404 whatever its body, as it did before
 * the body's 400.
 */
@Controller('api/guild/:guildId/settings')
@UseGuards(GuildAccessGuard, KnownSectionGuard)
export class SettingsController {
  constructor(private readonly settings: SettingsService) {}

  @Put(':section')
  async put(
    @Param('guildId') guildId: string,
    @Param('section') section: string,
    @Body(new SchemaBody(validateSettingsPutRequest, 'The request is not a settings update.')) body: SettingsPutRequest,
    @Req() req: GuildRequest,
    @Res({ passthrough: true }) reply: HttpReply,
  ): Promise<string> {
    const view = await this.settings.write(guildId, section, body.version, body.settings, callerOf(req));
    // Set once the answer is known: an error thrown earlier keeps the error's own shape.
    reply.header('content-type', JSON_CONTENT_TYPE);
    return settingsAnswerText(view);
  }
}
