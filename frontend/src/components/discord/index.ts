export { DiscordMessage, type DiscordMessageProps } from './DiscordMessage';
export { DiscordMarkdown } from './Markdown';
export { DiscordEmbed, fieldLayout } from './Embed';
export { parseDiscordMarkdown } from './markdown';
export type {
  DiscordAuthor,
  DiscordComponentData,
  DiscordEmbedData,
  DiscordMessageData,
  DiscordReactionData,
  DiscordSelectData,
  MentionNames,
} from './types';
