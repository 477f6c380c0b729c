import { Controller, Get, Param, Query, UseGuards } from '@nestjs/common';
import type { UserSearchResponse } from '@guildhall/generated/types';
import { ReadableByAccessLevels } from '../guild/guild-access.decorators.js';
import { GuildAccessGuard } from '../guild/guild-access.guard.js';
import { MemberLookupService } from './member-lookup.service.js';

/**
 * Users of a guild for the settings pages' user lists (AntiNuke's extra owners and whitelist): search and show. Read-only
 * views of the guild like its channels and roles: its managers, and whoever a section's access level lets in.
 */
@Controller('api/guild/:guildId')
@UseGuards(GuildAccessGuard)
@ReadableByAccessLevels()
export class MembersController {
  constructor(private readonly lookup: MemberLookupService) {}

  @Get('search-users')
  async search(@Param('guildId') guildId: string, @Query('q') q: unknown): Promise<UserSearchResponse> {
    return { success: true, users: await this.lookup.search(guildId, MemberLookupService.readQuery(q)) };
  }

  @Get('users')
  async users(@Param('guildId') guildId: string, @Query('ids') ids: unknown): Promise<UserSearchResponse> {
    return { success: true, users: await this.lookup.resolve(guildId, MemberLookupService.readIds(ids)) };
  }
}
