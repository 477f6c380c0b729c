import { Controller, Get, Req, UseFilters } from '@nestjs/common';
import type { Request } from 'express';
import { DiscordErrors, DiscordExceptionFilter } from './discord-errors.js';
import { param } from './http-helpers.js';
import { SANDBOX_ROUTE_PREFIX } from './sandbox-options.js';
import { DiscordSandboxService } from './sandbox.service.js';
import type { SandboxChannelRecord, SandboxUserRecord } from './sandbox.types.js';
import { isSnowflake } from './snowflake.js';

/**
 * Read-only views for people: what the bot posted in the sandbox, by guild and channel (and in DMs), so the result
 * of Send Preview, Send Embed or Deploy can be looked at in the web app's /sandbox page. Mounted only with the sandbox.
 */
@Controller(`${SANDBOX_ROUTE_PREFIX}/viewer`)
@UseFilters(DiscordExceptionFilter)
export class SandboxViewerController {
  constructor(private readonly sandbox: DiscordSandboxService) {}

  /** Guilds with their channels (with how many messages were posted), roles and members; DMs the bot opened. */
  @Get('guilds')
  guilds(@Req() req: Request) {
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
  messages(@Req() req: Request) {
    const id = param(req, 'channel_id');
    const channel = isSnowflake(id) ? this.sandbox.channel(id) : undefined;
    if (!channel) throw DiscordErrors.unknownChannel();
    this.sandbox.baseUrl(req);
    return { channel: channelView(channel), messages: this.sandbox.messagesIn(channel.id) };
  }
}

function channelView(c: SandboxChannelRecord) {
  return { id: c.id, name: c.name, type: c.type, parent_id: c.parent_id, position: c.position, topic: c.topic };
}

function userView(u: SandboxUserRecord) {
  return { id: u.id, username: u.username, global_name: u.global_name, avatar: u.avatar, bot: u.bot };
}
