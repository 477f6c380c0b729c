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

/** A string select (type 3): its placeholder, and its options shown when opened. */
export interface DiscordSelectData {
  type: 3;
  custom_id?: string;
  placeholder?: string;
  min_values?: number;
  max_values?: number;
  disabled?: boolean;
  options: { label: string; value: string; description?: string; emoji?: { name?: string; id?: string | null } }[];
}

/** A reaction under a message: its emoji and how many reacted (`me`: the viewer among them). */
export interface DiscordReactionData {
  emoji: { name?: string | null; id?: string | null };
  count: number;
  me?: boolean;
}

export interface DiscordComponentData {
  type: number;
  components?: (DiscordButtonData | DiscordSelectData | DiscordComponentData)[];
  [key: string]: unknown;
}

export interface DiscordMessageData {
  id?: string;
  content?: string;
  embeds?: DiscordEmbedData[];
  components?: DiscordComponentData[];
  reactions?: DiscordReactionData[];
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
