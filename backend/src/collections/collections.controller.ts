import { Body, Controller, Delete, Get, HttpCode, HttpStatus, Param, Post, Put, Req, UseGuards } from '@nestjs/common';
import type { SessionUser } from '../discord/discord.types.js';
import { authorOf } from '../guild/caller.js';
import type { GrantLevel } from '@guildhall/common/dashboard-access';
import { GuildAccessGuard } from '../guild/guild-access.guard.js';
import type { Grants } from '../guild/guild-access.service.js';
import type { ChangeAuthor } from '../storage/storage.port.js';
import { CollectionsService, type CollectionEntry } from './collections.service.js';
import { type HttpRequest } from '../http/http-types.js';

/**
 * The one collections controller: /api/guild/:guildId/collections/:collection[/:itemId[/duplicate]] for every row of
 * the sections table's `collections`. The access guard applies the row's policy; bodies are validated by the service
 * against the row's item schema (it knows the collection from the path), with paths into the body as sent.
 */
@Controller('api/guild/:guildId/collections/:collection')
@UseGuards(GuildAccessGuard)
export class CollectionsController {
  constructor(private readonly collections: CollectionsService) {}

  /** A grantee (who does not manage the guild) also learns the level their grants give the collection. */
  @Get()
  async list(
    @Param('guildId') guildId: string,
    @Param('collection') name: string,
    @Req() req: HttpRequest & { grants?: Grants },
  ): Promise<{ success: true; items: CollectionEntry[]; cap: number; grant?: GrantLevel }> {
    const listed = { success: true as const, ...(await this.collections.list(guildId, name)) };
    const grant = req.grants?.get(name);
    return grant ? { ...listed, grant } : listed;
  }

  @Post()
  @HttpCode(HttpStatus.CREATED)
  async create(@Param('guildId') guildId: string, @Param('collection') name: string, @Body() body: unknown, @Req() req: HttpRequest) {
    return { success: true, ...(await this.collections.create(guildId, name, body, userOf(req))) };
  }

  @Get(':itemId')
  async get(@Param('guildId') guildId: string, @Param('collection') name: string, @Param('itemId') id: string) {
    return { success: true, ...(await this.collections.get(guildId, name, id)) };
  }

  @Put(':itemId')
  async put(
    @Param('guildId') guildId: string,
    @Param('collection') name: string,
    @Param('itemId') id: string,
    @Body() body: unknown,
    @Req() req: HttpRequest,
  ) {
    return { success: true, ...(await this.collections.update(guildId, name, id, body, userOf(req))) };
  }

  @Delete(':itemId')
  async remove(@Param('guildId') guildId: string, @Param('collection') name: string, @Param('itemId') id: string, @Req() req: HttpRequest) {
    await this.collections.remove(guildId, name, id, userOf(req));
    return { success: true };
  }

  @Post(':itemId/duplicate')
  @HttpCode(HttpStatus.CREATED)
  async duplicate(
    @Param('guildId') guildId: string,
    @Param('collection') name: string,
    @Param('itemId') id: string,
    @Req() req: HttpRequest,
  ) {
    return { success: true, ...(await this.collections.duplicate(guildId, name, id, userOf(req))) };
  }
}

const userOf = (req: HttpRequest): ChangeAuthor => authorOf(req.user as SessionUser);
