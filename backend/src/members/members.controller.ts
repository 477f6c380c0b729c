import { Controller, Get, UseGuards } from '@nestjs/common';
import type { ResolveGuildUsersParameters, SearchGuildUsersParameters, UserSearchResponse } from '@guildhall/generated/types';
import { validateResolveGuildUsersParameters, validateSearchGuildUsersParameters } from '@guildhall/generated/validators';
import { ReadableByAccessLevels } from '../guild/guild-access.decorators.js';
import { GuildAccessGuard } from '../guild/guild-access.guard.js';
import { firstMessage, RouteParameters } from '../http/schema-parameters.js';
import { MemberLookupService } from './member-lookup.service.js';

/**
 * Users of a guild for the settings pages' user lists (AntiNuke's extra owners and whitelist): search and show. Read-only
 * views of the guild like its channels and roles: its managers, and whoever a section's access level lets in. Their
 * query parameters are checked by their schemas in operations.json, with its words.
 */
@Controller('api/guild/:guildId')
@UseGuards(GuildAccessGuard)
@ReadableByAccessLevels()
export class MembersController {
  constructor(private readonly lookup: MemberLookupService) {}

  @Get('search-users')
  async search(
    @RouteParameters(validateSearchGuildUsersParameters, firstMessage) { guildId, q }: SearchGuildUsersParameters,
  ): Promise<UserSearchResponse> {
    return { success: true, users: await this.lookup.search(guildId, q) };
  }

  @Get('users')
  async users(
    @RouteParameters(validateResolveGuildUsersParameters, firstMessage) { guildId, ids }: ResolveGuildUsersParameters,
  ): Promise<UserSearchResponse> {
    return { success: true, users: await this.lookup.resolve(guildId, MemberLookupService.readIds(ids)) };
  }
}
