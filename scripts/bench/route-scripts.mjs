// Which JavaScript a browser loads for each route, read from Vite's manifest: the entry chunk, and the chunks of the
// route's page modules (the page, and for a manage page the manage layout around it), each with everything it imports
// statically; and for a section's page, the section's generated module (schema, validator...) that the route loads
// lazily beside its page (routes.tsx), and what the page loads lazily as soon as it is drawn (manage-paths.ts'
// SECTION_PAGE_LAZY: the message preview, the form parts its form draws), with their own static imports. `appRoutes` lists every route of the route
// table with those modules (public-paths.ts, manage-paths.ts, the section table and generated/section-modules name
// them); `routeWeight` weighs them as they cross the wire. The bundle test checks what public routes load, the route
// budget test weighs every route, npm run bench:ui opens them and prints both figures.
import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { SCRIPT_HEADER_BYTES } from './script-headers.mjs';

export { SCRIPT_HEADER_BYTES };

/**
 * @typedef {Record<string, { file: string, name?: string, isEntry?: boolean, isDynamicEntry?: boolean, imports?: string[], dynamicImports?: string[] }>} Manifest
 *   Vite's .vite/manifest.json
 * @typedef {{ route: string, kind: 'public' | 'section' | 'manage', section?: string, modules: string[], lazyModules: string[] }} AppRoute
 *   modules: below frontend/src/, without extension; lazyModules: what the route loads lazily, by path in the repository
 */

/**
 * Every route of the app: the public pages, each section's page and the other manage pages (below /manage/:guildId/,
 * behind the manage layout). Module names are below src/, without extension.
 * @param {{
 *   publicPages: Record<string, string>,
 *   sectionPages: Record<string, { name: string, path: string }>,
 *   sectionPageModule(name: string): string,
 *   sectionModuleFiles: Record<string, string>,
 *   sectionPageLazy?: Record<string, readonly string[] | undefined>,
 *   managePages: Record<string, { module: string }>,
 *   manageLayout: string,
 * }} tables PUBLIC_PAGE_MODULES; generated/section-pages; manage-paths.ts' sectionPageModule, SECTION_PAGE_LAZY,
 *   MANAGE_PAGES and MANAGE_LAYOUT_MODULE; generated/section-modules' sectionModuleFiles (below generated/)
 * @returns {AppRoute[]}
 */
export function appRoutes({
  publicPages,
  sectionPages,
  sectionPageModule,
  sectionModuleFiles,
  sectionPageLazy = {},
  managePages,
  manageLayout,
}) {
  const manage = (path) => `/manage/:guildId/${path}`;
  return [
    ...Object.entries(publicPages).map(([path, module]) => ({
      route: path === '/' ? '/' : `/${path}`,
      kind: /** @type {const} */ ('public'),
      modules: [module],
      lazyModules: [],
    })),
    ...Object.values(sectionPages).map(({ name, path }) => ({
      route: manage(path),
      kind: /** @type {const} */ ('section'),
      section: name,
      modules: [manageLayout, sectionPageModule(name)],
      lazyModules: [
        `generated/${sectionModuleFiles[name]}`,
        ...(sectionPageLazy[name] ?? []).map((module) => `frontend/src/${module}.tsx`),
      ],
    })),
    ...Object.entries(managePages).map(([path, { module }]) => ({
      route: manage(path),
      kind: /** @type {const} */ ('manage'),
      modules: [manageLayout, module],
      lazyModules: [],
    })),
  ];
}

/**
 * The .js files in dist/ that the entry and `modules` (below src/, without extension) load, static imports followed,
 * then `lazyModules` (paths in the repository) with theirs. A lazy module counts only where a chunk already loaded
 * imports it dynamically: a route cannot load what nothing it runs names.
 * @param {Manifest} manifest
 * @param {readonly string[]} modules
 * @param {readonly string[]} [lazyModules]
 * @returns {string[]}
 */
export function scriptsOf(manifest, modules, lazyModules = []) {
  const closure = (key, seen) => {
    if (seen.has(key)) return seen;
    if (!manifest[key]) throw new Error(`the Vite manifest has no chunk ${key}`);
    seen.add(key);
    for (const imported of manifest[key].imports ?? []) closure(imported, seen);
    return seen;
  };
  const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry);
  if (!entryKey) throw new Error('the Vite manifest names no entry');
  const chunks = closure(entryKey, new Set());
  for (const module of modules) closure(`src/${module}.tsx`, chunks);
  for (const module of lazyModules) {
    // The manifest names a file by its path from frontend/, the Vite root; a module that pages also import statically
    // (the message preview) is in a chunk shared with them, which the manifest keys by the chunk's name instead.
    const key = module.startsWith('frontend/') ? module.slice('frontend/'.length) : `../${module}`;
    const name = path.basename(key).replace(/\.[^.]+$/, '');
    const imported = [...chunks].flatMap((loaded) => manifest[loaded].dynamicImports ?? []);
    const chunk = imported.includes(key) ? key : imported.find((k) => k.startsWith('_') && manifest[k]?.name === name);
    if (!chunk) throw new Error(`no chunk the route loads imports ${key} dynamically (Vite manifest)`);
    closure(chunk, chunks);
  }
  // A module a chunk group holds is named in the manifest beside its group's chunk (the same file): counted once.
  return [...new Set([...chunks].map((key) => manifest[key].file))].filter((file) => file.endsWith('.js'));
}

/**
 * Per public route, the .js files in dist/ it loads.
 * @param {Manifest} manifest
 * @param {readonly string[]} paths the public routes (PUBLIC_PATHS)
 * @param {Record<string, string>} modules each route's page module below src/ (PUBLIC_PAGE_MODULES)
 * @returns {{ route: string, files: string[] }[]}
 */
export function routeScripts(manifest, paths, modules) {
  return paths.map((route) => ({ route, files: scriptsOf(manifest, [modules[route]]) }));
}

/**
 * What a route's JavaScript weighs as the app sends it to a browser that takes brotli: each file's .br copy in `dist`
 * (the file itself where the build kept no smaller copy) plus SCRIPT_HEADER_BYTES for its response's headers.
 * @param {Manifest} manifest
 * @param {string} dist
 * @param {AppRoute} route
 * @returns {{ files: { file: string, bytes: number }[], bodyBytes: number, wireBytes: number }}
 */
export function routeWeight(manifest, dist, route) {
  const served = (file) => {
    const br = path.join(dist, `${file}.br`);
    return statSync(existsSync(br) ? br : path.join(dist, file)).size;
  };
  const files = scriptsOf(manifest, route.modules, route.lazyModules).map((file) => ({ file, bytes: served(file) }));
  const bodyBytes = files.reduce((sum, f) => sum + f.bytes, 0);
  return { files, bodyBytes, wireBytes: bodyBytes + files.length * SCRIPT_HEADER_BYTES };
}
