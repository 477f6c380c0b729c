#!/usr/bin/env node
// `npm test`: every suite, then one closing line "N passed, N failed" over all of them.
// Suites: type checks (one check per project), vitest (common, backend, frontend and repo projects), and, once the
// frontend exists, Playwright. A suite that cannot run counts as one failure rather than vanishing.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const bin = (name) => path.join(root, 'node_modules', '.bin', name);
const results = [];

function run(label, cmd, args, env = {}) {
  console.log(`\n=== ${label}: ${[path.basename(cmd), ...args].join(' ')}`);
  const started = Date.now();
  const r = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  console.log(`=== ${label}: exit ${r.status ?? r.signal} in ${seconds} s`);
  return r.status === 0;
}

// 1. Type checks: the compiler is a test of its own.
for (const project of ['common/tsconfig.json', 'backend/tsconfig.json', 'frontend/tsconfig.json', 'tests/tsconfig.json']) {
  const ok = run(`typecheck ${project}`, bin('tsc'), ['-p', project]);
  results.push({ suite: `typecheck ${project}`, passed: ok ? 1 : 0, failed: ok ? 0 : 1 });
}

// Lint and formatting: one setup for the whole repository.
{
  const ok = run('lint', bin('eslint'), ['.']) && run('format', bin('prettier'), ['--check', '.']);
  results.push({ suite: 'lint and format', passed: ok ? 1 : 0, failed: ok ? 0 : 1 });
}

// 2. vitest: all projects in one run, counted from its JSON report.
{
  const dir = mkdtempSync(path.join(tmpdir(), 'guildhall-vitest-'));
  const report = path.join(dir, 'report.json');
  const ok = run('vitest', bin('vitest'), ['run', '--reporter=default', '--reporter=json', `--outputFile.json=${report}`]);
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
  if (!ok && results.at(-1).failed === 0) results.at(-1).failed = 1;
  rmSync(dir, { recursive: true, force: true });
}

// 3. End to end: build what `npm start` serves, then Playwright in Debian's Chromium against it.
{
  const built = run('build', 'npm', ['run', '-s', 'build']);
  const dir = mkdtempSync(path.join(tmpdir(), 'guildhall-e2e-'));
  const report = path.join(dir, 'e2e.json');
  if (!built) results.push({ suite: 'e2e (build failed)', passed: 0, failed: 1 });
  else {
    const ok = run('e2e', bin('playwright'), ['test'], { CI: '1', PLAYWRIGHT_JSON: report });
    if (existsSync(report)) {
      const { stats } = JSON.parse(readFileSync(report, 'utf8'));
      results.push({ suite: 'e2e', passed: stats.expected + (stats.flaky ?? 0), failed: stats.unexpected, skipped: stats.skipped });
    } else results.push({ suite: 'e2e', passed: 0, failed: 1 });
    if (!ok && results.at(-1).failed === 0) results.at(-1).failed = 1;
  }
  rmSync(dir, { recursive: true, force: true });
}

console.log('\n=== summary');
for (const r of results) console.log(`${r.suite}: ${r.passed} passed, ${r.failed} failed${r.skipped ? `, ${r.skipped} skipped` : ''}`);
const passed = results.reduce((n, r) => n + r.passed, 0);
const failed = results.reduce((n, r) => n + r.failed, 0);
const skipped = results.reduce((n, r) => n + (r.skipped ?? 0), 0);
console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(failed > 0 ? 1 : 0);
