import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defaultClientConditions, defineConfig, type Plugin } from 'vite';
import { compression } from 'vite-plugin-compression2';
import { chunkGroups } from './chunk-groups';
import { CUSTOM_SECTION_PAGE_MODULES } from './src/manage-paths';

const backend = process.env.GUILDHALL_BACKEND ?? 'http://localhost:3000';

const frontend = (file: string) => fileURLToPath(new URL(file, import.meta.url));
// react-router 7's package exports only its development build (warnings and their strings; remix-run/react-router
// #12532, #14102): a production build takes the production build it ships beside it, the dev server and the tests
// keep the warnings.
const reactRouterProduction = [
  { find: /^react-router$/, replacement: frontend('../node_modules/react-router/dist/production/index.mjs') },
  { find: /^react-router\/dom$/, replacement: frontend('../node_modules/react-router/dist/production/dom-export.mjs') },
];

/**
 * RJSF's default registry as the build ships it: src/form/rjsf-defaults.ts in the place of the three lists of every
 * field, widget and template that @rjsf/core's getDefaultRegistry.js imports (the dev server and the tests keep them).
 */
function rjsfDefaults(): Plugin {
  const PREFIX = '\0guildhall-rjsf-defaults:';
  return {
    name: 'guildhall-rjsf-defaults',
    apply: 'build',
    enforce: 'pre',
    resolveId(source, importer) {
      const list = /^\.\/components\/(fields|widgets|templates)\/index\.js$/.exec(source)?.[1];
      if (list && importer && /[\\/]@rjsf[\\/]core[\\/]lib[\\/]getDefaultRegistry\.js$/.test(importer)) return PREFIX + list;
      return undefined;
    },
    load(id) {
      if (!id.startsWith(PREFIX)) return undefined;
      return `export { ${id.slice(PREFIX.length)} as default } from ${JSON.stringify(frontend('src/form/rjsf-defaults.ts'))};`;
    },
  };
}

/**
 * RJSF's schema utilities as the build ships them: its allOf merger is src/form/all-of-merge.ts, for the allOf our
 * schemas have, and its omitExtraData, which no form of ours asks for, is src/form/omit-extra-data.ts.
 */
function rjsfSchemaUtils(): Plugin {
  return {
    name: 'guildhall-rjsf-schema-utils',
    apply: 'build',
    enforce: 'pre',
    resolveId(source, importer) {
      if (!importer || !/[\\/]@rjsf[\\/]utils[\\/]lib[\\/]schema[\\/][^\\/]+\.js$/.test(importer)) return undefined;
      if (source === './shallowAllOfMerge.js') return frontend('src/form/all-of-merge.ts');
      if (source === './omitExtraData.js') return frontend('src/form/omit-extra-data.ts');
      return undefined;
    },
  };
}

/**
 * A module that is imported lazily but that a chunk group holds (chunk-groups.ts: the manage layout, in `manage`; a
 * section's module, in its page's chunk) has no chunk of its own, so Vite's manifest does not name it; this adds it
 * under its path from frontend/ (`../generated/sections/greeting.js`), as a dynamic entry whose file is its group's,
 * so that the tests and benchmarks that read the manifest (scripts/bench/route-scripts.mjs) find it.
 */
function groupedEntries(): Plugin {
  return {
    name: 'guildhall-grouped-entries',
    apply: 'build',
    enforce: 'post',
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        const asset = Object.values(bundle).find((file) => file.type === 'asset' && file.fileName === '.vite/manifest.json');
        if (!asset || asset.type !== 'asset') return;
        type Chunk = { file: string; src?: string; isDynamicEntry?: boolean; imports?: string[]; dynamicImports?: string[] };
        const manifest = JSON.parse(String(asset.source)) as Record<string, Chunk>;
        const keyOfFile = new Map(Object.entries(manifest).map(([key, chunk]) => [chunk.file, key]));
        const root = frontend('./');
        const repository = frontend('../');
        const srcOf = (id: string) => path.relative(root, id).replace(/\\/g, '/');
        const chunks = Object.values(bundle).filter((file) => file.type === 'chunk');
        for (const chunk of chunks)
          for (const id of chunk.moduleIds) {
            const module = this.getModuleInfo(id);
            if (!module?.dynamicImporters.length || !id.startsWith(repository) || id.includes('/node_modules/')) continue;
            const src = srcOf(id);
            const key = keyOfFile.get(chunk.fileName);
            if (!key || manifest[src]) continue;
            manifest[src] = { file: chunk.fileName, src, isDynamicEntry: true, imports: [key] };
          }
        // A chunk that imports such a module lazily names it too, beside its group's chunk: `../generated/sections/...`.
        for (const chunk of chunks) {
          const entry = manifest[keyOfFile.get(chunk.fileName) ?? ''];
          if (!entry) continue;
          for (const id of chunk.moduleIds)
            for (const imported of this.getModuleInfo(id)?.dynamicallyImportedIds ?? []) {
              const src = srcOf(imported);
              const named = manifest[src];
              if (!named || (entry.dynamicImports ?? []).includes(src)) continue;
              if (named.imports?.length === 1 && named.imports[0] !== src) (entry.dynamicImports ??= []).push(src);
            }
        }
        asset.source = JSON.stringify(manifest, null, 2);
      },
    },
  };
}

/**
 * discord-markdown-parser's Unicode emoji pattern, which the preview loads on demand (src/components/discord/markdown.ts),
 * as an ES module with the pattern alone: the library ships it as CommonJS, whose interop helpers would then move out
 * of the entry into a chunk of their own that every page loads.
 */
function esmEmojiPattern(): Plugin {
  return {
    name: 'guildhall-esm-emoji-pattern',
    enforce: 'pre',
    transform(_code, id) {
      if (!/[\\/]discord-markdown-parser[\\/]dist[\\/]utils[\\/]twemojiRegex\.js$/.test(id)) return undefined;
      const { TwemojiRegex } = createRequire(import.meta.url)(id) as { TwemojiRegex: RegExp };
      return { code: `export const TwemojiRegex = ${String(TwemojiRegex)};\n`, map: null };
    },
  };
}

/**
 * lucide-react's icons as the build ships them: without the `key` each part of an icon carries (a hash of six
 * characters per path, which brotli cannot shrink: ~0.6 KB of the entry, ~0.2 KB of the manage chunk), its Icon keying
 * an icon's parts by their place instead, which never changes. The dev server and the tests keep the package as it is.
 */
function lucideKeys(): Plugin {
  const ICON = /[\\/]lucide-react[\\/]dist[\\/]esm[\\/]icons[\\/][^\\/]+\.mjs$/;
  const DRAW = 'builtIconNode.map(([tag, attrs]) => createElement(tag, attrs))';
  return {
    name: 'guildhall-lucide-keys',
    apply: 'build',
    enforce: 'pre',
    transform(code, id) {
      if (ICON.test(id)) return { code: code.replace(/,\s*key:\s*"[0-9a-z]+"\s*\}/g, ' }'), map: null };
      if (!/[\\/]lucide-react[\\/]dist[\\/]esm[\\/]Icon\.mjs$/.test(id)) return undefined;
      // A lucide-react that draws its parts otherwise fails the build here, not silently in the browser.
      if (!code.includes(DRAW)) throw new Error(`lucide-react's Icon.mjs no longer draws its parts as ${DRAW}`);
      return { code: code.replace(DRAW, 'builtIconNode.map(([tag, attrs], key) => createElement(tag, { key, ...attrs }))'), map: null };
    },
  };
}

/**
 * react-router's production build as tree shaking can cut it: its components are `React.forwardRef(...)` calls followed
 * by `X.displayName = "X"` statements, both of which a bundler must keep as effects, so every component stayed (and
 * all they use: Form, ScrollRestoration, Await... ~1.3 KB brotli of every route), used or not. Here the calls are
 * marked pure and the names, which only React's developer tools read, left out. And Link's page prefetching, which only
 * framework mode has (its `usePrefetchBehavior` never prefetches without the framework's context, and PrefetchPageLinks
 * would throw without it): drawn as nothing, so its manifest and route-module code goes too (~1.4 KB brotli).
 */
function reactRouterTreeShaking(): Plugin {
  const PRODUCTION = /[\\/]react-router[\\/]dist[\\/]production[\\/][^\\/]+\.mjs$/;
  let components = 0;
  let prefetchLinks = 0;
  return {
    name: 'guildhall-react-router-tree-shaking',
    apply: 'build',
    transform(code, id) {
      if (!PRODUCTION.test(id)) return undefined;
      const names = /^[A-Za-z_$][\w$]*\.displayName = "[^"\n]*";?$/gm;
      components += code.match(names)?.length ?? 0;
      const prefetch = 'function PrefetchPageLinks({';
      if (code.includes(prefetch)) prefetchLinks++;
      const pure = code
        .replace(names, '')
        .replace(/(?<![\w$.])(React\d*\.(?:forwardRef|createContext|memo))\(/g, '/* @__PURE__ */ $1(')
        .replace(prefetch, 'function PrefetchPageLinks() {\n  return null;\n}\nfunction frameworkPrefetchPageLinks({');
      return { code: pure, map: null };
    },
    buildEnd() {
      // A react-router that names its components or draws its prefetch links otherwise would silently bring them back.
      if (components === 0) this.error('react-router: no `X.displayName = ...` found in its production build any more');
      if (prefetchLinks === 0) this.error(`react-router: no \`function PrefetchPageLinks({\` in its production build any more`);
    },
  };
}

export default defineConfig(({ command }) => ({
  plugins: [
    react(),
    reactRouterTreeShaking(),
    lucideKeys(),
    rjsfDefaults(),
    rjsfSchemaUtils(),
    esmEmojiPattern(),
    groupedEntries(),
    tailwindcss(),
    // A brotli (.br) and a gzip (.gz) copy beside each text file of the build (JS, CSS, HTML, SVG, JSON), each at its
    // best level, made once here: the backend sends the copy the browser accepts (backend/src/http/frontend.ts). A copy
    // that would be no smaller than its file is not written (the file itself is sent).
    compression({
      algorithms: ['brotliCompress', 'gzip'],
      include: /\.(js|mjs|css|html|svg|json)$/,
      // Vite's manifest is for the tests and benchmarks; the server never sends it (a dot folder).
      exclude: /(^|\/)\.vite\//,
      skipIfLargerOrEqual: true,
      logLevel: 'silent',
    }),
  ],
  // @guildhall/common's `source` export: Vite compiles its TypeScript itself (hot reload, no build step first).
  // RJSF's markdown renderer, which no settings form turns on, is the text as it is (src/form/plain-markdown.tsx);
  // the URI functions RJSF's utils call are RFC 3986's two rules they need (src/form/uri.ts), not all of fast-uri;
  // their deep equality is fast-equals' loose one for the one configuration they build (src/form/deep-equals.ts), and
  // jsonpointer is the `get` they call (src/form/json-pointer.ts).
  resolve: {
    conditions: ['source', ...defaultClientConditions],
    alias: [
      { find: /^markdown-to-jsx\/react$/, replacement: frontend('src/form/plain-markdown.tsx') },
      { find: /^fast-uri$/, replacement: frontend('src/form/uri.ts') },
      { find: /^fast-equals$/, replacement: frontend('src/form/deep-equals.ts') },
      { find: /^jsonpointer$/, replacement: frontend('src/form/json-pointer.ts') },
      ...(command === 'build' ? reactRouterProduction : []),
    ],
  },
  server: {
    port: 5173,
    // The dev server forwards the API and the Discord sandbox, so the browser sees one origin as in production.
    proxy: { '/api': backend, '/sandbox': backend, '/healthz': backend, '/readyz': backend },
  },
  // The manifest maps each route's page to its chunks: tests/bundle-size.test.ts checks them, npm run bench:ui weighs them.
  build: {
    outDir: 'dist',
    sourcemap: true,
    manifest: true,
    chunkSizeWarningLimit: 400,
    // Every browser of the build's target (baseline-widely-available) preloads modules itself: no polyfill in the entry.
    modulePreload: { polyfill: false },
    // A chunk per kind of page for what several pages share, not one per set of pages (chunk-groups.ts): a manage page
    // loaded 30 to 58 files of JavaScript, each with its request and headers.
    rolldownOptions: { output: { codeSplitting: { groups: chunkGroupOptions() } } },
  },
}));

/**
 * The chunks of chunk-groups.ts. A group takes the modules its modules import along with them; where two groups would
 * take one, the one listed first keeps it: the entry, then what more pages load (a settings page loads `manage` too),
 * then what section pages share with other pages, then each section page's chunk (its page and its section's module).
 */
function chunkGroupOptions() {
  const groupOf = chunkGroups(
    Object.entries(CUSTOM_SECTION_PAGE_MODULES).map(([section, page]) => ({
      page: frontend(`src/${page}.tsx`),
      module: frontend(`../generated/sections/${section}.js`),
    })),
  );
  const kinds = ['index', 'shared', 'manage', 'form', 'public'] as const;
  const named = (prefix: string) => (id: string, ctx: Parameters<typeof groupOf>[1]) =>
    groupOf(id, ctx)?.match(new RegExp(`^${prefix}:(.+)$`))?.[1] ?? null;
  return [
    ...kinds.map((name, i) => ({
      name: (id: string, ctx: Parameters<typeof groupOf>[1]) => (groupOf(id, ctx) === name ? name : null),
      debugName: name,
      priority: kinds.length - i + 2,
    })),
    // `shared:SectionPage` is the chunk SectionPage, `page:Greeting` the chunk Greeting: named as Rolldown named them.
    { name: named('shared'), debugName: 'beside section pages', priority: 2 },
    { name: named('page'), debugName: 'section pages', priority: 1 },
  ];
}
