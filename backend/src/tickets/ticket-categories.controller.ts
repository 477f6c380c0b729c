import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Req, UseGuards } from '@nestjs/common';
import type {
  RemoveTicketCategoryParameters,
  TicketCategoriesResponse,
  TicketCategoryRequest,
  TicketDefaultCategoryRequest,
} from '@guildhall/generated/types';
import {
  validateRemoveTicketCategoryParameters,
  validateTicketCategoryRequest,
  validateTicketDefaultCategoryRequest,
} from '@guildhall/generated/validators';
import type { SessionUser } from '../discord/discord.types.js';
import { callerOf } from '../guild/caller.js';
import { GuildAccessGuard } from '../guild/guild-access.guard.js';
import { SchemaBody } from '../http/schema-body.pipe.js';
import { firstMessage, RouteParameters } from '../http/schema-parameters.js';
import { TicketCategoriesService } from './ticket-categories.service.js';
import { type GuildRequest } from '../http/http-types.js';

/** The Ticket categories page (open and closed lists, a default in each): the section's document with live Discord categories, and its four changes. */
@Controller('api/guild/:guildId/tickets/categories')
@UseGuards(GuildAccessGuard)
export class TicketCategoriesController {
  constructor(private readonly categories: TicketCategoriesService) {}

  @Get()
  view(@Param('guildId') guildId: string): Promise<TicketCategoriesResponse> {
    return this.categories.view(guildId);
  }

  @Post()
  @HttpCode(200)
  add(
    @Param('guildId') guildId: string,
    @Body(new SchemaBody(validateTicketCategoryRequest, (errors) => errors[0]?.message ?? 'The request is not a category to add.'))
    body: TicketCategoryRequest,
    @Req() req: GuildRequest,
  ): Promise<TicketCategoriesResponse> {
    return this.categories.add(guildId, body, callerOf(req), req.user as SessionUser);
  }

  @Patch('default')
  setDefault(
    @Param('guildId') guildId: string,
    @Body(new SchemaBody(validateTicketDefaultCategoryRequest, (errors) => errors[0]?.message ?? 'The request is not a default category.'))
    body: TicketDefaultCategoryRequest,
    @Req() req: GuildRequest,
  ): Promise<TicketCategoriesResponse> {
    return this.categories.setDefault(guildId, body, callerOf(req));
  }

  @Delete(':categoryId')
  remove(
    @RouteParameters(validateRemoveTicketCategoryParameters, firstMessage)
    { guildId, categoryId, type }: RemoveTicketCategoryParameters,
    @Req() req: GuildRequest,
  ): Promise<TicketCategoriesResponse> {
    return this.categories.remove(guildId, categoryId, type, callerOf(req));
  }
}
