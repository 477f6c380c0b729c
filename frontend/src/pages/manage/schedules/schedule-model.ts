// A scheduled message as its editor holds it: the collection's generated module (schema, uiSchema, validator), a new
// schedule's starting point (once, an hour ahead, in the browser's zone), and the plan's own check before the server
// is asked for its next runs.
import * as scheduledMessages from '@guildhall/generated/collections/scheduled-messages.js';
import { validateWith } from '@guildhall/generated/field-errors';
import type { DiscordMessage, FieldError, ScheduledMessage, SchedulePlan } from '@guildhall/generated/types';
import { validateSchedulePlan } from '@guildhall/generated/validators/schedule-plan.js';
import { emptyEmbed } from '../embed-builder/model';

/** The scheduled-messages collection's module: what the form engine draws and validates an item with. */
export const SCHEDULE_FORM = scheduledMessages;

/** A schedule being edited: every property of the schema, `channel_id` empty until one is chosen. */
export type ScheduleDraft = Omit<ScheduledMessage, 'channel_id'> & { channel_id?: string };

/** A plan with every property's default filled in by the schema's own validator (it applies the defaults). */
function planWithDefaults(plan: Partial<SchedulePlan> & Pick<SchedulePlan, 'kind' | 'timeZone'>): SchedulePlan {
  const result = validateWith(validateSchedulePlan, structuredClone(plan));
  return (result.ok ? result.value : { ...plan }) as SchedulePlan;
}

const FIVE_MINUTES = 5 * 60_000;

/**
 * The browser's IANA time zone, which a new schedule proposes. (The plan's time-zone widget says the same of its own;
 * importing it from there would draw the widget into the form engine's chunk every settings page loads.)
 */
export const browserTimeZone = (): string => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

/** An instant as a wall-clock time in a zone, as the plan's `at` holds it (YYYY-MM-DDTHH:mm). */
export function wallTime(instant: Date, timeZone: string): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(instant)
      .map((p) => [p.type, p.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}`;
}

/**
 * A new schedule: the schema's defaults, the message from the Embed Builder when it sent one (else one empty embed),
 * and a plan the schema's default (daily in UTC) would not give: once, an hour from now rounded up to 5 minutes, in the
 * browser's zone.
 */
export function newSchedule(now: Date, timeZone: string, message?: DiscordMessage): ScheduleDraft {
  const at = new Date(Math.ceil((now.getTime() + 60 * 60_000) / FIVE_MINUTES) * FIVE_MINUTES);
  return {
    ...(structuredClone(scheduledMessages.defaults) as Omit<ScheduleDraft, 'message' | 'plan'>),
    message: message ? structuredClone(message) : { content: '', embeds: [emptyEmbed()] },
    plan: planWithDefaults({ kind: 'once', at: wallTime(at, timeZone), timeZone }),
  };
}

export function draftOf(item: ScheduledMessage): ScheduleDraft {
  return { ...(structuredClone(scheduledMessages.defaults) as object), ...structuredClone(item) } as ScheduleDraft;
}

/** What is sent: the draft, without an empty channel (the schema's words then say to pick one). */
export function itemToSend(draft: ScheduleDraft): Partial<ScheduledMessage> {
  const item: Partial<ScheduledMessage> = { ...draft } as Partial<ScheduledMessage>;
  if (!draft.channel_id) delete item.channel_id;
  return item;
}

/** Whether the schema accepts the plan as it stands (only then is the server asked for its next runs). */
export function planIsValid(plan: SchedulePlan | undefined): plan is SchedulePlan {
  return plan !== undefined && validateWith(validateSchedulePlan, plan).ok;
}

/** Field errors of a body (`/item/...`, `/plan/...`) as paths into the item; the others are left out. */
export function itemErrors(fieldErrors: readonly FieldError[], under: string): FieldError[] {
  return fieldErrors
    .filter((e) => e.path === under || e.path.startsWith(`${under}/`))
    .map((e) => ({ ...e, path: e.path.slice(under.length) || '/' }));
}

/** The next runs as the viewer reads dates, in the schedule's zone ('Fri, 27 Nov 2026, 15:05 GMT'). */
export function formatRun(iso: string, timeZone: string): string {
  const options: Intl.DateTimeFormatOptions = { dateStyle: 'full', timeStyle: 'short' };
  try {
    return `${new Intl.DateTimeFormat(undefined, { ...options, timeZone }).format(new Date(iso))} (${timeZone})`;
  } catch {
    return new Intl.DateTimeFormat(undefined, options).format(new Date(iso));
  }
}
