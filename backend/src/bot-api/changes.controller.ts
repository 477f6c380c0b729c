import { Body, Controller, Get, HttpCode, Post, Req, Res, UseGuards } from '@nestjs/common';
import { validateWith } from '@guildhall/generated/field-errors';
import { sectionNames } from '@guildhall/generated/sections';
import type { BotSettingsBulkRequest, BotSettingsBulkResponse } from '@guildhall/generated/types';
import { validateBotSettingsBulkRequest, validateStreamSettingsChangesParameters } from '@guildhall/generated/validators';
import { ApiError } from '../http/api-error.js';
import { SchemaBody } from '../http/schema-body.pipe.js';
import { SettingsService } from '../settings/settings.service.js';
import { STORAGE, type StoragePort } from '../storage/storage.port.js';
import { Inject } from '@nestjs/common';
import { BotCredentialGuard } from './bot-credential.js';
import { ChangeFeedService } from './change-feed.service.js';
import { type HttpRequest, type HttpReply } from '../http/http-types.js';

/** The bot's start-up read and its change feed (README: "Change feed for your bot"). */
@Controller('api/bot/v1')
@UseGuards(BotCredentialGuard)
export class ChangesController {
  constructor(
    private readonly feed: ChangeFeedService,
    private readonly settings: SettingsService,
    @Inject(STORAGE) private readonly storage: StoragePort,
  ) {}

  /** Server-Sent Events; the answer is written by the feed, never by Nest (it does not end). */
  @Get('changes')
  async changes(@Req() req: HttpRequest, @Res() res: HttpReply): Promise<void> {
    const header = req.headers['last-event-id'];
    const lastEventId = Array.isArray(header) ? header[0] : header;
    // The Last-Event-ID header wins over `after`, read by the same declaration (schemas/operations.json); an error
    // about it names the header.
    const read = validateWith(validateStreamSettingsChangesParameters, {
      ...req.query,
      ...(lastEventId !== undefined ? { after: lastEventId } : {}),
    });
    if (!read.ok) {
      const fieldErrors = read.fieldErrors.map((e) =>
        lastEventId !== undefined && e.path === '/after' ? { ...e, path: '/Last-Event-ID' } : e,
      );
      throw ApiError.validation(
        fieldErrors,
        fieldErrors[0]?.path === '/guildIds' ? 'The guild ids are not valid.' : 'The cursor is not valid.',
      );
    }
    const { after, guildIds } = read.value;
    // The feed writes the stream itself: Fastify lets go of the reply, and the headers set so far (helmet's) go with it.
    res.hijack();
    for (const [name, value] of Object.entries(res.getHeaders())) if (value !== undefined) res.raw.setHeader(name, value);
    await this.feed.connect(res.raw, after, guildIds ? [...new Set(guildIds.split(','))] : null);
  }

  @Post('settings/bulk')
  @HttpCode(200)
  async bulk(
    @Body(new SchemaBody(validateBotSettingsBulkRequest, 'The request is not a bulk read.')) body: BotSettingsBulkRequest,
  ): Promise<BotSettingsBulkResponse> {
    // Taken before the reads: a change committed during them is in the feed after this cursor (read twice at worst).
    const cursor = await this.storage.history.latestId();
    const guilds: BotSettingsBulkResponse['guilds'] = {};
    for (const guildId of body.guildIds) {
      const views = await Promise.all(sectionNames.map((name) => this.settings.read(guildId, name)));
      guilds[guildId] = Object.fromEntries(views.map((view) => [view.section, { version: view.version, settings: view.settings }]));
    }
    return { success: true, cursor, guilds };
  }
}
