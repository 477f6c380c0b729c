import type { PlanLimit as Limit } from '@guildhall/generated/types';
import { Check, Infinity as InfinityIcon } from 'lucide-react';

/** One cell of the feature-limit table: a number, included, unlimited, or not shown for that plan. */
export function PlanLimit({ value }: { value: Limit }) {
  if (typeof value === 'number') return <span className="font-semibold">{value}</span>;
  if (value === 'included')
    return (
      <span className="inline-flex items-center gap-1 text-ok">
        <Check aria-hidden="true" className="h-4 w-4" />
        Included
      </span>
    );
  if (value === 'unlimited')
    return (
      <span className="inline-flex items-center gap-1 font-semibold">
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
