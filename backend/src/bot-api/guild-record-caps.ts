import type { StoragePort, StoredRecord } from '../storage/storage.port.js';

/**
 * How many of what the bot reports a guild keeps: the newest, the oldest deleted by the write that passes the cap.
 * These are the server's safety bounds on a credential the bot holds for every guild, not plan limits.
 * - Join DM deliveries: a busy guild's joins would otherwise grow without end, and the statistics only need a recent
 *   picture (the counts are over these).
 * - Transcripts: retention (1 to 365 days) bounds them by age only; 5000 is years of a busy guild's tickets, while a
 *   runaway or replaying bot cannot fill the database under one guild.
 */
export const GUILD_RECORD_CAPS = {
  joindmDeliveries: 1000,
  transcripts: 5000,
} as const;

/** The guild's records of `collection` beyond the newest `cap`, oldest first (the order they were written). */
export async function oldestBeyondCap(
  records: StoragePort['records'],
  collection: string,
  guildId: string,
  cap: number,
): Promise<StoredRecord[]> {
  const count = await records.count(collection, { guildId });
  if (count <= cap) return [];
  return records.list(collection, { guildId, limit: count - cap });
}
