import type { GuildhallClient } from '@guildhall/generated/client';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  ContactMessage,
  GreetingPreviewRequest,
  SectionName,
  SectionSettingsPutRequest,
  TicketCategoriesResponse,
  TicketCategoryRequest,
  TicketDefaultCategoryRequest,
  TicketPanelDeployRequest,
  User,
  UserSearchResult,
} from '@guildhall/generated/types';
import { ApiError, client, clientWith } from './client';
import { queryKeys } from './query-keys';

// Every TanStack Query hook of the app: each calls the generated client, so answers are typed by their schemas.

/** GET /api/user, where 401 is simply "signed out" (null); anything else is logged and treated the same. */
async function fetchCurrentUser(): Promise<User | null> {
  try {
    return await client.getUser();
  } catch (err) {
    if (!(err instanceof ApiError && err.unauthenticated)) console.error('Session check failed', err);
    return null;
  }
}

/** The signed-in user, or null (AuthProvider's source). */
export function useCurrentUser() {
  return useQuery({ queryKey: queryKeys.user, queryFn: fetchCurrentUser, staleTime: 60_000, retry: false });
}

/** Checks access on the server (its reason is shown as is) and names the guild for the sidebar. */
export function useManagedGuild(guildId: string) {
  return useQuery({
    queryKey: queryKeys.managedGuild(guildId),
    // The guild, and what the caller may open there (issue 30): `manager`, else a grantee's `grants`.
    queryFn: () => client.getManagedGuild(guildId).then(({ guild, manager, grants }) => ({ ...guild, manager, grants })),
    retry: (count, err) => !(err instanceof ApiError && err.status >= 400 && err.status < 500) && count < 2,
  });
}

export function useChannels(guildId: string) {
  return useQuery({
    queryKey: queryKeys.channels(guildId),
    queryFn: () => client.getGuildChannels(guildId).then((r) => r.channels),
    staleTime: 60_000,
  });
}

export function useRoles(guildId: string) {
  return useQuery({
    queryKey: queryKeys.roles(guildId),
    queryFn: () => client.getGuildRoles(guildId).then((r) => r.roles),
    staleTime: 60_000,
  });
}

export function useGuildStats(guildId: string) {
  return useQuery({
    queryKey: queryKeys.stats(guildId),
    queryFn: () => client.getGuildStats(guildId).then((r) => r.stats),
  });
}

/** GET /api/debug/bot-status, shared by every dashboard (the server caches it too). */
export function useBotStatus() {
  return useQuery({ queryKey: queryKeys.botStatus, queryFn: () => client.getBotStatus(), staleTime: 60_000 });
}

/** The home page's showcase, refetched every `refreshMs`. */
export function useTopServers(refreshMs: number) {
  return useQuery({
    queryKey: queryKeys.topServers,
    queryFn: () => client.getTopServers(),
    refetchInterval: refreshMs,
    staleTime: refreshMs,
  });
}

/** One section's settings: `data` is the section's own document type (SectionSettingsResponse<S>). */
export function useSettings<S extends SectionName>(guildId: string, section: S) {
  return useQuery({
    queryKey: queryKeys.settings(guildId, section),
    queryFn: () => client.getSettings(guildId, section),
    // A form must not be replaced under the user's hands: no background refetch while editing.
    refetchOnWindowFocus: false,
    staleTime: Infinity,
  });
}

/** Saves one section at the version it was based on; the answer becomes the cached document. */
export function useSaveSettings<S extends SectionName>(guildId: string, section: S) {
  const queries = useQueryClient();
  return useMutation({
    mutationFn: (input: SectionSettingsPutRequest<S>) => client.putSettings(guildId, section, input),
    onSuccess: (saved) => queries.setQueryData(queryKeys.settings(guildId, section), saved),
  });
}

/** The contact page's form. */
export function useSendContactMessage() {
  return useMutation({ mutationFn: (message: ContactMessage) => client.sendContactMessage(message) });
}

/** The bot posts the saved welcome or farewell message (the Welcome page's preview button). */
export function useSendGreetingPreview(guildId: string) {
  return useMutation({ mutationFn: (request: GreetingPreviewRequest) => client.sendGreetingPreview(guildId, request) });
}

/**
 * Users matching what was typed (a username; digits are an id, added directly, not searched). The caller passes ''
 * for text the server would refuse (the user-list widget asks the parameter validator). The previous answer stays
 * while the next loads, so the suggestions do not flicker as one types.
 */
export function useUserSearch(guildId: string, q: string) {
  const query = q.trim();
  return useQuery<UserSearchResult[]>({
    queryKey: queryKeys.userSearch(guildId, query),
    queryFn: ({ signal }) =>
      clientWith(signal)
        .searchGuildUsers(guildId, { q: query })
        .then((r) => r.users),
    enabled: query !== '' && !/^[0-9]+$/.test(query),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}

/** The users behind a list of ids (those that resolve; the others are shown as unknown). */
export function useUsers(guildId: string, ids: readonly string[]) {
  const sorted = [...new Set(ids)].sort();
  return useQuery<UserSearchResult[]>({
    queryKey: queryKeys.users(guildId, sorted),
    queryFn: () => client.resolveGuildUsers(guildId, { ids: sorted.join(',') }).then((r) => r.users),
    enabled: sorted.length > 0,
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
}

/** The bot creates a bypass role (POST .../antinuke/create-bypass-role); the roles list is read again. */
export function useCreateBypassRole(guildId: string) {
  const queries = useQueryClient();
  return useMutation({
    mutationFn: () => client.createAntinukeBypassRole(guildId).then((r) => r.role),
    onSuccess: () => queries.invalidateQueries({ queryKey: queryKeys.roles(guildId) }),
  });
}

/** What the server sees wrong with the saved AntiNuke settings (a log channel the bot cannot post in...). */
export function useAntinukePreflight(guildId: string, enabled = true) {
  return useQuery({
    queryKey: queryKeys.antinukePreflight(guildId),
    queryFn: () => client.getAntinukePreflight(guildId).then((r) => r.warnings),
    enabled,
    retry: false,
  });
}

/** The Ticket categories page: the section's lists with the guild's live category channels and the ids Discord lost. */
export function useTicketCategories(guildId: string) {
  return useQuery({
    queryKey: queryKeys.ticketCategories(guildId),
    queryFn: () => client.getTicketCategories(guildId),
    refetchOnWindowFocus: false,
    retry: false,
  });
}

/**
 * Add, remove and set default: each answers the whole page's data (saved lists, live channels), which replaces the
 * cached one; the section's generic document is read again at its new version when next needed.
 */
export function useTicketCategoryChanges(guildId: string) {
  const queries = useQueryClient();
  const onSuccess = (answer: TicketCategoriesResponse) => {
    queries.setQueryData(queryKeys.ticketCategories(guildId), answer);
    void queries.invalidateQueries({ queryKey: queryKeys.settings(guildId, 'ticket-categories') });
  };
  return {
    add: useMutation({ mutationFn: (body: TicketCategoryRequest) => client.addTicketCategory(guildId, body), onSuccess }),
    remove: useMutation({
      mutationFn: ({ categoryId, type }: { categoryId: string; type: TicketCategoryRequest['type'] }) =>
        client.removeTicketCategory(guildId, categoryId, { type }),
      onSuccess,
    }),
    setDefault: useMutation({
      mutationFn: (body: TicketDefaultCategoryRequest) => client.setDefaultTicketCategory(guildId, body),
      onSuccess,
    }),
  };
}

// ---- ticket transcripts ---------------------------------------------------------------------------------------------

/** The list's filters, as the operation's query parameters: `q` a ticket id or user name, `date` a created day's start. */
export type TranscriptFilter = NonNullable<Parameters<GuildhallClient['listTranscripts']>[1]>;

/** The guild's saved transcripts, newest first, filtered on the server; the last list stays while a new filter loads. */
export function useTranscripts(guildId: string, filter: TranscriptFilter) {
  const query = { q: filter.q || undefined, date: filter.date || undefined };
  return useQuery({
    queryKey: queryKeys.transcripts(guildId, query.q ?? '', query.date ?? ''),
    queryFn: () => client.listTranscripts(guildId, query).then((r) => r.transcripts),
    placeholderData: keepPreviousData,
  });
}

/** GET .../transcripts/{id}/download: the file in the guild's configured format, named by the server. */
export function useDownloadTranscript(guildId: string) {
  return useMutation({
    mutationFn: (id: string) => client.downloadTranscript(guildId, id),
  });
}

/** DELETE .../transcripts/{id} (the page asks first: it cannot be undone); the list is read again. */
export function useDeleteTranscript(guildId: string) {
  const queries = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => client.deleteTranscript(guildId, id),
    onSuccess: () => queries.invalidateQueries({ queryKey: queryKeys.allTranscripts(guildId) }),
  });
}

/** The guild's ticket panels (the panels collection: each `{ id, version, item }`, oldest first) and the cap. */
export function useTicketPanels(guildId: string) {
  return useQuery({
    queryKey: queryKeys.ticketPanels(guildId),
    queryFn: () => client.listTicketPanels(guildId),
    // An open panel editor must not be refreshed under the user's hands.
    refetchOnWindowFocus: false,
  });
}

/**
 * The bot posts a panel, or edits the message it posted before (Deploy/Redeploy, and the Send Embed Panel dialog with
 * a channel). The answer is the panel as saved since, so the cached list takes it without a reload.
 */
export function useDeployTicketPanel(guildId: string) {
  const queries = useQueryClient();
  return useMutation({
    mutationFn: ({ panelId, ...body }: TicketPanelDeployRequest & { panelId: string }) => client.deployTicketPanel(guildId, panelId, body),
    onSuccess: ({ id, version, item }) =>
      queries.setQueryData(queryKeys.ticketPanels(guildId), (list: Awaited<ReturnType<typeof client.listTicketPanels>> | undefined) =>
        list ? { ...list, items: list.items.map((entry) => (entry.id === id ? { id, version, item } : entry)) } : list,
      ),
  });
}

// ---- premium --------------------------------------------------------------------------------------------------------

/** The guild's plan (a paid plan with its end, or the free tier) and its collections' use of their plan limits. */
export function useGuildPremium(guildId: string) {
  return useQuery({
    queryKey: queryKeys.guildPremium(guildId),
    queryFn: () => client.getGuildPremium(guildId),
    enabled: guildId !== '',
    staleTime: 60_000,
    retry: false,
  });
}

/**
 * A payment order as the server knows it, read every `pollMs` while `pollMs` is set (the pending page stops when the
 * order settles or it has waited long enough).
 */
export function usePaymentOrder(orderId: string | null, { enabled = true, pollMs }: { enabled?: boolean; pollMs?: number | false } = {}) {
  return useQuery({
    queryKey: queryKeys.paymentOrder(orderId ?? ''),
    queryFn: () => client.getPaymentOrder(orderId!).then((r) => r.order),
    enabled: enabled && Boolean(orderId),
    refetchInterval: pollMs ?? false,
    retry: false,
  });
}
