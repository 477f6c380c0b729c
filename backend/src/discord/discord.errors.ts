import { HttpStatus } from '@nestjs/common';
import { DiscordAPIError, HTTPError, RateLimitError } from '@discordjs/rest';
import { ApiError } from '../http/api-error.js';

/** Discord said no, or did not answer: the caller gets 502 with the reason (or 429 with when to retry). */
export class DiscordFailure extends Error {
  constructor(
    readonly status: number,
    readonly reason: string,
    readonly code?: number,
    readonly retryAfterSeconds?: number,
    /** Discord's per-field reasons of an Invalid Form Body (50035): `{ nick: { _errors: [{ code, message }] } }`. */
    readonly errors?: unknown,
  ) {
    super(reason);
    this.name = 'DiscordFailure';
  }

  static from(err: unknown): DiscordFailure {
    if (err instanceof DiscordFailure) return err;
    if (err instanceof RateLimitError)
      return new DiscordFailure(429, 'Discord is rate limiting requests.', undefined, Math.ceil(err.retryAfter / 1000));
    if (err instanceof DiscordAPIError)
      return new DiscordFailure(
        err.status,
        err.message,
        typeof err.code === 'number' ? err.code : undefined,
        undefined,
        'errors' in err.rawError ? err.rawError.errors : undefined,
      );
    if (err instanceof HTTPError) return new DiscordFailure(err.status, err.message);
    const message = err instanceof Error ? err.message : String(err);
    return new DiscordFailure(0, `Discord could not be reached (${message}).`);
  }

  toApiError(): ApiError {
    if (this.status === 429) {
      const wait = Math.max(1, this.retryAfterSeconds ?? 1);
      return new ApiError(HttpStatus.TOO_MANY_REQUESTS, `Discord is rate limiting requests. Try again in ${wait} seconds.`, {
        retryAfter: wait,
      });
    }
    return new ApiError(HttpStatus.BAD_GATEWAY, `Discord request failed: ${this.reason}`);
  }
}
