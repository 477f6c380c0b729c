import { Controller, Get, HttpStatus, Req } from '@nestjs/common';
import type { BotStatus } from '@guildhall/generated/types';
import { ApiError } from '../http/api-error.js';
import { BotStatusService } from './bot-status.service.js';
import { type HttpRequest } from '../http/http-types.js';

/** GET /api/debug/bot-status: signed-in users only; the path keeps the spec's name. */
@Controller('api/debug')
export class BotStatusController {
  constructor(private readonly botStatus: BotStatusService) {}

  @Get('bot-status')
  async status(@Req() req: HttpRequest): Promise<BotStatus> {
    if (!req.user) throw new ApiError(HttpStatus.UNAUTHORIZED, 'You are not signed in.');
    return this.botStatus.status();
  }
}
