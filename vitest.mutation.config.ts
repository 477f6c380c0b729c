// The vitest config of `npm run test:mutation` (scripts/mutation.mjs, stryker.config.mjs): the projects of
// vitest.config.ts narrowed to the test files named in MUTATION_TEST_FILES (comma-separated, from the repository root).
//
// Why not Stryker's own `testFiles` option: with it, Stryker 9.6 hands a mutant in module-level code (a "static"
// mutant, e.g. a regex constant) the file list as a test filter, so the vitest runner switches the mutant on in a
// beforeAll, after the test file has imported the module: the mutant is never live and survives. Narrowing the files
// here instead leaves the filter empty, the runner switches static mutants on before the test file loads, and they die.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createFilter } from 'vite';
import { defineConfig } from 'vitest/config';
import base from './vitest.config.ts';

const dir = path.dirname(fileURLToPath(import.meta.url));
const wanted = (process.env.MUTATION_TEST_FILES ?? '').split(',').filter(Boolean);
if (wanted.length === 0) throw new Error('vitest.mutation.config.ts: MUTATION_TEST_FILES names no test file');

// Backend code imports @guildhall/common, and the sandboxes' code the backend's, through node_modules links that point
// at the checkout, not at Stryker's copy: each project reads them from the copy's own src, where the mutants are.
const common = [
  { find: /^@guildhall\/common\/(.*)$/, replacement: path.join(dir, 'common/src/$1.ts') },
  { find: /^@guildhall\/backend\/(.*)$/, replacement: path.join(dir, 'backend/src/$1.ts') },
  { find: /^@guildhall\/sandbox-(discord|razorpay)$/, replacement: path.join(dir, 'sandboxes/$1/src/index.ts') },
  { find: /^@guildhall\/sandbox-(discord|razorpay)\/(.*)$/, replacement: path.join(dir, 'sandboxes/$1/src/$2.ts') },
];

type Project = { resolve?: object; test: { root: string; include: string[]; exclude?: string[] } };
const projects = (base.test!.projects as Project[]).flatMap((project) => {
  const { root, include, exclude = [] } = project.test;
  // A file runs in the project whose include takes it and whose exclude does not, as in vitest.config.ts.
  const inProject = createFilter(include, exclude, { resolve: false });
  const files = wanted.map((file) => path.posix.relative(root, file)).filter((file) => !file.startsWith('..') && inProject(file));
  return files.length ? [{ ...project, resolve: { ...project.resolve, alias: common }, test: { ...project.test, include: files } }] : [];
});

export default defineConfig({ test: { ...base.test, projects } });
