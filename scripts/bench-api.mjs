#!/usr/bin/env node
// `npm run bench:api`: GET a guild's settings through the full stack (session, guild access check,
// storage) against a raw node:http server answering the same JSON, in one run, with autocannon.
// Each server runs in its own process; autocannon runs in this one. Prints a table and a JSON line.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { signIn, startServer, stopServer } from './bench/support.mjs';

const root = path.resolve(import.meta.dirname, '..');
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 64);

if (spawnSync('npm', ['run', '-s', 'build'], { cwd: root, stdio: 'inherit' }).status !== 0) process.exit(1);

function cannon(url, headers) {
  return new Promise((resolve, reject) => {
    autocannon({ url, connections, duration: seconds, headers }, (err, result) => (err ? reject(err) : resolve(result)));
  });
}

const dataDir = mkdtempSync(path.join(tmpdir(), 'guildhall-bench-'));
const app = await startServer('app-server.mjs', { DATA_DIR: dataDir });
let raw;
try {
  const session = await signIn(app.url, 'demo-owner');
  const { req } = session;
  const cookie = session.cookie();
  const user = await (await req('/api/user')).json();
  const guild = user.guilds.find((g) => g.settingsUrl.startsWith('/manage/'));
  const path_ = `/api/guild/${guild.id}/settings/moderation`;
  const sample = await fetch(app.url + path_, { headers: { cookie } });
  if (sample.status !== 200) throw new Error(`settings GET answered ${sample.status}`);
  const body = await sample.text();
  raw = await startServer('raw-server.mjs', { BENCH_BODY: body });

  // Warm both (JIT, caches), then measure one after the other on the same machine.
  await cannon(app.url + path_, { cookie });
  const full = await cannon(app.url + path_, { cookie });
  await cannon(raw.url + path_, {});
  const base = await cannon(raw.url + path_, {});

  const row = (name, r) => ({
    name,
    'req/s': Math.round(r.requests.average),
    'p50 ms': r.latency.p50,
    'p99 ms': r.latency.p99,
    errors: r.errors + r.non2xx,
  });
  console.table([row('Guildhall GET settings (full stack)', full), row('raw node:http, same JSON', base)]);
  const ratio = full.requests.average / base.requests.average;
  console.log(
    `ratio ${ratio.toFixed(2)}x of raw node:http; full-stack p99 ${full.latency.p99} ms at ${connections} connections over ${seconds} s (goal >= 0.5x, p99 < 20 ms)`,
  );
  console.log(
    JSON.stringify({
      bench: 'api',
      connections,
      seconds,
      fullRps: full.requests.average,
      rawRps: base.requests.average,
      ratio,
      fullP99: full.latency.p99,
      rawP99: base.latency.p99,
      non2xx: full.non2xx,
    }),
  );
} finally {
  if (raw) await stopServer(raw.child);
  await stopServer(app.child);
  rmSync(dataDir, { recursive: true, force: true });
}
