import type { Logger } from 'pino';
import { schedulePeriodicJob } from '../jobs/periodic-job.js';
import type { SessionStore } from '../storage/storage.port.js';

/** Expired sessions are deleted at start-up and this often: nothing else deletes a session nobody comes back to. */
export const SESSION_PRUNE_INTERVAL_MS = 60 * 60 * 1000;

export interface SessionPruning {
  /** Stops the schedule and waits for a prune in progress (the database is about to close). */
  stop(): Promise<void>;
}

/** Prunes now and then on an interval that does not keep the process alive; one prune at a time. */
export function scheduleSessionPruning(
  sessions: Pick<SessionStore, 'prune'>,
  logger: Logger,
  intervalMs = SESSION_PRUNE_INTERVAL_MS,
): SessionPruning {
  return schedulePeriodicJob(() => sessions.prune(new Date()), logger, intervalMs, {
    done: 'expired sessions deleted',
    failed: 'deleting expired sessions failed',
  });
}
