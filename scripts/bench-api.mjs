#!/usr/bin/env node
// `npm run bench:api`: GET a guild's settings through the full stack (session, guild access check, storage) against a
// raw node:http server answering the same JSON, in one run, with autocannon; then a PUT (save) through the full stack
// against the same raw server. Each server runs in its own process; autocannon runs in this one. Prints a table and a
// JSON line. `--profile` (or BENCH_PROFILE=<file>) also writes a V8 CPU profile of the app during the measured GET run.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { signIn, startServer, stopServer } from './bench/support.mjs';

const root = path.resolve(import.meta.dirname, '..');
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 64);
// The machine may be shared: each server is measured this many times, alternating, and the median run is reported.
const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
const profile =
  process.env.BENCH_PROFILE ?? (process.argv.includes('--profile') ? path.join(tmpdir(), 'guildhall-bench-api.cpuprofile') : '');
// Sections every manager may save whole (no access levels): as many (guild, section) targets as PUT connections, one
// per save in flight, so saves never race for the same version (a 409 would count as an error).
const SAVABLE = ['basic', 'moderation', 'levels', 'greeting', 'ticket-general', 'ticket-limits', 'transcripts', 'joindms'];

if (spawnSync('npm', ['run', '-s', 'build'], { cwd: root, stdio: 'inherit' }).status !== 0) process.exit(1);

function cannon(url, options = {}, c = connections) {
  return new Promise((resolve, reject) => {
    autocannon({ url, connections: c, duration: seconds, ...options }, (err, result) => (err ? reject(err) : resolve(result)));
  });
}

/** Asks the app's process for something and waits for the answer carrying `key`. */
function ask(child, message, key) {
  return new Promise((resolve) => {
    const listen = (m) => {
      if (m && m[key] !== undefined) {
        child.off('message', listen);
        resolve(m);
      }
    };
    child.on('message', listen);
    child.send(message);
  });
}

/**
 * One measured run against a server: autocannon's result plus the server's own CPU time per answered request (user and
 * system, µs), which a busy neighbour on the machine changes far less than req/s.
 */
async function measure(server, url, options, c) {
  const before = (await ask(server.child, 'cpu', 'cpu')).cpu;
  const result = await cannon(url, options, c);
  const after = (await ask(server.child, 'cpu', 'cpu')).cpu;
  const answered = Math.max(1, result.requests.total);
  return { ...result, cpuUs: (after.user - before.user + after.system - before.system) / answered };
}

const median = (runs) => [...runs].sort((a, b) => a.requests.average - b.requests.average)[Math.floor(runs.length / 2)];

const dataDir = mkdtempSync(path.join(tmpdir(), 'guildhall-bench-'));
const app = await startServer('app-server.mjs', { DATA_DIR: dataDir });
let raw;
let rawSameHeaders;
try {
  const session = await signIn(app.url, 'demo-owner');
  const { req } = session;
  const user = await (await req('/api/user')).json();
  // The cookies a signed-in dashboard sends: the first request after signing in gets the anti-forgery token bound to
  // the new session, and a browser sends that one from then on (an older token would be replaced on every answer).
  const cookie = session.cookie();
  const managed = user.guilds.filter((g) => g.settingsUrl.startsWith('/manage/'));
  const guild = managed[0];
  const path_ = `/api/guild/${guild.id}/settings/moderation`;
  const sample = await fetch(app.url + path_, { headers: { cookie } });
  if (sample.status !== 200) throw new Error(`settings GET answered ${sample.status}`);
  if (sample.headers.getSetCookie().length > 0) throw new Error('the settings GET set a cookie: the run would measure issuing it');
  const body = await sample.text();
  raw = await startServer('raw-server.mjs', { BENCH_BODY: body });
  // The same answer byte for byte: the app's headers (helmet's, no-store) too. Their bytes alone cost the client and
  // the kernel time per answer, so this row shows what the stack itself costs.
  const appHeaders = Object.fromEntries(
    [...sample.headers].filter(([name]) => !['date', 'connection', 'keep-alive', 'content-length'].includes(name)),
  );
  rawSameHeaders = await startServer('raw-server.mjs', { BENCH_BODY: body, BENCH_HEADERS: JSON.stringify(appHeaders) });

  // Warm both (JIT, caches), then measure one after the other on the same machine.
  const getOptions = { headers: { cookie } };
  await cannon(app.url + path_, getOptions);
  await cannon(raw.url + path_);
  await cannon(rawSameHeaders.url + path_);
  const runs = { full: [], base: [], same: [] };
  for (let round = 0; round < rounds; round++) {
    if (profile && round === 0) await ask(app.child, 'profile-start', 'profiling');
    runs.full.push(await measure(app, app.url + path_, getOptions));
    if (profile && round === 0) await ask(app.child, { profileStop: profile }, 'profiled');
    runs.base.push(await measure(raw, raw.url + path_));
    runs.same.push(await measure(rawSameHeaders, rawSameHeaders.url + path_));
  }
  const full = median(runs.full);
  const base = median(runs.base);
  const baseSameHeaders = median(runs.same);

  // Saves: each (guild, section) saved back with the version it last answered.
  const targets = managed.flatMap((g) => SAVABLE.map((section) => `/api/guild/${g.id}/settings/${section}`));
  const versions = new Map();
  for (const target of targets) {
    const current = await (await fetch(app.url + target, { headers: { cookie } })).json();
    versions.set(target, { version: current.version, settings: current.settings });
  }
  const putConnections = Math.min(connections, targets.length);
  // Each save takes a (guild, section) no other save in flight holds, and gives it back with its answer: autocannon
  // starts every request with a fresh context, so a target tied to the context would be shared by two connections now
  // and then, and their saves would race for one version (a 409, counted as an error).
  const free = [...targets];
  const putOptions = {
    requests: [
      {
        method: 'PUT',
        setupRequest(request, context) {
          context.target = free.pop();
          const { version, settings } = versions.get(context.target);
          return {
            ...request,
            path: context.target,
            headers: { ...request.headers, cookie, 'content-type': 'application/json', 'x-xsrf-token': session.csrf() },
            body: JSON.stringify({ version, settings }),
          };
        },
        onResponse(status, responseBody, context) {
          // A 409 carries the version it is at: the next save names it (a conflict is counted, never repeated).
          if (status === 200 || status === 409) versions.get(context.target).version = JSON.parse(responseBody).version;
          free.push(context.target);
        },
      },
    ],
  };
  const save = await measure(app, app.url, putOptions, putConnections);
  const rawSave = await measure(raw, raw.url, { method: 'PUT', body: JSON.stringify({ version: 1, settings: {} }) }, putConnections);

  const row = (name, r) => ({
    name,
    'req/s': Math.round(r.requests.average),
    'p50 ms': r.latency.p50,
    'p99 ms': r.latency.p99,
    'server CPU µs/req': Math.round(r.cpuUs),
    errors: r.errors + r.non2xx,
  });
  console.table([
    row('Guildhall GET settings (full stack)', full),
    row('raw node:http, same JSON', base),
    row('raw node:http, same JSON and headers', baseSameHeaders),
    row(`Guildhall PUT settings (save, ${putConnections} conn.)`, save),
    row(`raw node:http, same JSON (${putConnections} conn.)`, rawSave),
  ]);
  const ratio = full.requests.average / base.requests.average;
  const ratioSameHeaders = full.requests.average / baseSameHeaders.requests.average;
  const saveRatio = save.requests.average / rawSave.requests.average;
  const cpuRatio = base.cpuUs / full.cpuUs;
  console.log(
    `GET, median of ${rounds} alternating runs: server CPU per request ${cpuRatio.toFixed(2)}x of raw node:http's (${Math.round(full.cpuUs)} µs against ${Math.round(base.cpuUs)} µs)`,
  );
  console.log(
    `GET: ratio ${ratio.toFixed(2)}x of raw node:http (${ratioSameHeaders.toFixed(2)}x of raw sending the same headers); full-stack p99 ${full.latency.p99} ms at ${connections} connections over ${seconds} s (goal >= 0.5x, p99 < 20 ms)`,
  );
  console.log(
    `PUT: ratio ${saveRatio.toFixed(2)}x of raw node:http; full-stack p99 ${save.latency.p99} ms at ${putConnections} connections`,
  );
  if (profile) console.log(`CPU profile of the app during the GET run: ${profile}`);
  console.log(
    JSON.stringify({
      bench: 'api',
      connections,
      seconds,
      fullRps: full.requests.average,
      rawRps: base.requests.average,
      rawSameHeadersRps: baseSameHeaders.requests.average,
      ratio,
      ratioSameHeaders,
      fullCpuUs: full.cpuUs,
      rawCpuUs: base.cpuUs,
      cpuRatio,
      fullP50: full.latency.p50,
      fullP99: full.latency.p99,
      rawP99: base.latency.p99,
      non2xx: full.non2xx,
      saveRps: save.requests.average,
      rawSaveRps: rawSave.requests.average,
      saveRatio,
      saveP50: save.latency.p50,
      saveP99: save.latency.p99,
      saveErrors: save.errors + save.non2xx,
    }),
  );
} finally {
  if (raw) await stopServer(raw.child);
  if (rawSameHeaders) await stopServer(rawSameHeaders.child);
  await stopServer(app.child);
  rmSync(dataDir, { recursive: true, force: true });
}
