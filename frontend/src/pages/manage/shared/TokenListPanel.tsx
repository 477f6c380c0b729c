import { ChevronDown } from 'lucide-react';
import { type ReactNode, useState } from 'react';

/**
 * A collapsible card listing placeholder tokens in titled groups (the greeting's placeholders, the Join DM's
 * variables): closed at first, its heading a button that opens it. Each page draws its own items (`renderItem`).
 */
export function TokenListPanel<T>({
  headingId,
  listId,
  title,
  hint,
  groups,
  renderItem,
}: {
  headingId: string;
  listId: string;
  title: string;
  hint: string;
  groups: { title: string; items: T[] }[];
  /** One `<li>` (with its key) per item. */
  renderItem(item: T): ReactNode;
}) {
  const [open, setOpen] = useState(false);
  return (
    <section className="card" aria-labelledby={headingId}>
      <h2 id={headingId}>
        <button
          type="button"
          aria-expanded={open}
          aria-controls={listId}
          onClick={() => setOpen((o) => !o)}
          className="flex w-full items-center justify-between gap-3 rounded-xl p-4 text-left font-semibold hover:bg-panel-2"
        >
          <span>
            {title} <span className="text-sm font-normal text-muted">{hint}</span>
          </span>
          <ChevronDown aria-hidden="true" className={`h-5 w-5 text-muted transition-transform ${open ? 'rotate-180' : ''}`} />
        </button>
      </h2>
      {open && (
        <div id={listId} className="grid gap-4 border-t border-line p-4 md:grid-cols-2">
          {groups.map((group) => (
            <div key={group.title}>
              <h3 className="mb-2 text-xs font-semibold tracking-wide text-muted uppercase">{group.title}</h3>
              <ul className="space-y-1.5">{group.items.map(renderItem)}</ul>
            </div>
          ))}
        </div>
      )}
    </section>
  );
}
