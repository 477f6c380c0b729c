import { Module } from '@nestjs/common';
import { CollectionsModule } from '../collections/collections.module.js';
import { DiscordModule } from '../discord/discord.module.js';
import { GuildModule } from '../guild/guild.module.js';
import { RoleMenusController } from './role-menus.controller.js';
import { RoleMenusService } from './role-menus.service.js';

/** Role menus' pre-flight and Deploy (the menus themselves are the role-menus collection). */
@Module({
  imports: [DiscordModule, GuildModule, CollectionsModule],
  controllers: [RoleMenusController],
  providers: [RoleMenusService],
})
export class RoleMenusModule {}
