import path from 'node:path';
import { MongoStorage } from './mongo/mongo.storage.js';
import { PgExecutor } from './pg.executor.js';
import { PgliteExecutor } from './pglite.executor.js';
import { PostgresStorage } from './postgres.storage.js';
import type { StoragePort } from './storage.port.js';

export interface CreateStorageOptions {
  /** PGlite keeps its files in `${dataDir}/pglite` when no server is configured. */
  dataDir: string;
  /** DATABASE_URL: when set (non-empty), a PostgreSQL server (postgres://) or MongoDB (mongodb://, mongodb+srv://) instead of PGlite. */
  databaseUrl?: string;
  /** Errors of idle server connections, for logging (the pool replaces them by itself). */
  onIdleError?: (error: Error) => void;
}

/** The directory PGlite uses under the data directory. */
export function pgliteDirectory(dataDir: string): string {
  return path.join(dataDir, 'pglite');
}

/** Chooses the adapter; nothing is opened until init(). */
export function createStorage(options: CreateStorageOptions): StoragePort {
  if (options.databaseUrl && /^mongodb(\+srv)?:\/\//i.test(options.databaseUrl)) return new MongoStorage(options.databaseUrl);
  if (options.databaseUrl) {
    return new PostgresStorage(new PgExecutor({ connectionString: options.databaseUrl, onIdleError: options.onIdleError }));
  }
  return new PostgresStorage(new PgliteExecutor(pgliteDirectory(options.dataDir)));
}
