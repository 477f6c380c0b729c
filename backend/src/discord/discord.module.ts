import { Module } from '@nestjs/common';
import { DiscordService } from './discord.service.js';

/** Every call to Discord (the bot and the user's guild list), one client for the whole app. */
@Module({
  providers: [DiscordService],
  exports: [DiscordService],
})
export class DiscordModule {}
