import { collections } from '@guildhall/generated/collections';
import { sectionPages } from '@guildhall/generated/section-pages';
import { lazy, Suspense, useMemo, useRef, useState } from 'react';
import { useParams, useSearchParams } from 'react-router-dom';
import { ApiError } from '../../api/client';
import {
  type HistoryAuthor,
  type HistoryFilter,
  type HistoryItem,
  type RevertConflict,
  useHistory,
  useRevertChange,
} from '../../api/history';
import { useChannels, useRoles } from '../../api/queries';
import { Spinner } from '../../components/Spinner';
import { StatusBanner, useTimedBanner } from '../../components/StatusBanner';
import { useDocumentMeta } from '../../lib/use-document-meta';
import { HistoryEntry } from './history/HistoryEntry';
import { ConfirmRevertDialog, ConflictDialog } from './history/RevertDialogs';
import type { GuildNames } from './history/values';

// Offered after a revert of the Bot Personalizer only, loaded then from its page's chunk (its parts are that page's).
const ApplyRestoredProfile = lazy(() => import('./Personalizer').then((m) => ({ default: m.ApplyRestoredProfile })));

export const HISTORY_TITLE = 'Change History';
export const HISTORY_DESCRIPTION = 'Who changed what, and undo it in one click.';

/**
 * The timeline's filter from the address: `section` is a section's name (as the API takes it) or its page path (as
 * a settings page's address reads, e.g. "welcome"); `collection` a collection's name; `userId` an author.
 */
export function filterFromQuery(query: URLSearchParams): HistoryFilter {
  const section = query.get('section') ?? '';
  const byPath = Object.values(sectionPages).find((s) => s.path === section)?.name;
  return {
    section: section in sectionPages ? section : (byPath ?? (section || undefined)),
    collection: query.get('collection') || undefined,
    itemId: query.get('itemId') || undefined,
    userId: query.get('userId') || undefined,
  };
}

type Revert =
  | { step: 'confirm'; entry: HistoryItem; error: string | null }
  | { step: 'conflict'; entry: HistoryItem; message: string; conflicts: RevertConflict[]; error: string | null };

const reason = (err: unknown) => (err instanceof Error ? err.message : 'Could not revert this change.');

export default function History() {
  const { guildId = '' } = useParams();
  useDocumentMeta(HISTORY_TITLE, HISTORY_DESCRIPTION);
  const [query, setQuery] = useSearchParams();
  const filter = filterFromQuery(query);
  const history = useHistory(guildId, filter);
  const channels = useChannels(guildId);
  const roles = useRoles(guildId);
  const names: GuildNames = useMemo(
    () => ({
      channels: new Map((channels.data ?? []).map((c) => [c.id, c.name])),
      roles: new Map((roles.data ?? []).map((r) => [r.id, r.name])),
    }),
    [channels.data, roles.data],
  );
  const entries = useMemo(() => history.data?.pages.flatMap((p) => p.entries) ?? [], [history.data]);

  // Authors seen on any page (kept while a filter narrows the list, so the filter can be changed back).
  const seen = useRef(new Map<string, HistoryAuthor>());
  for (const entry of entries) if (entry.author) seen.current.set(entry.author.userId, entry.author);
  const authors = [...seen.current.values()].sort((a, b) => a.userName.localeCompare(b.userName));
  if (filter.userId && !seen.current.has(filter.userId))
    authors.push({ userId: filter.userId, userName: `User ${filter.userId}`, avatarURL: null });

  const [banner, showBanner] = useTimedBanner();
  const [revert, setRevert] = useState<Revert | null>(null);
  const revertChange = useRevertChange(guildId);
  // A revert of the Bot Personalizer saves the earlier profile; Discord gets it only when applied (offered here).
  const [restoredProfile, setRestoredProfile] = useState(false);

  const submitRevert = (entry: HistoryItem, resolutions?: Record<string, 'keep' | 'apply'>) => {
    revertChange.mutate(
      { entry, resolutions },
      {
        onSuccess: () => {
          setRevert(null);
          showBanner({ kind: 'success', message: `Change #${entry.id} reverted.` });
          if (entry.section === 'personalizer') setRestoredProfile(true);
        },
        onError: (err) => {
          const conflicts =
            err instanceof ApiError && err.status === 409 ? (err.body.conflicts as RevertConflict[] | undefined) : undefined;
          if (conflicts && conflicts.length > 0) {
            setRevert({ step: 'conflict', entry, message: err.message, conflicts, error: null });
          } else {
            setRevert((prev) => (prev ? { ...prev, error: reason(err) } : prev));
          }
        },
      },
    );
  };

  const scopeValue = filter.collection ? `collection:${filter.collection}` : filter.section ? `section:${filter.section}` : '';
  const setScope = (value: string) => {
    const next = new URLSearchParams(query);
    next.delete('section');
    next.delete('collection');
    next.delete('itemId');
    const [kind, name] = value.split(':');
    if (kind && name) next.set(kind, name);
    setQuery(next, { replace: true });
  };
  const setAuthor = (userId: string) => {
    const next = new URLSearchParams(query);
    if (userId) next.set('userId', userId);
    else next.delete('userId');
    setQuery(next, { replace: true });
  };

  return (
    <div className="mx-auto max-w-5xl">
      <div className="mb-6">
        <h1 className="text-2xl font-bold">{HISTORY_TITLE}</h1>
        <p className="mt-1 text-muted">{HISTORY_DESCRIPTION}</p>
      </div>
      <StatusBanner banner={banner} />
      {restoredProfile && (
        <Suspense fallback={<Spinner label="Loading..." />}>
          <ApplyRestoredProfile guildId={guildId} onDismiss={() => setRestoredProfile(false)} />
        </Suspense>
      )}
      <div className="card mb-6 grid gap-4 p-4 sm:grid-cols-2" role="group" aria-label="Filter changes">
        <label className="block text-sm">
          <span className="mb-1 block font-semibold">Section</span>
          <select className="field-input" value={scopeValue} onChange={(e) => setScope(e.target.value)}>
            <option value="">All sections</option>
            <optgroup label="Sections">
              {Object.values(sectionPages).map((s) => (
                <option key={s.name} value={`section:${s.name}`}>
                  {s.title}
                </option>
              ))}
            </optgroup>
            <optgroup label="Collections">
              {Object.values(collections).map((c) => (
                <option key={c.name} value={`collection:${c.name}`}>
                  {c.title}
                </option>
              ))}
            </optgroup>
          </select>
        </label>
        <label className="block text-sm">
          <span className="mb-1 block font-semibold">Author</span>
          <select className="field-input" value={filter.userId ?? ''} onChange={(e) => setAuthor(e.target.value)}>
            <option value="">Everyone</option>
            {authors.map((a) => (
              <option key={a.userId} value={a.userId}>
                {a.userName}
              </option>
            ))}
          </select>
        </label>
      </div>

      <h2 className="sr-only">Changes, newest first</h2>
      {history.isPending ? (
        <Spinner label="Loading history..." />
      ) : !history.data ? (
        <div role="alert" className="card p-6">
          <p className="font-semibold text-danger">Failed to load the change history</p>
          <p className="mt-1 text-sm text-muted">{history.error?.message}</p>
          <button type="button" className="btn-secondary mt-4" onClick={() => void history.refetch()}>
            Try Again
          </button>
        </div>
      ) : entries.length === 0 ? (
        <div className="card p-8 text-center text-muted">
          <p>No changes recorded yet.</p>
        </div>
      ) : (
        <>
          <ol className="space-y-4" aria-label="Changes">
            {entries.map((entry) => (
              <li key={entry.id}>
                <HistoryEntry entry={entry} names={names} onRevert={(e) => setRevert({ step: 'confirm', entry: e, error: null })} />
              </li>
            ))}
          </ol>
          <div className="mt-6 flex flex-col items-center gap-2" aria-live="polite">
            {history.hasNextPage ? (
              <button
                type="button"
                className="btn-secondary"
                onClick={() => void history.fetchNextPage()}
                disabled={history.isFetchingNextPage}
              >
                {history.isFetchingNextPage ? 'Loading...' : 'Load older'}
              </button>
            ) : (
              <p className="text-sm text-muted">
                The last {history.data.pages[0]?.retention ?? 500} changes of each section and of each collection are kept.
              </p>
            )}
            {history.isFetchNextPageError && (
              <p role="alert" className="text-sm text-danger">
                {history.error?.message}
              </p>
            )}
          </div>
        </>
      )}

      {revert?.step === 'confirm' && (
        <ConfirmRevertDialog
          entry={revert.entry}
          names={names}
          busy={revertChange.isPending}
          error={revert.error}
          onConfirm={() => submitRevert(revert.entry)}
          onClose={() => setRevert(null)}
        />
      )}
      {revert?.step === 'conflict' && (
        <ConflictDialog
          entry={revert.entry}
          message={revert.message}
          conflicts={revert.conflicts}
          names={names}
          busy={revertChange.isPending}
          error={revert.error}
          onResolve={(resolutions) => submitRevert(revert.entry, resolutions)}
          onClose={() => setRevert(null)}
        />
      )}
    </div>
  );
}
