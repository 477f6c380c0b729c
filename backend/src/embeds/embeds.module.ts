import { Module } from '@nestjs/common';
import { DiscordModule } from '../discord/discord.module.js';
import { GuildModule } from '../guild/guild.module.js';
import { PaymentsModule } from '../payments/payments.module.js';
import { EmbedsController } from './embeds.controller.js';
import { EmbedsService } from './embeds.service.js';

/** The embed builder's calls. */
@Module({
  imports: [DiscordModule, GuildModule, PaymentsModule],
  controllers: [EmbedsController],
  providers: [EmbedsService],
})
export class EmbedsModule {}
