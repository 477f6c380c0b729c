import { planCatalog } from '@guildhall/generated/plans';
import type { GuildPremium, PeriodKey, Plan, PlanKey, PlanLimitStatus, PlanSlug, ScheduleStatusResponse } from '@guildhall/generated/types';

/**
 * A guild's plan and what it allows, read from the plan catalog (schemas/plans/plans.json) by the server that
 * enforces it and the pages that show it: the free tier, plan limits and the plan that allows more, and how a
 * purchase extends the plan a guild already has.
 */

/**
 * What the server keeps per guild (records collection `guild-premium`, id = guild id): for each plan bought, until
 * when (ISO 8601; null: lifetime). Each plan's time is its own, so buying another plan never loses paid time: the
 * guild is on the highest plan still in force, and drops to the next one (or the free tier) when it ends.
 */
export interface PremiumState {
  ends: Partial<Record<PlanKey, string | null>>;
}

export function planByKey(key: PlanKey): Plan {
  const plan = planCatalog.plans.find((candidate) => candidate.key === key);
  if (!plan) throw new RangeError(`Unknown plan key: ${key}`);
  return plan;
}

export function planBySlug(slug: PlanSlug): Plan {
  const plan = planCatalog.plans.find((candidate) => candidate.slug === slug);
  if (!plan) throw new RangeError(`Unknown plan: ${slug}`);
  return plan;
}

/** The catalog's price of a plan for a duration, in whole rupees. */
export function priceFor(slug: PlanSlug, period: PeriodKey): number {
  return planBySlug(slug).prices[period];
}

const inForce = (end: string | null | undefined, now: Date) => end === null || (end !== undefined && Date.parse(end) > now.getTime());

/** The highest plan in force at `now` with its end (null: lifetime), or null on the free tier. */
export function activePlan(
  state: PremiumState | null | undefined,
  now: Date = new Date(),
): { plan: PlanKey; endsAt: string | null } | null {
  if (!state) return null;
  for (const plan of [...planCatalog.plans].reverse()) {
    const end = state.ends[plan.key];
    if (inForce(end, now)) return { plan: plan.key, endsAt: end ?? null };
  }
  return null;
}

/** The plan key a guild's limits come from: its active paid plan, else the free tier's `limitsOf`. */
export function limitsPlan(state: PremiumState | null | undefined, now: Date = new Date()): PlanKey {
  return activePlan(state, now)?.plan ?? planCatalog.freeTier.limitsOf;
}

/** The guild's plan as the API shows it: a paid plan until its end, or the free tier. */
export function guildPremium(state: PremiumState | null | undefined, now: Date = new Date()): GuildPremium {
  const active = activePlan(state, now);
  if (!active) return { plan: null, planName: planCatalog.freeTier.name, endsAt: null };
  const plan = planByKey(active.plan);
  return { plan: plan.slug, planName: plan.name, endsAt: active.endsAt };
}

/** A limit cell as a number of items: null for unlimited (and for a plan the table does not state a number for). */
function allowance(feature: string, key: PlanKey): number | null {
  const row = planCatalog.limits.find((entry) => entry.feature === feature);
  if (!row) throw new RangeError(`Unknown plan-limited feature: ${feature}`);
  const cell = row.limits[key];
  return typeof cell === 'number' ? cell : null;
}

/** How many of `feature` the guild's plan allows, and the first plan of the catalog that allows more (null: none does). */
export function planLimit(feature: string, state: PremiumState | null | undefined, now: Date = new Date()): PlanLimitStatus {
  const key = limitsPlan(state, now);
  const max = allowance(feature, key);
  const planName = guildPremium(state, now).planName;
  const more = (other: number | null) => max !== null && (other === null || other > max);
  const better = max === null ? undefined : planCatalog.plans.find((plan) => more(allowance(feature, plan.key)));
  return {
    feature,
    planName,
    max,
    upgrade: better ? { plan: better.slug, planName: better.name, max: allowance(feature, better.key) } : null,
  };
}

/** The sentence a create beyond the plan's limit answers with (403). */
export function planLimitMessage(status: PlanLimitStatus, noun: string): string {
  const held = `Your server's ${status.planName} plan allows ${status.max ?? 'unlimited'} ${noun}.`;
  if (!status.upgrade) return held;
  const upTo = status.upgrade.max === null ? 'as many as you like' : `up to ${status.upgrade.max}`;
  return `${held} Upgrade to ${status.upgrade.planName} to create ${upTo}.`;
}

/** Calendar months later, clamped to the month's last day (31 January + 1 month = 28 or 29 February). */
export function addMonths(from: Date, months: number): Date {
  const result = new Date(from.getTime());
  const day = result.getUTCDate();
  result.setUTCDate(1);
  result.setUTCMonth(result.getUTCMonth() + months);
  const lastDay = new Date(Date.UTC(result.getUTCFullYear(), result.getUTCMonth() + 1, 0)).getUTCDate();
  result.setUTCDate(Math.min(day, lastDay));
  return result;
}

/**
 * The state after a paid purchase of `plan` for `period`: that plan's time is extended from its own end when still in
 * force (not from now), starts now when lapsed or never bought; lifetime has no end. Other plans keep their time.
 */
export function extendPremium(
  state: PremiumState | null | undefined,
  plan: PlanKey,
  period: PeriodKey,
  now: Date = new Date(),
): PremiumState {
  const months = planCatalog.periods.find((entry) => entry.key === period)?.months;
  if (months === undefined) throw new RangeError(`Unknown period: ${period}`);
  const current = state?.ends[plan];
  let end: string | null;
  if (months === null || current === null) end = null;
  else end = addMonths(inForce(current, now) ? new Date(current!) : now, months).toISOString();
  return { ends: { ...state?.ends, [plan]: end } };
}

/** The shortest time between two runs of one schedule a guild's plan allows, and the first plan that allows a shorter one. */
export type ScheduleIntervalLimit = ScheduleStatusResponse['minimumInterval'];

/**
 * How often one scheduled message may post on the guild's plan (the catalog's `minimumScheduleInterval`; the free tier
 * has its `limitsOf` plan's), and the first plan of the catalog that allows a shorter interval (null: none does).
 */
export function minimumScheduleInterval(state: PremiumState | null | undefined, now: Date = new Date()): ScheduleIntervalLimit {
  const minutes = planCatalog.minimumScheduleInterval[limitsPlan(state, now)];
  const better = planCatalog.plans.find((plan) => planCatalog.minimumScheduleInterval[plan.key] < minutes);
  return {
    planName: guildPremium(state, now).planName,
    minutes,
    upgrade: better ? { plan: better.slug, planName: better.name, minutes: planCatalog.minimumScheduleInterval[better.key] } : null,
  };
}
