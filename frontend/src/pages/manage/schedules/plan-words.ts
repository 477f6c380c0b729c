import planFile from '@guildhall/generated/schema.schedule-plan.json';
import type { SchedulePlan } from '@guildhall/generated/types';

// A schedule's plan and its runs in words, for the list's cards. The days' names are the schema's own labels (the
// published schema alone: the list loads no form engine).

type Day = SchedulePlan['days'][number];
const DAY_LABELS = (planFile.schema.properties.days.items['x-ui'] as { enumLabels: Record<Day, string> }).enumLabels;
const DAY_ORDER = planFile.schema.properties.days.items.enum as Day[];

/** "Monday", "Monday and Friday", "Monday, Wednesday and Friday", in the week's order. */
function listWords(words: string[]): string {
  return words.length <= 1 ? (words[0] ?? '') : `${words.slice(0, -1).join(', ')} and ${words.at(-1)}`;
}

/** A YYYY-MM-DD date as "27 Nov 2026": the calendar day itself, whatever the viewer's zone. */
export function dateWords(date: string): string {
  const [y, m, d] = date.split('-').map(Number);
  if (!y || !m || !d) return date;
  return new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(Date.UTC(y, m - 1, d)),
  );
}

/** A YYYY-MM-DDTHH:mm wall time as "27 Nov 2026 at 15:30". */
const wallTimeWords = (at: string) => `${dateWords(at.slice(0, 10))} at ${at.slice(11, 16)}`;

/**
 * The plan in words: "Once on 27 Nov 2026 at 15:30 (UTC)", "Every 6 hours from 27 Nov 2026 at 15:30 (UTC)", "Every day
 * at 09:00 (Europe/London)", "Every Monday and Friday at 09:00 (Europe/London)", "Monthly on day 31 at 09:00 (UTC)",
 * "Cron 0 9 * * 1-5 (UTC)"; a recurring plan with an end date adds ", until 31 Dec 2026".
 */
export function planWords(plan: SchedulePlan): string {
  const zone = `(${plan.timeZone})`;
  const until = plan.kind !== 'once' && plan.until ? `, until ${dateWords(plan.until)}` : '';
  switch (plan.kind) {
    case 'once':
      return `Once on ${wallTimeWords(plan.at)} ${zone}`;
    case 'hours':
      return `${plan.every === 1 ? 'Every hour' : `Every ${plan.every} hours`} from ${wallTimeWords(plan.at)} ${zone}${until}`;
    case 'daily':
      return `Every day at ${plan.time} ${zone}${until}`;
    case 'weekly': {
      const days = DAY_ORDER.filter((d) => plan.days.includes(d));
      const words = days.length === DAY_ORDER.length ? 'day' : listWords(days.map((d) => DAY_LABELS[d]));
      return `Every ${words} at ${plan.time} ${zone}${until}`;
    }
    case 'monthly':
      return `Monthly on day ${plan.day} at ${plan.time} ${zone}${until}`;
    case 'cron':
      return `Cron ${plan.cron.trim()} ${zone}${until}`;
  }
}

/** The browser's IANA time zone (the viewer's). */
export const viewerTimeZone = (): string => Intl.DateTimeFormat().resolvedOptions().timeZone;

const DATE_TIME: Intl.DateTimeFormatOptions = { dateStyle: 'medium', timeStyle: 'short' };

/** An instant in the viewer's locale and zone: "27 Nov 2026, 15:30". */
export const instantWords = (iso: string): string => new Date(iso).toLocaleString(undefined, DATE_TIME);

/** The same instant in the schedule's zone, in the viewer's locale. */
export const instantInZone = (iso: string, timeZone: string): string => new Date(iso).toLocaleString(undefined, { ...DATE_TIME, timeZone });
