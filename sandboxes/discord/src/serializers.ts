import { guildPermissions } from './permissions.js';
import type {
  JsonObject,
  SandboxChannelRecord,
  SandboxEmojiRecord,
  SandboxGuildRecord,
  SandboxMemberRecord,
  SandboxMessageRecord,
  SandboxReactionRecord,
  SandboxRoleRecord,
  SandboxUserRecord,
  SandboxWebhookRecord,
} from './sandbox.types.js';

// Discord's answer shapes. Fields Discord always sends (even as null) are always present here, because
// clients read them without checking and the conformance test holds them to Discord's OpenAPI description.

export function userJson(user: SandboxUserRecord): JsonObject {
  return {
    id: user.id,
    username: user.username,
    avatar: user.avatar,
    discriminator: '0',
    public_flags: user.public_flags,
    flags: user.public_flags,
    ...(user.bot ? { bot: true } : {}),
    banner: user.banner,
    accent_color: user.accent_color,
    global_name: user.global_name,
    avatar_decoration_data: null,
    collectibles: null,
    primary_guild: null,
  };
}

/** users/@me: email and verified only with the email scope, as Discord does. */
export function currentUserJson(user: SandboxUserRecord, withEmail: boolean): JsonObject {
  return {
    ...userJson(user),
    mfa_enabled: user.mfa_enabled,
    locale: user.locale,
    premium_type: user.premium_type,
    ...(withEmail ? { email: user.email, verified: user.verified } : {}),
  };
}

export function roleJson(role: SandboxRoleRecord): JsonObject {
  return {
    id: role.id,
    name: role.name,
    permissions: role.permissions,
    position: role.position,
    color: role.color,
    colors: { primary_color: role.color, secondary_color: null, tertiary_color: null },
    hoist: role.hoist,
    icon: role.icon,
    unicode_emoji: role.unicode_emoji,
    managed: role.managed,
    mentionable: role.mentionable,
    flags: role.flags,
    ...(role.tags ? { tags: { ...role.tags } } : {}),
  };
}

export function emojiJson(emoji: SandboxEmojiRecord): JsonObject {
  return {
    id: emoji.id,
    name: emoji.name,
    roles: [...emoji.roles],
    require_colons: true,
    managed: false,
    animated: emoji.animated,
    available: true,
  };
}

export function memberJson(member: SandboxMemberRecord, user: SandboxUserRecord): JsonObject {
  return {
    avatar: member.avatar,
    banner: member.banner,
    communication_disabled_until: null,
    flags: 0,
    joined_at: member.joined_at,
    nick: member.nick,
    pending: false,
    premium_since: member.premium_since,
    roles: [...member.roles],
    user: userJson(user),
    mute: false,
    deaf: false,
  };
}

/** Presence is not emulated; a steady share of members "online" keeps the numbers plausible. */
function approximateCounts(guild: SandboxGuildRecord): JsonObject {
  return {
    approximate_member_count: guild.members.length,
    approximate_presence_count: Math.max(1, Math.round(guild.members.length * 0.42)),
  };
}

export function guildJson(guild: SandboxGuildRecord, withCounts: boolean): JsonObject {
  return {
    id: guild.id,
    name: guild.name,
    icon: guild.icon,
    description: guild.description,
    home_header: null,
    splash: null,
    discovery_splash: null,
    features: [...guild.features],
    banner: guild.banner,
    owner_id: guild.owner_id,
    application_id: null,
    region: 'deprecated',
    afk_channel_id: null,
    afk_timeout: 300,
    system_channel_id: guild.system_channel_id,
    system_channel_flags: 0,
    widget_enabled: false,
    widget_channel_id: null,
    verification_level: guild.verification_level,
    roles: [...guild.roles].sort(byPosition).map(roleJson),
    default_message_notifications: guild.default_message_notifications,
    mfa_level: 0,
    explicit_content_filter: guild.explicit_content_filter,
    max_presences: null,
    max_members: 500_000,
    max_stage_video_channel_users: 50,
    max_video_channel_users: 25,
    vanity_url_code: guild.vanity_url_code,
    premium_tier: guild.premium_tier,
    premium_subscription_count: guild.premium_subscription_count,
    preferred_locale: guild.preferred_locale,
    rules_channel_id: guild.rules_channel_id,
    safety_alerts_channel_id: null,
    public_updates_channel_id: guild.public_updates_channel_id,
    premium_progress_bar_enabled: guild.premium_progress_bar_enabled,
    nsfw: false,
    nsfw_level: 0,
    emojis: guild.emojis.map(emojiJson),
    stickers: [],
    incidents_data: null,
    ...(withCounts ? approximateCounts(guild) : {}),
  };
}

/** The partial guild of users/@me/guilds, with the caller's permissions in it. */
export function myGuildJson(guild: SandboxGuildRecord, userId: string, withCounts: boolean): JsonObject {
  return {
    id: guild.id,
    name: guild.name,
    icon: guild.icon,
    banner: guild.banner,
    owner: guild.owner_id === userId,
    permissions: guildPermissions(guild, userId).toString(),
    features: [...guild.features],
    ...(withCounts ? approximateCounts(guild) : {}),
  };
}

export function channelJson(channel: SandboxChannelRecord, recipient?: SandboxUserRecord): JsonObject {
  if (channel.type === 1) {
    return {
      id: channel.id,
      type: 1,
      last_message_id: channel.last_message_id,
      flags: 0,
      recipients: recipient ? [userJson(recipient)] : [],
    };
  }
  const common = {
    id: channel.id,
    type: channel.type,
    guild_id: channel.guild_id,
    name: channel.name,
    position: channel.position,
    flags: 0,
    parent_id: channel.parent_id,
    permission_overwrites: channel.permission_overwrites.map((o) => ({ ...o })),
  };
  if (channel.type === 4) return common;
  if (channel.type === 2) {
    return {
      ...common,
      last_message_id: channel.last_message_id,
      bitrate: 64_000,
      user_limit: 0,
      rtc_region: null,
      rate_limit_per_user: 0,
      nsfw: false,
    };
  }
  return {
    ...common,
    last_message_id: channel.last_message_id,
    topic: channel.topic,
    nsfw: channel.nsfw,
    rate_limit_per_user: channel.rate_limit_per_user,
    default_thread_rate_limit_per_user: 0,
  };
}

export interface WebhookJsonOptions {
  base: string;
  /** Discord hides the creator when the webhook is fetched with its token instead of a bot. */
  creator?: SandboxUserRecord;
}

export function webhookJson(webhook: SandboxWebhookRecord, { base, creator }: WebhookJsonOptions): JsonObject {
  return {
    application_id: webhook.application_id,
    avatar: webhook.avatar,
    channel_id: webhook.channel_id,
    guild_id: webhook.guild_id,
    id: webhook.id,
    name: webhook.name,
    type: 1,
    ...(creator ? { user: userJson(creator) } : {}),
    token: webhook.token,
    url: `${base}/api/webhooks/${webhook.id}/${webhook.token}`,
  };
}

/** What serializing a message needs to look up, so this file stays free of the service. */
export interface MessageContext {
  base: string;
  /** Whose reactions are `me`: the bot's, as the bot reads messages. */
  botUserId: string;
  user(id: string): SandboxUserRecord | undefined;
  webhook(id: string): SandboxWebhookRecord | undefined;
  message(channelId: string, messageId: string): SandboxMessageRecord | undefined;
}

export function attachmentUrl(base: string, channelId: string, attachmentId: string, filename: string): string {
  return `${base}/cdn/attachments/${channelId}/${attachmentId}/${encodeURIComponent(filename)}`;
}

function authorJson(message: SandboxMessageRecord, ctx: MessageContext): JsonObject {
  if (message.author.type === 'webhook') {
    // Webhook messages are authored by a pseudo-user whose id is the webhook's.
    const webhook = ctx.webhook(message.author.webhook_id);
    return {
      id: message.author.webhook_id,
      username: message.author.username,
      avatar: webhook?.avatar ?? null,
      discriminator: '0000',
      public_flags: 0,
      flags: 0,
      bot: true,
      global_name: null,
      primary_guild: null,
    };
  }
  const user = ctx.user(message.author.user_id);
  return user
    ? userJson(user)
    : {
        id: message.author.user_id,
        username: 'Deleted User',
        avatar: null,
        discriminator: '0',
        public_flags: 0,
        flags: 0,
        global_name: null,
        primary_guild: null,
      };
}

function baseMessageJson(message: SandboxMessageRecord, ctx: MessageContext): JsonObject {
  return {
    type: message.type,
    content: message.content,
    mentions: message.mention_user_ids.flatMap((id) => {
      const user = ctx.user(id);
      return user ? [userJson(user)] : [];
    }),
    mention_roles: [...message.mention_role_ids],
    attachments: message.attachments.map((a) => {
      const url = attachmentUrl(ctx.base, message.channel_id, a.id, a.filename);
      return {
        id: a.id,
        filename: a.filename,
        ...(a.description ? { description: a.description } : {}),
        ...(a.content_type ? { content_type: a.content_type } : {}),
        size: a.size,
        url,
        proxy_url: url,
      };
    }),
    embeds: message.embeds.map((e) => structuredClone(e)),
    timestamp: message.timestamp,
    edited_timestamp: message.edited_timestamp,
    flags: message.flags,
    components: message.components.map((c) => structuredClone(c)),
    id: message.id,
    channel_id: message.channel_id,
    author: authorJson(message, ctx),
    pinned: false,
    mention_everyone: message.mention_everyone,
    tts: message.tts,
    ...(message.nonce !== undefined ? { nonce: message.nonce } : {}),
    ...(message.author.type === 'webhook' ? { webhook_id: message.author.webhook_id } : {}),
    ...(message.message_reference ? { message_reference: { type: 0, ...message.message_reference } } : {}),
    // Discord leaves `reactions` out of a message nobody reacted to.
    ...(message.reactions?.length ? { reactions: message.reactions.map((r) => reactionJson(r, ctx.botUserId)) } : {}),
  };
}

/** A reaction on a message: the emoji, how many reacted and whether the reader did (no super reactions here). */
export function reactionJson(reaction: SandboxReactionRecord, readerId: string): JsonObject {
  const { id, name, animated } = reaction.emoji;
  return {
    emoji: { id, name, ...(id ? { animated } : {}) },
    count: reaction.user_ids.length,
    count_details: { burst: 0, normal: reaction.user_ids.length },
    burst_colors: [],
    me_burst: false,
    me: reaction.user_ids.includes(readerId),
  };
}

export function messageJson(message: SandboxMessageRecord, ctx: MessageContext): JsonObject {
  const json = baseMessageJson(message, ctx);
  if (message.message_reference) {
    const referenced = ctx.message(message.message_reference.channel_id, message.message_reference.message_id);
    json['referenced_message'] = referenced ? baseMessageJson(referenced, ctx) : null;
  }
  return json;
}

function byPosition(a: { position: number; id: string }, b: { position: number; id: string }): number {
  return a.position - b.position || (BigInt(a.id) < BigInt(b.id) ? -1 : 1);
}

export function rolesJson(roles: SandboxRoleRecord[]): JsonObject[] {
  return [...roles].sort(byPosition).map(roleJson);
}
