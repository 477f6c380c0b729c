import { Body, Controller, HttpCode, Inject, Param, Post, UseGuards } from '@nestjs/common';
import type { TranscriptUpload, TranscriptUploadResponse } from '@guildhall/generated/types';
import { validateTranscriptUpload } from '@guildhall/generated/validators';
import { SchemaBody } from '../http/schema-body.pipe.js';
import { CLOCK, type Clock } from '../payments/payment-provider.js';
import { TranscriptsService } from '../transcripts/transcripts.service.js';
import { BotCredentialGuard } from './bot-credential.js';
import { BotGuildGuard } from './bot-guild.guard.js';
import { REPORTED_TIMES, refuseFutureTimestamps } from './bot-timestamps.js';

const NOT_VALID = 'The transcript is not valid.';

/** The bot uploads a closed ticket's transcript: the bot's credential, never a user session (bot-credential.ts). */
@Controller('api/bot/v1/guilds/:guildId/transcripts')
@UseGuards(BotCredentialGuard, BotGuildGuard)
export class BotTranscriptsController {
  constructor(
    private readonly transcripts: TranscriptsService,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  @Post()
  @HttpCode(201)
  async upload(
    @Param('guildId') guildId: string,
    @Body(new SchemaBody(validateTranscriptUpload, NOT_VALID)) body: TranscriptUpload,
  ): Promise<TranscriptUploadResponse> {
    refuseFutureTimestamps(body, REPORTED_TIMES.uploadTranscript, this.clock(), NOT_VALID);
    return { success: true, transcript: await this.transcripts.save(guildId, body) };
  }
}
