import { mkdir } from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';
import { StorageClosedError, type SqlClient, type SqlExecutor } from './sql-executor.js';

/**
 * PGlite (PostgreSQL compiled to WASM) in this process, its files under `directory`.
 *
 * Opened lazily on first use, so constructing one has no side effects. PGlite is a single
 * connection: it queues queries and transactions itself (a query issued while a transaction is
 * open waits for it), which is what makes concurrent settings puts atomic here. The directory
 * must not be opened by two PGlite instances at once.
 */
export class PgliteExecutor implements SqlExecutor {
  readonly kind = 'pglite' as const;
  private opening?: Promise<PGlite>;
  private closing?: Promise<void>;

  constructor(readonly directory: string) {}

  async query<R = Record<string, unknown>>(text: string, params: readonly unknown[] = []): Promise<R[]> {
    const db = await this.db();
    return (await db.query<R>(text, [...params])).rows;
  }

  async exec(sql: string): Promise<void> {
    const db = await this.db();
    await db.exec(sql);
  }

  async transaction<T>(fn: (tx: SqlClient) => Promise<T>): Promise<T> {
    const db = await this.db();
    return db.transaction((tx) =>
      fn({
        query: async <R>(text: string, params: readonly unknown[] = []) => (await tx.query<R>(text, [...params])).rows,
        exec: async (sql: string) => {
          await tx.exec(sql);
        },
      }),
    );
  }

  close(): Promise<void> {
    this.closing ??= (async () => {
      const opening = this.opening;
      if (!opening) return;
      // An open that failed has nothing to close.
      const db = await opening.catch(() => undefined);
      if (db && !db.closed) await db.close();
    })();
    return this.closing;
  }

  private db(): Promise<PGlite> {
    if (this.closing) return Promise.reject(new StorageClosedError());
    this.opening ??= (async () => {
      await mkdir(this.directory, { recursive: true });
      return PGlite.create(this.directory);
    })();
    return this.opening;
  }
}
