import type { PlanLimitStatus, PlanSlug } from '@guildhall/generated/types';
import type { ReactNode } from 'react';
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

/** What a plan limit counts, in the singular and the plural. */
export interface LimitNoun {
  one: string;
  many: string;
}
const PANELS: LimitNoun = { one: 'ticket panel', many: 'ticket panels' };

/** "2 of 2 ticket panels on the Free plan" (or, without a limit, how many there are); other pages name their items. */
export function planLimitText(used: number, limit: PlanLimitStatus, noun: LimitNoun = PANELS): string {
  return limit.max === null
    ? `${used} ${used === 1 ? noun.one : noun.many}, no limit on the ${limit.planName} plan`
    : `${used} of ${limit.max} ${noun.many} on the ${limit.planName} plan`;
}

/** The plan that allows more, linked: "Upgrade to Standard", and what it allows after it when given (" for 10"). */
export function UpgradeLink({
  limit,
  children,
}: {
  limit: { upgrade: { plan: PlanSlug; planName: string } | null };
  children?: ReactNode;
}) {
  if (!limit.upgrade) return null;
  return (
    <Link to={`/plans/${limit.upgrade.plan}`} className="inline-flex items-center gap-1 font-semibold text-fg underline decoration-warn">
      <Crown aria-hidden="true" className="h-4 w-4 text-warn" />
      Upgrade to {limit.upgrade.planName}
      {children}
    </Link>
  );
}
