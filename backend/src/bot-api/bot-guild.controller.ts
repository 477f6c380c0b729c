import { Body, Controller, Get, HttpCode, Param, Post, UseGuards } from '@nestjs/common';
import type { JoinDmDelivery, JoinDmDeliveryResponse, SettingsResponse } from '@guildhall/generated/types';
import { validateJoindmDelivery } from '@guildhall/generated/validators';
import { ApiError } from '../http/api-error.js';
import { SchemaBody } from '../http/schema-body.pipe.js';
import { JoinDmsService } from '../joindms/joindms.service.js';
import { SettingsService } from '../settings/settings.service.js';
import { BotCredentialGuard } from './bot-credential.js';

const SNOWFLAKE = /^[0-9]{17,20}$/;

function checkGuildId(guildId: string): void {
  if (!SNOWFLAKE.test(guildId)) {
    throw ApiError.validation([{ path: '/guildId', message: 'Must be a Discord id (17 to 20 digits)' }], 'The guild id is not valid.');
  }
}

/** What the bot reads and reports for a guild: the bot's credential, never a user session (bot-credential.ts). */
@Controller('api/bot/v1/guilds/:guildId')
@UseGuards(BotCredentialGuard)
export class BotGuildController {
  constructor(
    private readonly settings: SettingsService,
    private readonly joindms: JoinDmsService,
  ) {}

  /** Any section of the table, as the dashboard saved it (defaults applied); the bot has no access level to add. */
  @Get('settings/:section')
  async readSettings(@Param('guildId') guildId: string, @Param('section') section: string): Promise<SettingsResponse> {
    checkGuildId(guildId);
    return { success: true, ...(await this.settings.read(guildId, section)) };
  }

  @Post('joindm-deliveries')
  @HttpCode(201)
  report(
    @Param('guildId') guildId: string,
    @Body(new SchemaBody(validateJoindmDelivery, 'The delivery is not valid.')) body: JoinDmDelivery,
  ): Promise<JoinDmDeliveryResponse> {
    checkGuildId(guildId);
    return this.joindms.report(guildId, body);
  }
}
