import { Get, Patch, Post, Req, Res } from '@nestjs/common';
import { BotOnly } from './auth.js';
import { DiscordErrors } from './discord-errors.js';
import { isTextChannel, messageAnswer, messageBody, param, queryBoolean, requireBotPermission, snowflakeParam } from './http-helpers.js';
import { readMessageBody } from './message-payload.js';
import { Permission } from './permissions.js';
import { RateLimitBucket } from './rate-limit.interceptor.js';
import { DiscordRestController } from './rest-controller.js';
import { DiscordSandboxService } from './sandbox.service.js';
import type { SandboxMessageRecord, SandboxWebhookRecord } from './sandbox.types.js';
import { sameSecret } from './tokens.js';
import { webhookJson } from './serializers.js';
import { type HttpRequest, type HttpReply } from '@guildhall/backend/http/http-types';

/** Webhook routes authenticate with the token in the path, not a header, as on Discord. */
@DiscordRestController()
export class SandboxWebhooksController {
  constructor(private readonly sandbox: DiscordSandboxService) {}

  @Get('webhooks/:webhook_id')
  @BotOnly()
  @RateLimitBucket({ route: 'GET /webhooks/:webhook_id', major: 'webhook_id' })
  webhook(@Req() req: HttpRequest) {
    const webhook = this.sandbox.webhook(snowflakeParam(req, 'webhook_id'));
    if (!webhook) throw DiscordErrors.unknownWebhook();
    const channel = this.sandbox.channel(webhook.channel_id);
    if (!channel || !this.sandbox.hasBot(webhook.guild_id)) throw DiscordErrors.missingAccess();
    requireBotPermission(this.sandbox, channel, Permission.ManageWebhooks);
    return webhookJson(webhook, { base: this.sandbox.baseUrl(req), creator: this.sandbox.user(webhook.creator_id) });
  }

  @Get('webhooks/:webhook_id/:webhook_token')
  @RateLimitBucket({ route: 'GET /webhooks/:webhook_id/:webhook_token', major: 'webhook_id' })
  webhookWithToken(@Req() req: HttpRequest) {
    return webhookJson(this.byToken(req), { base: this.sandbox.baseUrl(req) });
  }

  /** 204 without ?wait=true, the created message (200) with it. */
  @Post('webhooks/:webhook_id/:webhook_token')
  @RateLimitBucket({ route: 'POST /webhooks/:webhook_id/:webhook_token', major: 'webhook_id' })
  execute(@Req() req: HttpRequest, @Res() res: HttpReply) {
    const webhook = this.byToken(req);
    const channel = this.sandbox.channel(webhook.channel_id);
    if (!channel) throw DiscordErrors.unknownChannel();
    if (!isTextChannel(channel)) throw DiscordErrors.nonTextChannel();
    const { body, files } = messageBody(req);
    const draft = readMessageBody(body, 'webhook');
    const author = {
      type: 'webhook' as const,
      webhook_id: webhook.id,
      username: draft.username ?? webhook.name,
      avatar_url: draft.avatarUrl ?? null,
    };
    const message = this.sandbox.postMessage(channel, author, draft, files);
    if (queryBoolean(req, 'wait')) res.code(200).send(messageAnswer(this.sandbox, req, message));
    else res.code(204).send();
  }

  @Get('webhooks/:webhook_id/:webhook_token/messages/:message_id')
  @RateLimitBucket({ route: 'GET /webhooks/:webhook_id/:webhook_token/messages/:message_id', major: 'webhook_id' })
  webhookMessage(@Req() req: HttpRequest) {
    const message = this.ownMessage(this.byToken(req), req);
    return messageAnswer(this.sandbox, req, message);
  }

  @Patch('webhooks/:webhook_id/:webhook_token/messages/:message_id')
  @RateLimitBucket({ route: 'PATCH /webhooks/:webhook_id/:webhook_token/messages/:message_id', major: 'webhook_id' })
  editWebhookMessage(@Req() req: HttpRequest) {
    const message = this.ownMessage(this.byToken(req), req);
    const { body, files } = messageBody(req);
    const draft = readMessageBody(body, 'edit');
    return messageAnswer(this.sandbox, req, this.sandbox.editMessage(message, draft, files));
  }

  private byToken(req: HttpRequest): SandboxWebhookRecord {
    const webhook = this.sandbox.webhook(snowflakeParam(req, 'webhook_id'));
    if (!webhook) throw DiscordErrors.unknownWebhook();
    if (!sameSecret(param(req, 'webhook_token'), webhook.token)) throw DiscordErrors.invalidWebhookToken();
    return webhook;
  }

  /** A webhook can only see and edit what it posted itself; anything else is "Unknown Message". */
  private ownMessage(webhook: SandboxWebhookRecord, req: HttpRequest): SandboxMessageRecord {
    const message = this.sandbox.message(webhook.channel_id, snowflakeParam(req, 'message_id'));
    if (!message || message.author.type !== 'webhook' || message.author.webhook_id !== webhook.id) throw DiscordErrors.unknownMessage();
    return message;
  }
}
