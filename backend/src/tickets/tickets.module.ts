import { Module } from '@nestjs/common';
import { DiscordModule } from '../discord/discord.module.js';
import { GuildModule } from '../guild/guild.module.js';
import { SettingsModule } from '../settings/settings.module.js';
import { TicketCategoriesController } from './ticket-categories.controller.js';
import { TicketCategoriesService } from './ticket-categories.service.js';

/** The Ticket categories page's calls. */
@Module({
  imports: [DiscordModule, GuildModule, SettingsModule],
  controllers: [TicketCategoriesController],
  providers: [TicketCategoriesService],
})
export class TicketsModule {}
