import { fillRefusal, refusals } from '@guildhall/generated/refusals';

/**
 * A length of time in words, in the schedule plan's words (schemas/common/schedule-plan.json x-refusals): "5 minutes",
 * "1 hour", "1 hour 30 minutes", "2 days". The server's interval refusal and the schedules page both say it this way.
 */

const UNITS = [
  { minutes: 1440, one: refusals.durationDay, many: refusals.durationDays },
  { minutes: 60, one: refusals.durationHour, many: refusals.durationHours },
  { minutes: 1, one: refusals.durationMinute, many: refusals.durationMinutes },
] as const;

/** Whole minutes (a fraction is rounded) as days, hours and minutes, largest first, parts of zero left out. */
export function durationWords(minutes: number): string {
  let left = Math.max(0, Math.round(minutes));
  const parts: string[] = [];
  for (const unit of UNITS) {
    const count = Math.floor(left / unit.minutes);
    left -= count * unit.minutes;
    if (count > 0) parts.push(count === 1 ? unit.one : fillRefusal(unit.many, { count }));
  }
  if (parts.length === 0) return fillRefusal(refusals.durationMinutes, { count: 0 });
  return parts.reduce((larger, smaller) => fillRefusal(refusals.durationJoin, { larger, smaller }));
}
