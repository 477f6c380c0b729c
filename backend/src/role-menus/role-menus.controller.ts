import { Controller, Get, HttpCode, HttpStatus, Param, Post, Req, UseGuards } from '@nestjs/common';
import type { RoleMenuDeployResponse, RoleMenuPreflight } from '@guildhall/generated/types';
import type { SessionUser } from '../discord/discord.types.js';
import { authorOf } from '../guild/caller.js';
import { GuildAccessGuard } from '../guild/guild-access.guard.js';
import { type HttpRequest } from '../http/http-types.js';
import { RoleMenusService } from './role-menus.service.js';

/**
 * What the bot does with role menus: the pre-flight of every menu, and Deploy/Redeploy. Reading and saving menus is
 * the collections API (/api/guild/:guildId/collections/role-menus).
 */
@Controller('api/guild/:guildId/role-menus')
@UseGuards(GuildAccessGuard)
export class RoleMenusController {
  constructor(private readonly roleMenus: RoleMenusService) {}

  @Get('preflight')
  preflight(@Param('guildId') guildId: string): Promise<RoleMenuPreflight> {
    return this.roleMenus.preflight(guildId);
  }

  @Post(':menuId/deploy')
  @HttpCode(HttpStatus.OK)
  deploy(@Param('guildId') guildId: string, @Param('menuId') menuId: string, @Req() req: HttpRequest): Promise<RoleMenuDeployResponse> {
    return this.roleMenus.deploy(guildId, menuId, authorOf(req.user as SessionUser));
  }
}
