import type { Migration } from './migrations/index.js';
import type { SqlExecutor } from './sql-executor.js';

/**
 * Key of the transaction-level advisory lock that serialises migration runs of every instance
 * sharing a database (arbitrary, but fixed forever: 'guildhall' as ASCII bytes).
 */
export const MIGRATION_LOCK_KEY = 0x6775696c6468616cn;

/**
 * Applies the migrations not yet recorded in schema_migrations, in order, each in its own
 * transaction together with its record. Every transaction first takes the advisory lock, so
 * instances starting at once on the same server queue up, and each re-reads what is applied
 * after getting the lock: a migration another instance just applied is not run again.
 * Returns the ids applied by this call.
 */
export async function runMigrations(executor: SqlExecutor, migrations: readonly Migration[]): Promise<string[]> {
  assertWellFormed(migrations);
  const lock = `SELECT pg_advisory_xact_lock(${MIGRATION_LOCK_KEY.toString()})`;
  // Concurrent CREATE TABLE IF NOT EXISTS can still collide on the catalog, hence the lock here too.
  await executor.transaction(async (tx) => {
    await tx.query(lock);
    await tx.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
      id         text        PRIMARY KEY,
      applied_at timestamptz NOT NULL DEFAULT now()
    )`);
  });
  const applied: string[] = [];
  for (const migration of migrations) {
    const ran = await executor.transaction(async (tx) => {
      await tx.query(lock);
      const done = await tx.query('SELECT 1 FROM schema_migrations WHERE id = $1', [migration.id]);
      if (done.length > 0) return false;
      await tx.exec(migration.sql);
      await tx.query('INSERT INTO schema_migrations (id) VALUES ($1)', [migration.id]);
      return true;
    });
    if (ran) applied.push(migration.id);
  }
  return applied;
}

function assertWellFormed(migrations: readonly Migration[]) {
  const seen = new Set<string>();
  let previous = '';
  for (const { id } of migrations) {
    if (seen.has(id)) throw new Error(`Duplicate migration id ${id}`);
    if (id <= previous) throw new Error(`Migration ${id} is listed after ${previous}: keep the list in id order`);
    seen.add(id);
    previous = id;
  }
}
