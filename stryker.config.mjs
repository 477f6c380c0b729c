// Stryker's config for `npm run test:mutation` (scripts/mutation.mjs), one group of GROUPS per run, named by
// MUTATION_GROUP. The tests run through vitest.mutation.config.ts, narrowed to the group's test files there rather than
// with Stryker's `testFiles`: that option turns the file list into a test filter, which makes the vitest runner switch a
// module-level ("static") mutant on only after the module has loaded, so such mutants survive every test (issue 34).
import { GROUPS, groupOptions, reportFile } from './scripts/mutation.mjs';

const name = process.env.MUTATION_GROUP;
if (!GROUPS[name]) throw new Error(`MUTATION_GROUP must name a group of scripts/mutation.mjs: ${Object.keys(GROUPS).join(', ')}`);
const group = groupOptions(name);
// scripts/mutation.mjs runs one file's line range apart, under its own report and incremental file.
const report = process.env.MUTATION_REPORT || name;
const mutate = process.env.MUTATION_MUTATE ? [process.env.MUTATION_MUTATE] : group.mutate;
// Read by vitest.mutation.config.ts in Stryker's test runner processes, which inherit this environment.
process.env.MUTATION_TEST_FILES = group.tests.join(',');

/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  packageManager: 'npm',
  testRunner: 'vitest',
  plugins: ['@stryker-mutator/vitest-runner', '@stryker-mutator/typescript-checker'],
  vitest: { configFile: 'vitest.mutation.config.ts', related: false },
  checkers: ['typescript'],
  tsconfigFile: group.tsconfig,
  typescriptChecker: { prioritizePerformanceOverAccuracy: true },
  mutate,
  coverageAnalysis: 'perTest',
  // A mutant counts as a hang (and so as detected) only well past its tests' usual time: with Stryker's 5 s margin, a
  // busy 2-core machine turned slow runs of harmless mutants (a cache cleared too often) into "timeouts".
  timeoutMS: 30_000,
  timeoutFactor: 2,
  concurrency: 2,
  incremental: true,
  incrementalFile: reportFile(report, 'incremental.json'),
  reporters: ['clear-text', 'progress', 'json', 'html'],
  clearTextReporter: { reportMutants: false, reportTests: false, logTests: false },
  jsonReporter: { fileName: reportFile(report, 'json') },
  htmlReporter: { fileName: reportFile(report, 'html') },
  tempDirName: '.stryker-tmp',
  ignorePatterns: ['test-results', 'playwright-report', 'coverage', '.data', '.test-data', 'dist'],
};
