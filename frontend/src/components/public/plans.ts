import { planCatalog } from '@guildhall/generated/plans';
import type { PeriodKey, Plan, PlanKey, PlanPeriod, PlanSlug } from '@guildhall/generated/types';

/** The plans, durations, prices and limits live in schemas/plans/plans.json; this file only reads them. */
export const { plans, periods, limits, includedForAll, pricingPolicy } = planCatalog;

/** The plan for a URL name; an unknown name falls back to Basic. */
export function planForSlug(slug: string | undefined): Plan {
  return plans.find((plan) => plan.slug === slug) ?? plans[0]!;
}

export function periodForKey(key: string | undefined): PlanPeriod | undefined {
  return periods.find((period) => period.key === key);
}

export function priceOf(plan: Plan, period: PeriodKey): number {
  return plan.prices[period];
}

/**
 * The displayed saving of a duration: the price against the monthly price times the period's
 * comparison months (3 for 3 months, 12 for 1 year; lifetime against 36 months, three years of monthly
 * payments), as a rounded percentage. null when the period shows none or nothing is saved.
 */
export function savingsPercent(plan: Plan, period: PlanPeriod): number | null {
  if (period.savingsBasisMonths === null) return null;
  const full = plan.prices.monthly * period.savingsBasisMonths;
  const percent = Math.round(((full - plan.prices[period.key]) / full) * 100);
  return percent > 0 ? percent : null;
}

const rupees = new Intl.NumberFormat('en-IN', { style: 'currency', currency: planCatalog.currency, maximumFractionDigits: 0 });

/** 1999 -> "₹1,999". */
export function formatRupees(amount: number): string {
  return rupees.format(amount);
}

/** The pricing policy page's reading of a plan, which differs from the plan pages': both are kept. */
export function policyPlan(key: PlanKey) {
  return pricingPolicy.plans.find((p) => p.plan === key)!;
}

/** "Free", or "from ₹169 per month". */
export function policyPriceText(key: PlanKey): string {
  const from = policyPlan(key).monthlyFrom;
  return from === 0 ? 'Free' : `from ${formatRupees(from)} per month`;
}

export function isPlanSlug(value: string | undefined): value is PlanSlug {
  return plans.some((plan) => plan.slug === value);
}

/** What the plan page hands to the process page in navigation state: plan name, period and price. */
export interface OrderState {
  planName: string;
  period: PeriodKey;
  periodLabel: string;
  price: number;
}
