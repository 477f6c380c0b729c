import { Module } from '@nestjs/common';
import { DiscordModule } from '../discord/discord.module.js';
import { GuildController } from './guild.controller.js';
import { GuildAccessService } from './guild-access.service.js';
import { GuildAccessGuard } from './guild-access.guard.js';

/** The access rule (GuildAccessGuard on every /api/guild/:guildId controller) and the guild's channels, roles and stats. */
@Module({
  imports: [DiscordModule],
  controllers: [GuildController],
  providers: [GuildAccessService, GuildAccessGuard],
  exports: [GuildAccessService, GuildAccessGuard],
})
export class GuildModule {}
