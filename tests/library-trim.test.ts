// What frontend/vite.config.ts's build-only plugins leave out of the libraries, seen in a production build: the one
// `npm test` made (GUILDHALL_FRONTEND_DIST), or, run alone, one made here (scripts/support/frontend-build.mjs).
// react-router's components that tree shaking could not drop (their forwardRef calls and displayName statements kept
// every one) and Link's framework-mode prefetching; lucide's per-path keys. Every route's bytes
// (tests/route-budgets.test.ts) are what these rules keep low; this says which rule a regression broke.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { builtFrontend } from '../scripts/support/frontend-build.mjs';

const REPO = path.resolve(import.meta.dirname, '..');
const ICONS = path.join(REPO, 'node_modules/lucide-react/dist/esm/icons');

describe('library code the production build leaves out (frontend/vite.config.ts)', () => {
  let build: { dist: string; remove(): void };
  let entry: string;
  let scripts: string;

  beforeAll(() => {
    build = builtFrontend();
    const manifest = JSON.parse(readFileSync(path.join(build.dist, '.vite', 'manifest.json'), 'utf8')) as Record<
      string,
      { file: string; isEntry?: boolean }
    >;
    entry = readFileSync(path.join(build.dist, Object.values(manifest).find((chunk) => chunk.isEntry)!.file), 'utf8');
    const assets = path.join(build.dist, 'assets');
    scripts = readdirSync(assets)
      .filter((file) => file.endsWith('.js'))
      .map((file) => readFileSync(path.join(assets, file), 'utf8'))
      .join('\n');
  }, 300_000);
  afterAll(() => build?.remove());

  it("keeps react-router's Form and its framework-mode prefetch links out of the entry, its router in", () => {
    expect(entry).toContain('You cannot render a <Router> inside another <Router>');
    // <Form> (its invariant names useFormAction; its default encoding) and the prefetch links' route modules.
    for (const gone of ['useFormAction', 'application/x-www-form-urlencoded', 'clientLoader', 'routeModules'])
      expect(entry, gone).not.toContain(gone);
  });

  it("ships lucide's icons without the key of each of their paths", () => {
    const shipped = readdirSync(ICONS)
      .filter((file) => file.endsWith('.mjs'))
      .map((file) => readFileSync(path.join(ICONS, file), 'utf8'))
      .map((code) => ({
        paths: [...code.matchAll(/\bd: "([^"]{24,})"/g)].map((m) => m[1]!),
        keys: [...code.matchAll(/\bkey: "([0-9a-z]+)"/g)].map((m) => m[1]!),
      }))
      .filter((icon) => icon.paths.length > 0 && icon.paths.every((d) => scripts.includes(d)));
    expect(shipped.length).toBeGreaterThan(10);
    for (const { keys } of shipped) for (const key of keys) expect(scripts).not.toMatch(new RegExp(`key:[\`"']${key}[\`"']`));
  });
});
