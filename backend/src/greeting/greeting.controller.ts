import { Body, Controller, HttpCode, Param, Post, Req, UseGuards } from '@nestjs/common';
import type { GreetingPreviewRequest, GreetingPreviewResponse } from '@guildhall/generated/types';
import { validateGreetingPreviewRequest } from '@guildhall/generated/validators';
import type { SessionUser } from '../discord/discord.types.js';
import { GuildAccessGuard } from '../guild/guild-access.guard.js';
import { SchemaBody } from '../http/schema-body.pipe.js';
import { GreetingService } from './greeting.service.js';
import { type HttpRequest } from '../http/http-types.js';

/** Welcome and farewell: their settings go through the generic settings API (section greeting); this sends previews. */
@Controller('api/guild/:guildId/greeting')
@UseGuards(GuildAccessGuard)
export class GreetingController {
  constructor(private readonly greeting: GreetingService) {}

  @Post('preview')
  @HttpCode(200)
  async preview(
    @Param('guildId') guildId: string,
    // The preview button shows `error` as it is: the schema's own message for the field.
    @Body(new SchemaBody(validateGreetingPreviewRequest, (errors) => errors[0]?.message ?? 'type must be welcome or farewell'))
    body: GreetingPreviewRequest,
    @Req() req: HttpRequest,
  ): Promise<GreetingPreviewResponse> {
    return this.greeting.sendPreview(guildId, body.type, req.user as SessionUser);
  }
}
