import { useGuildPremium } from '../../api/queries';
import { hasPaidPlan } from './plan-status';

/**
 * Whether the guild's premium features are locked: known to be on the free tier. While the plan loads (or cannot be
 * read) nothing is locked: the server refuses a premium feature anyway, and a lock that flickers away misleads.
 */
export function usePremiumLocked(guildId: string): boolean {
  const premium = useGuildPremium(guildId);
  return premium.isSuccess && !hasPaidPlan(premium.data.premium);
}

/** Where a locked premium feature leads: the plans. */
export const UPGRADE_PATH = '/premium';
