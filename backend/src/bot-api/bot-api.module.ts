import { Module } from '@nestjs/common';
import { DiscordModule } from '../discord/discord.module.js';
import { SettingsModule } from '../settings/settings.module.js';
import { JoinDmsModule } from '../joindms/joindms.module.js';
import { TranscriptsModule } from '../transcripts/transcripts.module.js';
import { CollectionsModule } from '../collections/collections.module.js';
import { BotTranscriptsController } from './bot-transcripts.controller.js';
import { BotGuildController } from './bot-guild.controller.js';
import { BotRoleMenusController } from './bot-role-menus.controller.js';
import { ChangesController } from './changes.controller.js';
import { BotCredentialGuard } from './bot-credential.js';
import { ChangeFeedService } from './change-feed.service.js';

/** The bot API under /api/bot/v1: transcripts, settings and collection reads, Join DM reports, role menus' decisions, the change feed. */
@Module({
  imports: [DiscordModule, SettingsModule, JoinDmsModule, TranscriptsModule, CollectionsModule],
  controllers: [BotTranscriptsController, BotGuildController, BotRoleMenusController, ChangesController],
  providers: [BotCredentialGuard, ChangeFeedService],
})
export class BotApiModule {}
