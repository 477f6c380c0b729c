// The production build of the frontend that the tests reading what the browser gets share (bundle size, route byte
// budgets, server-only assets, compressed serving): the one `npm test` made before vitest (scripts/test.mjs names it
// in GUILDHALL_FRONTEND_DIST), or, for a test run alone, one made here in a temporary folder and removed with
// `remove()`. Built as `npm run build` builds it: the manifest, source maps, and the brotli and gzip copies.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../..');

/** Builds the frontend into `outDir` (emptied first) and returns it; throws with Vite's output when the build fails. */
export function buildFrontendInto(outDir) {
  const build = spawnSync(path.join(root, 'node_modules/.bin/vite'), ['build', '--outDir', outDir, '--emptyOutDir', '--logLevel', 'warn'], {
    cwd: path.join(root, 'frontend'),
    encoding: 'utf8',
    // vitest sets NODE_ENV=test, which would make Vite bundle React's development build.
    env: { ...process.env, NODE_ENV: 'production' },
  });
  if (build.status !== 0) throw new Error(`vite build failed (exit ${build.status}):\n${build.stderr || build.stdout}`);
  return outDir;
}

/** The build to read: GUILDHALL_FRONTEND_DIST's, else a fresh one (`remove` deletes only a folder made here). */
export function builtFrontend(env = process.env) {
  const named = env.GUILDHALL_FRONTEND_DIST;
  if (named) {
    if (!existsSync(path.join(named, 'index.html'))) throw new Error(`GUILDHALL_FRONTEND_DIST=${named} holds no index.html`);
    return { dist: named, remove: () => undefined };
  }
  const dist = mkdtempSync(path.join(tmpdir(), 'guildhall-frontend-'));
  const remove = () => rmSync(dist, { recursive: true, force: true });
  try {
    buildFrontendInto(dist);
  } catch (error) {
    remove(); // a failed build leaves no folder behind
    throw error;
  }
  return { dist, remove };
}
