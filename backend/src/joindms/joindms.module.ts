import { Module } from '@nestjs/common';
import { DiscordModule } from '../discord/discord.module.js';
import { GuildModule } from '../guild/guild.module.js';
import { SettingsModule } from '../settings/settings.module.js';
import { JoinDmsController } from './joindms.controller.js';
import { JoinDmsService } from './joindms.service.js';

/** Join DMs beyond their settings: the toggle, Send Test, deliveries. */
@Module({
  imports: [DiscordModule, GuildModule, SettingsModule],
  controllers: [JoinDmsController],
  providers: [JoinDmsService],
  exports: [JoinDmsService],
})
export class JoinDmsModule {}
