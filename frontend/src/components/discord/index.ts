export { DiscordMessage, type DiscordMessageProps } from './DiscordMessage';
export { DiscordMarkdown } from './Markdown';
export { DiscordEmbed, fieldLayout } from './Embed';
export { parseDiscordMarkdown } from './markdown';
export type { DiscordAuthor, DiscordEmbedData, DiscordMessageData, MentionNames } from './types';
