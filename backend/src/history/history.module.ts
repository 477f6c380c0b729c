import { Module } from '@nestjs/common';
import { GuildModule } from '../guild/guild.module.js';
import { SettingsModule } from '../settings/settings.module.js';
import { CollectionsModule } from '../collections/collections.module.js';
import { HistoryController } from './history.controller.js';
import { HistoryService } from './history.service.js';

/** A guild's change history and reverts. */
@Module({
  imports: [GuildModule, SettingsModule, CollectionsModule],
  controllers: [HistoryController],
  providers: [HistoryService],
})
export class HistoryModule {}
