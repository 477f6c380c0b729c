import { Module } from '@nestjs/common';
import { GuildModule } from '../guild/guild.module.js';
import { SettingsModule } from '../settings/settings.module.js';
import { TranscriptsController } from './transcripts.controller.js';
import { TranscriptsService } from './transcripts.service.js';

/** Saved transcripts: list, search, download, delete. */
@Module({
  imports: [GuildModule, SettingsModule],
  controllers: [TranscriptsController],
  providers: [TranscriptsService],
  exports: [TranscriptsService],
})
export class TranscriptsModule {}
