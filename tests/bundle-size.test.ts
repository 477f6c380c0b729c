// Public routes never carry the form engine (RJSF) or Ajv. The test reads Vite's manifest of a production build: the
// one `npm test` made before vitest (scripts/test.mjs names it in GUILDHALL_FRONTEND_DIST), or, run alone, one it
// makes itself in a temporary folder (scripts/support/frontend-build.mjs). For each route's page chunk: its static
// imports and the entry's, through their source maps. How many KB each route weighs is tests/route-budgets.test.ts'
// rule; `npm run bench:ui` measures it over the wire.
// The build also holds a brotli and a gzip copy of each text file, which the server sends as the browser accepts.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PUBLIC_PAGE_MODULES, PUBLIC_PATHS } from '../frontend/src/public-paths.js';
import { routeScripts } from '../scripts/bench/route-scripts.mjs';
import { builtFrontend } from '../scripts/support/frontend-build.mjs';

const FORBIDDEN = [/node_modules\/@rjsf\//, /node_modules\/ajv\//];
/** The text files a browser fetches, which the build compresses (frontend/vite.config.ts). */
const TEXT = /\.(js|mjs|css|html|svg|json)$/;

type Manifest = Record<string, { file: string; isEntry?: boolean; imports?: string[] }>;

describe('public route JavaScript (built with Vite, read from its manifest)', () => {
  let outDir: string;
  let build: { dist: string; remove(): void } | undefined;
  let manifest: Manifest;

  beforeAll(() => {
    build = builtFrontend();
    outDir = build.dist;
    const manifestFile = path.join(outDir, '.vite', 'manifest.json');
    if (!existsSync(manifestFile))
      throw new Error(`${outDir} has no .vite/manifest.json: frontend/vite.config.ts needs build.manifest: true`);
    manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Manifest;
  }, 120_000);
  afterAll(() => build?.remove());

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

  it('holds a brotli and a gzip copy of every text file a browser fetches, each unpacking to the file', () => {
    const files = (dir: string): string[] =>
      readdirSync(path.join(outDir, dir), { withFileTypes: true }).flatMap((entry) =>
        entry.name.startsWith('.') ? [] : entry.isDirectory() ? files(path.join(dir, entry.name)) : [path.join(dir, entry.name)],
      );
    const text = files('').filter((file) => TEXT.test(file));
    expect(text.length).toBeGreaterThan(20);
    const problems = text.flatMap((file) => {
      const bytes = readFileSync(path.join(outDir, file));
      const copies = [
        { copy: `${file}.br`, unpack: brotliDecompressSync },
        { copy: `${file}.gz`, unpack: gunzipSync },
      ];
      // A copy no smaller than its file is not written: the server sends the file itself then.
      return copies.flatMap(({ copy, unpack }) => {
        if (!existsSync(path.join(outDir, copy))) return bytes.length < 100 ? [] : [`${copy} is missing`];
        return unpack(readFileSync(path.join(outDir, copy))).equals(bytes) ? [] : [`${copy} does not unpack to ${file}`];
      });
    });
    expect(problems).toEqual([]);
  });
});
