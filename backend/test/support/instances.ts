import { afterAll, beforeAll } from 'vitest';
import { findPostgresBinaries, startPostgresServer, type PostgresServer } from '../../../scripts/support/postgres-server.mjs';
import type { AppOptions } from '../../src/app.js';
import { startTestApp, tempDataDir } from './app.js';

type App = Awaited<ReturnType<typeof startTestApp>>;

/** Whether this machine can start a PostgreSQL server; in CI a suite that needs one must run (and fails without). */
export const postgresBinaries = findPostgresBinaries();
export const ci = Boolean(process.env.CI) && !['0', 'false'].includes(process.env.CI!.toLowerCase());

/**
 * Several app instances on one throwaway PostgreSQL server, each with its own DATA_DIR, one session secret and the
 * read cache at `readCacheTtlMs`: `first` and `second` start before the suite; `start()` starts one more. Everything
 * is stopped and removed after the suite. Call it inside the suite's describe. `options` go to every instance (a clock),
 * and so does `env` (more configuration).
 */
export function instancesOnPostgres(readCacheTtlMs: number, options: AppOptions = {}, env: Record<string, string> = {}) {
  let server: PostgresServer | undefined;
  const apps: App[] = [];
  const dirs: ReturnType<typeof tempDataDir>[] = [];
  const instances = {
    first: undefined as unknown as App,
    second: undefined as unknown as App,
    async start(): Promise<App> {
      if (!server) throw new Error('PostgreSQL server not started');
      const dir = tempDataDir();
      dirs.push(dir);
      const app = await startTestApp(
        {
          DATABASE_URL: server.url,
          READ_CACHE_TTL_MS: String(readCacheTtlMs),
          SESSION_SECRET: 'x'.repeat(48),
          DATA_DIR: dir.dir,
          ...env,
        },
        options,
      );
      apps.push(app);
      return app;
    },
  };
  beforeAll(async () => {
    if (!postgresBinaries)
      throw new Error('CI is set, so this suite cannot be skipped, but initdb/pg_ctl were not found: install postgresql.');
    server = await startPostgresServer();
    instances.first = await instances.start();
    instances.second = await instances.start();
  });
  afterAll(async () => {
    for (const app of apps) await app.close();
    await server?.stop();
    for (const dir of dirs) dir.remove();
  });
  return instances;
}
