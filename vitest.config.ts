import react from '@vitejs/plugin-react';
import swc from 'unplugin-swc';
import { defaultClientConditions, defaultServerConditions } from 'vite';
import { defineConfig } from 'vitest/config';

// Every suite reads @guildhall/common from its TypeScript source (its `source` export), so tests need no build first.
const client = { conditions: ['source', ...defaultClientConditions] };
const server = { conditions: ['source', ...defaultServerConditions] };

// One vitest run covers every suite; each folder is a project with its own environment.
export default defineConfig({
  test: {
    projects: [
      {
        // NestJS needs decorator metadata, which esbuild/oxc do not emit: SWC compiles the backend in tests.
        plugins: [
          swc.vite({
            jsc: {
              parser: { syntax: 'typescript', decorators: true },
              transform: { legacyDecorator: true, decoratorMetadata: true },
              target: 'es2023',
            },
          }),
        ],
        resolve: server,
        ssr: { resolve: server },
        test: {
          name: 'backend',
          root: 'backend',
          include: ['test/**/*.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
          setupFiles: ['test/setup.ts'],
        },
      },
      {
        plugins: [react()],
        resolve: client,
        test: {
          name: 'frontend',
          root: 'frontend',
          include: ['test/**/*.test.{ts,tsx}'],
          environment: 'happy-dom',
        },
      },
      {
        resolve: server,
        ssr: { resolve: server },
        test: {
          name: 'common',
          root: 'common',
          include: ['test/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'repo',
          root: 'tests',
          include: ['**/*.test.ts'],
          exclude: ['e2e/**'],
          environment: 'node',
          testTimeout: 60_000,
        },
      },
    ],
  },
});
