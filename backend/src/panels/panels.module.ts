import { Module } from '@nestjs/common';
import { DiscordModule } from '../discord/discord.module.js';
import { GuildModule } from '../guild/guild.module.js';
import { CollectionsModule } from '../collections/collections.module.js';
import { PanelsController } from './panels.controller.js';
import { PanelsService } from './panels.service.js';

/** Ticket panels deployed to Discord. */
@Module({
  imports: [DiscordModule, GuildModule, CollectionsModule],
  controllers: [PanelsController],
  providers: [PanelsService],
})
export class PanelsModule {}
