import { Controller, Get, HttpCode, type OnModuleInit, Post, Req, UseFilters, UseInterceptors } from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import { DiscordApiError, DiscordErrors, DiscordExceptionFilter } from './discord-errors.js';
import { param } from './http-helpers.js';
import { RateLimitBucket, SandboxRateLimitInterceptor } from './rate-limit.interceptor.js';
import { SANDBOX_ROUTE_PREFIX } from './sandbox-options.js';
import { DiscordSandboxService } from './sandbox.service.js';
import type { SimulatedJoin } from '@guildhall/common/join-dm';
import { JoinSimulator } from './simulate-join.js';
import { RoleMenuSimulator, type SimulatedRoleMenuChoice } from './simulate-role-menu.js';
import { type SimulatedTicket, TicketSimulator } from './simulate-ticket.js';
import { reactionPath } from './reaction-emoji.js';
import type { SandboxChannelRecord, SandboxUserRecord } from './sandbox.types.js';
import { isSnowflake } from './snowflake.js';
import { SIGN_IN_TO_VIEW, SandboxViewerVisitors } from './viewer-visitors.js';
import type { SessionUser } from '@guildhall/backend/discord/discord.types';
import { type HttpRequest, hasContentType } from '@guildhall/backend/http/http-types';

/**
 * Views for people: what the bot posted in the sandbox, by guild and channel (and in DMs), so the result of Send
 * Preview, Send Embed or Deploy can be looked at in the web app's /sandbox-viewer page. Mounted only with the sandbox.
 * A public demo (SANDBOX=on) is open to strangers, so a visitor sees only the guilds they are a member of in the
 * sandbox's data and the DMs sent to them; an anonymous visitor sees nothing and is asked to sign in. The same holds
 * in local development: every demo user signs in with one click, and the dashboard's pages act for them alone anyway.
 */
@Controller(`${SANDBOX_ROUTE_PREFIX}/viewer`)
@UseFilters(DiscordExceptionFilter)
export class SandboxViewerController implements OnModuleInit {
  private readonly tickets: TicketSimulator;
  private readonly joins: JoinSimulator;
  private readonly roleMenus: RoleMenuSimulator;
  /** The app's sessions and access rule; the sandbox alone (standalone.ts) has none, and shows nothing to anyone. */
  private visitors: SandboxViewerVisitors | undefined;

  constructor(
    private readonly sandbox: DiscordSandboxService,
    private readonly modules: ModuleRef,
  ) {
    this.tickets = new TicketSimulator(sandbox);
    this.joins = new JoinSimulator(sandbox);
    this.roleMenus = new RoleMenuSimulator(sandbox);
  }

  onModuleInit(): void {
    // The app provides it in its own module, beside the sessions and the access rule it is made of.
    try {
      this.visitors = this.modules.get(SandboxViewerVisitors, { strict: false });
    } catch {
      this.visitors = undefined;
    }
  }

  /**
   * The visitor's guilds with their channels (with how many messages were posted), roles and members, and whether
   * they may simulate there; the DMs the bot wrote to them. 401 for an anonymous visitor.
   */
  @Get('guilds')
  async guilds(@Req() req: HttpRequest) {
    const user = await this.visitor(req);
    const ctx = this.sandbox.messageContext(this.sandbox.baseUrl(req));
    const posted = (channelId: string) => this.sandbox.messagesIn(channelId).length;
    const mine = this.sandbox.guildsOf(user.id);
    const guilds = await Promise.all(
      mine.map(async (g) => ({
        id: g.id,
        name: g.name,
        icon: g.icon,
        botPresent: this.sandbox.hasBot(g.id),
        manageable: await this.visitors!.canManage(user, g.id),
        channels: this.sandbox
          .channelsOf(g.id)
          .sort((a, b) => a.position - b.position)
          .map((c) => ({ ...channelView(c), posted: posted(c.id) })),
        roles: [...g.roles].sort((a, b) => b.position - a.position).map((r) => ({ id: r.id, name: r.name, color: r.color })),
        members: g.members.flatMap((m) => {
          const member = ctx.user(m.user_id);
          return member ? [{ ...userView(member), nick: m.nick }] : [];
        }),
      })),
    );
    // DM channels exist once the bot opened one; those it wrote in to this visitor are listed.
    const dmIds = new Set(this.sandbox.allPostedMessages().map((m) => String(m['channel_id'])));
    const dms = [...dmIds].flatMap((id) => {
      const channel = this.sandbox.channel(id);
      if (channel?.type !== 1 || channel.recipient_id !== user.id) return [];
      const recipient = ctx.user(user.id);
      return recipient ? [{ ...channelView(channel), recipient: userView(recipient), posted: posted(channel.id) }] : [];
    });
    return { guilds, dms, botUserId: this.sandbox.botUserId };
  }

  /**
   * What the bot (and webhooks) posted in one channel, oldest first, in Discord's message shape (in a guild, with the
   * author's `member`: nick and guild avatar): a channel of a guild the visitor is a member of, or a DM to them. Another's is Discord's 404 Unknown Channel, so it gives nothing away.
   */
  @Get('channels/:channel_id/messages')
  async messages(@Req() req: HttpRequest) {
    const id = param(req, 'channel_id');
    const user = await this.visitor(req);
    const channel = isSnowflake(id) ? this.sandbox.channel(id) : undefined;
    if (!channel || !this.sees(user.id, channel)) throw DiscordErrors.unknownChannel();
    this.sandbox.baseUrl(req);
    const messages = this.sandbox.messagesIn(channel.id).map((m) => {
      const member = this.authorMember(channel, String(m['id']));
      return member ? { ...m, member } : m;
    });
    // Who reacted with what, by message and emoji (as the reaction routes name it), so the viewer shows whether the
    // member it acts as has reacted: Discord's message says only whether the reader (the bot) did.
    const reactors = Object.fromEntries(
      messages.flatMap((m) => {
        const reactions = this.sandbox.message(channel.id, String(m['id']))?.reactions ?? [];
        return reactions.length
          ? [[String(m['id']), Object.fromEntries(reactions.map((r) => [reactionPath(r.emoji), [...r.user_ids]]))]]
          : [];
      }),
    );
    return { channel: channelView(channel), messages, reactors };
  }

  /**
   * How a guild shows a message's author now, as Discord's client does (a nickname or guild avatar set since shows on
   * old messages too): the member's nick and guild avatar hash. None in DMs, for webhooks, or once the author left.
   */
  private authorMember(channel: SandboxChannelRecord, messageId: string): { nick: string | null; avatar: string | null } | undefined {
    const author = this.sandbox.message(channel.id, messageId)?.author;
    if (!channel.guild_id || author?.type !== 'user') return undefined;
    const member = this.sandbox.member(channel.guild_id, author.user_id);
    return member ? { nick: member.nick, avatar: member.avatar } : undefined;
  }

  /**
   * 'Simulate ticket': a ticket channel opened, talked in, closed, and its transcript uploaded through the app's bot
   * API (simulate-ticket.ts). It changes the guild (a transcript in its list), so only a signed-in manager of the
   * guild may, with the session's anti-forgery token like every state-changing call of the app; and it takes JSON only:
   * a page of another site can post a form here, never a JSON body without CORS allowing it.
   */
  @Post('guilds/:guild_id/simulate-ticket')
  @HttpCode(201)
  @UseInterceptors(SandboxRateLimitInterceptor)
  @RateLimitBucket({ route: 'POST /viewer/guilds/:guild_id/simulate-ticket', major: 'guild_id' })
  async simulateTicket(@Req() req: HttpRequest): Promise<{ success: true; ticket: SimulatedTicket }> {
    const id = param(req, 'guild_id');
    if (!isSnowflake(id)) throw DiscordErrors.unknownGuild();
    await this.assertMaySimulate(req, id);
    if (!hasContentType(req, 'application/json'))
      throw new DiscordApiError(415, { message: 'Send a JSON body (Content-Type: application/json).', code: 0 });
    this.sandbox.baseUrl(req);
    return { success: true, ticket: await this.tickets.simulate(id) };
  }

  /**
   * 'Simulate member join': a member joins and the bot DMs them the guild's Join DM, reading the settings from and
   * reporting the delivery to the app's bot API (simulate-join.ts), which moves the guild's Join DM statistics: a
   * signed-in manager of the guild only, and JSON only, like simulate-ticket. The body may name the member (`userId`),
   * else the guild's members take turns.
   */
  @Post('guilds/:guild_id/simulate-join')
  @HttpCode(201)
  @UseInterceptors(SandboxRateLimitInterceptor)
  @RateLimitBucket({ route: 'POST /viewer/guilds/:guild_id/simulate-join', major: 'guild_id' })
  async simulateJoin(@Req() req: HttpRequest): Promise<{ success: true; join: SimulatedJoin }> {
    const id = param(req, 'guild_id');
    if (!isSnowflake(id)) throw DiscordErrors.unknownGuild();
    await this.assertMaySimulate(req, id);
    if (!hasContentType(req, 'application/json'))
      throw new DiscordApiError(415, { message: 'Send a JSON body (Content-Type: application/json).', code: 0 });
    const body: unknown = req.body;
    const userId = body && typeof body === 'object' ? (body as Record<string, unknown>)['userId'] : undefined;
    if (userId !== undefined && !isSnowflake(userId)) throw DiscordErrors.unknownMember();
    this.sandbox.baseUrl(req);
    return { success: true, join: await this.joins.simulate(id, userId as string | undefined) };
  }

  /**
   * 'Use a role menu': a demo member of the guild clicks a button, submits the select or clicks a reaction of a message
   * the bot posted, and the bot asks the app's bot API what that changes and applies it through Discord's member-role
   * routes (simulate-role-menu.ts). It changes a member's roles, so, like the other simulations, only a signed-in
   * manager of the guild may, with the anti-forgery token, and JSON only.
   */
  @Post('guilds/:guild_id/simulate-role-menu')
  @HttpCode(201)
  @UseInterceptors(SandboxRateLimitInterceptor)
  @RateLimitBucket({ route: 'POST /viewer/guilds/:guild_id/simulate-role-menu', major: 'guild_id' })
  async simulateRoleMenu(@Req() req: HttpRequest): Promise<{ success: true; choice: SimulatedRoleMenuChoice }> {
    const id = param(req, 'guild_id');
    if (!isSnowflake(id)) throw DiscordErrors.unknownGuild();
    await this.assertMaySimulate(req, id);
    if (!hasContentType(req, 'application/json'))
      throw new DiscordApiError(415, { message: 'Send a JSON body (Content-Type: application/json).', code: 0 });
    const request = RoleMenuSimulator.read(req.body);
    this.sandbox.baseUrl(req);
    return { success: true, choice: await this.roleMenus.simulate(id, request) };
  }

  private async visitor(req: HttpRequest): Promise<SessionUser> {
    const user = await this.visitors?.visitor(req);
    if (!user) throw new DiscordApiError(401, { message: SIGN_IN_TO_VIEW, code: 0 });
    return user;
  }

  private async assertMaySimulate(req: HttpRequest, guildId: string): Promise<void> {
    if (!this.visitors) throw DiscordErrors.unauthorized();
    await this.visitors.assertMaySimulate(req, guildId);
  }

  /** A guild channel of a guild the user is a member of, or a DM to them. */
  private sees(userId: string, channel: SandboxChannelRecord): boolean {
    if (channel.type === 1) return channel.recipient_id === userId;
    return !!channel.guild_id && !!this.sandbox.member(channel.guild_id, userId);
  }
}

function channelView(c: SandboxChannelRecord) {
  return { id: c.id, name: c.name, type: c.type, parent_id: c.parent_id, position: c.position, topic: c.topic };
}

function userView(u: SandboxUserRecord) {
  return { id: u.id, username: u.username, global_name: u.global_name, avatar: u.avatar, bot: u.bot };
}
