import { Controller, Delete, Get, Param, Query, Res, UseGuards } from '@nestjs/common';
import type { SuccessResponse, TranscriptList } from '@guildhall/generated/types';
import { GuildAccessGuard } from '../guild/guild-access.guard.js';
import { ApiError } from '../http/api-error.js';
import { SettingsService } from '../settings/settings.service.js';
import { RENDERERS } from './render/index.js';
import { TRANSCRIPT_FORMATS, type TranscriptFormat, transcriptConfig } from './transcript-config.js';
import { TranscriptsService } from './transcripts.service.js';
import { type HttpReply } from '../http/http-types.js';

const MAX_QUERY = 100;
const DATE_PREFIX = /^[0-9-]{0,10}$/;
/**
 * A downloaded transcript opened in the browser runs nothing: no script, no plugin, no form, no frame, images only
 * inline; its own inline style only. Everything user-written is escaped as well (render/html.ts).
 */
const TRANSCRIPT_CSP =
  "default-src 'none'; style-src 'unsafe-inline'; img-src data:; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

/** The dashboard's transcripts: list (search, date), download in a format, delete. Manage-guild access. */
@Controller('api/guild/:guildId/tickets/transcripts')
@UseGuards(GuildAccessGuard)
export class TranscriptsController {
  constructor(
    private readonly transcripts: TranscriptsService,
    private readonly settings: SettingsService,
  ) {}

  @Get()
  async list(@Param('guildId') guildId: string, @Query('q') q?: unknown, @Query('date') date?: unknown): Promise<TranscriptList> {
    if (q !== undefined && (typeof q !== 'string' || q.length > MAX_QUERY)) {
      throw ApiError.validation(
        [{ path: '/q', message: `q must be at most ${MAX_QUERY} characters` }],
        `q must be at most ${MAX_QUERY} characters`,
      );
    }
    if (date !== undefined && (typeof date !== 'string' || !DATE_PREFIX.test(date))) {
      const message = 'date must be the start of a date, e.g. 2026-11-22';
      throw ApiError.validation([{ path: '/date', message }], message);
    }
    return { success: true, transcripts: await this.transcripts.list(guildId, { q, date }) };
  }

  @Get(':id/download')
  async download(
    @Param('guildId') guildId: string,
    @Param('id') id: string,
    @Query('format') format: unknown,
    @Res() res: HttpReply,
  ): Promise<void> {
    if (format !== undefined && !TRANSCRIPT_FORMATS.includes(format as TranscriptFormat)) {
      const message = 'format must be html, txt or json';
      throw ApiError.validation([{ path: '/format', message }], message);
    }
    const record = await this.transcripts.get(guildId, id);
    const chosen = (format as TranscriptFormat | undefined) ?? (await transcriptConfig(this.settings, guildId)).format;
    const renderer = RENDERERS[chosen];
    res.header('Content-Type', renderer.contentType);
    res.header('Content-Disposition', `attachment; filename="transcript_${encodeURIComponent(record.id)}.${chosen}"`);
    res.header('X-Content-Type-Options', 'nosniff');
    res.header('Content-Security-Policy', TRANSCRIPT_CSP);
    res.status(200).send(renderer.render(record.id, record.data));
  }

  @Delete(':id')
  async remove(@Param('guildId') guildId: string, @Param('id') id: string): Promise<SuccessResponse> {
    await this.transcripts.delete(guildId, id);
    return { success: true };
  }
}
