import type { GuildhallClient } from '@guildhall/generated/client';
import type { CollectionName, SectionName } from '@guildhall/generated/types';

// Every TanStack Query key of the app, built here and nowhere else: a query, an invalidation and a setQueryData name
// the same data through the same function, so an invalidation cannot miss a key spelt differently. A guild's keys
// start with ['guild', guildId, ...], so the prefixes below (all of a guild's settings, collections, history...)
// match every key under them.

/** What narrows the configuration history's timeline (the History page's filters): the operation's query but paging. */
export type HistoryKeyFilter = Omit<NonNullable<Parameters<GuildhallClient['listHistory']>[1]>, 'before' | 'limit'>;

const guild = (guildId: string) => ['guild', guildId] as const;
const collection = (guildId: string, name: CollectionName) => [...guild(guildId), 'collections', name] as const;

export const queryKeys = {
  user: ['user'] as const,
  topServers: ['top-servers'] as const,
  botStatus: ['bot-status'] as const,
  paymentOrder: (orderId: string) => ['payment-order', orderId] as const,

  /** Every guild's data (signing out drops it). */
  guilds: ['guild'] as const,
  managedGuild: (guildId: string) => [...guild(guildId), 'summary'] as const,
  channels: (guildId: string) => [...guild(guildId), 'channels'] as const,
  roles: (guildId: string) => [...guild(guildId), 'roles'] as const,
  stats: (guildId: string) => [...guild(guildId), 'stats'] as const,
  guildPremium: (guildId: string) => [...guild(guildId), 'premium'] as const,
  userSearch: (guildId: string, q: string) => [...guild(guildId), 'search-users', q] as const,
  users: (guildId: string, ids: readonly string[]) => [...guild(guildId), 'users', ids.join(',')] as const,

  /** Every section's settings of a guild. */
  allSettings: (guildId: string) => [...guild(guildId), 'settings'] as const,
  settings: (guildId: string, section: SectionName) => [...guild(guildId), 'settings', section] as const,
  antinukePreflight: (guildId: string) => [...guild(guildId), 'antinuke', 'preflight'] as const,
  joinDmStats: (guildId: string) => [...guild(guildId), 'joindms', 'stats'] as const,
  /** The bot's profile in the guild as Discord has it, beside the saved one (the Bot Personalizer). */
  personalizerStatus: (guildId: string) => [...guild(guildId), 'personalizer', 'status'] as const,

  /** Every collection's list of a guild. */
  allCollections: (guildId: string) => [...guild(guildId), 'collections'] as const,
  collection,
  ticketPanels: (guildId: string) => collection(guildId, 'panels'),
  savedEmbeds: (guildId: string) => collection(guildId, 'embeds'),
  roleMenus: (guildId: string) => collection(guildId, 'role-menus'),
  /** What the server sees wrong with each role menu now (a role above the bot's, a channel gone...). */
  roleMenuPreflight: (guildId: string) => [...guild(guildId), 'role-menus', 'preflight'] as const,
  scheduledMessages: (guildId: string) => collection(guildId, 'scheduled-messages'),
  /** Every scheduled message's next runs, last run and server pause, and the plan's rules the page states. */
  scheduleStatus: (guildId: string) => [...guild(guildId), 'schedules', 'status'] as const,
  /** One scheduled message's runs, newest first. */
  scheduleRuns: (guildId: string, scheduleId: string) => [...guild(guildId), 'schedules', 'runs', scheduleId] as const,

  /** The ticket pages' own data of a guild (the categories page). */
  allTickets: (guildId: string) => [...guild(guildId), 'tickets'] as const,
  ticketCategories: (guildId: string) => [...guild(guildId), 'tickets', 'categories'] as const,

  /** Every list of a guild's saved transcripts, whatever its filter. */
  allTranscripts: (guildId: string) => [...guild(guildId), 'transcripts'] as const,
  transcripts: (guildId: string, q: string, date: string) => [...guild(guildId), 'transcripts', q, date] as const,

  /** Every timeline of a guild's history, whatever its filter. */
  allHistory: (guildId: string) => [...guild(guildId), 'history'] as const,
  history: (guildId: string, filter: HistoryKeyFilter = {}) =>
    [...guild(guildId), 'history', filter.section ?? '', filter.collection ?? '', filter.itemId ?? '', filter.userId ?? ''] as const,

  /** The Discord sandbox viewer's data (its overview and every channel's messages). */
  sandboxViewer: ['sandbox-viewer'] as const,
  sandboxMessages: (channelId: string | null) => ['sandbox-viewer', channelId] as const,
};
