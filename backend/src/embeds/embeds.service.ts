import { HttpStatus, Inject, Injectable } from '@nestjs/common';
import { DiscordErrorCode } from '@guildhall/common/discord/errors';
import { AllowedMentionsTypes, type APIAllowedMentions } from 'discord-api-types/v10';
import { toApiMessage, toFetchedEmbed, type ApiEmbed } from '@guildhall/common/embed-message';
import type {
  EmbedGetRequest,
  EmbedGetResponse,
  EmbedSendChannelRequest,
  EmbedSendChannelResponse,
  EmbedSendWebhookRequest,
  EmbedSendWebhookResponse,
  EmbedUpdateRequest,
  EmbedUpdateResponse,
} from '@guildhall/generated/types';
import { fillRefusal, refusals } from '@guildhall/generated/refusals';
import { APP_CONFIG, type AppConfig } from '../config/config.js';
import { DiscordFailure } from '../discord/discord.errors.js';
import { DiscordService } from '../discord/discord.service.js';
import type { DiscordChannel, DiscordMessage, SessionUser } from '../discord/discord.types.js';
import { guildOfOperation } from '../guild/guild-access.guard.js';
import { GuildAccessService } from '../guild/guild-access.service.js';
import { ApiError } from '../http/api-error.js';
import { parseWebhookUrl } from './webhook-url.js';

/** Text and announcement channels (types 0 and 5): the only ones the builder sends to. */
const SENDABLE_TYPES = new Set([0, 5]);
/** get-by-id without a channel reads the message in each channel in turn; a guild with more is asked for the channel. */
const SEARCH_LIMIT = 50;
/** Discord: Unknown Channel, Unknown Message. */
const GONE_CODES = new Set<number>([DiscordErrorCode.UnknownChannel, DiscordErrorCode.UnknownMessage]);
/** Discord: Missing Access, Missing Permissions (a channel the bot cannot read is not where the message is). */
const NO_ACCESS_CODES = new Set<number>([DiscordErrorCode.MissingAccess, DiscordErrorCode.MissingPermissions]);
/**
 * Mentions in the text reach users and roles, as the person typing them expects; @everyone and @here stay inert, so a
 * builder message can never ping a whole server by accident.
 */
export const ALLOWED_MENTIONS: APIAllowedMentions = { parse: [AllowedMentionsTypes.User, AllowedMentionsTypes.Role] };

const invalid = (path: string, message: string) => ApiError.validation([{ path, message }], message);

/**
 * What the embed builder asks of the bot: send to a channel or a webhook, load one of the bot's messages,
 * edit it. The guild comes in the body, so each call checks here what the guild guard checks for /api/guild/:guildId
 * (the operation's subject, embeds, in the operations table: a manager, or a grantee with write on it), and the channel is a text or announcement channel of that guild.
 */
@Injectable()
export class EmbedsService {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly discord: DiscordService,
    private readonly access: GuildAccessService,
  ) {}

  async sendToChannel(user: SessionUser, body: EmbedSendChannelRequest): Promise<EmbedSendChannelResponse> {
    const { guildId, channelId } = this.guildAndChannel(body);
    await guildOfOperation(this.access, user, guildId, 'POST', '/api/embed/send-channel');
    await this.sendableChannel(guildId, channelId);
    const message = await this.call(() =>
      this.discord.createMessage(channelId, { ...toApiMessage(body), allowed_mentions: ALLOWED_MENTIONS }),
    );
    return { success: true, messageId: message.id, guildId, channelId };
  }

  async sendToWebhook(body: EmbedSendWebhookRequest): Promise<EmbedSendWebhookResponse> {
    if (!body.webhookUrl?.trim()) throw invalid('/webhookUrl', refusals.noWebhookUrl);
    const webhook = parseWebhookUrl(body.webhookUrl, this.sandboxApiBases());
    if (!webhook) throw invalid('/webhookUrl', refusals.notDiscordWebhookUrl);
    const message = await this.call(() =>
      this.discord.executeWebhook(webhook.id, webhook.token, { ...toApiMessage(body), allowed_mentions: ALLOWED_MENTIONS }),
    );
    return { success: true, messageId: message.id };
  }

  async getById(user: SessionUser, body: EmbedGetRequest): Promise<EmbedGetResponse> {
    const messageId = body.messageId?.trim();
    if (!messageId) throw invalid('/messageId', refusals.noMessageId);
    const guildId = body.guildId;
    if (!guildId) throw invalid('/guildId', refusals.noGuild);
    await guildOfOperation(this.access, user, guildId, 'POST', '/api/embed/get-by-id');
    const message = body.channelId ? await this.botMessage(guildId, body.channelId, messageId) : await this.searchGuild(guildId, messageId);
    return {
      success: true,
      messageId: message.id,
      guildId,
      channelId: message.channel_id,
      content: message.content ?? '',
      embeds: (message.embeds ?? []).map((embed) => toFetchedEmbed(embed as ApiEmbed)),
    };
  }

  async update(user: SessionUser, body: EmbedUpdateRequest): Promise<EmbedUpdateResponse> {
    const messageId = body.messageId?.trim();
    if (!messageId) throw invalid('/messageId', refusals.noMessageEditing);
    const { guildId, channelId } = this.guildAndChannel(body);
    await guildOfOperation(this.access, user, guildId, 'POST', '/api/embed/update');
    await this.botMessage(guildId, channelId, messageId);
    // Edit Message changes only the keys sent: content always goes, so emptying the text clears it.
    const { embeds } = toApiMessage(body);
    const edited = await this.call(() =>
      this.discord.editMessage(channelId, messageId, { content: body.content ?? '', embeds, allowed_mentions: ALLOWED_MENTIONS }),
    );
    return { success: true, messageId: edited.id };
  }

  private guildAndChannel(body: { guildId?: string; channelId?: string }): { guildId: string; channelId: string } {
    const { guildId, channelId } = body;
    if (!guildId || !channelId) {
      const missing = [!guildId && '/guildId', !channelId && '/channelId'].filter((p): p is string => Boolean(p));
      throw ApiError.validation(
        missing.map((path) => ({ path, message: refusals.noGuildOrChannel })),
        refusals.noGuildOrChannel,
      );
    }
    return { guildId, channelId };
  }

  /** The guild's text and announcement channels, as the bot sees them. */
  private async sendableChannels(guildId: string): Promise<DiscordChannel[]> {
    const channels = await this.call(() => this.discord.channels(guildId));
    return channels.filter((c) => SENDABLE_TYPES.has(c.type));
  }

  /** Never trust a channel id from the client: it must be a text or announcement channel of this guild. */
  private async sendableChannel(guildId: string, channelId: string): Promise<DiscordChannel> {
    const channels = await this.call(() => this.discord.channels(guildId));
    const channel = channels.find((c) => c.id === channelId);
    if (!channel) throw invalid('/channelId', refusals.channelNotInGuild);
    if (!SENDABLE_TYPES.has(channel.type)) {
      throw invalid('/channelId', fillRefusal(refusals.channelNotSendable, { channel: channel.name }));
    }
    return channel;
  }

  /** The message in that channel of the guild, when the bot posted it: else 404 (gone) or 403 (someone else's). */
  private async botMessage(guildId: string, channelId: string, messageId: string): Promise<DiscordMessage> {
    await this.sendableChannel(guildId, channelId);
    const message = await this.readMessage(channelId, messageId);
    if (!message) throw new ApiError(HttpStatus.NOT_FOUND, refusals.messageNotFound);
    return this.assertBotsOwn(message);
  }

  private async searchGuild(guildId: string, messageId: string): Promise<DiscordMessage> {
    for (const channel of (await this.sendableChannels(guildId)).slice(0, SEARCH_LIMIT)) {
      const message = await this.readMessage(channel.id, messageId, true);
      if (message) return this.assertBotsOwn(message);
    }
    throw new ApiError(HttpStatus.NOT_FOUND, refusals.messageNotFound);
  }

  private async assertBotsOwn(message: DiscordMessage): Promise<DiscordMessage> {
    const bot = await this.call(() => this.discord.botUser());
    // A webhook's message has the webhook as author (and a webhook_id): the bot cannot edit it either.
    if (message.author.id !== bot.id || message.webhook_id) throw new ApiError(HttpStatus.FORBIDDEN, refusals.notBotsMessage);
    return message;
  }

  /** Get Message, or null when it is not there (or, while searching, in a channel the bot cannot read). */
  private async readMessage(channelId: string, messageId: string, searching = false): Promise<DiscordMessage | null> {
    try {
      return await this.discord.getMessage(channelId, messageId);
    } catch (err) {
      const failure = DiscordFailure.from(err);
      if (failure.status === 404 && (failure.code === undefined || GONE_CODES.has(failure.code))) return null;
      if (searching && failure.status === 403 && failure.code !== undefined && NO_ACCESS_CODES.has(failure.code)) return null;
      throw failure.toApiError();
    }
  }

  /** The sandbox's own webhook URLs (as its Get Webhook answers them, and as the app reaches it), in sandbox mode only. */
  private sandboxApiBases(): string[] {
    if (this.config.discord.mode !== 'sandbox') return [];
    return [`${this.config.publicUrl}/sandbox/discord/api`, this.config.discord.apiBase];
  }

  private async call<T>(run: () => Promise<T>): Promise<T> {
    try {
      return await run();
    } catch (err) {
      if (err instanceof ApiError) throw err;
      throw DiscordFailure.from(err).toApiError();
    }
  }
}
