import type { PlanLimitStatus } from '@guildhall/generated/types';
import { Crown } from 'lucide-react';
import { Link } from 'react-router-dom';
import { ApiError } from '../../../api/client';

/** A create the guild's plan refused (403 with the plan's limit): the server's sentence and the plan that allows more. */
export interface PlanLimitRefusal {
  message: string;
  planLimit: PlanLimitStatus;
}

export function planLimitRefusal(err: unknown): PlanLimitRefusal | null {
  if (!(err instanceof ApiError) || err.status !== 403) return null;
  const planLimit = err.body.planLimit as PlanLimitStatus | undefined;
  return planLimit && typeof planLimit === 'object' ? { message: err.message, planLimit } : null;
}

/** "2 of 2 ticket panels on the Free plan" (or, without a limit, how many there are). */
export function planLimitText(used: number, limit: PlanLimitStatus): string {
  return limit.max === null
    ? `${used} ticket ${used === 1 ? 'panel' : 'panels'}, no limit on the ${limit.planName} plan`
    : `${used} of ${limit.max} ticket panels on the ${limit.planName} plan`;
}

export function UpgradeLink({ limit }: { limit: PlanLimitStatus }) {
  if (!limit.upgrade) return null;
  return (
    <Link to={`/plans/${limit.upgrade.plan}`} className="inline-flex items-center gap-1 font-semibold text-fg underline decoration-warn">
      <Crown aria-hidden="true" className="h-4 w-4 text-warn" />
      Upgrade to {limit.upgrade.planName}
    </Link>
  );
}
