import { publishedSchemas } from '@guildhall/generated/schemas';
import type { GreetingPlaceholder } from '@guildhall/generated/types';

const placeholderSchema = publishedSchemas['greeting-placeholder'] as unknown as {
  enum: GreetingPlaceholder[];
  'x-ui': { enumLabels: Record<GreetingPlaceholder, string> };
};

/** Greeting placeholders (schemas/common/greeting-placeholder.json): name and what it becomes, for the panel. */
export const GREETING_PLACEHOLDERS: { name: GreetingPlaceholder; label: string }[] = placeholderSchema.enum.map((name) => ({
  name,
  label: placeholderSchema['x-ui'].enumLabels[name],
}));

export type PlaceholderValues = Record<GreetingPlaceholder, string>;

const KNOWN = new Set<string>(placeholderSchema.enum);

/** {member.name}-style placeholders filled; unknown ones stay visible; a typed "\n" becomes a line break. */
export function fillGreetingPlaceholders(text: string, values: PlaceholderValues): string {
  return text
    .replace(/\\n/g, '\n')
    .replace(/\{([a-zA-Z]+\.[a-zA-Z]+)\}/g, (match, name: string) => (KNOWN.has(name) ? values[name as GreetingPlaceholder] : match));
}

/** Level-up placeholders (spec 1:9), in the order the spec lists them. */
export const LEVEL_UP_PLACEHOLDERS = [
  '{member:mention}',
  '{member:tag}',
  '{member:name}',
  '{member}',
  '{username}',
  '{user}',
  '{level}',
  '{server}',
  '{count}',
] as const;

export interface LevelUpSample {
  userId: string;
  username: string;
  displayName: string;
  serverName: string;
  /** Spec 1:9: the live preview shows level 5. */
  level?: number;
  /** Spec 1:9: the preview's member count is 100 unless known. */
  memberCount?: number;
}

/** A level-up message as the bot would post it for the sample member; \n (typed) is a new line. */
export function fillLevelUpPlaceholders(text: string, sample: LevelUpSample): string {
  const mention = `<@${sample.userId}>`;
  const values: Record<(typeof LEVEL_UP_PLACEHOLDERS)[number], string> = {
    '{member:mention}': mention,
    '{member:tag}': sample.username,
    '{member:name}': sample.displayName,
    '{member}': mention,
    '{username}': sample.username,
    '{user}': mention,
    '{level}': String(sample.level ?? 5),
    '{server}': sample.serverName,
    '{count}': String(sample.memberCount ?? 100),
  };
  return text
    .replace(/\\n/g, '\n')
    .replace(
      /\{(?:member:mention|member:tag|member:name|member|username|user|level|server|count)\}/g,
      (m) => values[m as keyof typeof values],
    );
}

const DISCORD_EPOCH = 1420070400000n;
export const snowflakeSeconds = (id: string) => Number(((BigInt(id) >> 22n) + DISCORD_EPOCH) / 1000n);
export const discordDate = (seconds: number) => `<t:${Math.floor(seconds)}:D>`;
