import type { GreetingSettings } from '@guildhall/generated/types';
import type { APIEmbed, RESTPostAPIChannelMessageJSONBody } from 'discord-api-types/v10';
import { fillPlaceholders, type PlaceholderValues } from './placeholders.js';

export type GreetingKind = keyof GreetingSettings;
export type GreetingSection = GreetingSettings[GreetingKind];

/**
 * A greeting as the message the bot posts: the text when the type is message or both, the embed when it is embed
 * or both, placeholders filled. Empty parts are left out, as Discord refuses empty embeds fields.
 */
export function greetingMessage(section: GreetingSection, values: PlaceholderValues): RESTPostAPIChannelMessageJSONBody {
  const fill = (text: string) => fillPlaceholders(text, values).trim();
  const body: RESTPostAPIChannelMessageJSONBody = {};
  if (section.type !== 'embed') {
    const content = fill(section.content);
    if (content) body.content = content;
  }
  if (section.type !== 'message') {
    const e = section.embed;
    const embed: APIEmbed = { color: parseInt(e.color.slice(1), 16) };
    const title = fill(e.title);
    const description = fill(e.description);
    const footer = fill(e.footer);
    const image = fill(e.image);
    const authorName = fill(e.author.name);
    const authorIcon = fill(e.author.iconURL);
    if (authorName) embed.author = { name: authorName, ...(/^https?:\/\//.test(authorIcon) ? { icon_url: authorIcon } : {}) };
    if (title) embed.title = title;
    if (description) embed.description = description;
    if (e.thumbnail && values['member.avatar']) embed.thumbnail = { url: values['member.avatar'] };
    if (/^https?:\/\//.test(image)) embed.image = { url: image };
    if (footer) embed.footer = { text: footer };
    embed.timestamp = new Date().toISOString();
    if (title || description || authorName || footer || embed.image) body.embeds = [embed];
  }
  return body;
}
