import { Body, Controller, HttpCode, HttpStatus, Param, Post, Req, UseGuards } from '@nestjs/common';
import { toFieldErrors } from '@guildhall/generated/field-errors';
import type { GreetingPreviewRequest } from '@guildhall/generated/types';
import { validateGreetingPreviewRequest } from '@guildhall/generated/validators';
import type { Request } from 'express';
import type { SessionUser } from '../discord/discord.types.js';
import { GuildAccessGuard } from '../guild/guild-access.guard.js';
import { ApiError } from '../http/api-error.js';
import { GreetingService } from './greeting.service.js';

/** Welcome and farewell: their settings go through the generic settings API (section greeting); this sends previews. */
@Controller('api/guild/:guildId/greeting')
@UseGuards(GuildAccessGuard)
export class GreetingController {
  constructor(private readonly greeting: GreetingService) {}

  @Post('preview')
  @HttpCode(200)
  async preview(@Param('guildId') guildId: string, @Body() body: unknown, @Req() req: Request) {
    const input = structuredClone(body ?? {});
    if (!validateGreetingPreviewRequest(input)) {
      const fieldErrors = toFieldErrors(validateGreetingPreviewRequest.errors ?? []);
      throw new ApiError(HttpStatus.BAD_REQUEST, fieldErrors[0]?.message ?? 'type must be welcome or farewell', { fieldErrors });
    }
    return this.greeting.sendPreview(guildId, (input as GreetingPreviewRequest).type, req.user as SessionUser);
  }
}
