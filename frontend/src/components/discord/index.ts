export { DiscordMessage, type DiscordMessageProps } from './DiscordMessage';
export { DiscordMarkdown } from './Markdown';
export { fieldLayout } from './Embed';
export { parseDiscordMarkdown } from './markdown';
export type { DiscordAuthor, DiscordEmbedData, DiscordMessageData, MentionNames } from './types';
