import react from '@vitejs/plugin-react';
import swc from 'unplugin-swc';
import { defineConfig } from 'vitest/config';

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
        test: {
          name: 'frontend',
          root: 'frontend',
          include: ['test/**/*.test.{ts,tsx}'],
          environment: 'happy-dom',
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
