// `npm run test:mutation [-- <group, file or file:lines>...] [--force] [--concurrency N]`: Stryker over the code that
// protects users and data (issue 34), one group at a time: the group's source files mutated, only the group's test
// files run. Incremental: a group's second run re-tests only the mutants whose code or tests changed
// (reports/mutation/<group>.incremental.json, kept out of git); `--force` re-tests them all. Prints the score per file
// and every survivor: a survivor is a change to the code that no test noticed, so it names the test to write next.
// `--list` names the groups; `--report [group...]` prints the last runs' scores; `--isolation [group...]` runs each of
// the groups' tests alone on the unmutated code (as Stryker runs them) and names any that fail alone.
// Not part of `npm test` (README.md). stryker.config.mjs reads the group from MUTATION_GROUP (and MUTATION_REPORT,
// MUTATION_MUTATE for a line range); vitest.mutation.config.ts runs the group's test files only.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { equivalentOf } from './mutation-equivalents.mjs';

/**
 * Each group: the files Stryker mutates (`file.ts:10-80` mutates those lines only) and the test files that exercise
 * them, which are the only ones a mutant runs. `tsconfig` is the TypeScript checker's project for the files.
 */
export const GROUPS = {
  'webhook-url': {
    mutate: ['backend/src/embeds/webhook-url.ts'],
    tests: ['backend/test/webhook-url.test.ts'],
  },
  csrf: {
    mutate: ['backend/src/http/csrf.ts'],
    tests: ['backend/test/api.test.ts', 'backend/test/hardening-input.test.ts'],
  },
  // The fuzz suite (backend/test/fuzz.test.ts) is left out of every group: its 1,000 bodies per route, run for each
  // mutant it covers, made one group take over an hour; what only it caught is now asked by a direct test.
  'body-parser': {
    mutate: ['backend/src/http/body-parser.ts'],
    tests: [
      'backend/test/body-problems.test.ts',
      'backend/test/body-reader.test.ts',
      'backend/test/hardening-input.test.ts',
      'sandboxes/discord/test/sandbox-hardening.test.ts',
    ],
  },
  permissions: {
    mutate: ['common/src/permissions.ts'],
    tests: ['common/test/permissions.test.ts'],
    tsconfig: 'common/tsconfig.json',
  },
  'guild-access': {
    mutate: [
      'backend/src/guild/guild-access.service.ts',
      'backend/src/guild/guild-access.guard.ts',
      'backend/src/guild/section-policies.ts',
    ],
    tests: [
      'backend/test/guild-access.test.ts',
      'backend/test/section-policy.test.ts',
      'backend/test/access-levels.test.ts',
      'backend/test/selector-levels.test.ts',
      'sandboxes/discord/test/sandbox-viewer-access.test.ts',
    ],
  },
  'access-levels': {
    mutate: ['backend/src/guild/access-levels.ts'],
    tests: [
      'backend/test/access-level-rules.test.ts',
      'backend/test/section-policy.test.ts',
      'backend/test/access-levels.test.ts',
      'backend/test/access-levels-instances.test.ts',
      'backend/test/selector-levels.test.ts',
    ],
  },
  references: {
    mutate: ['backend/src/references/*.ts'],
    // The walk, the mapping and the check asked directly (reference-rules), then every write path that checks
    // references: PUT (references), collections, import and clone (transfer).
    tests: [
      'backend/test/reference-rules.test.ts',
      'backend/test/references.test.ts',
      'backend/test/collections.test.ts',
      'backend/test/transfer.test.ts',
    ],
  },
  caps: {
    // records.insertCapped of each storage and the cap check both apply (checkCap); in MongoDB also its turn-taking and
    // lease (inTurn, takeLease).
    mutate: [
      'backend/src/storage/postgres.storage.ts:557-582',
      'backend/src/storage/mongo/mongo.storage.ts:426-463',
      'backend/src/storage/mongo/mongo.storage.ts:717-743',
      'backend/src/storage/storage-rules.ts:64-66',
    ],
    tests: ['backend/test/storage.contract.test.ts', 'backend/test/plan-limits.test.ts'],
  },
  history: {
    mutate: ['backend/src/history/history.service.ts'],
    tests: ['backend/test/history-rules.test.ts', 'backend/test/history.test.ts'],
  },
  'change-feed': {
    // Who gets which event: connect and its backlog, lost history, the live reader, fan-out and delivery (the guild
    // filter and the cursor). The pacing between them (paced, breathe, write) changes when, not what, a client gets.
    mutate: [
      'backend/src/bot-api/change-feed.service.ts:143-189',
      'backend/src/bot-api/change-feed.service.ts:195-222',
      'backend/src/bot-api/change-feed.service.ts:253-258',
      'backend/src/bot-api/change-feed.service.ts:278-331',
    ],
    tests: ['backend/test/change-feed.test.ts', 'backend/test/change-feed-backlog.test.ts'],
  },
  payments: {
    mutate: ['backend/src/payments/signatures.ts', 'backend/src/payments/premium.service.ts'],
    tests: [
      'backend/test/payments.test.ts',
      'sandboxes/razorpay/test/payment-sandbox.test.ts',
      'backend/test/plan-limits.test.ts',
      'backend/test/premium-grant.test.ts',
    ],
  },
  sessions: {
    mutate: ['backend/src/auth/session.ts'],
    tests: ['backend/test/sessions.test.ts', 'backend/test/sessions-instances.test.ts'],
  },
};

export const groupOptions = (name) => ({ tsconfig: 'backend/tsconfig.json', ...GROUPS[name] });
export const reportFile = (name, ext) => `reports/mutation/${name}.${ext}`;

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));

/**
 * What to run, from the words after `--`: a group by its name; a listed file with a line range
 * (`backend/src/http/body-parser.ts:40-90`: those lines only, with its group's tests, reported apart as
 * `<group>.lines-40-90`); or every group that mutates a file whose path contains the word (`csrf`, `src/payments/`).
 */
function select(words) {
  if (words.length === 0) return Object.keys(GROUPS).map((group) => ({ group, report: group }));
  const runs = words.flatMap((word) => {
    if (GROUPS[word]) return [{ group: word, report: word }];
    const range = /^(.+):(\d+)-(\d+)$/.exec(word);
    const file = range ? range[1] : word;
    // A group's entry may be a glob (`backend/src/references/*.ts`) or name lines (`file.ts:10-80`).
    const covers = (mutate) => {
      const pattern = mutate.replace(/:\d+-\d+$/, '');
      const glob = new RegExp(`^${pattern.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '[^/]*')}$`);
      return pattern.includes(file) || glob.test(file);
    };
    const found = Object.keys(GROUPS).filter((group) => GROUPS[group].mutate.some(covers));
    if (found.length === 0) throw new Error(`No mutation group or listed file matches "${word}": ${Object.keys(GROUPS).join(', ')}`);
    if (!range) return found.map((group) => ({ group, report: group }));
    return [{ group: found[0], report: `${found[0]}.lines-${range[2]}-${range[3]}`, mutate: word }];
  });
  return runs.filter((run, i) => runs.findIndex((other) => other.report === run.report) === i);
}

function summary(name, totals = { detected: 0, undetected: 0, named: 0 }) {
  const file = path.join(root, reportFile(name, 'json'));
  if (!existsSync(file)) return [`${name}: no report`];
  const report = JSON.parse(readFileSync(file, 'utf8'));
  const lines = [];
  // A later run of some of the group's lines (`file:lines`, reported apart) gives those mutants' newer results.
  const dir = path.join(root, path.dirname(reportFile(name, 'json')));
  const newer = readdirSync(dir)
    .filter((entry) => entry.startsWith(`${name}.lines-`) && entry.endsWith('.json') && !entry.endsWith('.incremental.json'))
    .map((entry) => path.join(dir, entry))
    .filter((part) => statSync(part).mtimeMs > statSync(file).mtimeMs);
  for (const part of newer) {
    lines.push(`  (with the later run ${path.relative(root, part)})`);
    for (const [fileName, { mutants }] of Object.entries(JSON.parse(readFileSync(part, 'utf8')).files)) {
      const same = (a, b) =>
        a.mutatorName === b.mutatorName &&
        a.replacement === b.replacement &&
        a.location.start.line === b.location.start.line &&
        a.location.start.column === b.location.start.column;
      for (const later of mutants) {
        const earlier = report.files[fileName]?.mutants.find((m) => same(m, later));
        if (earlier) earlier.status = later.status;
      }
    }
  }
  for (const [fileName, { mutants, source }] of Object.entries(report.files)) {
    const count = (...statuses) => mutants.filter((m) => statuses.includes(m.status)).length;
    const sourceLines = source.split('\n');
    // The whole mutated code, over several lines if need be: a block is matched with its equivalents by what it holds.
    const originalOf = ({ location: { start, end } }) =>
      start.line === end.line
        ? sourceLines[start.line - 1].slice(start.column - 1, end.column - 1)
        : [
            sourceLines[start.line - 1].slice(start.column - 1),
            ...sourceLines.slice(start.line, end.line - 1),
            sourceLines[end.line - 1].slice(0, end.column - 1),
          ].join('\n');
    const equivalent = (m) =>
      (m.status === 'Survived' || m.status === 'NoCoverage') &&
      equivalentOf(fileName, m, originalOf(m), sourceLines[m.location.start.line - 1]);
    const detected = count('Killed', 'Timeout');
    const undetected = count('Survived', 'NoCoverage');
    const named = mutants.filter(equivalent).length;
    totals.detected += detected;
    totals.undetected += undetected;
    totals.named += named;
    const percent = (part, whole) => (whole ? `${((100 * part) / whole).toFixed(1)}%` : 'n/a');
    lines.push(
      `${fileName}: ${percent(detected, detected + undetected)} (${count('Killed')} killed, ${count('Timeout')} timed out, ${undetected} survived or not covered, of which ${named} named equivalent; ${count('CompileError')} not compiling)` +
        (named ? `; ${percent(detected, detected + undetected - named)} without the named equivalents` : ''),
    );
    // Timeouts count as detected (a mutant that hangs the tests is noticed) but are listed: one may be a slow run.
    const label = { Survived: 'survived', NoCoverage: 'not covered', Timeout: 'timed out' };
    for (const m of mutants.filter((m) => label[m.status])) {
      const { start } = m.location;
      const short = (text) => (text.length > 70 ? `${text.slice(0, 67)}...` : text).replace(/\s+/g, ' ');
      const known = equivalent(m);
      lines.push(
        `  ${known ? 'equivalent' : label[m.status]} ${fileName}:${start.line}:${start.column} ${m.mutatorName}: ${short(originalOf(m))} -> ${short(m.replacement ?? '')}` +
          (known ? `\n      why: ${known.why}` : ''),
      );
    }
  }
  return lines;
}

/**
 * Runs each test of the groups' files alone on the unmutated code, as Stryker runs a mutant's covering tests (by name):
 * a test that fails alone (it reads what an earlier test made) would count every mutant it covers as killed. Returns
 * those tests.
 */
function testsFailingAlone(groups) {
  const vitest = path.join(root, 'node_modules/vitest/vitest.mjs');
  const files = [...new Set(groups.flatMap((group) => GROUPS[group].tests))];
  const failing = [];
  for (const file of files) {
    const listed = spawnSync(process.execPath, [vitest, 'list', file, '--json'], { cwd: root, encoding: 'utf8' });
    const tests = JSON.parse(listed.stdout || '[]');
    for (const { name } of tests) {
      // `vitest list` joins a test's describe blocks and title with ' > '; `-t` matches them joined with spaces.
      const fullName = name.split(' > ').join(' ');
      const pattern = `^${fullName.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`;
      const run = spawnSync(process.execPath, [vitest, 'run', file, '-t', pattern, '--reporter=json'], { cwd: root, encoding: 'utf8' });
      let ran = -1;
      try {
        const report = JSON.parse(run.stdout);
        ran = report.numPassedTests + report.numFailedTests;
      } catch {
        // No report: the run itself failed, counted below.
      }
      // A pattern that matched no test would pass with every test skipped: that checks nothing, so it is a failure too.
      if (run.status !== 0 || ran !== 1)
        failing.push(`${file} > ${name}${ran === 1 ? '' : ` (the run matched ${Math.max(ran, 0)} tests, not 1)`}`);
    }
    console.log(`${file}: ${tests.length} tests run one by one`);
  }
  return failing;
}

function main(argv) {
  const flags = [];
  const words = [];
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === '--force') flags.push('--force');
    else if (argv[i] === '--concurrency') flags.push('--concurrency', argv[++i]);
    else if (argv[i] === '--isolation') {
      const names = argv.slice(i + 1);
      const failing = testsFailingAlone(names.length ? names : Object.keys(GROUPS));
      for (const test of failing) console.log(`fails alone (its mutants' kills would be false): ${test}`);
      console.log(`${failing.length} test(s) fail alone`);
      return failing.length ? 1 : 0;
    } else if (argv[i] === '--report') {
      // The scores and survivors of the last runs, from their reports, without running anything.
      const names = argv.slice(i + 1);
      const totals = { detected: 0, undetected: 0, named: 0 };
      for (const name of names.length ? names : Object.keys(GROUPS)) for (const line of [name, ...summary(name, totals)]) console.log(line);
      const { detected, undetected, named } = totals;
      const percent = (part, whole) => (whole ? `${((100 * part) / whole).toFixed(1)}%` : 'n/a');
      console.log(
        `all: ${percent(detected, detected + undetected)} (${detected} detected, ${undetected} survived or not covered, of which ${named} named equivalent); ${percent(detected, detected + undetected - named)} without the named equivalents`,
      );
      return 0;
    } else if (argv[i] === '--list') {
      for (const [name, { mutate, tests }] of Object.entries(GROUPS))
        console.log(`${name}\n  mutates ${mutate.join(', ')}\n  runs ${tests.join(', ')}`);
      return 0;
    } else words.push(argv[i]);
  }
  const runs = select(words);
  const stryker = path.join(root, 'node_modules/@stryker-mutator/core/bin/stryker.js');
  const results = [];
  for (const { group, report, mutate } of runs) {
    const files = mutate ? [mutate] : GROUPS[group].mutate;
    console.log(`\n=== mutation group ${report}: ${files.join(', ')}\n    tests: ${GROUPS[group].tests.join(', ')}`);
    const started = Date.now();
    const run = spawnSync(process.execPath, [stryker, 'run', 'stryker.config.mjs', ...flags], {
      cwd: root,
      stdio: 'inherit',
      env: { ...process.env, MUTATION_GROUP: group, MUTATION_REPORT: report, MUTATION_MUTATE: mutate ?? '' },
    });
    const ok = run.status === 0;
    results.push({ name: report, ok, seconds: Math.round((Date.now() - started) / 1000), lines: ok ? summary(report) : [] });
  }
  console.log('\n=== mutation scores (reports/mutation/<group>.html for the diffs)');
  for (const { name, ok, seconds, lines } of results) {
    console.log(`${name} (${seconds} s)${ok ? '' : ': Stryker FAILED, see above'}`);
    for (const line of lines) console.log(`  ${line}`);
  }
  return results.every((r) => r.ok) ? 0 : 1;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) process.exitCode = main(process.argv.slice(2));
