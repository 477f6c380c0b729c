import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defaultClientConditions, defineConfig } from 'vite';
import { compression } from 'vite-plugin-compression2';

const backend = process.env.GUILDHALL_BACKEND ?? 'http://localhost:3000';

export default defineConfig({
  plugins: [
    react(),
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
  // the URI functions RJSF's utils call are RFC 3986's two rules they need (src/form/uri.ts), not all of fast-uri.
  resolve: {
    conditions: ['source', ...defaultClientConditions],
    alias: [
      { find: /^markdown-to-jsx\/react$/, replacement: fileURLToPath(new URL('src/form/plain-markdown.tsx', import.meta.url)) },
      { find: /^fast-uri$/, replacement: fileURLToPath(new URL('src/form/uri.ts', import.meta.url)) },
    ],
  },
  server: {
    port: 5173,
    // The dev server forwards the API and the Discord sandbox, so the browser sees one origin as in production.
    proxy: { '/api': backend, '/sandbox': backend, '/healthz': backend, '/readyz': backend },
  },
  // The manifest maps each route's page to its chunks: tests/bundle-size.test.ts checks them, npm run bench:ui weighs them.
  build: { outDir: 'dist', sourcemap: true, manifest: true, chunkSizeWarningLimit: 400 },
});
