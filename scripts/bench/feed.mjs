#!/usr/bin/env node
// `npm run bench:feed`: does the bot's change feed slow the dashboard? GETs a guild's settings through the full stack
// with autocannon, first with no feed client connected, then with BENCH_FEED_CLIENTS (1,000) Server-Sent Events
// clients on /api/bot/v1/changes; during both runs a user saves a setting every BENCH_SAVE_MS, so in the second every
// save fans out to every client. Prints p50/p99 and req/s of both and the slowdown; exits 1 when req/s drops, or p99
// grows, by more than BENCH_BUDGET (20%).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import autocannon from 'autocannon';
import { signIn, startServer, stopServer } from './support.mjs';

const root = path.resolve(import.meta.dirname, '../..');
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 32);
const feedClients = Number(process.env.BENCH_FEED_CLIENTS ?? 1000);
const saveEveryMs = Number(process.env.BENCH_SAVE_MS ?? 250);
const budget = Number(process.env.BENCH_BUDGET ?? 0.2);
const token = randomBytes(24).toString('hex');

for (const workspace of ['common', 'backend']) {
  if (spawnSync('npm', ['run', '-s', 'build', '-w', workspace], { cwd: root, stdio: 'inherit' }).status !== 0) process.exit(1);
}

function cannon(url, headers) {
  return new Promise((resolve, reject) => {
    autocannon({ url, connections, duration: seconds, headers }, (err, result) => (err ? reject(err) : resolve(result)));
  });
}

/** Opens `count` feed clients (plain node:http, one socket each) that read and count what they are sent. */
async function openFeeds(base, count) {
  const agent = new http.Agent({ keepAlive: false, maxSockets: Infinity });
  const stats = { events: 0, open: 0 };
  const requests = [];
  await Promise.all(
    Array.from(
      { length: count },
      () =>
        new Promise((resolve, reject) => {
          const req = http.get(`${base}/api/bot/v1/changes`, { agent, headers: { authorization: `Bot ${token}` } }, (res) => {
            if (res.statusCode !== 200) return reject(new Error(`feed answered ${res.statusCode}`));
            stats.open += 1;
            res.setEncoding('utf8');
            res.on('data', (text) => (stats.events += text.split('event: change').length - 1));
            res.on('close', () => (stats.open -= 1));
            resolve();
          });
          req.on('error', reject);
          requests.push(req);
        }),
    ),
  );
  return { stats, close: () => requests.forEach((req) => req.destroy()) };
}

/** A user saving a setting every `ms` until stopped. */
function keepSaving(session, url, ms) {
  let stop = false;
  let saves = 0;
  const loop = (async () => {
    while (!stop) {
      const current = await (await session.req(url)).json();
      const settings = { ...current.settings, prefix: current.settings.prefix === '!' ? '?' : '!' };
      const res = await session.req(url, {
        method: 'PUT',
        headers: { 'content-type': 'application/json', 'x-xsrf-token': session.csrf() },
        body: JSON.stringify({ version: current.version, settings }),
      });
      if (res.status === 200) saves += 1;
      await new Promise((resolve) => setTimeout(resolve, ms));
    }
  })();
  return async () => {
    stop = true;
    await loop;
    return saves;
  };
}

const dataDir = mkdtempSync(path.join(tmpdir(), 'guildhall-bench-feed-'));
const app = await startServer('app-server.mjs', { DATA_DIR: dataDir, BOT_API_TOKEN: token });
let feeds;
try {
  const reader = await signIn(app.url, 'demo-owner');
  const writer = await signIn(app.url, 'demo-owner');
  const user = await (await reader.req('/api/user')).json();
  await writer.req('/api/user');
  const guild = user.guilds.find((g) => g.settingsUrl.startsWith('/manage/'));
  const getPath = `/api/guild/${guild.id}/settings/moderation`;
  const savePath = `/api/guild/${guild.id}/settings/basic`;
  const sample = await reader.req(getPath);
  if (sample.status !== 200) throw new Error(`settings GET answered ${sample.status}`);
  const headers = { cookie: reader.cookie() };

  await cannon(app.url + getPath, headers); // warm up (JIT, caches)
  let stopSaving = keepSaving(writer, savePath, saveEveryMs);
  const without = await cannon(app.url + getPath, headers);
  const savesWithout = await stopSaving();

  feeds = await openFeeds(app.url, feedClients);
  stopSaving = keepSaving(writer, savePath, saveEveryMs);
  const withFeeds = await cannon(app.url + getPath, headers);
  const savesWith = await stopSaving();
  await new Promise((resolve) => setTimeout(resolve, 500));
  const { events, open } = feeds.stats;

  const row = (name, r) => ({
    name,
    'req/s': Math.round(r.requests.average),
    'p50 ms': r.latency.p50,
    'p99 ms': r.latency.p99,
    errors: r.errors + r.non2xx,
  });
  console.table([row('GET settings, no feed client', without), row(`GET settings, ${feedClients} feed clients`, withFeeds)]);
  const rpsDrop = 1 - withFeeds.requests.average / without.requests.average;
  const p99Growth = withFeeds.latency.p99 / Math.max(without.latency.p99, 1) - 1;
  console.log(
    `slowdown: req/s ${(rpsDrop * 100).toFixed(1)}%, p99 ${(p99Growth * 100).toFixed(1)}% (budget ${budget * 100}%); ` +
      `${open} feed clients open, ${events} change events delivered for ${savesWith} saves (${savesWithout} saves in the first run)`,
  );
  console.log(
    JSON.stringify({
      bench: 'feed',
      connections,
      seconds,
      feedClients,
      without: { rps: without.requests.average, p50: without.latency.p50, p99: without.latency.p99 },
      withFeeds: { rps: withFeeds.requests.average, p50: withFeeds.latency.p50, p99: withFeeds.latency.p99 },
      rpsDrop,
      p99Growth,
      events,
      saves: savesWith,
    }),
  );
  if (without.non2xx + withFeeds.non2xx > 0) process.exitCode = 1;
  if (open < feedClients || events < savesWith * feedClients * 0.99) {
    console.error('not every feed client stayed connected and received every save');
    process.exitCode = 1;
  }
  if (rpsDrop > budget || p99Growth > budget) {
    console.error(`over budget: the feed slows a settings GET by more than ${budget * 100}%`);
    process.exitCode = 1;
  }
} finally {
  feeds?.close();
  await stopServer(app.child);
  rmSync(dataDir, { recursive: true, force: true });
}
