import { Body, Controller, Get, HttpCode, Param, Post, Query, Req, UseGuards } from '@nestjs/common';
import type { FieldError, HistoryListResponse, HistoryRevertRequest, HistoryRevertResponse } from '@guildhall/generated/types';
import { validateHistoryRevertRequest } from '@guildhall/generated/validators';
import { callerOf } from '../guild/caller.js';
import { ReadableByAccessLevels } from '../guild/guild-access.decorators.js';
import { GuildAccessGuard } from '../guild/guild-access.guard.js';
import { ApiError } from '../http/api-error.js';
import { SchemaBody } from '../http/schema-body.pipe.js';
import { HistoryService, type HistoryQuery } from './history.service.js';
import { type GuildRequest } from '../http/http-types.js';

const NAME = /^[a-z][a-z0-9-]{0,63}$/;
const SNOWFLAKE = /^[0-9]{17,20}$/;
const ENTRY_ID = /^[1-9][0-9]{0,15}$/;

/**
 * The configuration history (issue 14): open to managers and to whomever a section's access levels let view it (an
 * AntiNuke extra owner without Manage Server); the service shows each caller only the entries they may see, and a
 * revert goes through the same save, with the same access rules, as the form.
 */
@Controller('api/guild/:guildId/history')
@UseGuards(GuildAccessGuard)
@ReadableByAccessLevels()
export class HistoryController {
  constructor(private readonly history: HistoryService) {}

  @Get()
  list(@Param('guildId') guildId: string, @Query() query: Record<string, unknown>, @Req() req: GuildRequest): Promise<HistoryListResponse> {
    return this.history.list(guildId, historyQuery(query), callerOf(req), req.guild);
  }

  @Post(':entryId/revert')
  @HttpCode(200)
  revert(
    @Param('guildId') guildId: string,
    @Param('entryId') entryId: string,
    @Body(new SchemaBody(validateHistoryRevertRequest, 'The request is not a revert.')) body: HistoryRevertRequest,
    @Req() req: GuildRequest,
  ): Promise<HistoryRevertResponse> {
    // Not an id of ours: no such entry.
    if (!ENTRY_ID.test(entryId) || !Number.isSafeInteger(Number(entryId)))
      throw new ApiError(404, 'No such change in this server’s history.');
    return this.history.revert(guildId, Number(entryId), body, callerOf(req), req.guild);
  }
}

/** The list's query (its row of schemas/operations.json): 400 with a field error per malformed parameter. */
function historyQuery(query: Record<string, unknown>): HistoryQuery {
  const errors: FieldError[] = [];
  const text = (name: string, pattern: RegExp, message: string): string | undefined => {
    const value = query[name];
    if (value === undefined) return undefined;
    if (typeof value !== 'string' || !pattern.test(value)) errors.push({ path: `/${name}`, message });
    return typeof value === 'string' ? value : undefined;
  };
  const whole = (name: string, min: number, max: number): number | undefined => {
    const value = query[name];
    if (value === undefined) return undefined;
    if (typeof value !== 'string' || !/^[0-9]{1,16}$/.test(value) || Number(value) < min || Number(value) > max) {
      errors.push({ path: `/${name}`, message: `Must be a whole number from ${min} to ${max}` });
      return undefined;
    }
    return Number(value);
  };
  const section = text('section', NAME, 'Must be a section name');
  const collection = text('collection', NAME, 'Must be a collection name');
  const itemId = text('itemId', /^.{1,100}$/s, 'Must be an item id (1 to 100 characters)');
  const userId = text('userId', SNOWFLAKE, 'Must be a user id (17 to 20 digits)');
  const before = whole('before', 1, Number.MAX_SAFE_INTEGER);
  const limit = whole('limit', 1, 100) ?? 50;
  for (const name of Object.keys(query)) {
    if (!['section', 'collection', 'itemId', 'userId', 'before', 'limit'].includes(name))
      errors.push({ path: `/${name}`, message: `Unknown parameter: ${name}` });
  }
  if (section !== undefined && collection !== undefined)
    errors.push({ path: '/collection', message: 'Filter by a section or a collection, not both' });
  if (itemId !== undefined && collection === undefined) errors.push({ path: '/itemId', message: 'itemId needs collection' });
  if (errors.length) throw ApiError.validation(errors, 'The history filter is not valid.');
  return { section, collection, itemId, userId, before, limit };
}
