import type { Logger } from 'pino';
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
  let running: Promise<void> | undefined;
  const prune = () => {
    running ??= sessions
      .prune(new Date())
      .then(
        (count) => {
          if (count > 0) logger.info({ count }, 'expired sessions deleted');
        },
        (err: unknown) => logger.warn({ err: err instanceof Error ? err.message : String(err) }, 'deleting expired sessions failed'),
      )
      .finally(() => {
        running = undefined;
      });
  };
  prune();
  const timer = setInterval(prune, intervalMs);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
