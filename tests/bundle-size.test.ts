// Public routes never carry the form engine (RJSF) or Ajv. The test reads Vite's manifest of a production build: the
// one `npm test` made before vitest (scripts/test.mjs names it in GUILDHALL_FRONTEND_DIST), or, run alone, one it
// makes itself in a temporary folder. For each route's page chunk: its static imports and the entry's, through their
// source maps. How many KB each route weighs is a figure,
// not a rule a test fails on: `npm run bench:ui` prints it and holds the 120 KB budget.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PUBLIC_PAGE_MODULES, PUBLIC_PATHS } from '../frontend/src/public-paths.js';
import { routeScripts } from '../scripts/bench/route-scripts.mjs';

const REPO = fileURLToPath(new URL('..', import.meta.url));
const FRONTEND = path.join(REPO, 'frontend');
const VITE = path.join(REPO, 'node_modules', '.bin', 'vite');
const FORBIDDEN = [/node_modules\/@rjsf\//, /node_modules\/ajv\//];

type Manifest = Record<string, { file: string; isEntry?: boolean; imports?: string[] }>;

function buildInto(outDir: string) {
  const build = spawnSync(VITE, ['build', '--outDir', outDir, '--emptyOutDir', '--logLevel', 'warn'], {
    cwd: FRONTEND,
    encoding: 'utf8',
    // vitest sets NODE_ENV=test, which would make Vite bundle React's development build.
    env: { ...process.env, NODE_ENV: 'production' },
  });
  if (build.status !== 0) throw new Error(`vite build failed (exit ${build.status}):\n${build.stderr || build.stdout}`);
  return outDir;
}

describe('public route JavaScript (built with Vite, read from its manifest)', () => {
  let outDir: string;
  let ownBuild: string | undefined; // the temporary folder this test built into, if it did
  let manifest: Manifest;

  beforeAll(() => {
    outDir = process.env.GUILDHALL_FRONTEND_DIST ?? (ownBuild = buildInto(mkdtempSync(path.join(tmpdir(), 'guildhall-bundle-'))));
    const manifestFile = path.join(outDir, '.vite', 'manifest.json');
    if (!existsSync(manifestFile))
      throw new Error(`${outDir} has no .vite/manifest.json: frontend/vite.config.ts needs build.manifest: true`);
    manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Manifest;
  }, 120_000);
  afterAll(() => {
    if (ownBuild) rmSync(ownBuild, { recursive: true, force: true });
  });

  it('sees the form engine where it is (the RJSF check below is not vacuous)', () => {
    const withRjsf = Object.values(manifest).filter((chunk) => {
      const mapFile = path.join(outDir, `${chunk.file}.map`);
      return existsSync(mapFile) && (JSON.parse(readFileSync(mapFile, 'utf8')).sources as string[]).some((s) => FORBIDDEN[0]!.test(s));
    });
    expect(withRjsf.length).toBeGreaterThan(0);
  });

  it("builds every public route's page as a chunk of its own", () => {
    expect(PUBLIC_PATHS.length).toBeGreaterThan(20);
    expect(PUBLIC_PATHS.filter((route) => !manifest[`src/${PUBLIC_PAGE_MODULES[route]}.tsx`])).toEqual([]);
  });

  it('never loads RJSF or Ajv on a public route', () => {
    expect(
      Object.values(manifest).some((chunk) => chunk.isEntry),
      'the manifest names an entry',
    ).toBe(true);
    const offenders: string[] = [];

    for (const { route, files } of routeScripts(manifest, PUBLIC_PATHS, PUBLIC_PAGE_MODULES)) {
      for (const file of files) {
        const mapFile = path.join(outDir, `${file}.map`);
        if (!existsSync(mapFile)) throw new Error(`${file} has no source map: frontend/vite.config.ts needs build.sourcemap`);
        const { sources } = JSON.parse(readFileSync(mapFile, 'utf8')) as { sources: string[] };
        for (const source of sources) if (FORBIDDEN.some((re) => re.test(source))) offenders.push(`${route}: ${file} includes ${source}`);
      }
    }
    expect(offenders.slice(0, 5)).toEqual([]);
  });
});
