import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';
import { StorageClosedError, type SqlClient, type SqlExecutor } from './sql-executor.js';

/**
 * PGlite (PostgreSQL compiled to WASM) in this process, its files under `directory`.
 *
 * Opened lazily on first use, so constructing one has no side effects. PGlite is a single
 * connection: it queues queries and transactions itself (a query issued while a transaction is
 * open waits for it), which is what makes concurrent settings puts atomic here.
 *
 * PGlite itself lets two instances open one directory and both write to it, which corrupts it.
 * So the executor holds a lock file next to the directory while it is open: a second instance,
 * in this process or another, is refused with DataDirInUseError. A lock left by a process that
 * died is taken over.
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
      // An open that failed has nothing to close (and released its lock itself).
      const db = await opening.catch(() => undefined);
      if (!db) return;
      try {
        if (!db.closed) await db.close();
      } finally {
        await releaseLock(lockFile(this.directory));
      }
    })();
    return this.closing;
  }

  private db(): Promise<PGlite> {
    if (this.closing) return Promise.reject(new StorageClosedError());
    this.opening ??= (async () => {
      await mkdir(this.directory, { recursive: true });
      const lock = lockFile(this.directory);
      await acquireLock(lock, this.directory);
      try {
        return await PGlite.create(this.directory);
      } catch (err) {
        await releaseLock(lock);
        throw err;
      }
    })();
    return this.opening;
  }
}

/** Thrown when another open executor (in this process or another) holds the data directory. */
export class DataDirInUseError extends Error {
  constructor(
    readonly directory: string,
    readonly pid: number | undefined,
  ) {
    super(
      `The database directory ${directory} is already in use${pid ? ` by process ${pid}` : ''}. ` +
        'Stop that Guildhall, or set DATA_DIR to another directory.',
    );
    this.name = 'DataDirInUseError';
  }
}

/** Lock files this process holds: the pid inside them cannot tell two instances of one process apart. */
const held = new Set<string>();

/** The lock file of a PGlite directory: beside it, so PGlite's own files stay PGlite's. */
export const lockFile = (directory: string) => `${directory}.lock`;

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: it exists but belongs to another user.
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

async function acquireLock(file: string, directory: string): Promise<void> {
  for (let attempt = 0; attempt < 2; attempt++) {
    if (held.has(file)) throw new DataDirInUseError(directory, process.pid);
    try {
      await writeFile(file, `${process.pid}\n`, { flag: 'wx' });
      held.add(file);
      return;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    }
    const pid = Number.parseInt(await readFile(file, 'utf8').catch(() => ''), 10) || undefined;
    // Our own pid in a file we do not hold was left by an earlier life of this pid (a container's pid 1).
    if (pid !== undefined && pid !== process.pid && processAlive(pid)) throw new DataDirInUseError(directory, pid);
    await rm(file, { force: true }); // stale: its process ended without closing
  }
  throw new DataDirInUseError(directory, undefined);
}

async function releaseLock(file: string): Promise<void> {
  if (!held.delete(file)) return;
  await rm(file, { force: true });
}
