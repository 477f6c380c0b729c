import type { FieldError } from '@guildhall/generated/types';
import { ApiError } from '../http/api-error.js';

/**
 * How far ahead of this server's clock a timestamp the bot reports may be: the bot runs on another machine, whose clock
 * may run a little fast. Beyond that the date is wrong, and a transcript "closed" in 2999 would outlive every retention.
 */
export const BOT_CLOCK_SKEW_MS = 5 * 60 * 1000;

/** The times each bot report names, by its operation (schemas/operations.json): what happened, so never ahead of now. */
export const REPORTED_TIMES = {
  uploadTranscript: ['openedAt', 'closedAt'],
  reportJoinDmDelivery: ['sentAt'],
} as const;

export const IN_THE_FUTURE = 'Must not be in the future (the bot reports what has already happened)';

/**
 * Refuses (400, a field error at each field's path) the named top-level timestamps of a bot report that lie more
 * than BOT_CLOCK_SKEW_MS after `now`. The schema has already checked their form.
 */
export function refuseFutureTimestamps<T extends object>(report: T, fields: readonly (keyof T & string)[], now: Date, error: string): void {
  const latest = now.getTime() + BOT_CLOCK_SKEW_MS;
  const fieldErrors: FieldError[] = fields
    .filter((field) => Date.parse(String(report[field])) > latest)
    .map((field) => ({ path: `/${field}`, message: IN_THE_FUTURE }));
  if (fieldErrors.length) throw ApiError.validation(fieldErrors, error);
}
