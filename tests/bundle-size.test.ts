// Each public route's JavaScript stays within 120 KB gzip and never carries the form engine (RJSF) or Ajv.
// The test builds the frontend itself (vitest runs before `npm run build` in scripts/test.mjs), into a temporary
// folder, and reads Vite's manifest: for each route's page chunk, its static imports and the entry's, each file
// gzip-compressed on its own as a browser would fetch it.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const REPO = fileURLToPath(new URL('..', import.meta.url));
const FRONTEND = path.join(REPO, 'frontend');
const VITE = path.join(REPO, 'node_modules', '.bin', 'vite');
const BUDGET_KB = 120;
const FORBIDDEN = [/node_modules\/@rjsf\//, /node_modules\/ajv\//];

/** Every public route of the spec (1:2.1 and 2), as routes.tsx names it. */
const PUBLIC_ROUTES = [
  '/',
  'login',
  'dev',
  'premium',
  'plans/:planType',
  'premium/:planType/:period/process',
  'premium/payment/success',
  'premium/payment/failed',
  'premium/payment/pending',
  'features',
  'docs',
  'faq',
  'contact',
  'invite',
  'terms',
  'privacy',
  'cookies',
  'cookie-policy',
  'pricing',
  'shipping',
  'refund',
];

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}
type Manifest = Record<string, ManifestChunk>;

/** Route path -> page module (src/...), read from the route table itself. */
function pageModules(): Map<string, string> {
  const source = readFileSync(path.join(FRONTEND, 'src/routes.tsx'), 'utf8');
  const pattern = /(?:path: '([^']+)'|index: true), element: page\(\(\) => import\('\.\/(pages\/[\w/]+)'\)/g;
  const out = new Map<string, string>();
  for (const [, route, module] of source.matchAll(pattern)) out.set(route ?? '/', `src/${module}.tsx`);
  return out;
}

describe('public route JavaScript budget (built with Vite, measured from its manifest)', () => {
  let outDir: string;
  let manifest: Manifest;
  const gzipKb = new Map<string, number>();
  const sizeOf = (file: string) => {
    if (!gzipKb.has(file)) gzipKb.set(file, gzipSync(readFileSync(path.join(outDir, file))).length / 1024);
    return gzipKb.get(file)!;
  };
  /** The chunk and everything it imports statically (what the browser must load before it runs). */
  const closure = (key: string, seen = new Set<string>()): Set<string> => {
    if (seen.has(key)) return seen;
    const chunk = manifest[key];
    if (!chunk) throw new Error(`manifest has no chunk ${key}`);
    seen.add(key);
    for (const imported of chunk.imports ?? []) closure(imported, seen);
    return seen;
  };

  beforeAll(() => {
    outDir = mkdtempSync(path.join(tmpdir(), 'guildhall-bundle-'));
    const build = spawnSync(VITE, ['build', '--outDir', outDir, '--emptyOutDir', '--logLevel', 'warn'], {
      cwd: FRONTEND,
      encoding: 'utf8',
      // vitest sets NODE_ENV=test, which would make Vite bundle React's development build.
      env: { ...process.env, NODE_ENV: 'production' },
    });
    if (build.status !== 0) throw new Error(`vite build failed (exit ${build.status}):\n${build.stderr || build.stdout}`);
    const manifestFile = path.join(outDir, '.vite', 'manifest.json');
    if (!existsSync(manifestFile))
      throw new Error('vite build wrote no .vite/manifest.json: frontend/vite.config.ts needs build.manifest: true');
    manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Manifest;
  }, 120_000);
  afterAll(() => {
    if (outDir) rmSync(outDir, { recursive: true, force: true });
  });

  it('sees the form engine where it is (the RJSF check below is not vacuous)', () => {
    const withRjsf = Object.values(manifest).filter((chunk) => {
      const mapFile = path.join(outDir, `${chunk.file}.map`);
      return existsSync(mapFile) && (JSON.parse(readFileSync(mapFile, 'utf8')).sources as string[]).some((s) => FORBIDDEN[0]!.test(s));
    });
    expect(withRjsf.length).toBeGreaterThan(0);
  });

  it('finds a page module in the route table for every public route', () => {
    const pages = pageModules();
    expect(PUBLIC_ROUTES.filter((route) => !pages.has(route))).toEqual([]);
  });

  it(`keeps each public route within ${BUDGET_KB} KB gzip, without RJSF or Ajv`, () => {
    const pages = pageModules();
    const entryKey = Object.keys(manifest).find((key) => manifest[key]!.isEntry);
    expect(entryKey, 'the manifest names an entry').toBeTruthy();
    const entry = closure(entryKey!);
    const report: { route: string; kb: number; chunks: number }[] = [];
    const offenders: string[] = [];

    for (const route of PUBLIC_ROUTES) {
      const module = pages.get(route)!;
      expect(manifest[module], `${module} is a chunk of its own`).toBeTruthy();
      const chunks = new Set([...entry, ...closure(module)]);
      const files = [...chunks].map((key) => manifest[key]!.file).filter((file) => file.endsWith('.js'));
      const kb = files.reduce((sum, file) => sum + sizeOf(file), 0);
      report.push({ route, kb: Math.round(kb * 100) / 100, chunks: files.length });
      for (const file of files) {
        const mapFile = path.join(outDir, `${file}.map`);
        if (!existsSync(mapFile)) throw new Error(`${file} has no source map: frontend/vite.config.ts needs build.sourcemap`);
        const { sources } = JSON.parse(readFileSync(mapFile, 'utf8')) as { sources: string[] };
        for (const source of sources) if (FORBIDDEN.some((re) => re.test(source))) offenders.push(`${route}: ${file} includes ${source}`);
      }
    }
    console.log(
      `JavaScript per public route (KB gzip, entry included):\n${report.map((r) => `  ${r.route.padEnd(36)} ${r.kb.toFixed(2).padStart(7)} (${r.chunks} files)`).join('\n')}`,
    );
    expect(offenders.slice(0, 5)).toEqual([]);
    expect(report.filter((r) => r.kb > BUDGET_KB)).toEqual([]);
  });
});
