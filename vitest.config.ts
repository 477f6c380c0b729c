import path from 'node:path';
import react from '@vitejs/plugin-react';
import swc from 'unplugin-swc';
import { defaultClientConditions, defaultServerConditions } from 'vite';
import { configDefaults, defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

// Every suite reads @guildhall/common from its TypeScript source (its `source` export), so tests need no build first.
const client = { conditions: ['source', ...defaultClientConditions] };
const server = { conditions: ['source', ...defaultServerConditions] };

// The backend and repo test files that start no server, no app and no browser: the projects `backend-unit` and
// `repo-unit`, which `npm run check` runs beside `common` and `frontend` (scripts/test.mjs). `npm test` runs them all.
const BACKEND_UNIT = [
  'test/read-cache.test.ts', // the read cache over an in-memory storage double, interleavings held by hand
  'test/response-serializers.test.ts', // the settings serializers built from the published schemas, called directly
  'test/section-policy.test.ts', // the access guard and the policy registry, with the access service mocked
  'test/webhook-url.test.ts', // the webhook URL reader, a function
  'test/body-problems.test.ts', // the body reader's refusals (depth, unstorable text), a function
  'test/access-level-rules.test.ts', // the access-level rules, functions of a section's row
  'test/body-reader.test.ts', // the body reader on a Fastify instance of its own (inject)
  'test/reference-rules.test.ts', // the reference walk, the clone's mapping and the check, over a stand-in Discord
  'test/schedule-next-runs.test.ts', // a schedule plan's next runs at fixed instants, functions
];
const REPO_UNIT = [
  'architecture.test.ts', // reads ARCHITECTURE.md and the generator's: every source folder named, every path there
  'readme.test.ts', // reads README.md, the environment schema and .ci/run
  'generate.test.ts', // the generator over copies of schemas/ in temporary folders (in-process; its CLI in five tests), and its output imported
  'plans-catalog.test.ts', // the generator's check over copies of schemas/ with the plan catalog changed
  'layout.test.ts', // reads backend/src: no sandbox code in it, no sandbox imported
  'no-spec-citations.test.ts', // reads the repository's files: no comment cites a spec section by number
];

// NestJS needs decorator metadata, which esbuild/oxc do not emit: SWC compiles the backend (and the sandboxes) in tests.
const backend = (name: string, files: { include: string[]; exclude?: string[] }, root = 'backend') => ({
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
    name,
    root,
    ...files,
    environment: 'node' as const,
    testTimeout: 30_000,
    hookTimeout: 60_000,
    setupFiles: ['test/setup.ts'],
  },
});
const repo = (name: string, files: { include: string[]; exclude?: string[] }) => ({
  test: { name, root: 'tests', ...files, environment: 'node' as const, testTimeout: 60_000 },
});

// vitest's own order takes the projects one by name, so the generator's tests (the longest file of repo-unit)
// started last and ran alone while the other worker idled. Across all projects instead: failed first, then the
// longest by the last run's times, unknown files before both, as vitest orders the files of one project.
class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]) {
    const rank = (file: TestSpecification) => {
      const last = this.ctx.cache.getFileTestResults(`${file.project.name}:${path.relative(this.ctx.config.root, file.moduleId)}`);
      return last ? (last.failed ? 1 : 0) * 1e12 + last.duration : Number.MAX_VALUE;
    };
    return [...files].sort((a, b) => rank(b) - rank(a));
  }
}

// One vitest run covers every suite; each folder is a project with its own environment.
export default defineConfig({
  test: {
    sequence: { sequencer: LongestFirst },
    projects: [
      backend('backend', { include: ['test/**/*.test.ts'], exclude: [...configDefaults.exclude, ...BACKEND_UNIT] }),
      backend('backend-unit', { include: BACKEND_UNIT }),
      // The sandboxes' own suites: alone on a port of their own, mounted in the app, and against Discord's documents.
      backend('sandbox-discord', { include: ['test/**/*.test.ts'] }, 'sandboxes/discord'),
      backend('sandbox-razorpay', { include: ['test/**/*.test.ts'] }, 'sandboxes/razorpay'),
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
      repo('repo', { include: ['**/*.test.ts'], exclude: ['e2e/**', ...REPO_UNIT] }),
      repo('repo-unit', { include: REPO_UNIT }),
    ],
  },
});
