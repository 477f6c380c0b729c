import { ChevronDown } from 'lucide-react';
import { type ReactNode, useId } from 'react';

export interface CollapsibleSectionProps {
  title: string;
  open: boolean;
  onToggle(): void;
  children: ReactNode;
}

/**
 * A titled group of fields that folds away: controlled, so a form can fold and unfold all of its sections at once
 * (Collapse All). The heading's button says whether it is open.
 */
export function CollapsibleSection({ title, open, onToggle, children }: CollapsibleSectionProps) {
  const bodyId = useId();
  return (
    <section className="rounded-lg border border-line bg-panel">
      <h3>
        <button
          type="button"
          aria-expanded={open}
          aria-controls={bodyId}
          onClick={onToggle}
          className="flex w-full items-center justify-between gap-2 rounded-lg px-4 py-3 text-left text-sm font-semibold"
        >
          {title}
          <ChevronDown aria-hidden="true" className={`h-4 w-4 transition-transform ${open ? 'rotate-180' : ''}`} />
        </button>
      </h3>
      <div id={bodyId} hidden={!open} className="space-y-4 border-t border-line px-4 py-4">
        {open && children}
      </div>
    </section>
  );
}
