import { Delete, Get, HttpCode, Put, Req } from '@nestjs/common';
import { BotOnly } from './auth.js';
import { DiscordErrors } from './discord-errors.js';
import { QueryReader, botChannel, isTextChannel, param, requireBotPermission, snowflakeParam } from './http-helpers.js';
import { Permission } from './permissions.js';
import { RateLimitBucket } from './rate-limit.interceptor.js';
import { DiscordRestController } from './rest-controller.js';
import { DiscordSandboxService } from './sandbox.service.js';
import type { SandboxChannelRecord, SandboxMessageRecord } from './sandbox.types.js';
import { userJson } from './serializers.js';
import { type HttpRequest } from '@guildhall/backend/http/http-types';

const MESSAGE = 'channels/:channel_id/messages/:message_id';

/**
 * Reactions, as the bot uses them for reaction-role menus: add its own, remove its own or a member's, list who reacted.
 * The emoji in the path is a URL-encoded Unicode emoji or `name:id` of a custom one (reaction-emoji.ts); the rules
 * (permissions, the 20 distinct reactions) are the service's, shared with the viewer's simulated members.
 */
@DiscordRestController()
export class SandboxReactionsController {
  constructor(private readonly sandbox: DiscordSandboxService) {}

  /** Create Reaction: 204, no body. */
  @Put(`${MESSAGE}/reactions/:emoji/@me`)
  @HttpCode(204)
  @BotOnly()
  @RateLimitBucket({ route: 'PUT /channels/:channel_id/messages/:message_id/reactions/:emoji/@me', major: 'channel_id' })
  react(@Req() req: HttpRequest): void {
    const { channel, message } = this.message(req);
    this.sandbox.addReaction(channel, message, this.sandbox.reactionEmoji(param(req, 'emoji')), this.sandbox.botUserId);
  }

  /** Delete Own Reaction (`@me`) or Delete User Reaction (another's: Manage Messages; never in a DM, 50003). 204. */
  @Delete(`${MESSAGE}/reactions/:emoji/:user_id`)
  @HttpCode(204)
  @BotOnly()
  @RateLimitBucket({ route: 'DELETE /channels/:channel_id/messages/:message_id/reactions/:emoji/:user_id', major: 'channel_id' })
  unreact(@Req() req: HttpRequest): void {
    const { channel, message } = this.message(req);
    const raw = param(req, 'user_id');
    const userId = raw === '@me' ? this.sandbox.botUserId : snowflakeParam(req, 'user_id');
    const emoji = this.sandbox.reactionEmoji(param(req, 'emoji'));
    if (userId !== this.sandbox.botUserId) {
      if (!channel.guild_id) throw DiscordErrors.cannotExecuteInDm();
      requireBotPermission(this.sandbox, channel, Permission.ManageMessages);
    }
    this.sandbox.removeReaction(message, emoji, userId);
  }

  /** Get Reactions: the users who reacted with the emoji, by id, `after` and `limit` (1-100, 25 by default). */
  @Get(`${MESSAGE}/reactions/:emoji`)
  @BotOnly()
  @RateLimitBucket({ route: 'GET /channels/:channel_id/messages/:message_id/reactions/:emoji', major: 'channel_id' })
  reactors(@Req() req: HttpRequest) {
    const { channel, message } = this.message(req);
    requireBotPermission(this.sandbox, channel, Permission.ReadMessageHistory);
    const emoji = this.sandbox.reactionEmoji(param(req, 'emoji'));
    const query = new QueryReader(req);
    const limit = query.int('limit', { min: 1, max: 100, fallback: 25 });
    const after = query.snowflake('after') ?? '0';
    // type 0 is normal reactions; super reactions (1) are not emulated, so nobody made one.
    const type = query.int('type', { min: 0, max: 1, fallback: 0 });
    query.done();
    return type === 1 ? [] : this.sandbox.reactors(message, emoji, after, limit).map(userJson);
  }

  /** The message the route names, in a text channel the bot sees: 10003 / 50001 / 10008 otherwise. */
  private message(req: HttpRequest): { channel: SandboxChannelRecord; message: SandboxMessageRecord } {
    const channel = botChannel(this.sandbox, snowflakeParam(req, 'channel_id'));
    if (!isTextChannel(channel)) throw DiscordErrors.nonTextChannel();
    const message = this.sandbox.message(channel.id, snowflakeParam(req, 'message_id'));
    if (!message) throw DiscordErrors.unknownMessage();
    return { channel, message };
  }
}
