import type { TicketCategory } from '@guildhall/generated/types';
import { AlertTriangle, ArrowLeft } from 'lucide-react';
import { useCallback, useMemo, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { useTicketCategories, useTicketCategoryChanges } from '../../api/queries';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { Spinner } from '../../components/Spinner';
import { StatusBanner, useTimedBanner } from '../../components/StatusBanner';
import { SectionHeader } from './SectionHeader';
import { AddCategoryDialog } from './ticket-categories/AddCategoryDialog';
import { CategoryList } from './ticket-categories/CategoryList';
import { failureMessage, LISTS, MESSAGES, type CategoryListType } from './ticket-categories/messages';
import { ServerCategories } from './ticket-categories/ServerCategories';

const DEFAULT_KEY = { open: 'defaultOpen', closed: 'defaultClosed' } as const;

/**
 * /manage/{guildId}/tickets/category: the open and closed ticket categories with their defaults, the
 * server's categories, and the Add Category dialog. Every change answers the whole page's data, which replaces it.
 */
export default function TicketCategories() {
  const { guildId = '' } = useParams();
  const query = useTicketCategories(guildId);
  const changes = useTicketCategoryChanges(guildId);
  const [banner, showBanner] = useTimedBanner();
  const [adding, setAdding] = useState<CategoryListType | null>(null);
  const [removing, setRemoving] = useState<{ type: CategoryListType; category: TicketCategory } | null>(null);
  // Stable, so the dialogs' focus handling is set up once per opening.
  const closeAdd = useCallback(() => setAdding(null), []);
  const closeRemove = useCallback(() => setRemoving(null), []);

  const data = query.data;
  const usedAs = useMemo(() => {
    const map = new Map<string, 'Open' | 'Closed'>();
    for (const c of data?.categories.open ?? []) map.set(c.id, 'Open');
    for (const c of data?.categories.closed ?? []) map.set(c.id, 'Closed');
    return map;
  }, [data]);
  const missing = useMemo(() => new Set(data?.missing ?? []), [data]);
  // A category renamed on Discord shows its name there; the stored name is what was last seen.
  const liveNames = useMemo(() => new Map((data?.channels ?? []).map((c) => [c.id, c.name])), [data]);

  const header = (
    <SectionHeader section="ticket-categories">
      <Link to={`/manage/${guildId}/tickets`} className="btn-secondary">
        <ArrowLeft aria-hidden="true" className="h-4 w-4" /> Back
      </Link>
    </SectionHeader>
  );

  if (query.isPending) {
    return (
      <div className="mx-auto max-w-6xl">
        {header}
        <Spinner label="Loading categories..." />
      </div>
    );
  }
  if (query.isError || !data) {
    return (
      <div role="alert" className="flex min-h-[60vh] items-center justify-center">
        <div className="card max-w-lg p-8 text-center">
          <AlertTriangle aria-hidden="true" className="mx-auto h-10 w-10 text-danger" />
          <h1 className="mt-4 text-xl font-semibold">{MESSAGES.loadTitle}</h1>
          <p className="mt-2 text-sm text-muted">{MESSAGES.load}</p>
          <button type="button" className="btn-primary mt-6" onClick={() => void query.refetch()}>
            Try Again
          </button>
        </div>
      </div>
    );
  }

  const busy = changes.remove.isPending || changes.setDefault.isPending;
  const unused = data.channels.filter((c) => !usedAs.has(c.id));

  const setDefault = (type: CategoryListType, category: TicketCategory) =>
    changes.setDefault.mutate(
      { type, categoryId: category.id },
      { onError: (err) => showBanner({ kind: 'error', message: failureMessage(err, MESSAGES.setDefault) }) },
    );
  const remove = () => {
    if (!removing) return;
    const { type, category } = removing;
    setRemoving(null);
    changes.remove.mutate(
      { type, categoryId: category.id },
      { onError: (err) => showBanner({ kind: 'error', message: failureMessage(err, MESSAGES.remove) }) },
    );
  };
  const addingList = LISTS.find((l) => l.type === adding);

  return (
    <div className="mx-auto max-w-6xl">
      {header}
      <StatusBanner banner={banner} />
      <div className="grid gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
        <div className="space-y-6">
          {LISTS.map((list) => (
            <CategoryList
              key={list.type}
              {...list}
              categories={data.categories[list.type].map((c) => ({ ...c, name: liveNames.get(c.id) ?? c.name }))}
              defaultId={data.categories[DEFAULT_KEY[list.type]]}
              missing={missing}
              busy={busy}
              onAdd={() => setAdding(list.type)}
              onSetDefault={(category) => setDefault(list.type, category)}
              onRemove={(category) => setRemoving({ type: list.type, category })}
            />
          ))}
        </div>
        <div>
          <ServerCategories channels={data.channels} usedAs={usedAs} refreshing={query.isFetching} onRefresh={() => void query.refetch()} />
        </div>
      </div>

      {addingList && (
        <AddCategoryDialog
          type={addingList.type}
          listTitle={addingList.title}
          choices={unused}
          onAdd={(body) => changes.add.mutateAsync(body)}
          onClose={closeAdd}
        />
      )}
      {removing && (
        <ConfirmDialog
          titleId="remove-category-title"
          textId="remove-category-text"
          title="Remove category?"
          confirmLabel="Remove"
          actionsClassName="mt-6 flex flex-wrap justify-end gap-3"
          onCancel={closeRemove}
          onConfirm={remove}
        >
          {removing.category.name} will no longer be used for {removing.type} tickets. The category stays on Discord.
        </ConfirmDialog>
      )}
    </div>
  );
}
