import { Controller, Get, HttpCode, HttpStatus, Param, Post, Req, UseGuards } from '@nestjs/common';
import type {
  ListScheduleRunsParameters,
  RunScheduleNowParameters,
  ScheduleRunNowResponse,
  ScheduleRunsResponse,
  ScheduleStatusResponse,
} from '@guildhall/generated/types';
import { validateListScheduleRunsParameters, validateRunScheduleNowParameters } from '@guildhall/generated/validators';
import type { SessionUser } from '../discord/discord.types.js';
import { authorOf } from '../guild/caller.js';
import { GuildAccessGuard } from '../guild/guild-access.guard.js';
import type { HttpRequest } from '../http/http-types.js';
import { firstMessage, RouteParameters } from '../http/schema-parameters.js';
import { SchedulesService } from './schedules.service.js';

/**
 * Status, runs and Run now of a guild's scheduled messages (operations getScheduleStatus, listScheduleRuns,
 * runScheduleNow; subject scheduled-messages: a GET needs read, Run now write, as the guard decides).
 */
@Controller('api/guild/:guildId/schedules')
@UseGuards(GuildAccessGuard)
export class SchedulesController {
  constructor(private readonly schedules: SchedulesService) {}

  @Get('status')
  status(@Param('guildId') guildId: string): Promise<ScheduleStatusResponse> {
    return this.schedules.status(guildId);
  }

  @Get(':scheduleId/runs')
  runs(
    @RouteParameters(validateListScheduleRunsParameters, firstMessage, HttpStatus.NOT_FOUND)
    { guildId, scheduleId }: ListScheduleRunsParameters,
  ): Promise<ScheduleRunsResponse> {
    return this.schedules.runs(guildId, scheduleId);
  }

  @Post(':scheduleId/run')
  @HttpCode(HttpStatus.OK)
  runNow(
    @RouteParameters(validateRunScheduleNowParameters, firstMessage, HttpStatus.NOT_FOUND)
    { guildId, scheduleId }: RunScheduleNowParameters,
    @Req() req: HttpRequest,
  ): Promise<ScheduleRunNowResponse> {
    return this.schedules.runNow(guildId, scheduleId, authorOf(req.user as SessionUser));
  }
}
