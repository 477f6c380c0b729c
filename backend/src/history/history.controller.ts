import { Body, Controller, Get, HttpCode, HttpStatus, Post, Req, UseGuards } from '@nestjs/common';
import type {
  HistoryListResponse,
  HistoryRevertRequest,
  HistoryRevertResponse,
  ListHistoryParameters,
  RevertHistoryEntryParameters,
} from '@guildhall/generated/types';
import {
  validateHistoryRevertRequest,
  validateListHistoryParameters,
  validateRevertHistoryEntryParameters,
} from '@guildhall/generated/validators';
import type { SessionUser } from '../discord/discord.types.js';
import { callerOf } from '../guild/caller.js';
import { ReadableByAccessLevels } from '../guild/guild-access.decorators.js';
import { GuildAccessGuard } from '../guild/guild-access.guard.js';
import { SchemaBody } from '../http/schema-body.pipe.js';
import { firstMessage, RouteParameters } from '../http/schema-parameters.js';
import { HistoryService } from './history.service.js';
import { type GuildRequest } from '../http/http-types.js';

/**
 * The configuration history (issue 14): open to managers, to whomever a section's access levels let view it (an
 * AntiNuke extra owner without Manage Server) and to Dashboard Access grantees (issue 30); the service shows each caller
 * only the entries they may read, and a revert, only of what they may write, goes through the same save, with the same
 * access rules, as the form. The filter and the entry id are checked
 * by their rows of schemas/operations.json.
 */
@Controller('api/guild/:guildId/history')
@UseGuards(GuildAccessGuard)
@ReadableByAccessLevels()
export class HistoryController {
  constructor(private readonly history: HistoryService) {}

  @Get()
  list(
    @RouteParameters(validateListHistoryParameters, 'The history filter is not valid.')
    { guildId, ...query }: ListHistoryParameters,
    @Req() req: GuildRequest,
  ): Promise<HistoryListResponse> {
    return this.history.list(guildId, query, callerOf(req), req.user as SessionUser);
  }

  @Post(':entryId/revert')
  @HttpCode(200)
  revert(
    @Body(new SchemaBody(validateHistoryRevertRequest, 'The request is not a revert.')) body: HistoryRevertRequest,
    // Not an id of ours: no such entry (404, the schema's words). Checked after the body, as it always was.
    @RouteParameters(validateRevertHistoryEntryParameters, firstMessage, HttpStatus.NOT_FOUND)
    { guildId, entryId }: RevertHistoryEntryParameters,
    @Req() req: GuildRequest,
  ): Promise<HistoryRevertResponse> {
    return this.history.revert(guildId, Number(entryId), body, callerOf(req), req.user as SessionUser);
  }
}
