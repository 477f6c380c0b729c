import { Module } from '@nestjs/common';
import { DiscordModule } from '../discord/discord.module.js';
import { GuildReferences } from './guild-references.js';

/** The reference check every write path of a section or collection runs (x-reference ids are the guild's). */
@Module({
  imports: [DiscordModule],
  providers: [GuildReferences],
  exports: [GuildReferences],
})
export class ReferencesModule {}
