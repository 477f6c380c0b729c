#!/usr/bin/env node
// `npm test`: every suite, then one closing line "N passed, N failed" over all of them.
// Suites: type checks (one check per project), vitest (the common, frontend, backend, sandbox and repo projects, the last two
// split in two: see vitest.config.ts), and Playwright. A suite that cannot run counts as one failure rather than
// vanishing. The app is built once, first, and every suite that needs the build reads that one: the tests that read
// the frontend's build (the bundle, the route byte budgets, server-only assets, compressed serving: through
// GUILDHALL_FRONTEND_DIST) and Playwright.
// `npm run check` (this script with --check) is the inner loop while working: the type checks, lint and format, and
// only the vitest projects that start no server and no browser (FAST_PROJECTS, see vitest.config.ts); no build, no
// Playwright. It ends with the same closing line; `npm test` stays the whole truth.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const bin = (name) => path.join(root, 'node_modules', '.bin', name);
const check = process.argv.includes('--check');
const FAST_PROJECTS = ['common', 'frontend', 'backend-unit', 'repo-unit'];
const results = [];
/** Seconds per test file, from the vitest and Playwright reports, for the ten slowest in the summary. */
const fileSeconds = [];

function run(label, cmd, args, env = {}) {
  console.log(`\n=== ${label}: ${[path.basename(cmd), ...args].join(' ')}`);
  const started = Date.now();
  const r = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  console.log(`=== ${label}: exit ${r.status ?? r.signal} in ${seconds} s`);
  return r.status === 0;
}

/** As run(), but the output is held and printed whole when the command ends, so two running side by side never mix. */
function runHeld(label, cmd, args) {
  return new Promise((resolve) => {
    const started = Date.now();
    const child = spawn(cmd, args, { cwd: root, env: process.env });
    const out = [];
    child.stdout.on('data', (chunk) => out.push(chunk));
    child.stderr.on('data', (chunk) => out.push(chunk));
    let ended = false;
    // A command that cannot start reports 'error' and may then also report 'close': print it once.
    const done = (status) => {
      if (ended) return;
      ended = true;
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      console.log(`\n=== ${label}: ${[path.basename(cmd), ...args].join(' ')}`);
      process.stdout.write(Buffer.concat(out));
      console.log(`=== ${label}: exit ${status} in ${seconds} s`);
      resolve(status === 0);
    };
    child.on('error', (error) => {
      out.push(Buffer.from(`${error.message}\n`));
      done('error');
    });
    child.on('close', (code, signal) => done(code ?? signal));
  });
}

// 1. Type checks (the compiler is a test of its own), and beside them on the second core lint and formatting (one
// setup for the whole repository), then the build of what `npm start` serves (not with --check). The type checks read
// @guildhall/common from its source (the `source` condition), so the build's fresh dist/ folders cannot race them.
let built = false;
{
  const projects = [
    'common/tsconfig.json',
    'backend/tsconfig.json',
    'sandboxes/discord/tsconfig.json',
    'sandboxes/razorpay/tsconfig.json',
    'frontend/tsconfig.json',
    'tests/tsconfig.json',
  ];
  const typechecks = (async () => {
    const passed = [];
    for (const project of projects) passed.push(await runHeld(`typecheck ${project}`, bin('tsc'), ['-p', project]));
    return passed;
  })();
  const lintAndFormat = (async () => {
    const lint = await runHeld('lint', bin('eslint'), ['.']);
    const format = await runHeld('format', bin('prettier'), ['--check', '.']);
    if (!check) built = await runHeld('build', 'npm', ['run', '-s', 'build']);
    return lint && format;
  })();
  const [passed, ok] = await Promise.all([typechecks, lintAndFormat]);
  projects.forEach((project, i) => results.push({ suite: `typecheck ${project}`, passed: passed[i] ? 1 : 0, failed: passed[i] ? 0 : 1 }));
  results.push({ suite: 'lint and format', passed: ok ? 1 : 0, failed: ok ? 0 : 1 });
}

// 2. vitest: all projects in one run (the fast ones only with --check), counted from its JSON report.
{
  const dir = mkdtempSync(path.join(tmpdir(), 'guildhall-vitest-'));
  const report = path.join(dir, 'report.json');
  const junit = path.join(dir, 'junit.xml');
  // Two workers, one per core, in both runs. The fast projects start no server, take no fixed port and write only to
  // temporary folders; every other file starts its own app instances on free ports with their own data folders (and
  // its own PostgreSQL server where it needs one), so files do not share state. The whole vitest run passed three
  // times in a row this way on a fresh clone (358 s alone, against 582 s on one worker).
  const projects = check ? FAST_PROJECTS.map((name) => `--project=${name}`) : [];
  projects.push('--maxWorkers=2');
  const reporters = [
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${report}`,
    '--reporter=junit',
    `--outputFile.junit=${junit}`,
  ];
  // The tests that read the frontend's build read the one above rather than building it again (alone, each builds its
  // own: scripts/support/frontend-build.mjs).
  const ok = run(
    'vitest',
    bin('vitest'),
    ['run', ...projects, ...reporters],
    built ? { GUILDHALL_FRONTEND_DIST: path.join(root, 'frontend/dist') } : {},
  );
  if (existsSync(report)) {
    const json = JSON.parse(readFileSync(report, 'utf8'));
    const failedFiles = (json.testResults ?? []).filter((f) => f.status === 'failed' && (f.assertionResults ?? []).length === 0).length;
    results.push({
      suite: 'vitest',
      passed: json.numPassedTests,
      failed: json.numFailedTests + failedFiles,
      skipped: json.numPendingTests + json.numTodoTests,
    });
  } else {
    results.push({ suite: 'vitest', passed: 0, failed: 1 });
  }
  // Each file's time from the JUnit report: the whole file, hooks included. The JSON report's start and end times span
  // its tests only, and the fuzz suite, which sends its bodies in beforeAll, measured 0.005 s there for 134 s of work.
  if (existsSync(junit)) {
    for (const [, attributes] of readFileSync(junit, 'utf8').matchAll(/<testsuite\s([^>]*)>/g)) {
      const attr = Object.fromEntries([...attributes.matchAll(/(\w+)="([^"]*)"/g)].map(([, name, value]) => [name, value]));
      fileSeconds.push({ file: attr.name.replaceAll('&amp;', '&'), seconds: Number(attr.time) });
    }
  }
  if (!ok && results.at(-1).failed === 0) results.at(-1).failed = 1;
  rmSync(dir, { recursive: true, force: true });
}

/** Every test of a Playwright report's suite and its nested suites. */
const e2eTests = (suite) => [...(suite.specs ?? []).flatMap((spec) => spec.tests ?? []), ...(suite.suites ?? []).flatMap(e2eTests)];

// 3. End to end: Playwright in Debian's Chromium against the build of step 1, as `npm start` serves it.
if (!check) {
  const dir = mkdtempSync(path.join(tmpdir(), 'guildhall-e2e-'));
  const report = path.join(dir, 'e2e.json');
  if (!built) results.push({ suite: 'e2e (build failed)', passed: 0, failed: 1 });
  else {
    const ok = run('e2e', bin('playwright'), ['test'], { CI: '1', PLAYWRIGHT_JSON: report });
    if (existsSync(report)) {
      const json = JSON.parse(readFileSync(report, 'utf8'));
      const { stats } = json;
      results.push({ suite: 'e2e', passed: stats.expected + (stats.flaky ?? 0), failed: stats.unexpected, skipped: stats.skipped });
      // A spec file's top-level suite names it relative to the test folder; its tests' attempts add up to its time.
      const testDir = json.config?.rootDir ?? path.join(root, 'tests/e2e');
      for (const suite of json.suites ?? []) {
        const ms = e2eTests(suite)
          .flatMap((t) => t.results ?? [])
          .reduce((sum, r) => sum + (r.duration ?? 0), 0);
        fileSeconds.push({ file: path.relative(root, path.join(testDir, suite.file)), seconds: ms / 1000 });
      }
    } else results.push({ suite: 'e2e', passed: 0, failed: 1 });
    if (!ok && results.at(-1).failed === 0) results.at(-1).failed = 1;
  }
  rmSync(dir, { recursive: true, force: true });
}

console.log('\n=== summary');
for (const r of results) console.log(`${r.suite}: ${r.passed} passed, ${r.failed} failed${r.skipped ? `, ${r.skipped} skipped` : ''}`);
// So that the next slowdown shows the day it lands.
if (fileSeconds.length > 0) {
  console.log('ten slowest files:');
  for (const { file, seconds } of fileSeconds.sort((a, b) => b.seconds - a.seconds).slice(0, 10)) {
    console.log(`${seconds.toFixed(1).padStart(7)} s  ${file}`);
  }
}
const passed = results.reduce((n, r) => n + r.passed, 0);
const failed = results.reduce((n, r) => n + r.failed, 0);
const skipped = results.reduce((n, r) => n + (r.skipped ?? 0), 0);
console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(failed > 0 ? 1 : 0);
