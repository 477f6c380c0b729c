import { Module } from '@nestjs/common';
import { DiscordModule } from '../discord/discord.module.js';
import { GuildModule } from '../guild/guild.module.js';
import { ReferencesModule } from '../references/references.module.js';
import { SettingsModule } from '../settings/settings.module.js';
import { PersonalizerController } from './personalizer.controller.js';
import { PersonalizerService } from './personalizer.service.js';

/** The Bot Personalizer's status, Apply and Reset (Modify Current Member). */
@Module({
  imports: [DiscordModule, GuildModule, ReferencesModule, SettingsModule],
  controllers: [PersonalizerController],
  providers: [PersonalizerService],
})
export class PersonalizerModule {}
