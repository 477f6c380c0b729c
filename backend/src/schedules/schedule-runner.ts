import type { Logger } from 'pino';
import { SchedulesService } from './schedules.service.js';

/** How often the runner looks for due runs. */
export const SCHEDULE_TICK_MS = 15 * 1000;

export interface ScheduleRunner {
  /**
   * One tick now: every schedule's due runs up to the clock's now, posted once. A call while a tick runs waits for it
   * and then ticks again (that tick may have read the schedules before a change the caller made); calls meanwhile share
   * that one next tick. One tick at a time per instance.
   */
  run(): Promise<void>;
  /** Stops the timer and waits for a tick in progress (the database is about to close). */
  stop(): Promise<void>;
}

/**
 * The job runner of scheduled messages (SchedulesService.tick does the work): at start-up, then every 15 seconds on a
 * timer that does not keep the process alive. Several instances may tick at once: each due time's claim in the
 * database lets one of them post it. A failed tick is logged; the next one tries again.
 */
export function scheduleScheduleRunner(schedules: SchedulesService, logger: Logger, intervalMs = SCHEDULE_TICK_MS): ScheduleRunner {
  let running: Promise<void> | undefined;
  let next: Promise<void> | undefined;
  let stopped = false;
  const tick = (): Promise<void> =>
    schedules.tick().then(
      (handled) => {
        if (handled > 0) logger.info({ handled }, 'scheduled messages run');
      },
      (err: unknown) => logger.warn({ err: err instanceof Error ? err.message : String(err) }, 'scheduled messages tick failed'),
    );
  const start = (): Promise<void> => {
    running = tick().finally(() => {
      running = undefined;
    });
    return running;
  };
  const run = (): Promise<void> => {
    if (stopped) return Promise.resolve();
    if (!running) return start();
    next ??= running.then(() => {
      next = undefined;
      return stopped ? undefined : start();
    });
    return next;
  };
  void run();
  const timer = setInterval(() => void (running ? undefined : run()), intervalMs);
  timer.unref();
  return {
    run,
    async stop() {
      stopped = true;
      clearInterval(timer);
      await next;
      await running;
    },
  };
}
