import type { GuildPremium } from '@guildhall/generated/types';
import { useGuildPremium } from '../../api/queries';
import { hasPaidPlan } from './plan-status';

/**
 * What the guild's plan says of its premium features: 'locked' (known to be on the free tier), 'included' (a paid
 * plan, named), or 'unknown' while the plan loads or cannot be read (then nothing is locked: the server refuses a
 * premium feature anyway, and a lock that flickers away misleads). One source for the sidebar's lock and its note.
 */
export type PremiumState = { state: 'locked' } | { state: 'included'; premium: GuildPremium } | { state: 'unknown' };

export function usePremiumState(guildId: string): PremiumState {
  const premium = useGuildPremium(guildId);
  if (!premium.isSuccess) return { state: 'unknown' };
  const plan = premium.data.premium;
  return plan && hasPaidPlan(plan) ? { state: 'included', premium: plan } : { state: 'locked' };
}

/** Whether the guild's premium features are locked: known to be on the free tier. */
export function usePremiumLocked(guildId: string): boolean {
  return usePremiumState(guildId).state === 'locked';
}

/** Where a locked premium feature leads: the plans. */
export const UPGRADE_PATH = '/premium';
