// How many bytes of JavaScript each route of the route table costs a first visit, as they cross the wire to a browser
// that accepts brotli: the entry chunk and the route's page modules (a manage page: the manage layout and the page)
// with everything they import statically; for a settings page the section's generated module that it loads lazily to
// draw its form (generated/section-modules.js; a chunk among the entry's dynamicImports), and what the page loads
// lazily as soon as it is drawn with its defaults (manage-paths.ts' SECTION_PAGE_LAZY: the message preview, the form
// parts its form draws), each with its static imports: everything the page loads. Read from Vite's manifest of a
// production build, each file counted as its .br copy in dist/ (the server sends the file itself where the build kept
// no smaller copy) plus its response's status line and headers (SCRIPT_HEADER_BYTES, which
// backend/test/compression.test.ts holds the server to): what `npm run bench:ui` measures in Chromium, which prints
// this figure beside its own.
// Bytes, not timings: the same build gives the same figures on any machine.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { sectionModuleFiles } from '@guildhall/generated/section-modules';
import { sectionPages } from '@guildhall/generated/section-pages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MANAGE_LAYOUT_MODULE, MANAGE_PAGES, SECTION_PAGE_LAZY, sectionPageModule } from '../frontend/src/manage-paths.js';
import { PUBLIC_PAGE_MODULES } from '../frontend/src/public-paths.js';
import { appRoutes, routeWeight, scriptsOf, SCRIPT_HEADER_BYTES, type AppRoute } from '../scripts/bench/route-scripts.mjs';
import { builtFrontend } from '../scripts/support/frontend-build.mjs';

/** KB (1024 bytes) of JavaScript on the wire, per kind of route (issue 26; 120 KB for other public routes is ours). */
const BUDGET_KB = { home: 100, public: 120, manage: 150 };

const ROUTES = appRoutes({
  publicPages: PUBLIC_PAGE_MODULES,
  sectionPages,
  sectionPageModule,
  sectionModuleFiles,
  sectionPageLazy: SECTION_PAGE_LAZY,
  managePages: MANAGE_PAGES,
  manageLayout: MANAGE_LAYOUT_MODULE,
});
const budgetOf = ({ route, kind }: AppRoute) => (route === '/' ? BUDGET_KB.home : kind === 'public' ? BUDGET_KB.public : BUDGET_KB.manage);
const kb = (bytes: number) => Math.round((bytes / 1024) * 10) / 10;

describe('JavaScript per route on the wire: brotli as the server sends it, with its headers (Vite manifest of a production build)', () => {
  let build: { dist: string; remove(): void };
  let manifest: Parameters<typeof scriptsOf>[0];

  beforeAll(() => {
    build = builtFrontend();
    manifest = JSON.parse(readFileSync(path.join(build.dist, '.vite', 'manifest.json'), 'utf8'));
  }, 180_000);
  afterAll(() => build?.remove());

  it('weighs every route of the route table: each public page, each section, every other manage page', () => {
    expect(ROUTES.filter((r) => r.kind === 'public').length).toBe(Object.keys(PUBLIC_PAGE_MODULES).length);
    expect(ROUTES.filter((r) => r.kind === 'section').map((r) => r.section)).toEqual(Object.keys(sectionPages));
    expect(ROUTES.filter((r) => r.kind === 'manage').length).toBe(Object.keys(MANAGE_PAGES).length);
    // Each settings page counts its section's module: a chunk of its own that the build made from the generated file,
    // or its page's chunk (chunk-groups.ts), named in the manifest under its path either way; and what its page loads
    // at once (the preview, form parts), each a chunk of its own.
    for (const route of ROUTES.filter((r) => r.kind === 'section')) {
      const key = `../generated/${sectionModuleFiles[route.section as keyof typeof sectionModuleFiles]}`;
      const extra = (SECTION_PAGE_LAZY[route.section as keyof typeof SECTION_PAGE_LAZY] ?? []).map((m) => `src/${m}.tsx`);
      expect(route.lazyModules, route.route).toEqual([key.slice(3), ...extra.map((m) => `frontend/${m}`)]);
      const files = scriptsOf(manifest, route.modules, route.lazyModules);
      expect(manifest[key]?.isDynamicEntry, key).toBe(true);
      expect(files, route.route).toContain(manifest[key]!.file);
      // Each one's chunk (the preview's, which pages that show it at once share with those that import it statically).
      for (const lazy of extra)
        expect(
          files.map((f) => path.basename(f).split('-')[0]),
          `${route.route} ${lazy}`,
        ).toContain(path.basename(lazy, '.tsx'));
    }
    // The brotli copies are there to be counted (else every file would count at its full size).
    const entry = Object.values(manifest).find((chunk) => chunk.isEntry)!;
    expect(existsSync(path.join(build.dist, `${entry.file}.br`))).toBe(true);
  });

  it.each(ROUTES.map((route) => [route.route, budgetOf(route), route] as const))(
    '%s loads at most %i KB of JavaScript',
    (_route, budget, route) => {
      const { files, bodyBytes, wireBytes } = routeWeight(manifest, build.dist, route);
      // The heaviest files named, so that an overrun says what to split.
      const heaviest = [...files]
        .sort((a, b) => b.bytes - a.bytes)
        .slice(0, 3)
        .map((f) => `${f.file} ${kb(f.bytes)} KB`);
      const why = `${kb(bodyBytes)} KB in ${files.length} files + ${files.length} x ${SCRIPT_HEADER_BYTES} bytes of headers, the heaviest ${heaviest.join(', ')}`;
      expect(kb(wireBytes), `${route.route}: ${kb(wireBytes)} KB on the wire (${why})`).toBeLessThanOrEqual(budget);
    },
  );
});
