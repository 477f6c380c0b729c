import type { ApiEmbed } from '@guildhall/common/embed-message';

/** An embed as the renderer shows it: Discord's shape, as the API and the sandbox send it (common's one definition). */
export type DiscordEmbedData = ApiEmbed;

export interface DiscordButtonData {
  type: 2;
  style: 1 | 2 | 3 | 4 | 5 | 6;
  label?: string;
  emoji?: { name?: string; id?: string | null };
  url?: string;
  disabled?: boolean;
  custom_id?: string;
}

export interface DiscordComponentData {
  type: number;
  components?: (DiscordButtonData | DiscordComponentData)[];
  [key: string]: unknown;
}

export interface DiscordMessageData {
  id?: string;
  content?: string;
  embeds?: DiscordEmbedData[];
  components?: DiscordComponentData[];
  /** ISO time; now when absent. */
  timestamp?: string;
}

export interface DiscordAuthor {
  name: string;
  avatarUrl?: string | null;
  bot?: boolean;
  /** Role colour of the name, as an integer (0 = none). */
  color?: number;
}

/** Names for the ids that mentions carry: <@user>, <@&role>, <#channel>. Unknown ids show as Discord shows them. */
export interface MentionNames {
  users?: Record<string, string>;
  roles?: Record<string, { name: string; color?: number }>;
  channels?: Record<string, string>;
}
