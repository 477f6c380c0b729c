import { Module } from '@nestjs/common';
import { DiscordModule } from '../discord/discord.module.js';
import { GuildModule } from '../guild/guild.module.js';
import { SettingsModule } from '../settings/settings.module.js';
import { AntinukeController } from './antinuke.controller.js';
import { AntinukeService } from './antinuke.service.js';

/** AntiNuke beyond its settings: Create Bypass Role and pre-flight warnings. */
@Module({
  imports: [DiscordModule, GuildModule, SettingsModule],
  controllers: [AntinukeController],
  providers: [AntinukeService],
})
export class AntinukeModule {}
