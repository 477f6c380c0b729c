import type { GreetingPlaceholder, GreetingSettings } from '@guildhall/generated/types';

export type GreetingKind = keyof GreetingSettings;
export type GreetingSection = GreetingSettings[GreetingKind];
export type PlaceholderValues = Record<GreetingPlaceholder, string>;

/** The part of Discord's message body a greeting uses (assignable to discord-api-types' message body). */
export interface GreetingEmbed {
  color?: number;
  title?: string;
  description?: string;
  author?: { name: string; icon_url?: string };
  thumbnail?: { url: string };
  image?: { url: string };
  footer?: { text: string };
  timestamp?: string;
}
export interface GreetingMessage {
  content?: string;
  embeds?: GreetingEmbed[];
}

export declare const GREETING_PLACEHOLDER_NAMES: readonly GreetingPlaceholder[];
export declare function fillGreetingPlaceholders(text: string | undefined, values: PlaceholderValues): string;
export declare function snowflakeSeconds(id: string): number;
export declare function discordDate(seconds: number): string;
export declare function greetingMessage(section: GreetingSection, values: PlaceholderValues, now?: Date): GreetingMessage;
