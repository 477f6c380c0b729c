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
  /** In a guild channel, how the guild shows the author now: their nickname and guild avatar hash there. */
  member?: { nick: string | null; avatar: string | null };
}

const VIEWER = '/sandbox/discord/viewer';

/** The sandbox answers failures in Discord's shape ({ message }): that message is what the page shows. */
function sandboxRefusal(err: unknown): never {
  const said = err instanceof ApiError && typeof err.body.message === 'string' ? err.body.message : undefined;
  throw said ? new ApiError((err as ApiError).status, said, (err as ApiError).body) : err;
}
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

/** Who reacted with what: by message id, then by emoji as the reaction routes name it (`name`, or `name:id`), user ids. */
export type ViewerReactors = Record<string, Record<string, string[]>>;

/** What the bot posted in one channel, and who reacted to it; polled while a channel is selected. */
export function useSandboxMessages(channelId: string | null) {
  return useQuery({
    queryKey: queryKeys.sandboxMessages(channelId),
    queryFn: () =>
      api<{ channel: ViewerChannel; messages: PostedMessage[]; reactors?: ViewerReactors }>(`${VIEWER}/channels/${channelId}/messages`),
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
        .catch(sandboxRefusal),
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
        .catch(sandboxRefusal),
    onSettled: () => queries.invalidateQueries({ queryKey: queryKeys.sandboxViewer }),
  });
}

/** What a demo member did on a message in the viewer: clicked a button, submitted the select, clicked a reaction. */
export type RoleMenuAction =
  { type: 'button'; customId: string } | { type: 'select'; customId: string; values: string[] } | { type: 'reaction'; emoji: string };

export interface SimulatedRole {
  id: string;
  name: string;
  color: number;
}

/** What 'use a role menu' answers: the member's roles before and after, the decision and the bot's private reply. */
export interface SimulatedRoleMenuChoice {
  userId: string;
  userName: string;
  menuId: string;
  reaction?: 'added' | 'removed';
  before: SimulatedRole[];
  after: SimulatedRole[];
  added: string[];
  removed: string[];
  refused: boolean;
  reply: string | null;
  failed: { roleId: string; code?: number; reason: string }[];
}

export interface RoleMenuSimulation {
  guildId: string;
  userId: string;
  channelId: string;
  messageId: string;
  action: RoleMenuAction;
}

/**
 * A demo member uses a role menu the bot posted: the sandbox asks the app's bot API what the choice changes and
 * applies it through its own member-role routes, as the bot would. The channel is fetched again (reactions change).
 */
export function useSimulateRoleMenu() {
  const queries = useQueryClient();
  return useMutation({
    mutationFn: ({ guildId, ...json }: RoleMenuSimulation) =>
      api<{ choice: SimulatedRoleMenuChoice }>(`${VIEWER}/guilds/${encodeURIComponent(guildId)}/simulate-role-menu`, {
        method: 'POST',
        json,
      })
        .then((r) => r.choice)
        .catch(sandboxRefusal),
    onSettled: (_data, _error, { channelId }) => queries.invalidateQueries({ queryKey: queryKeys.sandboxMessages(channelId) }),
  });
}
