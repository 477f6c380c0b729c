import { ChannelType as DiscordChannelType, RESTJSONErrorCodes } from 'discord-api-types/v10';
import snowflakeFile from '@guildhall/generated/schema.snowflake.json' with { type: 'json' };
import { describe, expect, it } from 'vitest';
import { ChannelType } from '../src/discord/channel-types.js';
import { DiscordErrorCode } from '../src/discord/errors.js';
import { isSnowflake, SNOWFLAKE, SNOWFLAKE_DIGITS, SNOWFLAKE_PATTERN } from '../src/discord/ids.js';

describe('Discord ids', () => {
  it('are the snowflake schema’s pattern, not a copy of it', () => {
    expect(SNOWFLAKE_PATTERN).toBe(snowflakeFile.schema.pattern);
    expect(SNOWFLAKE.source).toBe(snowflakeFile.schema.pattern);
    expect(`^${SNOWFLAKE_DIGITS}$`).toBe(SNOWFLAKE_PATTERN);
  });

  it('take 17 to 20 digits and nothing else', () => {
    for (const id of ['12345678901234567', '1098765432109876543', '12345678901234567890']) expect(isSnowflake(id)).toBe(true);
    for (const id of ['1234567890123456', '123456789012345678901', ' 12345678901234567', '1234567890123456x', 1234567, null])
      expect(isSnowflake(id)).toBe(false);
  });

  it('embed in a larger pattern as a group of digits', () => {
    const mention = new RegExp(`^<@(${SNOWFLAKE_DIGITS})>$`);
    expect(mention.exec('<@1098765432109876543>')?.[1]).toBe('1098765432109876543');
    expect(mention.test('<@1098765432109876543x>')).toBe(false);
  });
});

describe('Discord channel types and error codes', () => {
  it('are discord-api-types’ own numbers', () => {
    for (const [name, value] of Object.entries(ChannelType))
      expect({ name, value }).toEqual({ name, value: DiscordChannelType[name as keyof typeof DiscordChannelType] });
    expect(DiscordErrorCode).toBe(RESTJSONErrorCodes);
    expect(DiscordErrorCode.MissingPermissions).toBe(50013);
  });
});
