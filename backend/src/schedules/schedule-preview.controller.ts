import { Controller, UseGuards } from '@nestjs/common';
import { GuildAccessGuard } from '../guild/guild-access.guard.js';

/** The next runs of a plan being edited, with a save's checks (operation previewSchedule). */
@Controller('api/guild/:guildId/schedules')
@UseGuards(GuildAccessGuard)
export class SchedulePreviewController {}
