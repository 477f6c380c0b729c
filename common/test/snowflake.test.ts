import { describe, expect, it } from 'vitest';
import { DISCORD_EPOCH, discordDate, snowflakeAt, snowflakeMs, snowflakeSeconds, snowflakeTicks } from '../src/snowflake.js';

// Discord's documented example: 175928847299117063 was made at 2016-04-30T11:18:25.796Z.
const EXAMPLE = '175928847299117063';
const EXAMPLE_MS = Date.parse('2016-04-30T11:18:25.796Z');

describe('snowflake time', () => {
  it("counts from Discord's epoch, the first millisecond of 2015", () => {
    expect(new Date(Number(DISCORD_EPOCH)).toISOString()).toBe('2015-01-01T00:00:00.000Z');
    expect(snowflakeMs('0')).toBe(Number(DISCORD_EPOCH));
  });

  it("reads when Discord's documented example id was made", () => {
    expect(snowflakeTicks(EXAMPLE)).toBe(41944705796n);
    expect(snowflakeMs(EXAMPLE)).toBe(EXAMPLE_MS);
    expect(snowflakeMs(BigInt(EXAMPLE))).toBe(EXAMPLE_MS);
    expect(snowflakeSeconds(EXAMPLE)).toBe(Math.floor(EXAMPLE_MS / 1000));
  });

  it('makes ids that read back as their moment and keep the low bits', () => {
    const id = snowflakeAt(EXAMPLE_MS, (1n << 17n) | 7n); // worker 1, process 0, increment 7
    expect(id).toBe(EXAMPLE);
    expect(snowflakeMs(snowflakeAt(Date.UTC(2030, 0, 1)))).toBe(Date.UTC(2030, 0, 1));
    expect(BigInt(snowflakeAt(EXAMPLE_MS, 5n)) & 0x3fffffn).toBe(5n);
  });

  it("writes a date as Discord's long-date timestamp markup, whole seconds", () => {
    expect(discordDate(1_700_000_000.9)).toBe('<t:1700000000:D>');
    expect(discordDate(snowflakeSeconds(EXAMPLE))).toBe(`<t:${Math.floor(EXAMPLE_MS / 1000)}:D>`);
  });
});
