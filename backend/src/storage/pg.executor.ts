import pg from 'pg';
import { PgListener, type PgListenerOptions } from './pg.listener.js';
import { StorageClosedError, type SqlClient, type SqlExecutor } from './sql-executor.js';

export interface PgExecutorOptions {
  connectionString: string;
  /** Connections in the pool. */
  max?: number;
  /**
   * Errors of idle pooled connections (server restart, network drop). The pool already drops
   * the broken connection; without a listener node would treat the event as uncaught and exit.
   */
  onIdleError?: (error: Error) => void;
}

/** A PostgreSQL server through a node-postgres pool; connections are opened on demand. */
export class PgExecutor implements SqlExecutor {
  readonly kind = 'postgres' as const;
  private readonly pool: pg.Pool;
  private closing?: Promise<void>;

  constructor(private readonly options: PgExecutorOptions) {
    this.pool = new pg.Pool({ connectionString: options.connectionString, max: options.max ?? 10 });
    this.pool.on('error', options.onIdleError ?? (() => {}));
  }

  async query<R = Record<string, unknown>>(text: string, params: readonly unknown[] = []): Promise<R[]> {
    this.assertOpen();
    return (await this.pool.query(text, [...params])).rows as R[];
  }

  async exec(sql: string): Promise<void> {
    this.assertOpen();
    // Without parameters node-postgres uses the simple protocol, which accepts several statements.
    await this.pool.query(sql);
  }

  async transaction<T>(fn: (tx: SqlClient) => Promise<T>): Promise<T> {
    this.assertOpen();
    const client = await this.pool.connect();
    let broken: unknown;
    try {
      await client.query('BEGIN');
      const result = await fn({
        query: async <R>(text: string, params: readonly unknown[] = []) => (await client.query(text, [...params])).rows as R[],
        exec: async (sql: string) => {
          await client.query(sql);
        },
      });
      await client.query('COMMIT');
      return result;
    } catch (error) {
      try {
        await client.query('ROLLBACK');
      } catch (rollbackError) {
        // A connection that cannot roll back must not go back to the pool mid-transaction.
        broken = rollbackError;
      }
      throw error;
    } finally {
      client.release(broken instanceof Error ? broken : broken === undefined ? undefined : true);
    }
  }

  listener(options: Omit<PgListenerOptions, 'connectionString'>): PgListener {
    return new PgListener({ ...options, connectionString: this.options.connectionString });
  }

  close(): Promise<void> {
    this.closing ??= this.pool.end();
    return this.closing;
  }

  private assertOpen() {
    if (this.closing) throw new StorageClosedError();
  }
}
