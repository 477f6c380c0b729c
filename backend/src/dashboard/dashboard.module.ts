import { Module } from '@nestjs/common';
import { DiscordModule } from '../discord/discord.module.js';
import { GuildModule } from '../guild/guild.module.js';
import { BotStatusController } from './bot-status.controller.js';
import { BotStatusService } from './bot-status.service.js';

/** The dashboard's bot status. */
@Module({
  imports: [DiscordModule, GuildModule],
  controllers: [BotStatusController],
  providers: [BotStatusService],
})
export class DashboardModule {}
