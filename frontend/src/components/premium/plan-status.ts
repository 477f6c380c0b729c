import type { GuildPremium } from '@guildhall/generated/types';

// End dates are whole calendar months after a purchase, computed in UTC (common/premium.ts addMonths): shown in UTC
// so the day shown is the day the plan was extended to, wherever the reader is.
const day = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });

/** "22 Dec 2026". */
export function formatPlanDate(iso: string): string {
  return day.format(new Date(iso));
}

/** Whether the guild is on a paid plan now (the free tier has no plan). */
export function hasPaidPlan(premium: GuildPremium | null | undefined): boolean {
  return Boolean(premium?.plan);
}

/** How long a paid plan lasts, in words: "until 22 Dec 2026" or "Lifetime"; null on the free tier. */
export function planTerm(premium: GuildPremium | null | undefined): string | null {
  if (!premium?.plan) return null;
  return premium.endsAt ? `until ${formatPlanDate(premium.endsAt)}` : 'Lifetime';
}

/** "Premium active until 22 Dec 2026" or "Premium active: Lifetime"; null on the free tier. */
export function premiumActiveText(premium: GuildPremium | null | undefined): string | null {
  if (!premium?.plan) return null;
  return premium.endsAt ? `Premium active until ${formatPlanDate(premium.endsAt)}` : 'Premium active: Lifetime';
}
