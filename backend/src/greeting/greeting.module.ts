import { Module } from '@nestjs/common';
import { DiscordModule } from '../discord/discord.module.js';
import { GuildModule } from '../guild/guild.module.js';
import { ReferencesModule } from '../references/references.module.js';
import { SettingsModule } from '../settings/settings.module.js';
import { GreetingController } from './greeting.controller.js';
import { GreetingService } from './greeting.service.js';

/** The greeting's Send Preview. */
@Module({
  imports: [DiscordModule, GuildModule, ReferencesModule, SettingsModule],
  controllers: [GreetingController],
  providers: [GreetingService],
})
export class GreetingModule {}
