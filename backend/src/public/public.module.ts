import { Module } from '@nestjs/common';
import { DiscordModule } from '../discord/discord.module.js';
import { GuildModule } from '../guild/guild.module.js';
import { PublicController } from './public.controller.js';
import { TopServersService } from './top-servers.service.js';
import { ContactService } from './contact.service.js';

/** The public pages' calls: top servers and the contact form. */
@Module({
  imports: [DiscordModule, GuildModule],
  controllers: [PublicController],
  providers: [TopServersService, ContactService],
})
export class PublicModule {}
