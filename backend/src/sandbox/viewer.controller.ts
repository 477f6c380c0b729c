import { Controller, Get, HttpCode, Post, Req, UseFilters, UseInterceptors } from '@nestjs/common';
import { DiscordApiError, DiscordErrors, DiscordExceptionFilter } from './discord-errors.js';
import { param } from './http-helpers.js';
import { RateLimitBucket, SandboxRateLimitInterceptor } from './rate-limit.interceptor.js';
import { SANDBOX_ROUTE_PREFIX } from './sandbox-options.js';
import { DiscordSandboxService } from './sandbox.service.js';
import { type SimulatedJoin, JoinSimulator } from './simulate-join.js';
import { type SimulatedTicket, TicketSimulator } from './simulate-ticket.js';
import type { SandboxChannelRecord, SandboxUserRecord } from './sandbox.types.js';
import { isSnowflake } from './snowflake.js';
import { type HttpRequest, hasContentType } from '../http/http-types.js';

/**
 * Read-only views for people: what the bot posted in the sandbox, by guild and channel (and in DMs), so the result
 * of Send Preview, Send Embed or Deploy can be looked at in the web app's /sandbox page. Mounted only with the sandbox.
 */
@Controller(`${SANDBOX_ROUTE_PREFIX}/viewer`)
@UseFilters(DiscordExceptionFilter)
export class SandboxViewerController {
  private readonly tickets: TicketSimulator;
  private readonly joins: JoinSimulator;

  constructor(private readonly sandbox: DiscordSandboxService) {
    this.tickets = new TicketSimulator(sandbox);
    this.joins = new JoinSimulator(sandbox);
  }

  /** Guilds with their channels (with how many messages were posted), roles and members; DMs the bot opened. */
  @Get('guilds')
  guilds(@Req() req: HttpRequest) {
    const ctx = this.sandbox.messageContext(this.sandbox.baseUrl(req));
    const posted = (channelId: string) => this.sandbox.messagesIn(channelId).length;
    const guilds = this.sandbox.allGuilds().map((g) => ({
      id: g.id,
      name: g.name,
      icon: g.icon,
      botPresent: this.sandbox.hasBot(g.id),
      channels: this.sandbox
        .channelsOf(g.id)
        .sort((a, b) => a.position - b.position)
        .map((c) => ({ ...channelView(c), posted: posted(c.id) })),
      roles: [...g.roles].sort((a, b) => b.position - a.position).map((r) => ({ id: r.id, name: r.name, color: r.color })),
      members: g.members.flatMap((m) => {
        const user = ctx.user(m.user_id);
        return user ? [{ ...userView(user), nick: m.nick }] : [];
      }),
    }));
    // DM channels exist once the bot opened one; those it wrote in are listed.
    const dmIds = new Set(this.sandbox.allPostedMessages().map((m) => String(m['channel_id'])));
    const dms = [...dmIds].flatMap((id) => {
      const channel = this.sandbox.channel(id);
      const recipient = channel?.type === 1 && channel.recipient_id ? ctx.user(channel.recipient_id) : undefined;
      return channel && recipient ? [{ ...channelView(channel), recipient: userView(recipient), posted: posted(channel.id) }] : [];
    });
    return { guilds, dms, botUserId: this.sandbox.botUserId };
  }

  /** What the bot (and webhooks) posted in one channel, oldest first, in Discord's message shape. */
  @Get('channels/:channel_id/messages')
  messages(@Req() req: HttpRequest) {
    const id = param(req, 'channel_id');
    const channel = isSnowflake(id) ? this.sandbox.channel(id) : undefined;
    if (!channel) throw DiscordErrors.unknownChannel();
    this.sandbox.baseUrl(req);
    return { channel: channelView(channel), messages: this.sandbox.messagesIn(channel.id) };
  }

  /**
   * 'Simulate ticket': a ticket channel opened, talked in, closed, and its transcript uploaded through the app's bot
   * API (simulate-ticket.ts). The one state-changing viewer route, so it takes JSON only: a page of another site can
   * post a form here, never a JSON body without CORS allowing it.
   */
  @Post('guilds/:guild_id/simulate-ticket')
  @HttpCode(201)
  @UseInterceptors(SandboxRateLimitInterceptor)
  @RateLimitBucket({ route: 'POST /viewer/guilds/:guild_id/simulate-ticket', major: 'guild_id' })
  async simulateTicket(@Req() req: HttpRequest): Promise<{ success: true; ticket: SimulatedTicket }> {
    if (!hasContentType(req, 'application/json'))
      throw new DiscordApiError(415, { message: 'Send a JSON body (Content-Type: application/json).', code: 0 });
    const id = param(req, 'guild_id');
    if (!isSnowflake(id)) throw DiscordErrors.unknownGuild();
    this.sandbox.baseUrl(req);
    return { success: true, ticket: await this.tickets.simulate(id) };
  }

  /**
   * 'Simulate member join': a member joins and the bot DMs them the guild's Join DM, reading the settings from and
   * reporting the delivery to the app's bot API (simulate-join.ts). JSON only, like simulate-ticket; the body may
   * name the member (`userId`), else the guild's members take turns.
   */
  @Post('guilds/:guild_id/simulate-join')
  @HttpCode(201)
  @UseInterceptors(SandboxRateLimitInterceptor)
  @RateLimitBucket({ route: 'POST /viewer/guilds/:guild_id/simulate-join', major: 'guild_id' })
  async simulateJoin(@Req() req: HttpRequest): Promise<{ success: true; join: SimulatedJoin }> {
    if (!hasContentType(req, 'application/json'))
      throw new DiscordApiError(415, { message: 'Send a JSON body (Content-Type: application/json).', code: 0 });
    const id = param(req, 'guild_id');
    if (!isSnowflake(id)) throw DiscordErrors.unknownGuild();
    const body: unknown = req.body;
    const userId = body && typeof body === 'object' ? (body as Record<string, unknown>)['userId'] : undefined;
    if (userId !== undefined && !isSnowflake(userId)) throw DiscordErrors.unknownMember();
    this.sandbox.baseUrl(req);
    return { success: true, join: await this.joins.simulate(id, userId as string | undefined) };
  }
}

function channelView(c: SandboxChannelRecord) {
  return { id: c.id, name: c.name, type: c.type, parent_id: c.parent_id, position: c.position, topic: c.topic };
}

function userView(u: SandboxUserRecord) {
  return { id: u.id, username: u.username, global_name: u.global_name, avatar: u.avatar, bot: u.bot };
}
