import type { TicketCategory } from '@guildhall/generated/types';
import { AlertTriangle, Plus, Star, Trash2 } from 'lucide-react';
import type { CategoryListType } from './messages';

/**
 * One of the two lists (open, closed): its Add button, and a card per category with the star on the default, a Default
 * button on the others, a remove button, and a flag when Discord no longer has the channel.
 */
export function CategoryList({
  type,
  title,
  purpose,
  empty,
  categories,
  defaultId,
  missing,
  busy,
  onAdd,
  onSetDefault,
  onRemove,
}: {
  type: CategoryListType;
  title: string;
  purpose: string;
  empty: string;
  categories: TicketCategory[];
  defaultId: string | null;
  missing: ReadonlySet<string>;
  busy: boolean;
  onAdd(): void;
  onSetDefault(category: TicketCategory): void;
  onRemove(category: TicketCategory): void;
}) {
  const headingId = `ticket-categories-${type}`;
  return (
    <section aria-labelledby={headingId} className="card p-5">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h2 id={headingId} className="text-lg font-semibold">
            {title}
          </h2>
          <p className="text-sm text-muted">{purpose}</p>
        </div>
        <button type="button" className="btn-primary" onClick={onAdd} aria-label={`Add to ${title}`}>
          <Plus aria-hidden="true" className="h-4 w-4" /> Add
        </button>
      </div>
      {categories.length === 0 ? (
        <p className="mt-4 rounded-lg border border-dashed border-line p-4 text-center text-sm text-muted">{empty}</p>
      ) : (
        <ul className="mt-4 space-y-2">
          {categories.map((category) => {
            const isDefault = category.id === defaultId;
            const gone = missing.has(category.id);
            return (
              <li
                key={category.id}
                className={`flex flex-wrap items-center gap-3 rounded-lg border p-3 ${
                  gone ? 'border-warn/60 bg-warn/10' : isDefault ? 'border-brand/60 bg-brand/10' : 'border-line bg-panel-2'
                }`}
              >
                <span className="flex min-w-0 flex-1 items-center gap-2">
                  {isDefault && <Star aria-hidden="true" className="h-4 w-4 shrink-0 fill-warn text-warn" />}
                  <span className="truncate font-medium">{category.name}</span>
                  {isDefault && <span className="sr-only">(default)</span>}
                  {gone && (
                    <span className="inline-flex shrink-0 items-center gap-1 rounded-full border border-warn/60 px-2 py-0.5 text-xs text-warn">
                      <AlertTriangle aria-hidden="true" className="h-3 w-3" /> Deleted on Discord
                    </span>
                  )}
                </span>
                <span className="flex shrink-0 items-center gap-2">
                  {isDefault ? (
                    <span className="text-xs font-semibold uppercase tracking-wide text-warn">Default</span>
                  ) : gone ? null : (
                    <button
                      type="button"
                      className="btn-secondary px-3 py-1.5"
                      disabled={busy}
                      aria-label={`Set ${category.name} as default`}
                      onClick={() => onSetDefault(category)}
                    >
                      <Star aria-hidden="true" className="h-4 w-4" /> Default
                    </button>
                  )}
                  <button
                    type="button"
                    className="btn-secondary px-3 py-1.5 hover:border-danger hover:text-danger"
                    disabled={busy}
                    aria-label={`Remove ${category.name}`}
                    onClick={() => onRemove(category)}
                  >
                    <Trash2 aria-hidden="true" className="h-4 w-4" />
                  </button>
                </span>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
