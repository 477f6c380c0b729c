import { Module } from '@nestjs/common';
import { GuildModule } from '../guild/guild.module.js';
import { ReferencesModule } from '../references/references.module.js';
import { SettingsController } from './settings.controller.js';
import { SettingsService } from './settings.service.js';

/** The one settings controller and service, driven by the sections table. */
@Module({
  imports: [GuildModule, ReferencesModule],
  controllers: [SettingsController],
  providers: [SettingsService],
  exports: [SettingsService],
})
export class SettingsModule {}
