import { Module } from '@nestjs/common';
import { DiscordModule } from '../discord/discord.module.js';
import { PaymentsModule } from '../payments/payments.module.js';
import { GuildReferences } from './guild-references.js';

/** The check every write path of a section or collection runs (x-reference ids are the guild's, x-image and x-schedule rules; the plan from premium). */
@Module({
  imports: [DiscordModule, PaymentsModule],
  providers: [GuildReferences],
  exports: [GuildReferences],
})
export class ReferencesModule {}
