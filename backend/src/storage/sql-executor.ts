import type { PgListener, PgListenerOptions } from './pg.listener.js';

/**
 * The little SQL surface PostgresStorage needs, so the same SQL runs on PGlite (embedded,
 * single connection) and on a PostgreSQL server (node-postgres pool).
 */

/** What runs statements: the executor itself, or one transaction's connection. */
export interface SqlClient {
  /** One statement with `$1`-style parameters; returns its rows. */
  query<R = Record<string, unknown>>(text: string, params?: readonly unknown[]): Promise<R[]>;
  /** Several statements separated by `;`, without parameters (migrations). */
  exec(sql: string): Promise<void>;
}

export interface SqlExecutor extends SqlClient {
  readonly kind: 'pglite' | 'postgres';
  /**
   * Runs `fn` inside BEGIN/COMMIT on one connection; ROLLBACK if it throws. On PGlite, other
   * queries wait until the transaction ends.
   */
  transaction<T>(fn: (tx: SqlClient) => Promise<T>): Promise<T>;
  /** Releases every connection or the embedded database. Idempotent. */
  close(): Promise<void>;
  /**
   * A listener of the database's notifications on a connection of its own (not started), where other processes may
   * share the database: a server. PGlite has none: one process owns its directory, so every commit is this one's.
   */
  listener?(options: Omit<PgListenerOptions, 'connectionString'>): PgListener;
}

/** Thrown by an executor used after close(). */
export class StorageClosedError extends Error {
  constructor() {
    super('Storage is closed');
    this.name = 'StorageClosedError';
  }
}
