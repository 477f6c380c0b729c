import { Module } from '@nestjs/common';
import { DiscordModule } from '../discord/discord.module.js';
import { GuildModule } from '../guild/guild.module.js';
import { MembersController } from './members.controller.js';
import { MemberLookupService } from './member-lookup.service.js';

/** Users for the settings pages' user lists, through the bot. */
@Module({
  imports: [DiscordModule, GuildModule],
  controllers: [MembersController],
  providers: [MemberLookupService],
})
export class MembersModule {}
