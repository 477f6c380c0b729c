import type { Logger } from 'pino';

export interface PeriodicJob {
  /** Runs the job now (one run at a time: a call during a run joins it) and resolves when it is done. */
  run(): Promise<void>;
  /** Stops the schedule and waits for a run in progress (the database is about to close). */
  stop(): Promise<void>;
}

/**
 * A housekeeping job (deleting expired sessions, old transcripts): run at once, then every `intervalMs` on a timer
 * that does not keep the process alive, one run at a time. A run reports how many things it removed; a failure is
 * logged and the next run tries again.
 */
export function schedulePeriodicJob(
  work: () => Promise<number>,
  logger: Logger,
  intervalMs: number,
  words: { done: string; failed: string },
): PeriodicJob {
  let running: Promise<void> | undefined;
  let stopped = false;
  const run = () => {
    if (stopped) return Promise.resolve();
    running ??= work()
      .then(
        (count) => {
          if (count > 0) logger.info({ count }, words.done);
        },
        (err: unknown) => logger.warn({ err: err instanceof Error ? err.message : String(err) }, words.failed),
      )
      .finally(() => {
        running = undefined;
      });
    return running;
  };
  void run();
  const timer = setInterval(() => void run(), intervalMs);
  timer.unref();
  return {
    run,
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
