import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type AppOptions, createApp, type RunningApp } from '../../src/app.js';
import { TestBrowser } from './browser.js';

export function tempDataDir(prefix = 'guildhall-test-'): { dir: string; remove(): void } {
  const dir = mkdtempSync(path.join(tmpdir(), prefix));
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

/** A real app instance: PGlite under a temp DATA_DIR, the Discord sandbox, a free port. */
export async function startTestApp(
  env: Record<string, string> = {},
  options: AppOptions = {},
): Promise<RunningApp & { browser(): TestBrowser }> {
  const running = await createApp(
    {
      PORT: '0',
      LOG_LEVEL: 'silent',
      RATE_LIMIT_MAX: '100000',
      SANDBOX_RATE_LIMIT_MAX: '100000',
      SANDBOX_GUILDS_RATE_LIMIT: '1000',
      ...env,
    },
    options,
  );
  return Object.assign(running, { browser: () => new TestBrowser(running.url) });
}
