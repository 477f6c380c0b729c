import { Module } from '@nestjs/common';
import { CollectionsModule } from '../collections/collections.module.js';
import { DiscordModule } from '../discord/discord.module.js';
import { GuildModule } from '../guild/guild.module.js';
import { PaymentsModule } from '../payments/payments.module.js';
import { ReferencesModule } from '../references/references.module.js';
import { SchedulePreviewController } from './schedule-preview.controller.js';
import { SchedulesController } from './schedules.controller.js';
import { SchedulesService } from './schedules.service.js';

/**
 * Scheduled messages beyond their settings (the schedules themselves are the scheduled-messages collection): the
 * plan's next runs and checks (next-runs.ts, schedule-rules.ts), the job runner that posts each due run once
 * (schedule-runner.ts), status, runs and Run now.
 */
@Module({
  imports: [DiscordModule, GuildModule, CollectionsModule, ReferencesModule, PaymentsModule],
  controllers: [SchedulesController, SchedulePreviewController],
  providers: [SchedulesService],
  exports: [SchedulesService],
})
export class SchedulesModule {}
