/** The parts of Discord's message shape the renderer shows (as the API and the sandbox send them). */
export interface DiscordEmbedData {
  title?: string;
  description?: string;
  url?: string;
  color?: number;
  timestamp?: string;
  author?: { name: string; url?: string; icon_url?: string };
  footer?: { text: string; icon_url?: string };
  thumbnail?: { url: string };
  image?: { url: string };
  fields?: { name: string; value: string; inline?: boolean }[];
}

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
