import { Send, X } from 'lucide-react';
import { useId, useState } from 'react';
import { Outcomes, useFieldTitles } from '../personalizer/Outcomes';
import { type ApplyResult, usePersonalizerAction } from '../personalizer/use-personalizer';

/**
 * After a revert of the Bot Personalizer: the restored profile is saved, not yet in Discord. Offers to apply it now
 * and shows what Discord said, field by field; dismissible.
 */
export function ApplyRestoredProfile({ guildId, onDismiss }: { guildId: string; onDismiss(): void }) {
  const apply = usePersonalizerAction(guildId, 'apply');
  const [result, setResult] = useState<ApplyResult | null>(null);
  const titles = useFieldTitles();
  const ids = useId();
  return (
    <section aria-labelledby={`${ids}-title`} className="card mb-6 border-brand/60 p-4" data-apply-restored="">
      <div className="flex items-start justify-between gap-3">
        <div>
          <h2 id={`${ids}-title`} className="font-semibold">
            Apply the restored bot profile?
          </h2>
          <p className="mt-1 text-sm text-muted">
            The revert saved the Bot Personalizer&apos;s earlier profile. Discord still shows the current one until it is applied.
          </p>
        </div>
        <button type="button" className="btn-secondary p-2" aria-label="Dismiss" onClick={onDismiss}>
          <X aria-hidden="true" className="h-4 w-4" />
        </button>
      </div>
      <div className="mt-3 flex flex-wrap gap-2">
        <button
          type="button"
          className="btn-primary"
          disabled={apply.isPending}
          aria-busy={apply.isPending || undefined}
          onClick={() => {
            setResult(null);
            apply.mutate(undefined, { onSuccess: setResult });
          }}
        >
          <Send aria-hidden="true" className="h-4 w-4" /> {apply.isPending ? 'Applying...' : 'Apply to Discord'}
        </button>
        <button type="button" className="btn-secondary" onClick={onDismiss}>
          Not now
        </button>
      </div>
      <div aria-live="polite" className="mt-3 empty:hidden">
        {result && <Outcomes result={result} titles={titles} headingId={`${ids}-outcome`} />}
      </div>
    </section>
  );
}
