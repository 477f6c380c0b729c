// Internal records of the Discord sandbox. They hold what Discord would store, not what it answers:
// the serializers turn them into Discord's JSON, so a change of answer shape never touches the data.

export type SandboxLocale = 'en-US' | 'en-GB' | 'de' | 'fr' | 'es-ES' | 'ja' | 'pt-BR' | 'nl' | 'sv-SE' | 'pl';

export interface SandboxUserRecord {
  id: string;
  username: string;
  global_name: string | null;
  avatar: string | null;
  banner: string | null;
  accent_color: number | null;
  bot: boolean;
  email: string | null;
  verified: boolean;
  locale: SandboxLocale;
  mfa_enabled: boolean;
  premium_type: 0 | 1 | 2 | 3;
  public_flags: number;
  /** Members who turned off "direct messages from server members": the bot's DMs to them fail with 50007. */
  accepts_dms: boolean;
}

export interface SandboxRoleRecord {
  id: string;
  name: string;
  /** Decimal bit field, as Discord sends it (the bits outgrow 53-bit numbers). */
  permissions: string;
  position: number;
  color: number;
  hoist: boolean;
  managed: boolean;
  mentionable: boolean;
  icon: string | null;
  unicode_emoji: string | null;
  flags: number;
  tags?: { bot_id?: string; premium_subscriber?: null };
}

export interface SandboxOverwrite {
  id: string;
  /** 0 role, 1 member. */
  type: 0 | 1;
  allow: string;
  deny: string;
}

export interface SandboxMemberRecord {
  user_id: string;
  nick: string | null;
  /** The member's guild avatar and banner: Discord's hashes of images the state keeps (SandboxState.memberImage). */
  avatar: string | null;
  banner: string | null;
  /** The member's guild bio (Modify Current Member sets it; Discord's member object does not show it). */
  bio: string | null;
  /** Role ids without @everyone, as Discord lists them. */
  roles: string[];
  joined_at: string;
  premium_since: string | null;
}

/** The image types Discord takes for a member's guild avatar and banner. */
export type SandboxImageType = 'image/png' | 'image/jpeg' | 'image/gif' | 'image/webp';

/** A member's guild avatar or banner as uploaded: served back by the sandbox's CDN under its hash. */
export interface SandboxMemberImage {
  hash: string;
  type: SandboxImageType;
  data: Buffer;
}

export type SandboxMemberImageKind = 'avatar' | 'banner';

export interface SandboxEmojiRecord {
  id: string;
  name: string;
  animated: boolean;
  roles: string[];
}

export interface SandboxGuildRecord {
  id: string;
  name: string;
  icon: string | null;
  banner: string | null;
  description: string | null;
  owner_id: string;
  features: string[];
  premium_tier: 0 | 1 | 2 | 3;
  premium_subscription_count: number;
  verification_level: 0 | 1 | 2 | 3 | 4;
  explicit_content_filter: 0 | 1 | 2;
  default_message_notifications: 0 | 1;
  preferred_locale: SandboxLocale;
  system_channel_id: string | null;
  rules_channel_id: string | null;
  public_updates_channel_id: string | null;
  vanity_url_code: string | null;
  premium_progress_bar_enabled: boolean;
  roles: SandboxRoleRecord[];
  members: SandboxMemberRecord[];
  emojis: SandboxEmojiRecord[];
}

/** Channel types the sandbox knows: text, DM, voice, category, announcement. */
export type SandboxChannelType = 0 | 1 | 2 | 4 | 5;

export interface SandboxChannelRecord {
  id: string;
  type: SandboxChannelType;
  /** null for DM channels. */
  guild_id: string | null;
  name: string;
  position: number;
  parent_id: string | null;
  topic: string | null;
  nsfw: boolean;
  rate_limit_per_user: number;
  permission_overwrites: SandboxOverwrite[];
  last_message_id: string | null;
  /** DM channels only: the user the bot talks to. */
  recipient_id?: string;
}

export interface SandboxWebhookRecord {
  id: string;
  token: string;
  channel_id: string;
  guild_id: string;
  name: string;
  avatar: string | null;
  application_id: string | null;
  creator_id: string;
}

export interface SandboxAttachmentRecord {
  id: string;
  filename: string;
  description?: string;
  content_type?: string;
  size: number;
  data: Buffer;
}

export type SandboxMessageAuthor =
  { type: 'user'; user_id: string } | { type: 'webhook'; webhook_id: string; username: string; avatar_url: string | null };

/** Embeds and components are kept in Discord's answer shape already (normalised when posted). */
export type JsonObject = Record<string, unknown>;

export interface SandboxMessageRecord {
  id: string;
  channel_id: string;
  /** 0 default, 19 reply. */
  type: 0 | 19;
  author: SandboxMessageAuthor;
  content: string;
  embeds: JsonObject[];
  components: JsonObject[];
  attachments: SandboxAttachmentRecord[];
  timestamp: string;
  edited_timestamp: string | null;
  flags: number;
  tts: boolean;
  nonce?: string | number;
  mention_user_ids: string[];
  mention_role_ids: string[];
  mention_everyone: boolean;
  message_reference?: { message_id: string; channel_id: string; guild_id?: string };
  /** Seeded history, as opposed to what the app posted through the API. */
  seeded: boolean;
  /** Reactions in the order they were first added, each with who reacted, in order (absent: none yet). */
  reactions?: SandboxReactionRecord[];
}

/** A reaction's emoji as Discord keeps it: a Unicode emoji (id null) or a custom one (name and id). */
export interface SandboxReactionEmoji {
  id: string | null;
  name: string;
  animated: boolean;
}

export interface SandboxReactionRecord {
  emoji: SandboxReactionEmoji;
  user_ids: string[];
}

export interface SandboxSeed {
  users: SandboxUserRecord[];
  guilds: SandboxGuildRecord[];
  channels: SandboxChannelRecord[];
  webhooks: SandboxWebhookRecord[];
  messages: SandboxMessageRecord[];
}
