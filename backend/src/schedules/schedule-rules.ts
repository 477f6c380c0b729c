import { durationWords } from '@guildhall/common/duration';
import { planCatalog } from '@guildhall/generated/plans';
import { fillRefusal, refusals } from '@guildhall/generated/refusals';
import { publishedSchemas } from '@guildhall/generated/schemas';
import type { FieldError, SchedulePlan } from '@guildhall/generated/types';
import { nextRuns, PlanError, shortestIntervalMinutes, zonedInstant } from './next-runs.js';

/**
 * The checks a schedule plan meets beyond its shape (schemas/common/schedule-plan.json's `x-schedule`), which need the
 * server's clock, the guild's plan and the cron parser: a cron expression that does not parse, runs closer together
 * than the guild's plan allows, a once plan whose time has passed, a plan with no run before its end date. Each says
 * the schema's own words (its x-messages); the engine's write check (references/guild-references.ts) runs them on
 * every plan a document names, and the preview on the plan being edited.
 */

type Schema = { readonly [keyword: string]: unknown };
const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** A plan's `x-schedule` (scripts/generate/keywords/x-schedule.mjs checks its shape). */
export interface ScheduleRule {
  graceMinutes: number;
  previewRuns: number;
}

/** The words a plan gives in its x-messages (the generator refuses an x-schedule without all of them). */
export interface ScheduleMessages {
  'x-schedule-cron': string;
  'x-schedule-interval': string;
  'x-schedule-past': string;
  'x-schedule-never': string;
}

export interface ScheduleField {
  rule: ScheduleRule;
  messages: ScheduleMessages;
}

/** The `x-schedule` node among the subschemas that apply at one place (its words beside it), or undefined. */
export function scheduleFieldOf(schemas: readonly Schema[]): ScheduleField | undefined {
  const marked = schemas.find((schema) => isObject(schema['x-schedule']));
  if (!marked) return undefined;
  return { rule: marked['x-schedule'] as ScheduleRule, messages: marked['x-messages'] as ScheduleMessages };
}

/** The published schedule plan's rule and words (what a plan outside a document, the preview's, is judged by). */
export const SCHEDULE_PLAN: ScheduleField = scheduleFieldOf([publishedSchemas['schedule-plan'] as Schema])!;

export interface PlanContext {
  now: Date;
  /** The guild's plan's shortest interval between two runs, in minutes (plans catalog minimumScheduleInterval). */
  minimumMinutes: number;
  /** The guild's plan as the page names it ("Free", "Standard"). */
  planName: string;
  /** The plan as stored (an update): an unchanged plan was checked when it was saved, and is not judged again. */
  stored?: SchedulePlan;
  /** Where the plan sits (field errors' path prefix); '/plan' unless said. */
  path?: string;
  /** The plan's rule and words where a document names it; the published schedule plan's unless said. */
  field?: ScheduleField;
}

/** Whether two plans say the same (fields compared by name, whatever their order in storage). */
export function samePlan(a: SchedulePlan | undefined, b: SchedulePlan | undefined): boolean {
  if (a === undefined || b === undefined) return false;
  const canonical = (plan: SchedulePlan) => JSON.stringify(Object.entries(plan).sort(([x], [y]) => (x < y ? -1 : 1)));
  return canonical(a) === canonical(b);
}

/**
 * The field errors of a plan (none when it may be saved): its cron expression must parse (`x-schedule-cron` at /cron,
 * with the parser's reason); runs may not come closer together than the guild's plan allows (`x-schedule-interval`
 * where the interval is set: /every, /cron, or the plan itself); a once plan's time must be ahead
 * (`x-schedule-past` at /at); a recurring plan must have a run before its end date (`x-schedule-never` at /until).
 * A plan equal to `stored` is not judged: what was allowed when saved stays (a once plan that ran can still be renamed,
 * a finished one paused).
 */
export function planProblems(plan: SchedulePlan, context: PlanContext): FieldError[] {
  const { now, stored, path = '/plan', field = SCHEDULE_PLAN } = context;
  if (samePlan(plan, stored)) return [];
  const words = field.messages;
  const problem = (at: string, message: string): FieldError[] => [{ path: `${path}${at}`, message }];
  let next: Date[];
  try {
    next = nextRuns(plan, now, 1);
  } catch (err) {
    if (err instanceof PlanError) return problem('/cron', fillRefusal(words['x-schedule-cron'], { reason: err.reason }));
    throw err;
  }
  if (plan.kind === 'once' || plan.kind === 'hours') {
    const at = zonedInstant(plan.at, plan.timeZone);
    // A date that does not exist (30 February) names no run at all.
    if (!at) return problem('/at', words['x-schedule-never']);
    if (plan.kind === 'once') return at > now ? [] : problem('/at', fillRefusal(words['x-schedule-past'], { timeZone: plan.timeZone }));
  }
  const interval = shortestIntervalMinutes(plan, now);
  if (interval !== null && interval < context.minimumMinutes) {
    const at = plan.kind === 'hours' ? '/every' : plan.kind === 'cron' ? '/cron' : '';
    return problem(at, intervalWords(words['x-schedule-interval'], context, interval));
  }
  if (next.length === 0) return problem(plan.until ? '/until' : plan.kind === 'cron' ? '/cron' : '', words['x-schedule-never']);
  return [];
}

/** The interval refusal, and the first plan of the catalog that allows this schedule's interval when one does. */
function intervalWords(words: string, context: PlanContext, interval: number): string {
  const refusal = fillRefusal(words, {
    planName: context.planName,
    allowed: durationWords(context.minimumMinutes),
    interval: durationWords(interval),
  });
  const allows = planCatalog.plans.find((plan) => planCatalog.minimumScheduleInterval[plan.key] <= interval);
  if (!allows) return refusal;
  const allowed = durationWords(planCatalog.minimumScheduleInterval[allows.key]);
  return fillRefusal(refusals.scheduleIntervalUpgrade, { refusal, planName: allows.name, allowed });
}
