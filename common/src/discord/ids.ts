// Discord's ids (snowflakes) as text. The pattern is written once, in schemas/common/snowflake.json, which the schemas
// `$ref`; TypeScript reads it from the generated copy of that schema, so no second literal can drift (the lint rule
// eslint-rules/no-discord-copies.js refuses one anywhere else).
import snowflakeFile from '@guildhall/generated/schema.snowflake.json' with { type: 'json' };

/** The snowflake schema's pattern, anchored: a whole string of Discord's id digits. */
export const SNOWFLAKE_PATTERN: string = snowflakeFile.schema.pattern;

/** A whole string that is a Discord id (user, guild, channel, role, message, webhook, emoji...). */
export const SNOWFLAKE = new RegExp(SNOWFLAKE_PATTERN);

/** The pattern without its anchors, to build a larger one: a mention (`<@id>`), a message or webhook link. */
export const SNOWFLAKE_DIGITS: string = SNOWFLAKE_PATTERN.replace(/^\^/, '').replace(/\$$/, '');

/** Whether a value is a Discord id as text. */
export function isSnowflake(value: unknown): value is string {
  return typeof value === 'string' && SNOWFLAKE.test(value);
}
