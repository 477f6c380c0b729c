import { HttpStatus, Injectable } from '@nestjs/common';
import { guildIconUrl } from '@guildhall/common/cdn';
import { DiscordErrorCode } from '@guildhall/common/discord/errors';
import { greetingMessage, greetingPlaceholderValues, type GreetingKind, type PlaceholderValues } from '@guildhall/common/greeting';
import { publishedSchemas } from '@guildhall/generated/schemas';
import type { GreetingPreviewResponse, GreetingSettings } from '@guildhall/generated/types';
import { DiscordFailure } from '../discord/discord.errors.js';
import { DiscordService } from '../discord/discord.service.js';
import type { DiscordChannel, DiscordGuild, DiscordMember, SessionUser } from '../discord/discord.types.js';
import { ApiError } from '../http/api-error.js';
import { GuildReferences } from '../references/guild-references.js';
import type { Schema } from '../references/schema-walk.js';
import { SettingsService } from '../settings/settings.service.js';

const KIND_NAMES: Record<GreetingKind, string> = { welcome: 'Welcome', farewell: 'Farewell' };

/** Discord error codes a preview can meet, as sentences a server owner can act on. */
const DISCORD_REASONS: Record<number, (channel: string) => string> = {
  [DiscordErrorCode.UnknownChannel]: () => 'The configured channel no longer exists. Pick another channel and save.',
  [DiscordErrorCode.MissingAccess]: (channel) => `The bot cannot see ${channel}. Give it the View Channel permission there.`,
  [DiscordErrorCode.MissingPermissions]: (channel) =>
    `The bot is not allowed to post in ${channel}. Give it the Send Messages and Embed Links permissions there.`,
  [DiscordErrorCode.CannotSendMessagesInNonTextChannel]: (channel) => `${channel} is not a text channel. Pick a text channel and save.`,
  [DiscordErrorCode.CannotSendAnEmptyMessage]: () => 'The message is empty: write a message or fill in the embed.',
};

/** Welcome and farewell messages: the preview the bot posts in the section's channel when the page's Send Preview asks. */
@Injectable()
export class GreetingService {
  constructor(
    private readonly settings: SettingsService,
    private readonly discord: DiscordService,
    private readonly references: GuildReferences,
  ) {}

  async sendPreview(guildId: string, kind: GreetingKind, user: SessionUser): Promise<GreetingPreviewResponse> {
    const { settings } = await this.settings.read(guildId, 'greeting');
    const section = (settings as unknown as GreetingSettings)[kind];
    if (!section.enabled) throw new ApiError(HttpStatus.BAD_REQUEST, `${KIND_NAMES[kind]} messages are not enabled`);
    if (!section.channel) throw new ApiError(HttpStatus.BAD_REQUEST, `No channel configured for ${kind} messages`);
    const channelId = section.channel;
    // The bot posts only in a channel of this guild that the field takes, as Discord has it now: a stored id is
    // checked again here, whenever and by whom it was saved.
    await this.references.assertActable(guildId, publishedSchemas.greeting as Schema, settings, `/${kind}/channel`);

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
      if (failure.code === DiscordErrorCode.InvalidFormBodyOrContentType)
        throw new ApiError(HttpStatus.BAD_GATEWAY, `Discord refused the message: ${failure.reason}`);
      throw failure.toApiError();
    }
  }
}

/** What each placeholder becomes for this member and guild, with the signed-in user standing in for the member. */
export function placeholderValues(guild: DiscordGuild, member: DiscordMember | null, user: SessionUser): PlaceholderValues {
  return greetingPlaceholderValues({
    user,
    member,
    guild: {
      id: guild.id,
      name: guild.name,
      iconUrl: guildIconUrl(guild, 256),
      ownerId: guild.owner_id,
      memberCount: guild.approximate_member_count,
      boostCount: guild.premium_subscription_count,
      boostTier: guild.premium_tier,
    },
  });
}
