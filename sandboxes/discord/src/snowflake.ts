import { snowflakeAt, snowflakeMs } from '@guildhall/common/snowflake';

/** Discord ids encode their creation time, so ids made now sort after the seed and messages page by id. */
export class SnowflakeGenerator {
  private lastMs = 0n;
  private increment = 0n;

  next(now: number = Date.now()): string {
    let ms = BigInt(now);
    if (ms <= this.lastMs) {
      ms = this.lastMs;
      this.increment += 1n;
      if (this.increment > 0xfffn) {
        ms += 1n;
        this.increment = 0n;
      }
    } else {
      this.increment = 0n;
    }
    this.lastMs = ms;
    return snowflakeAt(ms, (1n << 17n) | (1n << 12n) | this.increment);
  }
}

export function snowflakeTime(id: string): Date {
  return new Date(snowflakeMs(id));
}

export function isSnowflake(value: unknown): value is string {
  return typeof value === 'string' && /^(0|[1-9][0-9]{0,19})$/.test(value);
}

/** Discord writes timestamps with microseconds and an explicit offset: 2024-05-01T12:00:00.123000+00:00. */
export function discordTimestamp(date: Date = new Date()): string {
  return date.toISOString().replace(/Z$/, '000+00:00');
}
