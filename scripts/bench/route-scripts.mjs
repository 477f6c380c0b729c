// Which JavaScript a browser loads for each public route, read from Vite's manifest: the entry chunk and the route's
// page chunk (public-paths.ts names it), each with everything it imports statically. The bundle test checks what is
// in them; npm run bench:ui weighs them.

/**
 * @param {Record<string, { file: string, isEntry?: boolean, imports?: string[] }>} manifest Vite's .vite/manifest.json
 * @param {readonly string[]} paths the public routes (PUBLIC_PATHS)
 * @param {Record<string, string>} modules each route's page module below src/ (PUBLIC_PAGE_MODULES)
 * @returns {{ route: string, files: string[] }[]} per route, the .js files in dist/
 */
export function routeScripts(manifest, paths, modules) {
  const closure = (key, seen = new Set()) => {
    if (seen.has(key)) return seen;
    if (!manifest[key]) throw new Error(`the Vite manifest has no chunk ${key}`);
    seen.add(key);
    for (const imported of manifest[key].imports ?? []) closure(imported, seen);
    return seen;
  };
  const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry);
  if (!entryKey) throw new Error('the Vite manifest names no entry');
  const entry = closure(entryKey);
  return paths.map((route) => {
    const chunks = new Set([...entry, ...closure(`src/${modules[route]}.tsx`)]);
    return { route, files: [...chunks].map((key) => manifest[key].file).filter((file) => file.endsWith('.js')) };
  });
}
