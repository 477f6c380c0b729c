import type { SchedulePlan } from '@guildhall/generated/types';
import { Cron } from 'croner';

/**
 * When a schedule plan (schemas/common/schedule-plan.json) is due, computed by croner in the plan's IANA time zone (it
 * asks the platform's Intl), so every kind follows one reading of daylight-saving changes: a wall time the change
 * skips runs when the skipped hour ends (a daily 01:30 in Europe/London runs at 02:00 BST on the spring-forward night),
 * and a wall time the change repeats runs once, at its first occurrence. Daily, weekly and monthly plans are cron
 * patterns built from their fields; a monthly day past a month's end runs on its last day (croner's `L`). A once plan
 * and the start of an every-N-hours plan are wall times read the same way; every N hours counts real hours from there.
 */

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;
const CRON_DAYS = { sun: 0, mon: 1, tue: 2, wed: 3, thu: 4, fri: 5, sat: 6 } as const;
/** The months that have fewer than 29, 30 and 31 days in some year. */
const SHORTER_MONTHS = { 29: '2', 30: '2', 31: '2,4,6,9,11' } as const;

/** A plan croner cannot read (a cron expression that does not parse): the parser's reason. */
export class PlanError extends Error {
  constructor(readonly reason: string) {
    super(reason);
    this.name = 'PlanError';
  }
}

const cron = (pattern: string, timeZone: string) => {
  try {
    return new Cron(pattern, { timezone: timeZone, paused: true });
  } catch (err) {
    throw new PlanError(String(err instanceof Error ? err.message : err).replace(/^CronPattern:\s*/, ''));
  }
};

const wall = (plan: SchedulePlan) => {
  const [hour, minute] = (plan.time ?? '09:00').split(':').map(Number);
  return { hour: hour!, minute: minute! };
};

/** The plan's cron patterns (a monthly day past some months' ends needs a second one for their last day); null: not cron-like. */
function patternsOf(plan: SchedulePlan): string[] | null {
  const { hour, minute } = wall(plan);
  switch (plan.kind) {
    case 'daily':
      return [`${minute} ${hour} * * *`];
    case 'weekly':
      return [`${minute} ${hour} * * ${(plan.days ?? []).map((day) => CRON_DAYS[day]).join(',')}`];
    case 'monthly': {
      const day = plan.day ?? 1;
      const shorter = day in SHORTER_MONTHS ? SHORTER_MONTHS[day as keyof typeof SHORTER_MONTHS] : null;
      return [`${minute} ${hour} ${day} * *`, ...(shorter ? [`${minute} ${hour} L ${shorter} *`] : [])];
    }
    case 'cron':
      return [(plan.cron ?? '').trim()];
    default:
      return null;
  }
}

/**
 * The instant a wall-clock time (YYYY-MM-DDTHH:mm) names in a time zone, by croner's reading of the zone (a skipped
 * time is the end of the gap, a repeated one its first occurrence); null when the date does not exist (30 February).
 */
export function zonedInstant(local: string, timeZone: string): Date | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(local);
  if (!match) return null;
  const [year, month, day, hour, minute] = match.slice(1).map(Number) as [number, number, number, number, number];
  const midnightUtc = Date.UTC(year, month - 1, day);
  // Date.UTC rolls a day or month past its end over (30 February is 2 March, month 13 next January): not a date.
  const date = new Date(midnightUtc);
  if (date.getUTCDate() !== day || date.getUTCMonth() !== month - 1 || hour > 23 || minute > 59) return null;
  // From two days before (every zone's offset is within ±14 hours), the pattern's next match is that date's.
  const next = cron(`${minute} ${hour} ${day} ${month} *`, timeZone).nextRun(new Date(midnightUtc - 2 * DAY_MS));
  return next && next.getTime() < midnightUtc + 2 * DAY_MS ? next : null;
}

/** The first instant after the plan's end date (its next day's midnight in the zone); null: no end. */
function endOf(plan: SchedulePlan): Date | null {
  if (!plan.until) return null;
  const next = new Date(Date.parse(`${plan.until}T00:00:00Z`) + DAY_MS).toISOString().slice(0, 10);
  return zonedInstant(`${next}T00:00`, plan.timeZone);
}

/**
 * The plan's due times after `after` (strictly), soonest first, at most `count`, none past its end date. Throws
 * PlanError when the plan's cron expression does not parse.
 */
export function nextRuns(plan: SchedulePlan, after: Date, count: number): Date[] {
  // A once plan has no end date (the field is not its kind's, and may hold a value typed for another kind).
  const end = plan.kind === 'once' ? null : endOf(plan);
  const within = (runs: Date[]) => runs.filter((run) => run > after && (end === null || run < end)).slice(0, count);
  if (count <= 0) return [];
  if (plan.kind === 'once') {
    const at = plan.at ? zonedInstant(plan.at, plan.timeZone) : null;
    return within(at ? [at] : []);
  }
  if (plan.kind === 'hours') {
    const start = plan.at ? zonedInstant(plan.at, plan.timeZone) : null;
    if (!start) return [];
    const step = (plan.every ?? 24) * HOUR_MS;
    const first = after < start ? 0 : Math.floor((after.getTime() - start.getTime()) / step) + 1;
    const runs = Array.from({ length: count }, (_, i) => new Date(start.getTime() + (first + i) * step));
    return within(runs);
  }
  const patterns = patternsOf(plan) ?? [];
  const merged = new Map<number, Date>();
  for (const pattern of patterns) {
    for (const run of cron(pattern, plan.timeZone).nextRuns(count, after)) merged.set(run.getTime(), run);
  }
  return within([...merged.values()].sort((a, b) => a.getTime() - b.getTime()));
}

/** The due times in (after, until], soonest first, at most `limit`: the runs a tick of the job runner has to handle. */
export function runsBetween(plan: SchedulePlan, after: Date, until: Date, limit: number): Date[] {
  return nextRuns(plan, after, limit).filter((run) => run <= until);
}

/**
 * The shortest time, in minutes, between two consecutive runs of the plan from `from` (its end date aside): the real
 * hours of an every-N-hours plan, else the smallest gap among its next 200 runs. Null for a once plan.
 */
export function shortestIntervalMinutes(plan: SchedulePlan, from: Date): number | null {
  if (plan.kind === 'once') return null;
  if (plan.kind === 'hours') return (plan.every ?? 24) * 60;
  const runs = nextRuns({ ...plan, until: '' }, from, 200);
  let shortest: number | null = null;
  for (let i = 1; i < runs.length; i++) {
    const gap = (runs[i]!.getTime() - runs[i - 1]!.getTime()) / 60_000;
    if (shortest === null || gap < shortest) shortest = gap;
  }
  return shortest;
}
