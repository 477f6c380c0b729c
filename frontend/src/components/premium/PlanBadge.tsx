import type { GuildPremium } from '@guildhall/generated/types';
import { Crown } from 'lucide-react';
import { planTerm } from './plan-status';

/** A guild's paid plan as a small crowned badge ("Standard · until 22 Dec 2026"); nothing on the free tier. */
export function PlanBadge({ premium, className = '' }: { premium: GuildPremium | null | undefined; className?: string }) {
  const term = planTerm(premium);
  if (!premium || !term) return null;
  return (
    <span
      className={`inline-flex items-center gap-1 rounded-full bg-warn/15 px-2 py-0.5 text-xs text-warn ${className}`}
      data-plan={premium.plan}
    >
      <Crown aria-hidden="true" className="h-3 w-3 shrink-0" />
      <span>
        {premium.planName} <span className="text-muted">· {term}</span>
      </span>
    </span>
  );
}
