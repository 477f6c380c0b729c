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

// Filling greeting placeholders is shared with the server's Send Preview (@guildhall/common/greeting).
export { fillGreetingPlaceholders, discordDate, snowflakeSeconds, type PlaceholderValues } from '@guildhall/common/greeting';

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
