import type {
  CollectionName,
  HistoryItem as HistoryItemSchema,
  HistoryListResponse,
  HistoryRevertConflict,
  HistoryRevertResponse,
  SectionName,
} from '@guildhall/generated/types';
import { type InfiniteData, useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { client } from './client';
import { type HistoryKeyFilter, queryKeys } from './query-keys';

// The configuration history API (issue 14), through the generated client: the types are the published schemas'.

export type HistoryItem = HistoryItemSchema;
export type HistoryAction = HistoryItem['action'];
/** One field a change touched: `label` is the schema's titles joined with " › "; an absent side is undefined. */
export type HistoryChange = HistoryItem['changes'][number];
export type HistoryAuthor = NonNullable<HistoryItem['author']>;
export type HistoryPage = HistoryListResponse;

export type HistoryFilter = HistoryKeyFilter;

export type Resolution = 'keep' | 'apply';
export type RevertConflict = HistoryRevertConflict['conflicts'][number];
export type RevertResult = HistoryRevertResponse;

export const HISTORY_PAGE_SIZE = 50;

export function fetchHistory(guildId: string, filter: HistoryFilter, before?: number | null) {
  const query = Object.fromEntries(Object.entries(filter).filter(([, value]) => Boolean(value)));
  return client.listHistory(guildId, { ...query, ...(before != null ? { before } : {}), limit: HISTORY_PAGE_SIZE });
}

export function revertChange(guildId: string, entryId: number, resolutions?: Record<string, Resolution>) {
  return client.revertHistoryEntry(guildId, String(entryId), resolutions ? { resolutions } : {});
}

/** The timeline, newest first, a page at a time ("Load older" asks for the entries before the last one shown). */
export function useHistory(guildId: string, filter: HistoryFilter) {
  return useInfiniteQuery<HistoryPage, Error, InfiniteData<HistoryPage>, ReturnType<typeof queryKeys.history>, number | null>({
    queryKey: queryKeys.history(guildId, filter),
    queryFn: ({ pageParam }) => fetchHistory(guildId, filter, pageParam),
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
  const stale: (readonly unknown[])[] = [queryKeys.allHistory(guildId)];
  if (entry.section) {
    stale.push(queryKeys.settings(guildId, entry.section as SectionName));
    if (entry.section === 'ticket-categories') stale.push(queryKeys.ticketCategories(guildId));
    if (entry.section === 'antinuke') stale.push(queryKeys.antinukePreflight(guildId));
  }
  if (entry.collection) stale.push(queryKeys.collection(guildId, entry.collection as CollectionName));
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
