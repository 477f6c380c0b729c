import type { PlanLimit as Limit } from '@guildhall/generated/types';
import { Check, Infinity as InfinityIcon } from 'lucide-react';

/**
 * One cell of the feature-limit table: a number, included, unlimited, or not shown for that plan. `stacked` puts the
 * icon above the word below the sm breakpoint, so a phone has room for all three plans' columns side by side.
 */
export function PlanLimit({ value, stacked = false }: { value: Limit; stacked?: boolean }) {
  const layout = stacked
    ? 'flex flex-col items-start gap-0.5 sm:inline-flex sm:flex-row sm:items-center sm:gap-1'
    : 'inline-flex items-center gap-1';
  if (typeof value === 'number') return <span className="font-semibold">{value}</span>;
  if (value === 'included')
    return (
      <span className={`${layout} text-ok`}>
        <Check aria-hidden="true" className="h-4 w-4" />
        Included
      </span>
    );
  if (value === 'unlimited')
    return (
      <span className={`${layout} font-semibold`}>
        <InfinityIcon aria-hidden="true" className="h-4 w-4" />
        Unlimited
      </span>
    );
  return (
    <span title="Not shown for this plan" className="text-muted">
      <span aria-hidden="true">—</span>
      <span className="sr-only">Not shown</span>
    </span>
  );
}
