// How many bytes of JavaScript each route of the route table costs a first visit, as the server sends them to a
// browser that accepts brotli: the entry chunk and the route's page modules (a manage page: the manage layout and the
// page) with everything they import statically, and for a settings page the section's generated module that it loads
// lazily to draw its form (generated/section-modules.js; a chunk among the entry's dynamicImports) with its static
// imports: everything the page loads to show its first field. Read from Vite's manifest of a production build, each
// file counted as its .br copy in dist/ (the server sends the file itself where the build kept no smaller copy).
// Bytes, not timings: the same build gives the same figures on any machine. `npm run bench:ui` measures the same
// routes in a browser, over the wire and on Slow 4G.
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { sectionModuleFiles } from '@guildhall/generated/section-modules';
import { sectionPages } from '@guildhall/generated/section-pages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MANAGE_LAYOUT_MODULE, MANAGE_PAGES, sectionPageModule } from '../frontend/src/manage-paths.js';
import { PUBLIC_PAGE_MODULES } from '../frontend/src/public-paths.js';
import { appRoutes, scriptsOf, type AppRoute } from '../scripts/bench/route-scripts.mjs';
import { builtFrontend } from '../scripts/support/frontend-build.mjs';

/** KB (1024 bytes) of JavaScript, brotli as served, per kind of route. */
const BUDGET_KB = { home: 100, public: 120, manage: 150 };

const ROUTES = appRoutes({
  publicPages: PUBLIC_PAGE_MODULES,
  sectionPages,
  sectionPageModule,
  sectionModuleFiles,
  managePages: MANAGE_PAGES,
  manageLayout: MANAGE_LAYOUT_MODULE,
});
const budgetOf = ({ route, kind }: AppRoute) => (route === '/' ? BUDGET_KB.home : kind === 'public' ? BUDGET_KB.public : BUDGET_KB.manage);

describe('JavaScript per route, brotli as the server sends it (Vite manifest of a production build)', () => {
  let build: { dist: string; remove(): void };
  let manifest: Parameters<typeof scriptsOf>[0];
  const servedBytes = (file: string) => {
    const br = path.join(build.dist, `${file}.br`);
    return statSync(existsSync(br) ? br : path.join(build.dist, file)).size;
  };

  beforeAll(() => {
    build = builtFrontend();
    manifest = JSON.parse(readFileSync(path.join(build.dist, '.vite', 'manifest.json'), 'utf8'));
  }, 180_000);
  afterAll(() => build?.remove());

  it('weighs every route of the route table: each public page, each section, every other manage page', () => {
    expect(ROUTES.filter((r) => r.kind === 'public').length).toBe(Object.keys(PUBLIC_PAGE_MODULES).length);
    expect(ROUTES.filter((r) => r.kind === 'section').map((r) => r.section)).toEqual(Object.keys(sectionPages));
    expect(ROUTES.filter((r) => r.kind === 'manage').length).toBe(Object.keys(MANAGE_PAGES).length);
    // Each settings page counts its section's module: a chunk of its own that the build made from the generated file.
    for (const route of ROUTES.filter((r) => r.kind === 'section')) {
      const key = `../generated/${sectionModuleFiles[route.section as keyof typeof sectionModuleFiles]}`;
      expect(route.lazyModules, route.route).toEqual([key.slice(3)]);
      expect(manifest[key]?.isDynamicEntry, key).toBe(true);
      expect(scriptsOf(manifest, route.modules, route.lazyModules), route.route).toContain(manifest[key]!.file);
    }
    // The brotli copies are there to be counted (else every file would count at its full size).
    const entry = Object.values(manifest).find((chunk) => chunk.isEntry)!;
    expect(existsSync(path.join(build.dist, `${entry.file}.br`))).toBe(true);
  });

  it.each(ROUTES.map((route) => [route.route, budgetOf(route), route] as const))(
    '%s loads at most %i KB of JavaScript',
    (_route, budget, route) => {
      const files = scriptsOf(manifest, route.modules, route.lazyModules);
      const weights = files.map((file) => ({ file, bytes: servedBytes(file) })).sort((a, b) => b.bytes - a.bytes);
      const kb = Math.round((weights.reduce((sum, w) => sum + w.bytes, 0) / 1024) * 10) / 10;
      // The heaviest files named, so that an overrun says what to split.
      const heaviest = weights.slice(0, 3).map((w) => `${w.file} ${Math.round(w.bytes / 102.4) / 10} KB`);
      expect(kb, `${route.route}: ${kb} KB over ${files.length} files, the heaviest ${heaviest.join(', ')}`).toBeLessThanOrEqual(budget);
    },
  );
});
