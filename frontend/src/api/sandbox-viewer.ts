import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DiscordMessageData } from '../components/discord';
import type { SimulatedJoin } from '@guildhall/common/join-dm';
import { api, ApiError } from './client';
import { queryKeys } from './query-keys';

// The Discord sandbox's viewer (/sandbox/discord/viewer): not an API operation (the sandbox stands in for Discord and
// only runs offline), so it has no row in schemas/operations.json and is fetched by path.

export interface ViewerUser {
  id: string;
  username: string;
  global_name: string | null;
  avatar: string | null;
  bot: boolean;
  nick?: string | null;
}
export interface ViewerChannel {
  id: string;
  name: string;
  type: number;
  parent_id: string | null;
  position: number;
  posted: number;
}
export interface ViewerGuild {
  id: string;
  name: string;
  botPresent: boolean;
  /** The visitor may manage it (the API's own rule), so may run its simulations. */
  manageable: boolean;
  channels: ViewerChannel[];
  roles: { id: string; name: string; color: number }[];
  members: ViewerUser[];
}
export interface ViewerData {
  guilds: ViewerGuild[];
  dms: (ViewerChannel & { recipient: ViewerUser })[];
  botUserId: string;
}
export interface PostedMessage extends DiscordMessageData {
  id: string;
  author: { id: string; username: string; global_name: string | null; avatar: string | null; bot?: boolean };
}

const VIEWER = '/sandbox/discord/viewer';
const POLL_MS = 3000;

/**
 * The signed-in visitor's sandbox guilds with their channels, roles and members, and the DMs the bot sent them; polled.
 * An anonymous visitor gets a 401 (the page asks them to sign in), which is not asked again every few seconds.
 */
export function useSandboxOverview() {
  return useQuery({
    queryKey: queryKeys.sandboxViewer,
    queryFn: () => api<ViewerData>(`${VIEWER}/guilds`),
    refetchInterval: (query) => (query.state.error instanceof ApiError && query.state.error.unauthenticated ? false : POLL_MS),
    retry: false,
  });
}

/** What the bot posted in one channel; polled while a channel is selected. */
export function useSandboxMessages(channelId: string | null) {
  return useQuery({
    queryKey: queryKeys.sandboxMessages(channelId),
    queryFn: () => api<{ channel: ViewerChannel; messages: PostedMessage[] }>(`${VIEWER}/channels/${channelId}/messages`),
    enabled: !!channelId,
    refetchInterval: POLL_MS,
  });
}

/** What 'Simulate ticket' answers: the uploaded transcript and the ticket it came from. */
export interface SimulatedTicket {
  transcriptId: string;
  ticketId: string;
  channelName: string;
  userName: string;
}

/**
 * 'Simulate ticket': the sandbox opens a ticket channel in the guild, talks in it, closes it and uploads its transcript
 * through the app's bot API. The sandbox answers failures in Discord's shape ({ message }), so that is what is shown.
 */
export function useSimulateTicket() {
  const queries = useQueryClient();
  return useMutation({
    mutationFn: (guildId: string) =>
      api<{ ticket: SimulatedTicket }>(`${VIEWER}/guilds/${encodeURIComponent(guildId)}/simulate-ticket`, { method: 'POST', json: {} })
        .then((r) => r.ticket)
        .catch((err: unknown) => {
          const said = err instanceof ApiError && typeof err.body.message === 'string' ? err.body.message : undefined;
          throw said ? new ApiError((err as ApiError).status, said, (err as ApiError).body) : err;
        }),
    onSettled: () => queries.invalidateQueries({ queryKey: queryKeys.sandboxViewer }),
  });
}

/**
 * 'Simulate member join': a member of the guild (the one named, else the next in turn) joins, and the bot DMs them the
 * guild's saved Join DM and reports the delivery through the app's bot API, which counts it in the Join DM stats.
 */
export function useSimulateJoin() {
  const queries = useQueryClient();
  return useMutation({
    mutationFn: ({ guildId, userId }: { guildId: string; userId?: string }) =>
      api<{ join: SimulatedJoin }>(`${VIEWER}/guilds/${encodeURIComponent(guildId)}/simulate-join`, {
        method: 'POST',
        json: userId ? { userId } : {},
      })
        .then((r) => r.join)
        .catch((err: unknown) => {
          const said = err instanceof ApiError && typeof err.body.message === 'string' ? err.body.message : undefined;
          throw said ? new ApiError((err as ApiError).status, said, (err as ApiError).body) : err;
        }),
    onSettled: () => queries.invalidateQueries({ queryKey: queryKeys.sandboxViewer }),
  });
}
