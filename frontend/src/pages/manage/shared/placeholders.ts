import greetingPlaceholderFile from '@guildhall/generated/schema.greeting-placeholder.json';
import levelUpPlaceholderFile from '@guildhall/generated/schema.level-up-placeholder.json';
import type { GreetingPlaceholder, LevelUpPlaceholder } from '@guildhall/generated/types';

// Each schema's own file (not the map of every published schema): a page imports what it reads.
const placeholderSchema = greetingPlaceholderFile.schema as unknown as {
  enum: GreetingPlaceholder[];
  'x-ui': { enumLabels: Record<GreetingPlaceholder, string> };
};

/** Greeting placeholders (schemas/common/greeting-placeholder.json): name and what it becomes, for the panel. */
export const GREETING_PLACEHOLDERS: { name: GreetingPlaceholder; label: string }[] = placeholderSchema.enum.map((name) => ({
  name,
  label: placeholderSchema['x-ui'].enumLabels[name],
}));

// Filling greeting placeholders is shared with the server's Send Preview (@guildhall/common/greeting).
export { fillGreetingPlaceholders, type PlaceholderValues } from '@guildhall/common/greeting';

const levelUpSchema = levelUpPlaceholderFile.schema as unknown as { enum: LevelUpPlaceholder[] };

/** Level-up placeholders (schemas/common/level-up-placeholder.json), written in braces, in the spec's order. */
export const LEVEL_UP_PLACEHOLDERS: string[] = levelUpSchema.enum.map((name) => `{${name}}`);
const LEVEL_UP_PATTERN = new RegExp(`\\{(${levelUpSchema.enum.join('|')})\\}`, 'g');

export interface LevelUpSample {
  userId: string;
  username: string;
  displayName: string;
  serverName: string;
  /** The live preview shows level 5. */
  level?: number;
  /** The preview's member count is 100 unless known. */
  memberCount?: number;
}

/** A level-up message as the bot would post it for the sample member; \n (typed) is a new line. */
export function fillLevelUpPlaceholders(text: string, sample: LevelUpSample): string {
  const mention = `<@${sample.userId}>`;
  const values: Record<LevelUpPlaceholder, string> = {
    'member:mention': mention,
    'member:tag': sample.username,
    'member:name': sample.displayName,
    member: mention,
    username: sample.username,
    user: mention,
    level: String(sample.level ?? 5),
    server: sample.serverName,
    count: String(sample.memberCount ?? 100),
  };
  return text.replace(/\\n/g, '\n').replace(LEVEL_UP_PATTERN, (_, name: LevelUpPlaceholder) => values[name]);
}
