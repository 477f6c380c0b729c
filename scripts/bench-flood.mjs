#!/usr/bin/env node
// `npm run bench:flood`: what a flood of the Discord sandbox's viewer from one address does to another person's
// dashboard. A signed-in victim at 127.0.0.2 reads a guild's settings (a few requests in flight, one after another)
// while autocannon, in a process of its own at 127.0.0.1, floods /sandbox/discord/viewer/guilds. Measured three
// ways on the built app: no flood; the flood with the sandbox unlimited (SANDBOX_RATE_LIMIT_MAX huge, as before
// every dynamic route had a limit); the flood with the default limits. Prints the victim's p50/p99 and exits 1 when
// its p99 under the flood, with the default limits, is over budget. BENCH_ROOT=<another checkout> measures that one's
// app instead (built there first), e.g. the commit before a change.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startServer, stopServer } from './bench/support.mjs';

const root = path.resolve(process.env.BENCH_ROOT ?? path.join(import.meta.dirname, '..'));
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const floodConnections = Number(process.env.BENCH_FLOOD_CONNECTIONS ?? 64);
const victimInFlight = Number(process.env.BENCH_VICTIM_IN_FLIGHT ?? 4);
// The issue measured 7 ms alone and 1.9 s under the flood; the goal is the same order as alone.
const budgetMs = Number(process.env.BENCH_FLOOD_P99_BUDGET_MS ?? 100);
const VICTIM_ADDRESS = '127.0.0.2';
const FLOOD_PATH = '/sandbox/discord/viewer/guilds';

for (const workspace of ['common', 'backend', 'sandboxes/discord', 'sandboxes/razorpay']) {
  if (spawnSync('npm', ['run', '-s', 'build', '-w', workspace], { cwd: root, stdio: 'inherit' }).status !== 0) process.exit(1);
}

/** A sign-in through the sandbox, from the victim's address; returns the session cookie. */
async function signIn(agent, base, username) {
  const jar = new Map();
  // Redirects name the public URL (localhost); the victim's connections go to the same server at 127.0.0.1.
  const local = (url) => (url.startsWith('http') ? base + new URL(url).pathname + new URL(url).search : base + url);
  const get = (url) =>
    new Promise((resolve, reject) => {
      const cookie = [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
      http
        .get(local(url), { agent, headers: cookie ? { cookie } : {} }, (res) => {
          for (const line of res.headers['set-cookie'] ?? []) {
            const [pair] = line.split(';');
            const i = pair.indexOf('=');
            jar.set(pair.slice(0, i), pair.slice(i + 1));
          }
          const chunks = [];
          res.on('data', (c) => chunks.push(c));
          res.on('end', () => resolve({ status: res.statusCode, headers: res.headers, body: Buffer.concat(chunks).toString() }));
        })
        .on('error', reject);
    });
  const login = await get('/api/login');
  const authorize = new URL(login.headers.location);
  authorize.searchParams.set('login_as', username);
  const approved = await get(authorize.toString());
  await get(approved.headers.location);
  const user = JSON.parse((await get('/api/user')).body);
  return {
    cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; '),
    guildId: user.guilds.find((g) => g.settingsUrl.startsWith('/manage/')).id,
  };
}

/** The victim: `victimInFlight` loops of GET, each timing its answers, for `ms`. */
async function victim(agent, url, cookie, ms) {
  const latencies = [];
  let failed = 0;
  const end = Date.now() + ms;
  const once = () =>
    new Promise((resolve) => {
      const start = process.hrtime.bigint();
      http
        .get(url, { agent, headers: { cookie } }, (res) => {
          res.resume();
          res.on('end', () => {
            latencies.push(Number(process.hrtime.bigint() - start) / 1e6);
            if (res.statusCode !== 200) failed++;
            resolve();
          });
        })
        .on('error', () => {
          failed++;
          resolve();
        });
    });
  await Promise.all(
    Array.from({ length: victimInFlight }, async () => {
      while (Date.now() < end) await once();
    }),
  );
  latencies.sort((a, b) => a - b);
  const at = (q) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? NaN;
  return { requests: latencies.length, failed, p50: at(0.5), p99: at(0.99) };
}

/** autocannon in its own process, so its work does not delay the victim's client. */
function flood(url, ms) {
  const bin = createRequire(import.meta.url).resolve('autocannon/autocannon.js');
  const child = spawn(process.execPath, [bin, '-c', String(floodConnections), '-d', String(ms / 1000), '--json', url], {
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  let out = '';
  child.stdout.on('data', (c) => (out += c));
  return new Promise((resolve, reject) => {
    child.once('exit', (code) => {
      if (code !== 0) return reject(new Error(`autocannon exited ${code}`));
      const r = JSON.parse(out);
      resolve({ answered: r['2xx'], refused: r.non2xx });
    });
  });
}

async function scenario(name, env, withFlood) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'guildhall-bench-'));
  const app = await startServer('app-server.mjs', { DATA_DIR: dataDir, ...env }, root);
  const agent = new http.Agent({ keepAlive: true, localAddress: VICTIM_ADDRESS });
  try {
    const { cookie, guildId } = await signIn(agent, app.url, 'demo-owner');
    const url = `${app.url}/api/guild/${guildId}/settings/moderation`;
    await victim(agent, url, cookie, 2000); // warm-up
    const running = withFlood ? flood(app.url + FLOOD_PATH, seconds * 1000) : Promise.resolve(null);
    // Let the flood connect before measuring.
    await new Promise((resolve) => setTimeout(resolve, withFlood ? 300 : 0));
    const v = await victim(agent, url, cookie, (seconds - 1) * 1000);
    const f = await running;
    return { name, ...v, flood: f };
  } finally {
    agent.destroy();
    await stopServer(app.child);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const UNLIMITED = { SANDBOX_RATE_LIMIT_MAX: '100000000' };
const DEFAULTS = {}; // SANDBOX_RATE_LIMIT_MAX unset: its default (schemas/config/environment.json)
const results = [
  await scenario('no flood', DEFAULTS, false),
  await scenario('flood, sandbox unlimited (as before)', UNLIMITED, true),
  await scenario('flood, default limits', DEFAULTS, true),
];
console.table(
  results.map((r) => ({
    scenario: r.name,
    'victim requests': r.requests,
    'victim p50 ms': Number(r.p50.toFixed(1)),
    'victim p99 ms': Number(r.p99.toFixed(1)),
    'victim errors': r.failed,
    'flood answered': r.flood?.answered ?? '-',
    'flood refused (429)': r.flood?.refused ?? '-',
  })),
);
const limited = results[2];
const ok = limited.p99 <= budgetMs && limited.failed === 0;
console.log(
  `victim p99 under a ${floodConnections}-connection viewer flood: ${results[1].p99.toFixed(1)} ms unlimited, ${limited.p99.toFixed(1)} ms with the default limits (alone ${results[0].p99.toFixed(1)} ms; budget ${budgetMs} ms)`,
);
console.log(JSON.stringify({ bench: 'flood', seconds, floodConnections, victimInFlight, results }));
process.exit(ok ? 0 : 1);
