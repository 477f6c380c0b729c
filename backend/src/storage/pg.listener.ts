import pg from 'pg';

/** The first wait before connecting again once the connection is lost; each failed attempt doubles it, up to MAX. */
export const LISTEN_RETRY_FIRST_MS = 250;
export const LISTEN_RETRY_MAX_MS = 10_000;
/** A connection attempt that hangs (an unreachable host) fails after this, and is tried again. */
const CONNECT_TIMEOUT_MS = 10_000;
/** What the listening connection calls itself in pg_stat_activity (operators, and the tests that cut it). */
export const LISTENER_APPLICATION_NAME = 'guildhall history listener';

export interface PgListenerOptions {
  connectionString: string;
  channel: string;
  /** A notification on the channel, with its payload. */
  onNotification(payload: string): void;
  /** Listening again after the connection was lost (or after a first attempt failed): what was sent meanwhile is gone. */
  onListeningAgain(): void;
  /** Why the connection was lost or could not be made; it is tried again whatever the error. */
  onError?(error: Error): void;
}

/**
 * LISTEN on a connection of its own, not the pool's: a pooled connection goes back to the pool after each query, and
 * the server forgets a LISTEN when its session ends. When the connection drops (a server restart, pg_terminate_backend,
 * the network) it connects again after LISTEN_RETRY_FIRST_MS, doubling up to LISTEN_RETRY_MAX_MS while it fails.
 * TCP keep-alive makes a silently dead peer an error in time; the change feed's poll covers the gap meanwhile.
 */
export class PgListener {
  /** The connection being made or listening (the one stop() ends). */
  private client: pg.Client | null = null;
  private listening = false;
  private stopped = false;
  private retryMs = LISTEN_RETRY_FIRST_MS;
  private timer: NodeJS.Timeout | null = null;
  private attempt: Promise<void> | null = null;

  constructor(private readonly options: PgListenerOptions) {}

  /** Resolves after the first attempt, listening or not: a failed one is tried again (then onListeningAgain). */
  start(): Promise<void> {
    return this.connect(false);
  }

  /** The server process of the listening connection, while there is one. */
  get backendPid(): number | null {
    if (!this.listening) return null;
    return (this.client as (pg.Client & { processID?: number }) | null)?.processID ?? null;
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const client = this.client;
    this.client = null;
    this.listening = false;
    // Ending a connection still being made destroys its socket: an attempt under way fails at once.
    await client?.end().catch(() => undefined);
    await this.attempt;
  }

  private connect(again: boolean): Promise<void> {
    this.attempt = this.listen(again).finally(() => (this.attempt = null));
    return this.attempt;
  }

  private async listen(again: boolean): Promise<void> {
    if (this.stopped) return;
    const { connectionString, channel } = this.options;
    const client = new pg.Client({
      connectionString,
      application_name: LISTENER_APPLICATION_NAME,
      keepAlive: true,
      connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    });
    this.client = client;
    let lost = false;
    const drop = (error?: Error) => {
      if (lost) return;
      lost = true;
      if (error && !this.stopped) this.options.onError?.(error);
      client.removeAllListeners('notification');
      void client.end().catch(() => undefined);
      if (this.client === client) {
        this.client = null;
        this.listening = false;
      }
      this.retry();
    };
    client.on('error', drop);
    client.on('end', () => drop());
    client.on('notification', (message) => {
      if (message.channel === channel) this.options.onNotification(message.payload ?? '');
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${client.escapeIdentifier(channel)}`);
    } catch (error) {
      drop(error instanceof Error ? error : new Error(String(error)));
      return;
    }
    if (lost) return;
    if (this.stopped) {
      await client.end().catch(() => undefined);
      return;
    }
    this.listening = true;
    this.retryMs = LISTEN_RETRY_FIRST_MS;
    if (again) this.options.onListeningAgain();
  }

  private retry(): void {
    if (this.stopped || this.timer) return;
    const delay = this.retryMs;
    this.retryMs = Math.min(this.retryMs * 2, LISTEN_RETRY_MAX_MS);
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.connect(true);
    }, delay);
    this.timer.unref();
  }
}
