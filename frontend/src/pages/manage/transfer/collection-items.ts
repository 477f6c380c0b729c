import { collectionNames, collections } from '@guildhall/generated/collections';
import type { CollectionName } from '@guildhall/generated/types';
import { useQueries } from '@tanstack/react-query';
import { client } from '../../../api/client';
import { queryKeys } from '../../../api/query-keys';

/** One item a clone may copy: its collection, id and title (the row's `duplicate.titleProperty`). */
export interface CollectionItemChoice {
  id: string;
  title: string;
}

export interface CollectionChoices {
  name: CollectionName;
  title: string;
  items: CollectionItemChoice[];
}

/**
 * Each collection's list in the generated client, keyed by the generated name: a collection added to the table fails
 * `tsc` here until the card can list it.
 */
const LISTS: { [C in CollectionName]: (guildId: string) => Promise<{ items: { id: string; item: object }[] }> } = {
  panels: (guildId) => client.listTicketPanels(guildId),
  embeds: (guildId) => client.listSavedEmbeds(guildId),
  'role-menus': (guildId) => client.listRoleMenus(guildId),
  'scheduled-messages': (guildId) => client.listScheduledMessages(guildId),
};

/**
 * Every collection of the sections table with the guild's items (the collections API's list, the cache its pages
 * share), so the clone card offers them beside the sections with no list of its own.
 */
export function useCollectionChoices(guildId: string): { loading: boolean; collections: CollectionChoices[] } {
  const lists = useQueries({
    queries: collectionNames.map((name) => ({
      queryKey: queryKeys.collection(guildId, name),
      queryFn: () => LISTS[name](guildId),
      staleTime: 60_000,
    })),
  });
  return {
    loading: lists.some((list) => list.isPending),
    collections: collectionNames.map((name, i) => {
      const def = collections[name];
      const items = lists[i]?.data?.items ?? [];
      return {
        name,
        title: def.title,
        items: items.map(({ id, item }) => ({ id, title: String((item as Record<string, unknown>)[def.duplicate.titleProperty] ?? '') })),
      };
    }),
  };
}
