import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { type AddressInfo, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { test as base } from '@playwright/test';

export { expect, type Browser, type Page } from '@playwright/test';

// Each Playwright worker runs its spec files against an app of its own: what `npm start` serves (the built backend and
// frontend), on its own port, with its own data folder and so its own sandbox guilds, sessions and payments. Two
// workers then never see each other's writes, and a file sees only the files its worker ran before it, as it did
// when one worker ran them all in turn against one app. The port is one the system reports free (E2E_PORT + the
// worker's slot, if E2E_PORT is set), never a fixed one: an app left running by an interrupted run once answered a
// new run's readiness check on 3210, and both workers' tests went to it.
const ROOT = path.resolve(import.meta.dirname, '../..');

/** A port nothing listens on now: the system's choice, or E2E_PORT + slot if set (then it must be free). */
async function freePort(slot: number): Promise<number> {
  const wanted = process.env.E2E_PORT ? Number(process.env.E2E_PORT) + slot : 0;
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', (err) => reject(new Error(`port ${wanted} for the e2e app: ${err.message}`)));
    probe.listen(wanted, () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

async function ready(url: string, child: ChildProcess) {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the app exited (${child.exitCode}) before ${url} answered`);
    const ok = await fetch(url).then(
      (res) => res.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${url} did not answer within 60 s`);
}

export const test = base.extend<object, { app: { url: string } }>({
  app: [
    // Playwright reads a fixture's needs from its first parameter's pattern: this one needs none.
    // eslint-disable-next-line no-empty-pattern
    async ({}, use, workerInfo) => {
      // parallelIndex, not workerIndex: a worker that replaces a failed one takes its slot (and, with E2E_PORT, its port).
      const port = await freePort(workerInfo.parallelIndex);
      const dataDir = mkdtempSync(path.join(tmpdir(), 'guildhall-e2e-'));
      const child = spawn(process.execPath, ['backend/dist/main.js'], {
        cwd: ROOT,
        stdio: ['ignore', 'inherit', 'inherit'],
        env: {
          ...process.env,
          PORT: String(port),
          DATA_DIR: dataDir,
          LOG_LEVEL: 'warn',
          RATE_LIMIT_MAX: '100000',
          SANDBOX_GUILDS_RATE_LIMIT: '1000',
        },
      });
      const url = `http://localhost:${port}`;
      try {
        await ready(`${url}/readyz`, child);
        await use({ url });
      } finally {
        if (child.exitCode === null) {
          const exited = new Promise((resolve) => child.once('exit', resolve));
          child.kill('SIGTERM');
          await exited;
        }
        rmSync(dataDir, { recursive: true, force: true });
      }
    },
    { scope: 'worker', auto: true, timeout: 90_000 },
  ],
  baseURL: async ({ app }, use) => use(app.url),
});
