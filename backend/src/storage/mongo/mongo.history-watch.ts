import type { mongo } from 'mongoose';

/** The first wait before opening the stream again once it failed; each failure doubles it, up to MAX. */
const REOPEN_FIRST_MS = 250;
const REOPEN_MAX_MS = 10_000;

/**
 * Whether the deployment behind `db` offers change streams: a replica set (its `hello` names the set). A standalone
 * server has none; neither has the wire server the tests run. Asked once, at start.
 */
export async function offersChangeStreams(db: mongo.Db): Promise<boolean> {
  const hello = await db.admin().command({ hello: 1 });
  return typeof hello.setName === 'string' && hello.setName !== '';
}

/**
 * A change stream of the history collection's inserts, each a wake-up (the entry itself is read through `since`, in
 * id order, as the poll does). The driver resumes a stream by itself after a resumable error (a primary stepping down);
 * any other error closes it, and it is opened again after REOPEN_FIRST_MS, doubling up to REOPEN_MAX_MS while it
 * fails, with one wake-up once it is open again: inserts made while it was closed were not seen. No resume token is
 * kept: a wake-up carries nothing a reader needs.
 */
export class HistoryChangeStream {
  private stream: mongo.ChangeStream | null = null;
  private stopped = false;
  private reopenMs = REOPEN_FIRST_MS;
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly history: mongo.Collection,
    private readonly wake: () => void,
    private readonly onError: (error: unknown) => void = () => undefined,
  ) {}

  /** Resolves once the stream is open (or its first opening failed: it is tried again, then wakes). */
  start(): Promise<void> {
    return this.open(false);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const stream = this.stream;
    this.stream = null;
    await stream?.close().catch(() => undefined);
  }

  private async open(again: boolean): Promise<void> {
    if (this.stopped) return;
    const stream = this.history.watch([{ $match: { operationType: 'insert' } }]);
    this.stream = stream;
    let first: unknown;
    try {
      // The first tryNext runs the stream's aggregate: from its answer on, every insert comes through the stream.
      first = await stream.tryNext();
    } catch (error) {
      this.lost(stream, error);
      return;
    }
    this.reopenMs = REOPEN_FIRST_MS;
    if (again || first) this.wake();
    void this.follow(stream);
  }

  private async follow(stream: mongo.ChangeStream): Promise<void> {
    try {
      for (;;) {
        await stream.next();
        this.wake();
      }
    } catch (error) {
      this.lost(stream, error);
    }
  }

  private lost(stream: mongo.ChangeStream, error: unknown): void {
    void stream.close().catch(() => undefined);
    if (this.stream === stream) this.stream = null;
    if (this.stopped || this.timer) return;
    this.onError(error);
    const delay = this.reopenMs;
    this.reopenMs = Math.min(this.reopenMs * 2, REOPEN_MAX_MS);
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.open(true);
    }, delay);
    this.timer.unref();
  }
}
