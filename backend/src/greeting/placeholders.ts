import { publishedSchemas } from '@guildhall/generated/schemas';
import type { GreetingPlaceholder } from '@guildhall/generated/types';

/** The placeholder names, from schemas/common/greeting-placeholder.json. */
export const GREETING_PLACEHOLDERS = (publishedSchemas['greeting-placeholder'] as { enum: GreetingPlaceholder[] }).enum;

export type PlaceholderValues = Record<GreetingPlaceholder, string>;

const PATTERN = /\{([a-zA-Z]+\.[a-zA-Z]+)\}/g;
const KNOWN = new Set<string>(GREETING_PLACEHOLDERS);

/**
 * Fills {member.name}-style placeholders; unknown ones stay as written so a typo is visible. A typed "\n"
 * (backslash and n, as older dashboards stored line breaks) becomes a line break.
 */
export function fillPlaceholders(text: string, values: PlaceholderValues): string {
  return text
    .replace(/\\n/g, '\n')
    .replace(PATTERN, (match, name: string) => (KNOWN.has(name) ? values[name as GreetingPlaceholder] : match));
}

const DISCORD_EPOCH = 1420070400000n;

/** Seconds since 1970 at which a snowflake was made (an account's creation for a user id). */
export function snowflakeSeconds(id: string): number {
  return Number(((BigInt(id) >> 22n) + DISCORD_EPOCH) / 1000n);
}

/** A date as Discord's timestamp markup, which every client shows in the reader's own format. */
export function discordDate(seconds: number): string {
  return `<t:${Math.floor(seconds)}:D>`;
}
