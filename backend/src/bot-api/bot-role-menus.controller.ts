import { Body, Controller, Get, HttpCode, HttpStatus, Post, UseGuards } from '@nestjs/common';
import { decideRoleChange } from '@guildhall/common/role-menu';
import { refusals } from '@guildhall/generated/refusals';
import type {
  BotCollectionResponse,
  ChooseRoleMenuParameters,
  CollectionName,
  ListBotCollectionParameters,
  RoleMenu,
  RoleMenuChooseRequest,
  RoleMenuChooseResponse,
} from '@guildhall/generated/types';
import {
  validateChooseRoleMenuParameters,
  validateListBotCollectionParameters,
  validateRoleMenuChooseRequest,
} from '@guildhall/generated/validators';
import { CollectionsService } from '../collections/collections.service.js';
import { SchemaBody } from '../http/schema-body.pipe.js';
import { firstMessage, RouteParameters } from '../http/schema-parameters.js';
import { BotCredentialGuard } from './bot-credential.js';
import { BotGuildGuard } from './bot-guild.guard.js';

/** The collection whose items are role menus (schemas/sections.json); a renamed row fails tsc here. */
const ROLE_MENUS: CollectionName = 'role-menus';

/**
 * What the bot reads of a guild's collections and asks of its role menus: the bot's credential, never a user session
 * (bot-credential.ts), and a guild the bot is in (bot-guild.guard.ts). The decision is common's `decideRoleChange`, the
 * dashboard's own rules, so a bot in any language applies exactly them.
 */
@Controller('api/bot/v1/guilds/:guildId')
@UseGuards(BotCredentialGuard, BotGuildGuard)
export class BotRoleMenusController {
  constructor(private readonly collections: CollectionsService) {}

  /** Any collection of the table, as the dashboard's list answers its items (defaults applied), oldest first. */
  @Get('collections/:collection')
  async readCollection(
    @RouteParameters(validateListBotCollectionParameters, firstMessage) { guildId, collection }: ListBotCollectionParameters,
  ): Promise<BotCollectionResponse> {
    const { items, cap } = await this.collections.list(guildId, collection);
    return { success: true, items, cap };
  }

  /** What a member's choice on a menu changes: 404 for an unknown menu or another guild's, as the collections API answers. */
  @Post('role-menus/:menuId/choose')
  @HttpCode(HttpStatus.OK)
  async choose(
    @RouteParameters(validateChooseRoleMenuParameters, firstMessage, HttpStatus.NOT_FOUND) { guildId, menuId }: ChooseRoleMenuParameters,
    @Body(new SchemaBody(validateRoleMenuChooseRequest, refusals.roleMenuChoiceInvalid)) body: RoleMenuChooseRequest,
  ): Promise<RoleMenuChooseResponse> {
    const { item } = await this.collections.get(guildId, ROLE_MENUS, menuId);
    return { success: true, ...decideRoleChange(item as unknown as RoleMenu, body.roles, body.choice) };
  }
}
