import { Module } from '@nestjs/common';
import { DiscordModule } from '../discord/discord.module.js';
import { GuildModule } from '../guild/guild.module.js';
import { PaymentsModule } from '../payments/payments.module.js';
import { AuthController } from './auth.controller.js';

/** Sign-in through Discord (login, callback, user, logout). */
@Module({
  imports: [DiscordModule, GuildModule, PaymentsModule],
  controllers: [AuthController],
})
export class AuthModule {}
