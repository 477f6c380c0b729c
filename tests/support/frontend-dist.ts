// A production build of the frontend for the tests that read what the browser gets: the one `npm test` made before
// vitest (scripts/test.mjs names it in GUILDHALL_FRONTEND_DIST), or, for a test run alone, one made here in a
// temporary folder (removed by `cleanup`).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const REPO = fileURLToPath(new URL('../..', import.meta.url));
const VITE = path.join(REPO, 'node_modules', '.bin', 'vite');

export function frontendDist(): { dir: string; cleanup(): void } {
  const given = process.env.GUILDHALL_FRONTEND_DIST;
  if (given) return { dir: given, cleanup: () => {} };
  const dir = mkdtempSync(path.join(tmpdir(), 'guildhall-dist-'));
  const build = spawnSync(VITE, ['build', '--outDir', dir, '--emptyOutDir', '--logLevel', 'warn'], {
    cwd: path.join(REPO, 'frontend'),
    encoding: 'utf8',
    // vitest sets NODE_ENV=test, which would make Vite bundle React's development build.
    env: { ...process.env, NODE_ENV: 'production' },
  });
  if (build.status !== 0) {
    rmSync(dir, { recursive: true, force: true });
    throw new Error(`vite build failed (exit ${build.status}):\n${build.stderr || build.stdout}`);
  }
  return { dir, cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}
