import { Body, Controller, Get, HttpCode, Inject, Param, Post, UseGuards } from '@nestjs/common';
import type { JoinDmDelivery, JoinDmDeliveryResponse, SettingsResponse } from '@guildhall/generated/types';
import { validateJoindmDelivery } from '@guildhall/generated/validators';
import { SchemaBody } from '../http/schema-body.pipe.js';
import { JoinDmsService } from '../joindms/joindms.service.js';
import { CLOCK, type Clock } from '../payments/payment-provider.js';
import { SettingsService } from '../settings/settings.service.js';
import { BotCredentialGuard } from './bot-credential.js';
import { BotGuildGuard } from './bot-guild.guard.js';
import { REPORTED_TIMES, refuseFutureTimestamps } from './bot-timestamps.js';

const DELIVERY_NOT_VALID = 'The delivery is not valid.';

/** What the bot reads and reports for a guild: the bot's credential, never a user session (bot-credential.ts). */
@Controller('api/bot/v1/guilds/:guildId')
@UseGuards(BotCredentialGuard, BotGuildGuard)
export class BotGuildController {
  constructor(
    private readonly settings: SettingsService,
    private readonly joindms: JoinDmsService,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  /** Any section of the table, as the dashboard saved it (defaults applied); the bot has no access level to add. */
  @Get('settings/:section')
  async readSettings(@Param('guildId') guildId: string, @Param('section') section: string): Promise<SettingsResponse> {
    return { success: true, ...(await this.settings.read(guildId, section)) };
  }

  @Post('joindm-deliveries')
  @HttpCode(201)
  report(
    @Param('guildId') guildId: string,
    @Body(new SchemaBody(validateJoindmDelivery, DELIVERY_NOT_VALID)) body: JoinDmDelivery,
  ): Promise<JoinDmDeliveryResponse> {
    refuseFutureTimestamps(body, REPORTED_TIMES.reportJoinDmDelivery, this.clock(), DELIVERY_NOT_VALID);
    return this.joindms.report(guildId, body);
  }
}
