// Discord ids (snowflakes) carry the moment they were made: milliseconds since Discord's epoch in the top 42 bits.

/** 2015-01-01T00:00:00Z, the zero of every snowflake's timestamp, in milliseconds since 1970. */
export const DISCORD_EPOCH = 1_420_070_400_000n;

/** The timestamp part of a snowflake: milliseconds since Discord's epoch. */
export function snowflakeTicks(id: string | bigint): bigint {
  return BigInt(id) >> 22n;
}

/** Milliseconds since 1970 at which a snowflake was made. */
export function snowflakeMs(id: string | bigint): number {
  return Number(snowflakeTicks(id) + DISCORD_EPOCH);
}

/** Seconds since 1970 at which a snowflake was made (an account's creation, for a user id). */
export function snowflakeSeconds(id: string | bigint): number {
  return Math.floor(snowflakeMs(id) / 1000);
}

/** A snowflake for a moment (milliseconds since 1970) and the low 22 bits (worker, process, increment). */
export function snowflakeAt(ms: number | bigint, low = 0n): string {
  return (((BigInt(ms) - DISCORD_EPOCH) << 22n) | low).toString();
}

/** A date as Discord's timestamp markup, which every client shows in the reader's own format. */
export function discordDate(seconds: number): string {
  return `<t:${Math.floor(seconds)}:D>`;
}
