import { Body, Controller, HttpCode, Param, Post, UseGuards } from '@nestjs/common';
import type { TranscriptUpload, TranscriptUploadResponse } from '@guildhall/generated/types';
import { validateTranscriptUpload } from '@guildhall/generated/validators';
import { ApiError } from '../http/api-error.js';
import { SchemaBody } from '../http/schema-body.pipe.js';
import { TranscriptsService } from '../transcripts/transcripts.service.js';
import { BotCredentialGuard } from './bot-credential.js';

const SNOWFLAKE = /^[0-9]{17,20}$/;

/** The bot uploads a closed ticket's transcript: the bot's credential, never a user session (bot-credential.ts). */
@Controller('api/bot/v1/guilds/:guildId/transcripts')
@UseGuards(BotCredentialGuard)
export class BotTranscriptsController {
  constructor(private readonly transcripts: TranscriptsService) {}

  @Post()
  @HttpCode(201)
  async upload(
    @Param('guildId') guildId: string,
    @Body(new SchemaBody(validateTranscriptUpload, 'The transcript is not valid.')) body: TranscriptUpload,
  ): Promise<TranscriptUploadResponse> {
    if (!SNOWFLAKE.test(guildId)) {
      throw ApiError.validation([{ path: '/guildId', message: 'Must be a Discord id (17 to 20 digits)' }], 'The guild id is not valid.');
    }
    return { success: true, transcript: await this.transcripts.save(guildId, body) };
  }
}
