import { HttpStatus, Injectable } from '@nestjs/common';
import type { GreetingPreviewResponse, GreetingSettings } from '@guildhall/generated/types';
import { DiscordFailure } from '../discord/discord.errors.js';
import { DiscordService } from '../discord/discord.service.js';
import type { DiscordChannel, DiscordGuild, DiscordMember, SessionUser } from '../discord/discord.types.js';
import { ApiError } from '../http/api-error.js';
import { SettingsService } from '../settings/settings.service.js';
import { discordDate, greetingMessage, snowflakeSeconds, type GreetingKind, type PlaceholderValues } from '@guildhall/common/greeting';

const CDN = 'https://cdn.discordapp.com';
const KIND_NAMES: Record<GreetingKind, string> = { welcome: 'Welcome', farewell: 'Farewell' };

/** Discord error codes a preview can meet, as sentences a server owner can act on. */
const DISCORD_REASONS: Record<number, (channel: string) => string> = {
  10003: () => 'The configured channel no longer exists. Pick another channel and save.',
  50001: (channel) => `The bot cannot see ${channel}. Give it the View Channel permission there.`,
  50013: (channel) => `The bot is not allowed to post in ${channel}. Give it the Send Messages and Embed Links permissions there.`,
  50008: (channel) => `${channel} is not a text channel. Pick a text channel and save.`,
  50006: () => 'The message is empty: write a message or fill in the embed.',
};

/** Welcome and farewell messages: the preview the bot posts on request (spec 1:2.10, 1:7). */
@Injectable()
export class GreetingService {
  constructor(
    private readonly settings: SettingsService,
    private readonly discord: DiscordService,
  ) {}

  async sendPreview(guildId: string, kind: GreetingKind, user: SessionUser): Promise<GreetingPreviewResponse> {
    const { settings } = await this.settings.read(guildId, 'greeting');
    const section = (settings as unknown as GreetingSettings)[kind];
    if (!section.enabled) throw new ApiError(HttpStatus.BAD_REQUEST, `${KIND_NAMES[kind]} messages are not enabled`);
    if (!section.channel) throw new ApiError(HttpStatus.BAD_REQUEST, `No channel configured for ${kind} messages`);
    const channelId = section.channel;

    const [guild, member, channels] = await Promise.all([
      this.discord.guild(guildId),
      // The signed-in user stands in for the member; should Discord not find them, their session still names them.
      this.discord.member(guildId, user.id).catch(() => null),
      this.discord.channels(guildId).catch(() => [] as DiscordChannel[]),
    ]);
    const channelName = channels.find((c) => c.id === channelId)?.name;
    const shownChannel = channelName ? `#${channelName}` : 'the configured channel';

    const message = greetingMessage(section, placeholderValues(guild, member, user));
    if (!message.content && !message.embeds?.length) {
      throw new ApiError(HttpStatus.BAD_REQUEST, `The ${kind} message is empty: write a message or fill in the embed.`);
    }
    // Only the person asking for the preview is pinged, never roles or @everyone.
    const body = { ...message, allowed_mentions: { parse: [], users: [user.id] } };

    try {
      const message = await this.discord.createMessage(channelId, body);
      return { success: true, message: `${KIND_NAMES[kind]} preview sent to ${shownChannel}`, channelId, messageId: message.id };
    } catch (err) {
      const failure = DiscordFailure.from(err);
      const reason = failure.code !== undefined ? DISCORD_REASONS[failure.code] : undefined;
      if (reason) throw new ApiError(HttpStatus.BAD_GATEWAY, reason(shownChannel));
      if (failure.code === 50035) throw new ApiError(HttpStatus.BAD_GATEWAY, `Discord refused the message: ${failure.reason}`);
      throw failure.toApiError();
    }
  }
}

function avatarUrl(user: { id: string; avatar: string | null }): string {
  if (!user.avatar) return `${CDN}/embed/avatars/${Number((BigInt(user.id) >> 22n) % 6n)}.png`;
  const ext = user.avatar.startsWith('a_') ? 'gif' : 'png';
  return `${CDN}/avatars/${user.id}/${user.avatar}.${ext}?size=256`;
}

/** What each placeholder of schemas/common/greeting-placeholder.json becomes for this member and guild. */
export function placeholderValues(guild: DiscordGuild, member: DiscordMember | null, user: SessionUser): PlaceholderValues {
  const tag = user.discriminator && user.discriminator !== '0' ? `${user.username}#${user.discriminator}` : user.username;
  const joined = member?.joined_at ? Date.parse(member.joined_at) / 1000 : Date.now() / 1000;
  const icon = guild.icon ? `${CDN}/icons/${guild.id}/${guild.icon}.${guild.icon.startsWith('a_') ? 'gif' : 'png'}?size=256` : '';
  return {
    'member.name': member?.nick ?? user.global_name ?? user.username,
    'member.tag': tag,
    'member.id': user.id,
    'member.mention': `<@${user.id}>`,
    'member.avatar': avatarUrl(user),
    'member.createdAt': discordDate(snowflakeSeconds(user.id)),
    'member.joinedAt': discordDate(joined),
    'server.name': guild.name,
    'server.id': guild.id,
    'server.icon': icon,
    'server.members': String(guild.approximate_member_count ?? 0),
    'server.owner': `<@${guild.owner_id}>`,
    'server.boosts': String(guild.premium_subscription_count ?? 0),
    'server.boostTier': String(guild.premium_tier ?? 0),
  };
}
