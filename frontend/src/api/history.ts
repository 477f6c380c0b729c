import type { SectionName } from '@guildhall/generated/types';
import { type InfiniteData, useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from './client';
import { queryKeys } from './queries';

// The configuration history API (issue 14). Not in the generated client yet: typed here from the contract and
// called through the one fetch wrapper (CSRF included), so moving to the generated client is a change in this file only.

export type HistoryAction = 'save' | 'create' | 'update' | 'delete' | 'revert' | 'import' | 'clone';

/** One field a change touched: `label` is the schema's titles joined with " › "; an absent side is undefined. */
export interface HistoryChange {
  path: string;
  label: string;
  before?: unknown;
  after?: unknown;
}

export interface HistoryAuthor {
  userId: string;
  userName: string;
  avatarURL: string | null;
}

export interface HistoryItem {
  id: number;
  section: string | null;
  collection: string | null;
  itemId: string | null;
  /** The section's or collection's title, e.g. "Server Settings". */
  title: string;
  version: number;
  action: HistoryAction | (string & {});
  author: HistoryAuthor | null;
  at: string;
  revertOf: number | null;
  revertible: boolean;
  changes: HistoryChange[];
}

export interface HistoryPage {
  success: true;
  entries: HistoryItem[];
  nextBefore: number | null;
  retention: number;
}

export interface HistoryFilter {
  section?: string;
  collection?: string;
  itemId?: string;
  userId?: string;
}

export type Resolution = 'keep' | 'apply';

export interface RevertConflict {
  path: string;
  label: string;
  /** What the reverted change wrote. */
  expected: unknown;
  current: unknown;
  /** The value the revert would write. */
  reverted: unknown;
}

export interface RevertResult {
  success: true;
  entry: HistoryItem;
  version: number;
}

export const HISTORY_PAGE_SIZE = 50;

const guildPath = (guildId: string) => `/api/guild/${encodeURIComponent(guildId)}`;

export function historyKey(guildId: string, filter: HistoryFilter = {}) {
  return ['guild', guildId, 'history', filter.section ?? '', filter.collection ?? '', filter.itemId ?? '', filter.userId ?? ''] as const;
}

export function fetchHistory(guildId: string, filter: HistoryFilter, before?: number | null, signal?: AbortSignal) {
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(filter)) if (value) query.set(name, value);
  if (before != null) query.set('before', String(before));
  query.set('limit', String(HISTORY_PAGE_SIZE));
  return api<HistoryPage>(`${guildPath(guildId)}/history?${query}`, { signal });
}

export function revertChange(guildId: string, entryId: number, resolutions?: Record<string, Resolution>) {
  return api<RevertResult>(`${guildPath(guildId)}/history/${entryId}/revert`, {
    method: 'POST',
    json: resolutions ? { resolutions } : {},
  });
}

/** The timeline, newest first, a page at a time ("Load older" asks for the entries before the last one shown). */
export function useHistory(guildId: string, filter: HistoryFilter) {
  return useInfiniteQuery<HistoryPage, Error, InfiniteData<HistoryPage>, ReturnType<typeof historyKey>, number | null>({
    queryKey: historyKey(guildId, filter),
    queryFn: ({ pageParam, signal }) => fetchHistory(guildId, filter, pageParam, signal),
    initialPageParam: null,
    getNextPageParam: (last) => last.nextBefore ?? undefined,
    retry: false,
  });
}

/**
 * What a change to a section or a collection item makes stale: the timeline, and the data its settings pages read
 * (the section's document, the collection's list, and pages derived from a section).
 */
export function invalidateChanged(
  queries: ReturnType<typeof useQueryClient>,
  guildId: string,
  entry: Pick<HistoryItem, 'section' | 'collection'>,
) {
  const stale: (readonly unknown[])[] = [['guild', guildId, 'history']];
  if (entry.section) {
    stale.push(queryKeys.settings(guildId, entry.section as SectionName));
    if (entry.section === 'ticket-categories') stale.push(['guild', guildId, 'tickets', 'categories']);
    if (entry.section === 'antinuke') stale.push(queryKeys.antinukePreflight(guildId));
  }
  if (entry.collection) stale.push(['guild', guildId, 'collections', entry.collection]);
  return Promise.all(stale.map((queryKey) => queries.invalidateQueries({ queryKey })));
}

/** POST .../history/{id}/revert; a 409 (conflicts) or 403 comes back as an ApiError for the page to show. */
export function useRevertChange(guildId: string) {
  const queries = useQueryClient();
  return useMutation({
    mutationFn: ({ entry, resolutions }: { entry: HistoryItem; resolutions?: Record<string, Resolution> }) =>
      revertChange(guildId, entry.id, resolutions),
    onSuccess: (_result, { entry }) => invalidateChanged(queries, guildId, entry),
  });
}
