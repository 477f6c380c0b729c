/**
 * Which chunk each module of the production build goes to (Rolldown's `output.codeSplitting.groups`, issue 26).
 *
 * Left to itself, Rolldown makes a chunk per set of pages that share a module: 120 files, most of them one icon or one
 * small component of a few hundred bytes, and a manage page loaded 30 to 58 of them. Each file costs a request and its
 * response headers on top of its bytes, and compresses worse alone than beside its neighbours. Here what several pages
 * share goes to one chunk per kind of page instead:
 *  - `index` (the entry): everything the entry loads anyway (React, the router, the API client...), which Rolldown
 *    would otherwise split out where lazy pages share it, and the small modules that public and manage pages both use
 *    (icons, small helpers);
 *  - `shared`: the larger modules that both use (the plans' table);
 *  - `public`: what only public pages share (links, headers, plan tables);
 *  - `form`: the form engine (RJSF, our theme and widgets) and what only settings pages share;
 *  - `manage`: what settings pages share with the other manage pages (banners, dialogs, their icons).
 * A module one page alone uses stays in that page's chunk; what only some of the other manage pages share (the embed
 * editor, the history list) stays where Rolldown puts it; a lazily loaded renderer (the Discord message preview) stays
 * a chunk of its own with what only it uses.
 *
 * A section with a page of its own (manage-paths.ts' CUSTOM_SECTION_PAGE_MODULES: Greeting, JoinDms, AntiNuke...) has
 * one chunk for its page and its section's generated module (generated/sections/<name>.js), named after the page, with
 * what only they use. Its route always loads both (routes.tsx fetches the section's module beside the page's chunk),
 * and nothing else loads either (the module is fetched by section name, through generated/section-modules, only by its
 * page and the parts the page draws): as two chunks they cost a request and its headers more (~0.4 KB on the wire)
 * and compress worse apart. Sections on the generic page keep their module a chunk of its own (the page is shared).
 * vite.config.ts' groupedEntries names the module in the manifest under its path, with the page's file. Public pages load neither `form` nor `manage` (tests/bundle-size.test.ts
 * checks that the form engine stays off them).
 *
 * Pages import icons through lucide-react's index, which re-exports every icon, and hooks through TanStack Query's,
 * which re-exports every hook and, with `export *`, query-core's index and every observer: who uses an icon or a hook
 * is read from the names each module imports from such an index, not from the index itself (else every icon would
 * follow the first page that imports one, and useInfiniteQuery, useQueries and their observers, which only History
 * and Transfer use, would be the entry's: 1 KB of every route).
 */
import type { ModuleInfo } from 'rolldown';

export type ChunkGroup = 'index' | 'shared' | 'public' | 'form' | 'manage';
/**
 * A section page's chunk (its page and its section's module), by the page's file name (`page:Greeting`), and a chunk of
 * what it shares with other pages that Rolldown would have made (`shared:SectionPage`).
 */
export type SectionPageGroup = `page:${string}` | `shared:${string}`;
type Side = 'public' | 'manage';

interface ChunkingContext {
  getModuleInfo(moduleId: string): ModuleInfo | null;
}

/**
 * A module both public and manage pages use goes to the entry when it weighs at most this (bytes of code, with what it
 * imports that the entry lacks): an icon, a small helper. A larger one keeps a chunk of its own.
 */
const SMALL_SHARED = 4096;

const FORM_ENGINE = /[\\/]node_modules[\\/]@rjsf[\\/]/;
const MANAGE_PAGE = /[\\/]src[\\/](pages[\\/]manage[\\/]|layouts[\\/]ManageLayout\.tsx$)/;
const MANAGE_LAYOUT = /[\\/]src[\\/]layouts[\\/]ManageLayout\.tsx$/;
/** A manage page itself (a route's module), not a lazily loaded part of one (the role menu's editor). */
const MANAGE_ROUTE_PAGE = /[\\/]src[\\/]pages[\\/]manage[\\/][^\\/]+\.tsx$/;
const SECTION_MODULE = /[\\/]generated[\\/]sections[\\/]/;
const OTHER_PAGE = /[\\/]src[\\/]pages[\\/]/;
const PACKAGE = /[\\/]node_modules[\\/]((?:@[^\\/]+[\\/])?[^\\/]+)[\\/]/;

/** Statements of a package's index that only re-exports: `export { a as b, default as c } from './x.mjs'`. */
const RE_EXPORT = /export\s*\{([^}]*)\}\s*from\s*['"]([^'"]+)['"]/g;
/** `import { a, b as c } from './x.js'` */
const NAMED_IMPORT = /import\s*\{([^}]*)\}\s*from\s*['"]([^'"]+)['"]/g;
/** `import * as icons from './icons/index.mjs'` */
const NAMESPACE_IMPORT = /import\s*\*\s*as\s*(\w+)\s*from\s*['"]([^'"]+)['"]/g;
/** `export { a, c as d }`, without a `from` */
const EXPORT_LIST = /export\s*\{([^}]*)\}(?!\s*from)/g;
/** `export * from '@tanstack/query-core'` */
const EXPORT_ALL = /export\s*\*\s*from\s*['"]([^'"]+)['"]/g;
const COMMENTS = /\/\*[\s\S]*?\*\/|^\s*\/\/.*$/gm;
/** What is left of an index once its imports and re-exports are gone: nothing but these. */
const NOTHING_ELSE = /^[\s;]*(['"]use strict['"][\s;]*)?$/;

/** A section that has a page of its own: the files of its page and of its section's generated module. */
export interface SectionPageFiles {
  /** The page module's file (src/pages/manage/Greeting.tsx), whose name names the chunk. */
  page: string;
  /** The section's generated module's file (generated/sections/greeting.js). */
  module: string;
}

/**
 * A group's `name` function per chunk of ChunkGroup and per section page (null: where Rolldown would put the module).
 * `sectionPages`: the sections that have a page of their own (manage-paths.ts' CUSTOM_SECTION_PAGE_MODULES).
 */
export function chunkGroups(
  sectionPages: readonly SectionPageFiles[] = [],
): (id: string, ctx: ChunkingContext) => ChunkGroup | SectionPageGroup | null {
  let context: ChunkingContext | undefined;
  const memo = {
    roots: new Map<string, Set<string>>(),
    formRoot: new Map<string, boolean>(),
    sides: new Map<string, Set<Side>>(),
    barrels: new Map<string, Map<string, string> | null>(),
    group: new Map<string, ChunkGroup | SectionPageGroup | null>(),
    reachNames: new Map<string, SectionPageGroup>(),
  };
  const slash = (id: string) => id.replace(/\\/g, '/').replace(/\?.*$/, '');
  const pairs = sectionPages.map(({ page, module }) => ({
    page: slash(page),
    module: slash(module),
    group: `page:${slash(page)
      .split('/')
      .pop()!
      .replace(/\.[^.]+$/, '')}` as const,
  }));
  const onlyImporter = (id: string, importer: RegExp) => {
    const importers = info(id)?.dynamicImporters ?? [];
    return importers.length === 1 && importer.test(slash(importers[0]!));
  };
  /**
   * The section page whose page or section module `root` is, if nothing but the route loads either: the page only
   * routes.tsx, the module only generated/section-modules (else what loads one would load the other too: History's
   * restore loads the Personalizer page, and would fetch the personalizer's module along).
   */
  const pairOf = (root: string) => {
    const at = slash(root);
    const pair = pairs.find((p) => at === p.page || at === p.module);
    if (!pair) return undefined;
    const page = context!.getModuleInfo(pair.page) ? pair.page : undefined;
    return page && onlyImporter(page, /\/src\/routes\.tsx$/) && onlyImporter(pair.module, /\/generated\/section-modules\.js$/)
      ? pair
      : undefined;
  };

  const info = (id: string) => context!.getModuleInfo(id);
  /** A module that starts a chunk of its own: the entry, or one that something imports lazily. */
  const isRoot = (id: string) => {
    const m = info(id);
    return !!m && (m.isEntry || m.dynamicImporters.length > 0);
  };
  const isEntry = (id: string) => info(id)?.isEntry === true;

  /**
   * A package's index that only re-exports its modules (lucide-react's `export { default as X } from './x.mjs'`, or
   * TanStack Query's imports and one `export { ... }` list, with `export * from` another such index): each exported
   * name and the module that holds it. Null for any other module.
   */
  function barrel(id: string): Map<string, string> | null {
    if (memo.barrels.has(id)) return memo.barrels.get(id)!;
    memo.barrels.set(id, null); // an index that re-exports itself back is none
    const names = readBarrel(id);
    memo.barrels.set(id, names);
    return names;
  }
  function readBarrel(id: string): Map<string, string> | null {
    const m = info(id);
    if (!m?.code || !PACKAGE.test(id) || m.isEntry) return null;
    const code = m.code.replace(COMMENTS, '');
    const rest = code
      .replace(RE_EXPORT, '')
      .replace(NAMED_IMPORT, '')
      .replace(EXPORT_ALL, '')
      .replace(NAMESPACE_IMPORT, '')
      .replace(/export\s*\{[^}]*\}/g, '');
    if (!NOTHING_ELSE.test(rest.replace(/;/g, ''))) return null;
    /** The module a specifier of this index names: a file of its package, or a package's index. */
    const target = (from: string) =>
      m.importedIds.find((imported) => sameModule(imported, id, from) || PACKAGE.exec(imported)?.[1]?.replace(/\\/g, '/') === from);
    const names = new Map<string, string>();
    const pairsOf = (list: string) =>
      list
        .split(',')
        .map((name) => name.trim().split(/\s+as\s+/))
        .filter(([name]) => name);
    for (const [, list, from] of code.matchAll(RE_EXPORT)) {
      const module = target(from!);
      if (module) for (const [name, as] of pairsOf(list!)) names.set(as ?? name!, module);
    }
    const locals = new Map<string, string>();
    for (const [, list, from] of code.matchAll(NAMED_IMPORT)) {
      const module = target(from!);
      if (!module) return null;
      for (const [name, as] of pairsOf(list!)) locals.set(as ?? name!, module);
    }
    for (const [, local, from] of code.matchAll(NAMESPACE_IMPORT)) {
      const module = target(from!);
      if (module) locals.set(local!, module);
    }
    for (const [, list] of code.matchAll(EXPORT_LIST))
      for (const [name, as] of pairsOf(list!)) {
        const module = locals.get(name!);
        if (module) names.set(as ?? name!, module);
      }
    for (const [, from] of code.matchAll(EXPORT_ALL)) {
      const index = target(from!);
      const inner = index && barrel(index);
      if (!inner) return null;
      for (const [name, module] of inner) if (!names.has(name)) names.set(name, module);
    }
    return names;
  }

  /** The modules of a package index that `importer` names, or all of them if it takes the index whole. */
  function namedFrom(importer: string, index: string, names: Map<string, string>): string[] {
    const pkg = PACKAGE.exec(index)?.[1]?.replace(/\\/g, '/');
    const code = info(importer)?.code ?? '';
    const picked = new Set<string>();
    const escaped = pkg?.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
    for (const [statement, list] of code.matchAll(
      new RegExp(`(?:import|export)\\s*(?:type\\s*)?\\{([^}]*)\\}\\s*from\\s*['"]${escaped}['"]`, 'g'),
    )) {
      if (/^(import|export)\s*type\b/.test(statement)) continue;
      for (const name of list!.split(',')) {
        const imported = name
          .trim()
          .replace(/^type\s+/, '')
          .split(/\s+as\s+/)[0]!;
        const target = names.get(imported);
        if (target) picked.add(target);
      }
    }
    // A namespace or default import (`import * as icons`, `import Icons, {...}`): every module of the index.
    if (new RegExp(`import\\s+(\\*\\s*as\\s+\\w+|(?!type\\s)[\\w$]+\\s*(,\\s*\\{[^}]*\\})?)\\s*from\\s*['"]${escaped}['"]`).test(code))
      return [...new Set(names.values())];
    return [...picked];
  }

  /**
   * The modules that import `id` statically, seeing through package indexes to what imports from them (and through an
   * index that re-exports another, TanStack Query's, to what imports from it).
   */
  function importersOf(id: string): string[] {
    const found: string[] = [];
    const seen = new Set<string>();
    const through = (index: string, names: Map<string, string>) => {
      for (const user of info(index)?.importers ?? []) {
        const outer = barrel(user);
        if (outer) {
          if (seen.has(user) || ![...outer.values()].includes(id)) continue;
          seen.add(user);
          through(user, outer);
        } else if (namedFrom(user, index, names).includes(id)) found.push(user);
      }
    };
    for (const importer of info(id)?.importers ?? []) {
      const names = barrel(importer);
      if (!names) found.push(importer);
      else if (!seen.has(importer)) {
        seen.add(importer);
        through(importer, names);
      }
    }
    return found;
  }

  /** The modules `id` imports statically, seeing through package indexes to the modules it names. */
  function importsOf(id: string): string[] {
    return (info(id)?.importedIds ?? []).flatMap((imported) => {
      const names = barrel(imported);
      return names ? namedFrom(id, imported, names) : [imported];
    });
  }

  /** The roots (the entry, and modules imported lazily) whose static imports reach `id`, itself included. */
  function rootsOf(id: string): Set<string> {
    const known = memo.roots.get(id);
    if (known) return known;
    const found = new Set<string>();
    const seen = new Set<string>();
    const stack = [id];
    while (stack.length) {
      const at = stack.pop()!;
      if (seen.has(at)) continue;
      seen.add(at);
      if (isRoot(at)) found.add(at);
      stack.push(...importersOf(at));
    }
    memo.roots.set(id, found);
    return found;
  }
  const inEntry = (id: string) => [...rootsOf(id)].some(isEntry);

  /** Whether a root's static imports reach the form engine: a settings page. */
  function isFormRoot(root: string): boolean {
    const known = memo.formRoot.get(root);
    if (known !== undefined) return known;
    const seen = new Set<string>();
    const stack = [root];
    let found = false;
    while (stack.length && !found) {
      const at = stack.pop()!;
      if (seen.has(at)) continue;
      seen.add(at);
      if (FORM_ENGINE.test(at)) found = true;
      else stack.push(...importsOf(at));
    }
    memo.formRoot.set(root, found);
    return found;
  }

  /** Which kind of page loads a root: by its path, else by what imports it lazily. */
  function sidesOf(root: string, visiting = new Set<string>()): Set<Side> {
    const known = memo.sides.get(root);
    if (known) return known;
    const found = new Set<Side>();
    if (MANAGE_PAGE.test(root) || SECTION_MODULE.test(root)) found.add('manage');
    else if (OTHER_PAGE.test(root)) found.add('public');
    else if (!visiting.has(root)) {
      visiting.add(root);
      for (const importer of info(root)?.dynamicImporters ?? [])
        for (const r of rootsOf(importer)) for (const side of sidesOf(r, visiting)) found.add(side);
    }
    if (!visiting.has(root) || found.size) memo.sides.set(root, found);
    return found;
  }

  /** Bytes of `id` and of the static imports it would bring along that the entry does not hold or take already. */
  function sharedWeight(id: string): number {
    let bytes = 0;
    const seen = new Set<string>();
    const stack = [id];
    while (stack.length) {
      const at = stack.pop()!;
      if (seen.has(at) || inEntry(at) || (at !== id && groupOf(at) === 'index')) continue;
      seen.add(at);
      if (at !== id && isRoot(at)) return Infinity;
      bytes += info(at)?.code?.length ?? Infinity;
      stack.push(...importsOf(at));
    }
    return bytes;
  }

  function groupOf(id: string): ChunkGroup | SectionPageGroup | null {
    if (memo.group.has(id)) return memo.group.get(id)!;
    memo.group.set(id, null); // an import cycle back to `id` counts it as staying where it is
    const group = classify(id) ?? withSectionPage(id);
    memo.group.set(id, group);
    return group;
  }

  /**
   * A module left where Rolldown puts it that a section page's chunk imports: a group of its own per set of roots that
   * reach it, the chunk Rolldown would have made (as the generic SectionPage, which some section pages draw, or the
   * dialogs several manage pages share). Else the section page's group would take it along with the page.
   */
  function withSectionPage(id: string): SectionPageGroup | null {
    const reached = [...rootsOf(id)];
    if (!reached.some((root) => pairOf(root))) return null;
    const key = reached.sort().join('\n');
    let name = memo.reachNames.get(key);
    if (!name) {
      const own = reached.find((root) => sameSet(rootsOf(root), reached)) ?? id;
      const base = slash(own)
        .split('/')
        .pop()!
        .replace(/\.[^.]+$/, '');
      const taken = new Set(memo.reachNames.values());
      name = `shared:${base}`;
      for (let n = 2; taken.has(name); n++) name = `shared:${base}${n}`;
      memo.reachNames.set(key, name);
    }
    return name;
  }

  function classify(id: string): ChunkGroup | SectionPageGroup | null {
    if (inEntry(id)) return 'index';
    // A section's page and its section's module, and what only they use: one chunk (see above).
    if (isRoot(id)) {
      const pair = pairOf(id);
      if (pair) return pair.group;
    } else {
      const pages = new Set([...rootsOf(id)].map((root) => pairOf(root)));
      const [pair] = pages;
      if (pages.size === 1 && pair) return pair.group;
    }
    // The manage layout is imported lazily, by every manage page, and always loaded with the manage chunk: one file
    // instead of two (vite.config.ts' groupedEntries names it in the manifest, where the tests and benchmarks look).
    if (MANAGE_LAYOUT.test(id)) return 'manage';
    if (isRoot(id)) return null;
    const reached = [...rootsOf(id)];
    // One page alone, or exactly the pages that load one lazily loaded module it is part of: Rolldown's own chunk
    // (that page's, that module's) is the right one.
    if (reached.length <= 1 || reached.some((r) => sameSet(rootsOf(r), reached))) return null;
    if (FORM_ENGINE.test(id) || reached.every(isFormRoot)) return 'form';
    const kinds = new Set(reached.flatMap((r) => [...sidesOf(r)]));
    // Shared with a settings page or the manage layout (which every manage page loads): into the manage chunk.
    if (kinds.size === 1 && kinds.has('manage'))
      // A settings page is a route's page that draws the form engine; an editor or a form part that a page loads lazily
      // (the role menu's editor and widgets) is not: what it shares with other manage pages stays in Rolldown's chunks.
      return reached.some((r) => (isFormRoot(r) && MANAGE_ROUTE_PAGE.test(r)) || SECTION_MODULE.test(r) || MANAGE_LAYOUT.test(r))
        ? 'manage'
        : null;
    if (kinds.size === 1 && kinds.has('public')) return 'public';
    const weight = sharedWeight(id);
    return weight <= SMALL_SHARED ? 'index' : Number.isFinite(weight) ? 'shared' : null;
  }

  return (id, ctx) => {
    if (ctx !== context) {
      context = ctx;
      for (const map of Object.values(memo)) map.clear();
    }
    return groupOf(id);
  };
}

/** Whether `imported` is the module that `from`, as written in `importer`, names (a relative path). */
function sameModule(imported: string, importer: string, from: string): boolean {
  if (!from.startsWith('.')) return false;
  const dir = importer.replace(/[\\/][^\\/]*$/, '');
  const parts = `${dir}/${from}`.split(/[\\/]/);
  const resolved: string[] = [];
  for (const part of parts) {
    if (part === '..') resolved.pop();
    else if (part !== '.') resolved.push(part);
  }
  return imported.replace(/\\/g, '/').replace(/\?.*$/, '') === resolved.join('/');
}

const sameSet = (a: Set<string>, b: readonly string[]) => a.size === b.length && b.every((x) => a.has(x));
