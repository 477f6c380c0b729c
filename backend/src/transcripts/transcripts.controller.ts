import { Controller, Delete, Get, Param, Res, UseGuards } from '@nestjs/common';
import type { DownloadTranscriptParameters, ListTranscriptsParameters, SuccessResponse, TranscriptList } from '@guildhall/generated/types';
import { validateDownloadTranscriptParameters, validateListTranscriptsParameters } from '@guildhall/generated/validators';
import { GuildAccessGuard } from '../guild/guild-access.guard.js';
import { firstMessage, RouteParameters } from '../http/schema-parameters.js';
import { SettingsService } from '../settings/settings.service.js';
import { RENDERERS } from './render/index.js';
import { transcriptConfig } from './transcript-config.js';
import { TranscriptsService } from './transcripts.service.js';
import { type HttpReply } from '../http/http-types.js';

/**
 * A downloaded transcript opened in the browser runs nothing: no script, no plugin, no form, no frame, images only
 * inline; its own inline style only. Everything user-written is escaped as well (render/html.ts).
 */
const TRANSCRIPT_CSP =
  "default-src 'none'; style-src 'unsafe-inline'; img-src data:; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

/**
 * The dashboard's transcripts: list (search, date), download in a format, delete. Manage-guild access. The search, the
 * date and the format are checked by their rows of schemas/operations.json (400 with the schema's words).
 */
@Controller('api/guild/:guildId/tickets/transcripts')
@UseGuards(GuildAccessGuard)
export class TranscriptsController {
  constructor(
    private readonly transcripts: TranscriptsService,
    private readonly settings: SettingsService,
  ) {}

  @Get()
  async list(
    @RouteParameters(validateListTranscriptsParameters, firstMessage) { guildId, q, date }: ListTranscriptsParameters,
  ): Promise<TranscriptList> {
    return { success: true, transcripts: await this.transcripts.list(guildId, { q, date }) };
  }

  @Get(':id/download')
  async download(
    @RouteParameters(validateDownloadTranscriptParameters, firstMessage) { guildId, id, format }: DownloadTranscriptParameters,
    @Res() res: HttpReply,
  ): Promise<void> {
    const record = await this.transcripts.get(guildId, id);
    const chosen = format ?? (await transcriptConfig(this.settings, guildId)).format;
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
