// The greeting a member sees: placeholders filled and the message Discord receives. The Welcome page's live
// preview and the server's Send Preview both run this, so the preview is exactly what the bot posts.
// The one schema's own file, not the map of every published schema: the browser's pages import this module.
import placeholderFile from '@guildhall/generated/schema.greeting-placeholder.json' with { type: 'json' };
import type { GreetingPlaceholder, GreetingPreviewRequest, GreetingSettings } from '@guildhall/generated/types';
import { displayAvatarUrl, type AvatarUser } from './cdn.js';
import type { ApiEmbed } from './embed-message.js';
import { discordDate, snowflakeSeconds } from './snowflake.js';

/** The two messages (welcome, farewell), as the preview request names them: a setting added to the section is not one. */
export type GreetingKind = GreetingPreviewRequest['type'];
export type GreetingSection = GreetingSettings[GreetingKind];
export type PlaceholderValues = Record<GreetingPlaceholder, string>;

/** The parts of Discord's embed a greeting uses (assignable to discord-api-types' message body). */
export type GreetingEmbed = Pick<ApiEmbed, 'color' | 'title' | 'description' | 'author' | 'thumbnail' | 'image' | 'footer' | 'timestamp'>;
export interface GreetingMessage {
  content?: string;
  embeds?: GreetingEmbed[];
}

/** Placeholder names from schemas/common/greeting-placeholder.json. */
export const GREETING_PLACEHOLDER_NAMES = placeholderFile.schema.enum as unknown as readonly GreetingPlaceholder[];

const KNOWN = new Set<string>(GREETING_PLACEHOLDER_NAMES);
const PLACEHOLDER = /\{([a-zA-Z]+\.[a-zA-Z]+)\}/g;
const HTTP_URL = /^https?:\/\//;
const HEX_COLOUR = /^#[0-9a-f]{6}$/i;

/**
 * Fills {member.name}-style placeholders; unknown ones stay as written so a typo is visible. A typed "\n"
 * (backslash and n, as stored line breaks are written) becomes a line break.
 */
export function fillGreetingPlaceholders(text: string | undefined, values: PlaceholderValues): string {
  return String(text ?? '')
    .replace(/\\n/g, '\n')
    .replace(PLACEHOLDER, (match, name: string) => (KNOWN.has(name) ? values[name as GreetingPlaceholder] : match));
}

/** The member a greeting is about: a Discord user, and their guild membership when known. */
export interface GreetingUser extends AvatarUser {
  username: string;
  global_name?: string | null;
}
export interface GreetingMember {
  nick?: string | null;
  /** ISO 8601, as Discord writes it. */
  joined_at?: string | null;
}
/** The guild as far as the caller knows it; what is unknown gets a stand-in. */
export interface GreetingGuild {
  id: string;
  name: string;
  iconUrl?: string | null;
  /** Unknown (a viewer who is not the owner does not learn who is): "@Server Owner". */
  ownerId?: string | null;
  memberCount?: number | null;
  boostCount?: number | null;
  boostTier?: number | null;
}
export interface GreetingSubject {
  user: GreetingUser;
  /** Null when the user is not (yet) a member: then they join `now`. */
  member?: GreetingMember | null;
  guild: GreetingGuild;
  now?: Date;
}

/** The name Discord shows for a user: their display name, else their username. */
export function displayName(user: Pick<GreetingUser, 'username' | 'global_name'>): string {
  return user.global_name || user.username;
}

/** A user's name with their legacy discriminator, if they still have one. */
export function userTag(user: Pick<GreetingUser, 'username' | 'discriminator'>): string {
  return user.discriminator && user.discriminator !== '0' ? `${user.username}#${user.discriminator}` : user.username;
}

/** What each placeholder of schemas/common/greeting-placeholder.json becomes for this member and guild. */
export function greetingPlaceholderValues({ user, member, guild, now = new Date() }: GreetingSubject): PlaceholderValues {
  const joinedMs = member?.joined_at ? Date.parse(member.joined_at) : now.getTime();
  return {
    'member.name': member?.nick || displayName(user),
    'member.tag': userTag(user),
    'member.id': user.id,
    'member.mention': `<@${user.id}>`,
    'member.avatar': displayAvatarUrl(user, 256),
    'member.createdAt': discordDate(snowflakeSeconds(user.id)),
    'member.joinedAt': discordDate(joinedMs / 1000),
    'server.name': guild.name,
    'server.id': guild.id,
    'server.icon': guild.iconUrl ?? '',
    'server.members': String(guild.memberCount ?? 0),
    'server.owner': guild.ownerId ? `<@${guild.ownerId}>` : '@Server Owner',
    'server.boosts': String(guild.boostCount ?? 0),
    'server.boostTier': String(guild.boostTier ?? 0),
  };
}

/** The embed settings a greeting and a Join DM share (colour, texts, image, the member's avatar, author). */
export interface EmbedSettings {
  color?: string;
  title?: string;
  description?: string;
  footer?: string;
  image?: string;
  thumbnail?: boolean;
  author?: { name?: string; iconURL?: string };
}

/**
 * Such settings as an embed, placeholders filled by `fill`: empty parts left out (Discord refuses empty embed fields),
 * image and author icon only when http(s); `avatar` is the thumbnail when the settings ask for it.
 */
export function filledEmbed(e: EmbedSettings, fill: (text: string | undefined) => string, avatar: string): GreetingEmbed {
  const embed: GreetingEmbed = e.color && HEX_COLOUR.test(e.color) ? { color: parseInt(e.color.slice(1), 16) } : {};
  const title = fill(e.title);
  const description = fill(e.description);
  const footer = fill(e.footer);
  const image = fill(e.image);
  const authorName = fill(e.author?.name);
  const authorIcon = fill(e.author?.iconURL);
  if (authorName) embed.author = { name: authorName, ...(HTTP_URL.test(authorIcon) ? { icon_url: authorIcon } : {}) };
  if (title) embed.title = title;
  if (description) embed.description = description;
  if (e.thumbnail && avatar) embed.thumbnail = { url: avatar };
  if (HTTP_URL.test(image)) embed.image = { url: image };
  if (footer) embed.footer = { text: footer };
  return embed;
}

/**
 * A greeting section as the message the bot posts: the text for type message or both, the embed for embed or
 * both. Empty parts are left out (Discord refuses empty embed fields), and so are image URLs that are not http(s).
 */
export function greetingMessage(section: GreetingSection, values: PlaceholderValues, now: Date = new Date()): GreetingMessage {
  const fill = (text: string | undefined) => fillGreetingPlaceholders(text, values).trim();
  const message: GreetingMessage = {};
  if (section.type !== 'embed') {
    const content = fill(section.content);
    if (content) message.content = content;
  }
  if (section.type !== 'message') {
    const embed = filledEmbed(section.embed, fill, values['member.avatar']);
    embed.timestamp = now.toISOString();
    if (embed.title || embed.description || embed.author || embed.footer || embed.image) message.embeds = [embed];
  }
  return message;
}
