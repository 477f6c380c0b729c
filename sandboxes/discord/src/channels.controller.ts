import { Delete, Get, HttpCode, Patch, Post, Req } from '@nestjs/common';
import { BotOnly } from './auth.js';
import { DiscordErrors, FieldError, FormErrors } from './discord-errors.js';
import {
  QueryReader,
  botChannel,
  isTextChannel,
  messageAnswer,
  messageBody,
  requireBotPermission,
  snowflakeParam,
} from './http-helpers.js';
import { readMessageBody } from './message-payload.js';
import { Permission, hasPermission } from './permissions.js';
import { RateLimitBucket } from './rate-limit.interceptor.js';
import { DiscordRestController } from './rest-controller.js';
import { DiscordSandboxService } from './sandbox.service.js';
import type { SandboxChannelRecord } from './sandbox.types.js';
import { channelJson, messageJson, webhookJson } from './serializers.js';
import { type HttpRequest } from '@guildhall/backend/http/http-types';

@DiscordRestController()
export class SandboxChannelsController {
  constructor(private readonly sandbox: DiscordSandboxService) {}

  @Get('channels/:channel_id')
  @BotOnly()
  @RateLimitBucket({ route: 'GET /channels/:channel_id', major: 'channel_id' })
  channel(@Req() req: HttpRequest) {
    const channel = botChannel(this.sandbox, snowflakeParam(req, 'channel_id'));
    return channelJson(channel, channel.recipient_id ? this.sandbox.user(channel.recipient_id) : undefined);
  }

  /** Delete Channel: a guild channel needs Manage Channels (DMs are not deleted here: Guildhall never closes one). */
  @Delete('channels/:channel_id')
  @BotOnly()
  @RateLimitBucket({ route: 'DELETE /channels/:channel_id', major: 'channel_id' })
  deleteChannel(@Req() req: HttpRequest) {
    const channel = botChannel(this.sandbox, snowflakeParam(req, 'channel_id'));
    if (!channel.guild_id) throw DiscordErrors.missingPermissions();
    requireBotPermission(this.sandbox, channel, Permission.ManageChannels);
    this.sandbox.deleteChannel(channel.id);
    return channelJson(channel);
  }

  @Get('channels/:channel_id/messages')
  @BotOnly()
  @RateLimitBucket({ route: 'GET /channels/:channel_id/messages', major: 'channel_id' })
  messages(@Req() req: HttpRequest) {
    const channel = this.textChannel(req);
    const query = new QueryReader(req);
    const limit = query.int('limit', { min: 1, max: 100, fallback: 50 });
    const page = { limit, before: query.snowflake('before'), after: query.snowflake('after'), around: query.snowflake('around') };
    query.done();
    // Without Read Message History Discord answers an empty list rather than an error.
    if (
      channel.guild_id &&
      !hasPermission(this.sandbox.channelPermissionsOf(channel.id, this.sandbox.botUserId), Permission.ReadMessageHistory)
    )
      return [];
    const ctx = this.sandbox.messageContext(this.sandbox.baseUrl(req));
    return this.sandbox.listMessages(channel.id, page).map((m) => messageJson(m, ctx));
  }

  @Post('channels/:channel_id/messages')
  @HttpCode(200)
  @BotOnly()
  @RateLimitBucket({ route: 'POST /channels/:channel_id/messages', major: 'channel_id' })
  createMessage(@Req() req: HttpRequest) {
    const channel = this.textChannel(req);
    requireBotPermission(this.sandbox, channel, Permission.SendMessages);
    if (channel.recipient_id) this.requireReachable(channel.recipient_id);
    const { body, files } = messageBody(req);
    if (files.length) requireBotPermission(this.sandbox, channel, Permission.AttachFiles);
    const draft = readMessageBody(body, 'create');
    const message = this.sandbox.postMessage(channel, { type: 'user', user_id: this.sandbox.botUserId }, draft, files);
    return messageAnswer(this.sandbox, req, message);
  }

  @Get('channels/:channel_id/messages/:message_id')
  @BotOnly()
  @RateLimitBucket({ route: 'GET /channels/:channel_id/messages/:message_id', major: 'channel_id' })
  message(@Req() req: HttpRequest) {
    const channel = this.textChannel(req);
    requireBotPermission(this.sandbox, channel, Permission.ReadMessageHistory);
    const message = this.sandbox.message(channel.id, snowflakeParam(req, 'message_id'));
    if (!message) throw DiscordErrors.unknownMessage();
    return messageAnswer(this.sandbox, req, message);
  }

  @Patch('channels/:channel_id/messages/:message_id')
  @BotOnly()
  @RateLimitBucket({ route: 'PATCH /channels/:channel_id/messages/:message_id', major: 'channel_id' })
  editMessage(@Req() req: HttpRequest) {
    const channel = this.textChannel(req);
    const message = this.sandbox.message(channel.id, snowflakeParam(req, 'message_id'));
    if (!message) throw DiscordErrors.unknownMessage();
    if (message.author.type !== 'user' || message.author.user_id !== this.sandbox.botUserId) throw DiscordErrors.cannotEditOthersMessage();
    const { body, files } = messageBody(req);
    const draft = readMessageBody(body, 'edit');
    return messageAnswer(this.sandbox, req, this.sandbox.editMessage(message, draft, files));
  }

  /** Discord: the bot deletes its own messages freely, others' only with Manage Messages (never in a DM). 204, no body. */
  @Delete('channels/:channel_id/messages/:message_id')
  @HttpCode(204)
  @BotOnly()
  @RateLimitBucket({ route: 'DELETE /channels/:channel_id/messages/:message_id', major: 'channel_id' })
  deleteMessage(@Req() req: HttpRequest): void {
    const channel = this.textChannel(req);
    const message = this.sandbox.message(channel.id, snowflakeParam(req, 'message_id'));
    if (!message) throw DiscordErrors.unknownMessage();
    const own = message.author.type === 'user' && message.author.user_id === this.sandbox.botUserId;
    if (!own) {
      if (!channel.guild_id) throw DiscordErrors.missingPermissions();
      requireBotPermission(this.sandbox, channel, Permission.ManageMessages);
    }
    this.sandbox.deleteMessage(message);
  }

  @Get('channels/:channel_id/webhooks')
  @BotOnly()
  @RateLimitBucket({ route: 'GET /channels/:channel_id/webhooks', major: 'channel_id' })
  webhooks(@Req() req: HttpRequest) {
    const channel = this.guildTextChannel(req);
    requireBotPermission(this.sandbox, channel, Permission.ManageWebhooks);
    const base = this.sandbox.baseUrl(req);
    return this.sandbox.webhooksOf(channel.id).map((w) => webhookJson(w, { base, creator: this.sandbox.user(w.creator_id) }));
  }

  @Post('channels/:channel_id/webhooks')
  @HttpCode(200)
  @BotOnly()
  @RateLimitBucket({ route: 'POST /channels/:channel_id/webhooks', major: 'channel_id' })
  createWebhook(@Req() req: HttpRequest) {
    const channel = this.guildTextChannel(req);
    requireBotPermission(this.sandbox, channel, Permission.ManageWebhooks);
    const body = (req.body && typeof req.body === 'object' ? req.body : {}) as Record<string, unknown>;
    const name = body['name'];
    const errors = new FormErrors();
    if (name === undefined || name === null) errors.add(['name'], ...FieldError.required);
    else if (typeof name !== 'string') errors.add(['name'], ...FieldError.string(name));
    else if (name.length < 1 || name.length > 80)
      errors.add(['name'], ...(name.length ? FieldError.maxLength(80) : FieldError.minLength(1)));
    else if (/clyde|discord/i.test(name))
      errors.add(['name'], 'WEBHOOK_INVALID_NAME', `Webhook names cannot contain "${/clyde/i.test(name) ? 'clyde' : 'discord'}"`);
    errors.throwIfAny();
    const webhook = this.sandbox.createWebhook(channel.id, name as string, this.sandbox.botUserId);
    return webhookJson(webhook, { base: this.sandbox.baseUrl(req), creator: this.sandbox.botUser });
  }

  /** Messages live in text, announcement and DM channels; voice and category channels refuse them (50008). */
  private textChannel(req: HttpRequest): SandboxChannelRecord {
    const channel = botChannel(this.sandbox, snowflakeParam(req, 'channel_id'));
    if (!isTextChannel(channel)) throw DiscordErrors.nonTextChannel();
    return channel;
  }

  private guildTextChannel(req: HttpRequest): SandboxChannelRecord {
    const channel = this.textChannel(req);
    if (!channel.guild_id) throw DiscordErrors.unknownChannel();
    return channel;
  }

  /** Discord refuses DMs to bots, to people who closed their DMs, and to people sharing no server with the bot. */
  private requireReachable(userId: string): void {
    const user = this.sandbox.user(userId);
    const sharesGuild = this.sandbox.guildsOf(userId).some((g) => this.sandbox.hasBot(g.id));
    if (!user || user.bot || !user.accepts_dms || !sharesGuild) throw DiscordErrors.cannotMessageUser();
  }
}
