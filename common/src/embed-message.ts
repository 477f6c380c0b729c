// A message of embeds between the dashboard's shape (schemas/common/discord-message.json: colours #RRGGBB, every part
// present, empty strings for "none") and Discord's (colours as numbers, empty parts left out). The embed builder's
// preview and counters, its export, and the server's sends and fetches all convert here, so they cannot disagree.
import type { DiscordEmbed, DiscordMessage } from '@guildhall/generated/types';
import { SNOWFLAKE_DIGITS } from './discord/ids.js';

/** An embed as Discord's API takes and returns it (the parts we use; assignable to discord-api-types' APIEmbed). */
export interface ApiEmbed {
  title?: string;
  description?: string;
  url?: string;
  color?: number;
  timestamp?: string;
  author?: { name: string; url?: string; icon_url?: string };
  fields?: { name: string; value: string; inline?: boolean }[];
  thumbnail?: { url: string };
  image?: { url: string };
  footer?: { text: string; icon_url?: string };
}

/** Discord's message body for a send or an edit. */
export interface ApiMessageBody {
  content?: string;
  embeds: ApiEmbed[];
}

/**
 * An embed as the embed builder's get-by-id answers it: the colour a number, the author's and footer's icons as
 * iconURL. The builder turns it back with `embedFromFetched`.
 */
export interface FetchedEmbed {
  title?: string;
  description?: string;
  url?: string;
  color?: number;
  timestamp?: string | null;
  author?: { name?: string; url?: string; iconURL?: string };
  thumbnail?: { url?: string };
  image?: { url?: string };
  fields?: { name: string; value: string; inline?: boolean }[];
  footer?: { text?: string; iconURL?: string };
}

/** Characters as Discord and our schemas count them: code points, so an emoji is 1. */
export function characters(text: string | undefined | null): number {
  if (!text) return 0;
  let n = 0;
  for (const _ of text) n++;
  return n;
}

/** What an embed adds to the message's total (Discord's list of counted parts). */
export function embedCharacters(
  embed: Partial<Pick<DiscordEmbed, 'title' | 'description' | 'fields'>> & { author?: { name?: string }; footer?: { text?: string } },
): number {
  let total = characters(embed.title) + characters(embed.description) + characters(embed.author?.name) + characters(embed.footer?.text);
  for (const field of embed.fields ?? []) total += characters(field.name) + characters(field.value);
  return total;
}

/** The message's total against Discord's limit over all its embeds (`EMBED_TOTAL_LIMIT` of @guildhall/generated/limits). */
export function messageCharacters(embeds: readonly Parameters<typeof embedCharacters>[0][]): number {
  return embeds.reduce((sum, embed) => sum + embedCharacters(embed), 0);
}

const HEX = /^#[0-9a-f]{6}$/i;

export function colourToNumber(hex: string | undefined): number | undefined {
  return hex && HEX.test(hex) ? Number.parseInt(hex.slice(1), 16) : undefined;
}

export function colourToHex(value: number | undefined | null): string | undefined {
  return typeof value === 'number' && Number.isInteger(value) && value >= 0 && value <= 0xffffff
    ? `#${value.toString(16).padStart(6, '0').toUpperCase()}`
    : undefined;
}

const set = (text: string | undefined | null): text is string => typeof text === 'string' && text.trim() !== '';

/** One embed in Discord's shape: what is empty is left out (Discord refuses empty footer text, author name and URLs). */
export function toApiEmbed(embed: DiscordEmbed): ApiEmbed {
  const out: ApiEmbed = {};
  if (set(embed.title)) out.title = embed.title;
  if (set(embed.description)) out.description = embed.description;
  if (set(embed.url)) out.url = embed.url;
  const color = colourToNumber(embed.color);
  if (color !== undefined) out.color = color;
  if (set(embed.timestamp)) out.timestamp = embed.timestamp;
  if (set(embed.author?.name)) {
    out.author = { name: embed.author.name };
    if (set(embed.author.url)) out.author.url = embed.author.url;
    if (set(embed.author.icon_url)) out.author.icon_url = embed.author.icon_url;
  }
  if (embed.fields?.length) out.fields = embed.fields.map((f) => ({ name: f.name, value: f.value, inline: f.inline === true }));
  if (set(embed.thumbnail?.url)) out.thumbnail = { url: embed.thumbnail.url };
  if (set(embed.image?.url)) out.image = { url: embed.image.url };
  if (set(embed.footer?.text)) {
    out.footer = { text: embed.footer.text };
    if (set(embed.footer.icon_url)) out.footer.icon_url = embed.footer.icon_url;
  }
  return out;
}

/** The body Discord takes for a send or an edit (also the export format: other tools read Discord's payload). */
export function toApiMessage(message: Pick<DiscordMessage, 'embeds'> & { content?: string }): ApiMessageBody {
  return { ...(set(message.content) ? { content: message.content } : {}), embeds: message.embeds.map(toApiEmbed) };
}

/** An embed of ours with every part present (the schema's shape), from Discord's. */
export function fromApiEmbed(embed: ApiEmbed): DiscordEmbed {
  return {
    title: embed.title ?? '',
    description: embed.description ?? '',
    url: embed.url ?? '',
    color: colourToHex(embed.color) ?? '#000000',
    timestamp: embed.timestamp ?? null,
    author: { name: embed.author?.name ?? '', url: embed.author?.url ?? '', icon_url: embed.author?.icon_url ?? '' },
    fields: (embed.fields ?? []).map((f) => ({ name: f.name, value: f.value, inline: f.inline === true })),
    thumbnail: { url: embed.thumbnail?.url ?? '' },
    image: { url: embed.image?.url ?? '' },
    footer: { text: embed.footer?.text ?? '', icon_url: embed.footer?.icon_url ?? '' },
  };
}

/** What get-by-id answers for one of Discord's embeds. */
export function toFetchedEmbed(embed: ApiEmbed): FetchedEmbed {
  return {
    title: embed.title,
    description: embed.description,
    url: embed.url,
    color: embed.color,
    timestamp: embed.timestamp ?? null,
    author: embed.author ? { name: embed.author.name, url: embed.author.url, iconURL: embed.author.icon_url } : undefined,
    thumbnail: embed.thumbnail ? { url: embed.thumbnail.url } : undefined,
    image: embed.image ? { url: embed.image.url } : undefined,
    fields: embed.fields?.map((f) => ({ name: f.name, value: f.value, inline: f.inline === true })),
    footer: embed.footer ? { text: embed.footer.text, iconURL: embed.footer.icon_url } : undefined,
  };
}

/** The builder's embed from a get-by-id answer: the colour number back to #RRGGBB. */
export function embedFromFetched(embed: FetchedEmbed): DiscordEmbed {
  return fromApiEmbed({
    ...embed,
    timestamp: embed.timestamp ?? undefined,
    author: embed.author?.name ? { name: embed.author.name, url: embed.author.url, icon_url: embed.author.iconURL } : undefined,
    thumbnail: embed.thumbnail?.url ? { url: embed.thumbnail.url } : undefined,
    image: embed.image?.url ? { url: embed.image.url } : undefined,
    footer: embed.footer?.text ? { text: embed.footer.text, icon_url: embed.footer.iconURL } : undefined,
  });
}

/** A message link as Discord's "Copy Message Link" writes it: https://discord.com/channels/{guild}/{channel}/{message}. */
const MESSAGE_LINK = new RegExp(
  String.raw`^https://(?:(?:ptb|canary)\.)?discord(?:app)?\.com/channels/(${SNOWFLAKE_DIGITS})/(${SNOWFLAKE_DIGITS})/(${SNOWFLAKE_DIGITS})/?$`,
);

export interface MessageLocation {
  guildId: string;
  channelId: string;
  messageId: string;
}

/** The guild, channel and message a pasted link names, or null when it is not a message link. */
export function parseMessageLink(text: string): MessageLocation | null {
  const match = MESSAGE_LINK.exec(text.trim());
  return match ? { guildId: match[1]!, channelId: match[2]!, messageId: match[3]! } : null;
}
