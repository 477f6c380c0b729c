import { HttpStatus, Inject, Injectable } from '@nestjs/common';
import { DiscordErrorCode } from '@guildhall/common/discord/errors';
import { joinDmMessage } from '@guildhall/common/join-dm';
import type { JoinDmDelivery, JoinDmSettings, JoinDmStatsResponse } from '@guildhall/generated/types';
import type { Logger } from 'pino';
import { GUILD_RECORD_CAPS, oldestBeyondCap } from '../bot-api/guild-record-caps.js';
import { DiscordFailure } from '../discord/discord.errors.js';
import { DiscordService } from '../discord/discord.service.js';
import type { SessionUser } from '../discord/discord.types.js';
import type { Caller } from '../guild/access-levels.js';
import { placeholderValues } from '../greeting/greeting.service.js';
import { ApiError } from '../http/api-error.js';
import { LOGGER } from '../logging/logger.js';
import { SettingsService } from '../settings/settings.service.js';
import { STORAGE, type StoragePort, type StoredRecord } from '../storage/storage.port.js';

/** The records collection of Join DM deliveries (test sends and the bot's reports). */
export const JOINDM_DELIVERIES = 'joindm-deliveries';
/** The newest deliveries kept per guild (bot-api/guild-record-caps.ts says why); the counts are over these. */
export const JOINDM_DELIVERY_CAP = GUILD_RECORD_CAPS.joindmDeliveries;

/** Discord's error 50007 ('Cannot send messages to this user'), as a sentence the person can act on. */
export const DMS_CLOSED_MESSAGE = 'This user does not accept direct messages from the bot (their privacy settings).';

export type DeliveryRecord = JoinDmDelivery & { source: 'test' | 'bot' };

@Injectable()
export class JoinDmsService {
  constructor(
    private readonly settings: SettingsService,
    private readonly discord: DiscordService,
    @Inject(STORAGE) private readonly storage: StoragePort,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  async toggle(guildId: string, caller: Caller) {
    // One retry: a save that landed between our read and write is read again rather than answered with a 409 the
    // page's single switch could not resolve.
    for (let attempt = 0; ; attempt++) {
      const current = await this.settings.read(guildId, 'joindms');
      const settings = current.settings as unknown as JoinDmSettings;
      try {
        const saved = await this.settings.write(guildId, 'joindms', current.version, { ...settings, enabled: !settings.enabled }, caller);
        const enabled = (saved.settings as unknown as JoinDmSettings).enabled;
        return {
          success: true as const,
          message: enabled ? 'Join DMs enabled' : 'Join DMs disabled',
          version: saved.version,
          settings: saved.settings as unknown as JoinDmSettings,
        };
      } catch (err) {
        if (attempt === 0 && err instanceof ApiError && err.getStatus() === HttpStatus.CONFLICT) continue;
        throw err;
      }
    }
  }

  /** Send Test: the saved Join DM, filled in for the signed-in user, DMed to them; the attempt is a delivery. */
  async sendTest(guildId: string, user: SessionUser): Promise<{ success: true; message: string }> {
    const settings = (await this.settings.read(guildId, 'joindms')).settings as unknown as JoinDmSettings;
    if (!settings.enabled) throw new ApiError(HttpStatus.BAD_REQUEST, 'Join DMs are disabled. Enable them to send a test.');
    if (!settings.test_enabled) throw new ApiError(HttpStatus.BAD_REQUEST, 'Send Test is turned off in the Join DM settings.');
    const [guild, member] = await Promise.all([
      this.discord.guild(guildId).catch((err: unknown) => {
        throw DiscordFailure.from(err).toApiError();
      }),
      this.discord.member(guildId, user.id).catch(() => null),
    ]);
    const message = joinDmMessage(settings, placeholderValues(guild, member, user));
    if (!message.content && !message.embeds?.length) {
      throw new ApiError(HttpStatus.BAD_REQUEST, 'The Join DM is empty: write a message or fill in the embed.');
    }
    const sentAt = new Date().toISOString();
    try {
      const channel = await this.discord.openDm(user.id);
      await this.discord.createMessage(channel.id, { ...message, allowed_mentions: { parse: [] } });
    } catch (err) {
      const failure = DiscordFailure.from(err);
      await this.record(guildId, {
        userId: user.id,
        ok: false,
        error: { ...(failure.code !== undefined ? { code: failure.code } : {}), reason: failure.reason.slice(0, 500) },
        sentAt,
        source: 'test',
      });
      if (failure.code === DiscordErrorCode.CannotSendMessagesToThisUser) throw new ApiError(HttpStatus.BAD_GATEWAY, DMS_CLOSED_MESSAGE);
      throw failure.toApiError();
    }
    await this.record(guildId, { userId: user.id, ok: true, sentAt, source: 'test' });
    return { success: true, message: 'Test DM sent! Check your direct messages.' };
  }

  /** The bot's report of a join DM it tried. */
  async report(guildId: string, delivery: JoinDmDelivery) {
    const record = await this.record(guildId, { ...delivery, source: 'bot' });
    return { success: true as const, delivery: { id: record.id, userId: delivery.userId, ok: delivery.ok, sentAt: delivery.sentAt } };
  }

  async stats(guildId: string): Promise<JoinDmStatsResponse> {
    const records = await this.storage.records.list<DeliveryRecord>(JOINDM_DELIVERIES, { guildId });
    let successful = 0;
    let last: string | null = null;
    for (const { data } of records) {
      if (data.ok) successful++;
      if (!last || Date.parse(data.sentAt) > Date.parse(last)) last = data.sentAt;
    }
    return {
      success: true,
      stats: { total_sent: records.length, successful_sent: successful, failed_sent: records.length - successful, last_sent: last },
    };
  }

  private async record(guildId: string, data: DeliveryRecord): Promise<StoredRecord<DeliveryRecord>> {
    const record = await this.storage.records.insert<DeliveryRecord>(JOINDM_DELIVERIES, { guildId, data });
    await this.trim(guildId).catch((err: unknown) => this.logger.warn({ err, guildId }, 'old Join DM deliveries not trimmed'));
    return record;
  }

  /** Keeps the guild's newest JOINDM_DELIVERY_CAP deliveries. */
  private async trim(guildId: string): Promise<void> {
    const oldest = await oldestBeyondCap(this.storage.records, JOINDM_DELIVERIES, guildId, JOINDM_DELIVERY_CAP);
    for (const record of oldest) await this.storage.records.delete(JOINDM_DELIVERIES, record.id);
  }
}
