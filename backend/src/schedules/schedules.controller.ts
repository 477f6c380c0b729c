import { Controller, UseGuards } from '@nestjs/common';
import { GuildAccessGuard } from '../guild/guild-access.guard.js';

/** Status, runs and Run now of a guild's scheduled messages (operations getScheduleStatus, listScheduleRuns, runScheduleNow). */
@Controller('api/guild/:guildId/schedules')
@UseGuards(GuildAccessGuard)
export class SchedulesController {}
