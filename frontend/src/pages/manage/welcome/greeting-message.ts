import type { GreetingSettings } from '@guildhall/generated/types';
import type { DiscordEmbedData, DiscordMessageData } from '../../../components/discord';
import { fillGreetingPlaceholders, type PlaceholderValues } from '../shared/placeholders';

export type GreetingKind = keyof GreetingSettings;
export type GreetingSection = GreetingSettings[GreetingKind];

const URL_OK = /^https?:\/\//;

/**
 * The message the bot posts for a greeting: the text for type message/both, the embed for embed/both, placeholders
 * filled, empty parts left out. The server builds the same message for Send Preview (backend/src/greeting).
 */
export function greetingMessage(section: GreetingSection, values: PlaceholderValues): DiscordMessageData {
  const fill = (text: string) => fillGreetingPlaceholders(text ?? '', values).trim();
  const message: DiscordMessageData = {};
  if (section.type !== 'embed') {
    const content = fill(section.content);
    if (content) message.content = content;
  }
  if (section.type !== 'message') {
    const e = section.embed;
    const embed: DiscordEmbedData = { color: /^#[0-9a-f]{6}$/i.test(e.color) ? parseInt(e.color.slice(1), 16) : undefined };
    const title = fill(e.title);
    const description = fill(e.description);
    const footer = fill(e.footer);
    const image = fill(e.image);
    const authorName = fill(e.author?.name ?? '');
    const authorIcon = fill(e.author?.iconURL ?? '');
    if (authorName) embed.author = { name: authorName, ...(URL_OK.test(authorIcon) ? { icon_url: authorIcon } : {}) };
    if (title) embed.title = title;
    if (description) embed.description = description;
    if (e.thumbnail && values['member.avatar']) embed.thumbnail = { url: values['member.avatar'] };
    if (URL_OK.test(image)) embed.image = { url: image };
    if (footer) embed.footer = { text: footer };
    embed.timestamp = new Date().toISOString();
    if (title || description || authorName || footer || embed.image) message.embeds = [embed];
  }
  return message;
}
