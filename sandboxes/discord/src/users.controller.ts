import { Get, HttpCode, Post, Req } from '@nestjs/common';
import { Authorized, BotOnly, Caller } from './auth.js';
import { DiscordErrors, FieldError, FormErrors } from './discord-errors.js';
import { QueryReader, queryBoolean, snowflakeParam } from './http-helpers.js';
import { RateLimitBucket } from './rate-limit.interceptor.js';
import { DiscordRestController } from './rest-controller.js';
import { DiscordSandboxService } from './sandbox.service.js';
import type { SandboxCaller } from './tokens.js';
import { channelJson, currentUserJson, myGuildJson, userJson } from './serializers.js';
import { isSnowflake } from './snowflake.js';
import { type HttpRequest } from '@guildhall/backend/http/http-types';

@DiscordRestController()
export class SandboxUsersController {
  constructor(private readonly sandbox: DiscordSandboxService) {}

  @Get('users/@me')
  @Authorized({ bot: true, userScopes: ['identify'] })
  @RateLimitBucket({ route: 'GET /users/@me' })
  me(@Caller() caller: SandboxCaller) {
    const user = this.sandbox.user(caller.userId);
    if (!user) throw DiscordErrors.unknownUser();
    // Bots always see their (null) email; users only with the email scope.
    return currentUserJson(user, caller.kind === 'bot' || caller.scopes.has('email'));
  }

  @Get('users/@me/guilds')
  @Authorized({ bot: true, userScopes: ['guilds'] })
  @RateLimitBucket({ route: 'GET /users/@me/guilds', policy: 'userGuilds' })
  myGuilds(@Caller() caller: SandboxCaller, @Req() req: HttpRequest) {
    const query = new QueryReader(req);
    const limit = query.int('limit', { min: 1, max: 200, fallback: 200 });
    const before = query.snowflake('before');
    const after = query.snowflake('after');
    query.done();
    let guilds = this.sandbox.guildsOf(caller.userId);
    if (after) guilds = guilds.filter((g) => BigInt(g.id) > BigInt(after)).slice(0, limit);
    else if (before) guilds = guilds.filter((g) => BigInt(g.id) < BigInt(before)).slice(-limit);
    else guilds = guilds.slice(0, limit);
    const withCounts = queryBoolean(req, 'with_counts');
    return guilds.map((g) => myGuildJson(g, caller.userId, withCounts));
  }

  @Post('users/@me/channels')
  @HttpCode(200)
  @BotOnly()
  @RateLimitBucket({ route: 'POST /users/@me/channels' })
  openDm(@Req() req: HttpRequest) {
    const body: unknown = req.body;
    const recipientId = body && typeof body === 'object' ? (body as Record<string, unknown>)['recipient_id'] : undefined;
    if (!isSnowflake(recipientId)) {
      const errors = new FormErrors();
      errors.add(
        ['recipient_id'],
        ...(recipientId === undefined || recipientId === null ? FieldError.required : FieldError.snowflake(recipientId)),
      );
      errors.throwIfAny();
    }
    const recipient = this.sandbox.user(recipientId as string);
    if (!recipient) throw DiscordErrors.unknownUser();
    return channelJson(this.sandbox.openDm(recipient.id), recipient);
  }

  @Get('users/:user_id')
  @BotOnly()
  @RateLimitBucket({ route: 'GET /users/:user_id' })
  user(@Req() req: HttpRequest) {
    const user = this.sandbox.user(snowflakeParam(req, 'user_id'));
    if (!user) throw DiscordErrors.unknownUser();
    return userJson(user);
  }
}
