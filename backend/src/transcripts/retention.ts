import type { Logger } from 'pino';
import { type PeriodicJob, schedulePeriodicJob } from '../jobs/periodic-job.js';
import type { StoragePort } from '../storage/storage.port.js';
import { deleteTranscript, type TranscriptEntry, TRANSCRIPTS } from './transcripts.service.js';

/** Transcripts past their guild's retention are deleted at start-up and this often. */
export const TRANSCRIPT_RETENTION_INTERVAL_MS = 60 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;
const PAGE = 200;

/** A guild's retention in days (its transcripts settings, or the default). */
export type RetentionDays = (guildId: string) => Promise<number>;

/**
 * Deletes every transcript whose created date (the ticket's close) is more than its guild's retention days before
 * `now`; returns how many. Reads the collection a page at a time and deletes afterwards, so no page shifts under it.
 */
export async function pruneTranscripts(
  storage: Pick<StoragePort, 'records'>,
  retentionDays: RetentionDays,
  now = new Date(),
): Promise<number> {
  const days = new Map<string, number>();
  const expired: string[] = [];
  for (let offset = 0; ; offset += PAGE) {
    const page = await storage.records.list<TranscriptEntry>(TRANSCRIPTS, { limit: PAGE, offset });
    for (const record of page) {
      if (!record.guildId) continue;
      if (!days.has(record.guildId)) days.set(record.guildId, await retentionDays(record.guildId));
      const age = now.getTime() - Date.parse(record.data.createdAt);
      if (age > days.get(record.guildId)! * DAY_MS) expired.push(record.id);
    }
    if (page.length < PAGE) break;
  }
  let deleted = 0;
  for (const id of expired) if (await deleteTranscript(storage, id)) deleted++;
  return deleted;
}

/** `run()` prunes now (one at a time); `stop()` ends the schedule and waits for a prune in progress. */
export type TranscriptRetention = PeriodicJob;

/** Like session pruning (auth/session-pruning.ts): now, then on an interval that does not keep the process alive. */
export function scheduleTranscriptRetention(
  storage: Pick<StoragePort, 'records'>,
  retentionDays: RetentionDays,
  logger: Logger,
  intervalMs = TRANSCRIPT_RETENTION_INTERVAL_MS,
): TranscriptRetention {
  return schedulePeriodicJob(() => pruneTranscripts(storage, retentionDays), logger, intervalMs, {
    done: 'transcripts past their retention deleted',
    failed: 'deleting old transcripts failed',
  });
}
