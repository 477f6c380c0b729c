import { Module } from '@nestjs/common';
import { CollectionsModule } from '../collections/collections.module.js';
import { DiscordModule } from '../discord/discord.module.js';
import { GuildModule } from '../guild/guild.module.js';
import { ReferencesModule } from '../references/references.module.js';
import { SettingsModule } from '../settings/settings.module.js';
import { TransferController } from './transfer.controller.js';
import { TransferService } from './transfer.service.js';

/** Export, import and clone of a guild's settings. */
@Module({
  imports: [CollectionsModule, DiscordModule, GuildModule, ReferencesModule, SettingsModule],
  controllers: [TransferController],
  providers: [TransferService],
})
export class TransferModule {}
