// The greeting a member sees: placeholders filled and the message Discord receives. The Welcome page's live
// preview and the server's Send Preview both run this, so the preview is exactly what the bot posts.
import { publishedSchemas } from '@guildhall/generated/schemas';

/** Placeholder names from schemas/common/greeting-placeholder.json. */
export const GREETING_PLACEHOLDER_NAMES = publishedSchemas['greeting-placeholder'].enum;

const KNOWN = new Set(GREETING_PLACEHOLDER_NAMES);
const PLACEHOLDER = /\{([a-zA-Z]+\.[a-zA-Z]+)\}/g;
const HTTP_URL = /^https?:\/\//;
const HEX_COLOUR = /^#[0-9a-f]{6}$/i;
const DISCORD_EPOCH = 1420070400000n;

/**
 * Fills {member.name}-style placeholders; unknown ones stay as written so a typo is visible. A typed "\n"
 * (backslash and n, as stored line breaks are written) becomes a line break.
 */
export function fillGreetingPlaceholders(text, values) {
  return String(text ?? '')
    .replace(/\\n/g, '\n')
    .replace(PLACEHOLDER, (match, name) => (KNOWN.has(name) ? values[name] : match));
}

/** Seconds since 1970 at which a snowflake was made (an account's creation, for a user id). */
export function snowflakeSeconds(id) {
  return Number(((BigInt(id) >> 22n) + DISCORD_EPOCH) / 1000n);
}

/** A date as Discord's timestamp markup, which every client shows in the reader's own format. */
export function discordDate(seconds) {
  return `<t:${Math.floor(seconds)}:D>`;
}

/**
 * A greeting section as the message the bot posts: the text for type message or both, the embed for embed or
 * both. Empty parts are left out (Discord refuses empty embed fields), and so are image URLs that are not http(s).
 */
export function greetingMessage(section, values, now = new Date()) {
  const fill = (text) => fillGreetingPlaceholders(text, values).trim();
  const message = {};
  if (section.type !== 'embed') {
    const content = fill(section.content);
    if (content) message.content = content;
  }
  if (section.type !== 'message') {
    const e = section.embed;
    const embed = HEX_COLOUR.test(e.color) ? { color: parseInt(e.color.slice(1), 16) } : {};
    const title = fill(e.title);
    const description = fill(e.description);
    const footer = fill(e.footer);
    const image = fill(e.image);
    const authorName = fill(e.author?.name);
    const authorIcon = fill(e.author?.iconURL);
    if (authorName) embed.author = { name: authorName, ...(HTTP_URL.test(authorIcon) ? { icon_url: authorIcon } : {}) };
    if (title) embed.title = title;
    if (description) embed.description = description;
    if (e.thumbnail && values['member.avatar']) embed.thumbnail = { url: values['member.avatar'] };
    if (HTTP_URL.test(image)) embed.image = { url: image };
    if (footer) embed.footer = { text: footer };
    embed.timestamp = now.toISOString();
    if (title || description || authorName || footer || embed.image) message.embeds = [embed];
  }
  return message;
}
