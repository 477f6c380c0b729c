#!/usr/bin/env node
// `npm run bench:storage`: saves/s and reads/s of every storage adapter, through the storage port itself (no HTTP, no
// read cache: createStorage's bare adapter), in one run. For each adapter (PGlite in a temporary directory, a throwaway
// PostgreSQL server from Debian's binaries, MongoDB: the npm wire server in a process of its own, or the real server
// at MONGODB_TEST_URL), C workers each own one guild's greeting section, so their versions never conflict:
//   saves: settings.put(guild, 'greeting', body, version, { author, action: 'save' }), a history entry with each, as
//          the dashboard saves;
//   reads: settings.get(guild, 'greeting'), each checked against what that worker saved last.
// A warm-up, then each for a fixed time. Prints a table and a closing line. No speed budget is asserted (the figures
// go into notes); it exits 1 on any error: a put that threw or answered a wrong version, a version conflict is only
// counted, a read that is not what was saved, an adapter that failed to start. An adapter that cannot be had here
// (no PostgreSQL binaries, a build without the MongoDB adapter) is skipped with the reason.
//   --seconds N (5) per measured phase, --concurrency C (16), --warmup N (1) seconds,
//   --adapters pglite,postgres,mongodb (all)
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { isDeepStrictEqual, parseArgs } from 'node:util';
import { findPostgresBinaries, startPostgresServer } from '../support/postgres-server.mjs';
import { startServer, stopServer } from './support.mjs';

const root = path.resolve(import.meta.dirname, '../..');
const ADAPTERS = ['pglite', 'postgres', 'mongodb'];
const SECTION = 'greeting';
const author = { userId: '380000000000000001', userName: 'bench', avatar: null };

const options = (() => {
  try {
    const { values } = parseArgs({
      options: {
        seconds: { type: 'string', default: '5' },
        concurrency: { type: 'string', default: '16' },
        warmup: { type: 'string', default: '1' },
        adapters: { type: 'string', default: ADAPTERS.join(',') },
      },
    });
    const seconds = Number(values.seconds);
    const concurrency = Number(values.concurrency);
    const warmup = Number(values.warmup);
    const adapters = values.adapters.split(',').map((a) => a.trim());
    if (!(seconds > 0)) throw new Error('--seconds must be a positive number');
    if (!Number.isInteger(concurrency) || concurrency < 1) throw new Error('--concurrency must be a positive integer');
    if (!(warmup >= 0)) throw new Error('--warmup must be a number of seconds');
    const unknown = adapters.filter((a) => !ADAPTERS.includes(a));
    if (unknown.length || !adapters.length) throw new Error(`--adapters takes ${ADAPTERS.join(', ')} (got ${values.adapters})`);
    return { seconds, concurrency, warmup, adapters: [...new Set(adapters)] };
  } catch (error) {
    console.error(
      `${error.message}\nusage: npm run bench:storage -- [--seconds N] [--concurrency C] [--warmup N] [--adapters ${ADAPTERS.join(',')}]`,
    );
    process.exit(2);
  }
})();

// The benches import the built backend, as the app runs it.
for (const workspace of ['common', 'backend']) {
  if (spawnSync('npm', ['run', '-s', 'build', '-w', workspace], { cwd: root, stdio: 'inherit' }).status !== 0) process.exit(1);
}
const { createStorage } = await import('../../backend/dist/storage/create-storage.js');
const { validateGreeting } = await import('@guildhall/generated/validators');

/** A greeting section as a server owner fills it in (~1.5 KB of JSON); `n` makes each save differ from the last. */
function greetingBody(guildId, n) {
  const embed = (title, description, color, footer) => ({
    title,
    description,
    color,
    thumbnail: true,
    footer,
    image: `https://cdn.discordapp.com/attachments/${guildId}/1180000000000000000/banner.png`,
    author: { name: '{server.name}', iconURL: `https://cdn.discordapp.com/icons/${guildId}/a_1f2e3d4c5b6a.png` },
  });
  return {
    welcome: {
      enabled: true,
      channel: '1170000000000000011',
      content: `Welcome {member.mention} to **{server.name}**! We now have {server.members} members. Grab your roles in <#1170000000000000012>, read <#1170000000000000013> and say hi. (save ${n})`,
      type: 'both',
      embed: embed(
        'Welcome to {server.name}!',
        'Hey {member.mention}, glad you are here. Our events run every Friday at 20:00 UTC; the schedule is pinned in the events channel. Please read the rules first and then introduce yourself to everyone.',
        '#068ADD',
        'Member #{server.members}',
      ),
    },
    farewell: {
      enabled: true,
      channel: '1170000000000000014',
      content: `**{member.tag}** has left {server.name}. We now have {server.members} members. (save ${n})`,
      type: 'embed',
      embed: embed('Goodbye, {member.name}', "{member.tag} has left the server. We'll miss you!", '#ED4245', '{server.name}'),
    },
  };
}

const probeBody = greetingBody('1100000000000000000', 1);
if (!validateGreeting(probeBody)) {
  // A schema change the body no longer follows: the figures would be for a document the app would refuse.
  console.error('The bench greeting body does not validate against schemas/settings/greeting.json:', validateGreeting.errors);
  process.exit(1);
}
const bodyBytes = Buffer.byteLength(JSON.stringify(probeBody));

/** How to open each adapter: `{ storage, stop, label }`, or `{ skip: reason }` when it cannot be had here. */
const adapterSetups = {
  async pglite() {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'guildhall-bench-pglite-'));
    return {
      label: 'pglite',
      storage: createStorage({ dataDir }),
      stop: async () => rmSync(dataDir, { recursive: true, force: true }),
    };
  },
  async postgres() {
    if (!findPostgresBinaries()) return { skip: 'no PostgreSQL server binaries in /usr/lib/postgresql/*/bin (apt-get install postgresql)' };
    const server = await startPostgresServer();
    return { label: 'postgres', storage: createStorage({ dataDir: tmpdir(), databaseUrl: server.url }), stop: server.stop };
  },
  async mongodb() {
    // createStorage opens nothing until init(), so the kind it picks for a mongodb:// URL can be asked first.
    const kind = createStorage({ dataDir: tmpdir(), databaseUrl: 'mongodb://127.0.0.1:27017/guildhall_bench' }).kind;
    if (kind !== 'mongodb') return { skip: `this build has no MongoDB adapter (createStorage picks '${kind}' for mongodb://)` };
    const database = `guildhall_bench_${Date.now().toString(36)}`;
    const real = process.env.MONGODB_TEST_URL?.trim();
    if (real) {
      const url = new URL(real);
      url.pathname = `/${database}`;
      return {
        label: 'mongodb (MONGODB_TEST_URL)',
        storage: createStorage({ dataDir: tmpdir(), databaseUrl: url.toString() }),
        // A real server keeps what the bench wrote: its database goes when the bench is done.
        stop: async () => {
          const { default: mongoose } = await import('mongoose');
          const connection = await mongoose.createConnection(url.toString(), { serverSelectionTimeoutMS: 5000 }).asPromise();
          try {
            await connection.dropDatabase();
          } finally {
            await connection.close();
          }
        },
      };
    }
    const { child, url } = await startServer('mongo-wire-server.mjs', { BENCH_MONGO_DATABASE: database });
    return {
      label: 'mongodb (wire server)',
      storage: createStorage({ dataDir: tmpdir(), databaseUrl: url }),
      stop: () => stopServer(child),
    };
  },
};

function percentile(sorted, p) {
  if (!sorted.length) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

/** Runs `op` in every worker until `seconds` have passed; the figures of the ops that succeeded. */
async function phase(workers, seconds, op) {
  const latencies = [];
  const start = performance.now();
  const end = start + seconds * 1000;
  await Promise.all(
    workers.map(async (worker) => {
      while (performance.now() < end) {
        const ms = await op(worker);
        if (ms !== undefined) latencies.push(ms);
      }
    }),
  );
  const elapsed = (performance.now() - start) / 1000;
  const sorted = Float64Array.from(latencies).sort();
  return { perSecond: latencies.length / elapsed, p50: percentile(sorted, 50), p99: percentile(sorted, 99), count: latencies.length };
}

async function measure(storage, tally) {
  const fail = (message) => {
    tally.errors += 1;
    if (tally.messages.length < 5 && !tally.messages.includes(message)) tally.messages.push(message);
  };
  const workers = Array.from({ length: options.concurrency }, (_, i) => ({
    guildId: String(1100000000000000000n + BigInt(i)),
    version: 0,
    saves: 0,
    data: null,
  }));

  const save = async (worker) => {
    const data = greetingBody(worker.guildId, ++worker.saves);
    const started = performance.now();
    let result;
    try {
      result = await storage.settings.put(worker.guildId, SECTION, data, worker.version, { author, action: 'save' });
    } catch (error) {
      fail(`put threw: ${error.message}`);
      return undefined;
    }
    const ms = performance.now() - started;
    if (!result.ok) {
      // Nobody else writes this guild, so a conflict is odd but not wrong: count it and carry on from what is stored.
      tally.conflicts += 1;
      worker.version = result.current?.version ?? 0;
      worker.data = result.current?.data ?? null;
      return undefined;
    }
    if (result.document.version !== worker.version + 1) {
      fail(`put on version ${worker.version} answered version ${result.document.version}`);
      return undefined;
    }
    worker.version = result.document.version;
    worker.data = data;
    return ms;
  };

  const read = async (worker) => {
    const started = performance.now();
    let document;
    try {
      document = await storage.settings.get(worker.guildId, SECTION);
    } catch (error) {
      fail(`get threw: ${error.message}`);
      return undefined;
    }
    const ms = performance.now() - started;
    if (!document || document.version !== worker.version || document.guildId !== worker.guildId) {
      fail(
        `get of guild ${worker.guildId} answered ${document ? `guild ${document.guildId} version ${document.version}` : 'nothing'}, not the saved version ${worker.version}`,
      );
      return undefined;
    }
    if (!isDeepStrictEqual(document.data, worker.data)) {
      fail(`get of guild ${worker.guildId} version ${worker.version} answered other settings than were saved`);
      return undefined;
    }
    return ms;
  };

  if (options.warmup > 0) await phase(workers, options.warmup, async (worker) => (await save(worker), await read(worker), undefined));
  const saves = await phase(workers, options.seconds, save);
  const reads = await phase(workers, options.seconds, read);
  return { saves, reads };
}

const rows = [];
const skipped = [];
let failed = false;

console.log(
  `bench:storage: ${options.concurrency} workers (one guild each), ${options.warmup} s warm-up, then ${options.seconds} s of saves and ${options.seconds} s of reads per adapter; greeting body ${bodyBytes} bytes of JSON`,
);
for (const adapter of options.adapters) {
  const tally = { errors: 0, conflicts: 0, messages: [] };
  let setup;
  try {
    setup = await adapterSetups[adapter]();
    if (setup.skip) {
      console.log(`${adapter}: skipped, ${setup.skip}`);
      skipped.push(`${adapter} skipped: ${setup.skip}`);
      continue;
    }
    await setup.storage.init();
    const { saves, reads } = await measure(setup.storage, tally);
    rows.push({ adapter: setup.label, saves, reads, ...tally });
  } catch (error) {
    tally.errors += 1;
    tally.messages.push(`could not run: ${error.stack ?? error.message}`);
    rows.push({ adapter: setup?.label ?? adapter, ...tally });
  } finally {
    await setup?.storage?.close().catch((error) => {
      tally.errors += 1;
      tally.messages.push(`close failed: ${error.message}`);
    });
    await setup?.stop?.();
  }
  if (tally.errors) failed = true;
  for (const message of tally.messages) console.error(`${adapter}: ${message}`);
}

const fixed = (n, digits) => (Number.isFinite(n) ? n.toFixed(digits) : '-');
const table = [
  ['adapter', 'saves/s', 'save p50 ms', 'save p99 ms', 'reads/s', 'read p50 ms', 'read p99 ms', 'conflicts', 'errors'],
  ...rows.map((r) => [
    r.adapter,
    fixed(r.saves?.perSecond, 0),
    fixed(r.saves?.p50, 2),
    fixed(r.saves?.p99, 2),
    fixed(r.reads?.perSecond, 0),
    fixed(r.reads?.p50, 2),
    fixed(r.reads?.p99, 2),
    String(r.conflicts),
    String(r.errors),
  ]),
];
const widths = table[0].map((_, c) => Math.max(...table.map((row) => row[c].length)));
console.log();
for (const row of table) console.log(row.map((cell, c) => (c === 0 ? cell.padEnd(widths[c]) : cell.padStart(widths[c]))).join('  '));
console.log();

const errors = rows.reduce((sum, r) => sum + r.errors, 0);
const measured = rows
  .filter((r) => r.saves)
  .map((r) => `${r.adapter} ${fixed(r.saves.perSecond, 0)} saves/s ${fixed(r.reads.perSecond, 0)} reads/s`);
console.log(
  `bench:storage ${failed ? 'FAILED' : 'ok'}: ${measured.join('; ') || 'nothing measured'}` +
    `${skipped.length ? `; ${skipped.join('; ')}` : ''}; ${errors} error${errors === 1 ? '' : 's'} (no speed budget: figures only)`,
);
process.exit(failed ? 1 : 0);
