#!/usr/bin/env node
// `npm run bench:feed`: does the bot's change feed slow the dashboard? GETs a guild's settings through the full stack
// with autocannon, first with no feed client connected, then with BENCH_FEED_CLIENTS (1,000) Server-Sent Events
// clients on /api/bot/v1/changes; during both runs a user saves a setting every BENCH_SAVE_MS, so in the second every
// save fans out to every client. Prints p50/p99 and req/s of both and the slowdown; exits 1 when req/s drops, or p99
// grows, by more than BENCH_BUDGET (20%).
// Then the backlog run, on a fresh PGlite database: BENCH_BACKLOG_EVENTS (1,000) greeting saves of ~4 KB, read from
// before the first by BENCH_BACKLOG_READERS (16) readers at once while /healthz is asked every 100 ms. Prints the events
// delivered, the seconds and /healthz's p99; exits 1 when a reader misses an event or the p99 is above
// BENCH_BACKLOG_P99_MS (1,000).
// Then the instances run (issue 33), on a throwaway PostgreSQL server: two app processes on it, a bot following the
// feed of the second while a user makes BENCH_INSTANCE_SAVES (50) saves on the first, one after another at random
// gaps of up to BENCH_INSTANCE_GAP_MS (100); the feed's poll is left at its default. Prints the time from each save's
// answer to its event on the second instance (median, p95, max) and exits 1 when the median is above
// BENCH_INSTANCE_MEDIAN_MS (200), or an event is missing, repeated or out of order. Without PostgreSQL binaries it says
// so and skips the run. BENCH_FEED_RUNS=fanout, =backlog or =instances (or a list) runs only those.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import autocannon from 'autocannon';
import { findPostgresBinaries, startPostgresServer } from '../support/postgres-server.mjs';
import { signIn, startServer, stopServer } from './support.mjs';

const root = path.resolve(import.meta.dirname, '../..');
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 32);
const feedClients = Number(process.env.BENCH_FEED_CLIENTS ?? 1000);
const saveEveryMs = Number(process.env.BENCH_SAVE_MS ?? 250);
const budget = Number(process.env.BENCH_BUDGET ?? 0.2);
const token = randomBytes(24).toString('hex');
const runs = (process.env.BENCH_FEED_RUNS ?? 'fanout,backlog,instances').split(',');
const backlogEvents = Number(process.env.BENCH_BACKLOG_EVENTS ?? 1000);
const backlogReaders = Number(process.env.BENCH_BACKLOG_READERS ?? 16);
const backlogP99Budget = Number(process.env.BENCH_BACKLOG_P99_MS ?? 1000);
const instanceSaves = Number(process.env.BENCH_INSTANCE_SAVES ?? 50);
const instanceGapMs = Number(process.env.BENCH_INSTANCE_GAP_MS ?? 100);
const instanceMedianBudget = Number(process.env.BENCH_INSTANCE_MEDIAN_MS ?? 200);

for (const workspace of ['common', 'backend', 'sandboxes/discord', 'sandboxes/razorpay']) {
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

async function fanOutRun() {
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
}

/** A greeting of about 4 KB (both texts at the schema's 2,000 characters), different at each save. */
function bigGreeting(settings, i) {
  const text = (fill) => `save ${i} `.padEnd(2000, fill);
  return { ...settings, welcome: { ...settings.welcome, content: text('w') }, farewell: { ...settings.farewell, content: text('f') } };
}

/**
 * Opens one feed reader from `after` (plain node:http) that reads until it has `expected` change events; resolves with
 * what it got: the count, whether the ids only grew, and when it finished.
 */
function readBacklog(base, after, expected) {
  return new Promise((resolve, reject) => {
    const got = { events: 0, ordered: true, lastId: after, ms: 0 };
    const started = performance.now();
    const req = http.get(`${base}/api/bot/v1/changes?after=${after}`, { headers: { authorization: `Bot ${token}` } }, (res) => {
      if (res.statusCode !== 200) return reject(new Error(`feed answered ${res.statusCode}`));
      res.setEncoding('utf8');
      let text = '';
      const finish = () => {
        got.ms = performance.now() - started;
        req.destroy();
        resolve(got);
      };
      res.on('data', (chunk) => {
        text += chunk;
        let end;
        while ((end = text.indexOf('\n\n')) >= 0) {
          const block = text.slice(0, end);
          text = text.slice(end + 2);
          if (!/^event: change$/m.test(block)) continue;
          const id = Number(/^id: (\d+)$/m.exec(block)?.[1]);
          got.ordered &&= id > got.lastId;
          got.lastId = id;
          if (++got.events >= expected) return finish();
        }
      });
      res.on('close', finish);
    });
    req.on('error', (err) => (got.events >= expected ? undefined : reject(err)));
  });
}

/** GET /healthz every `everyMs` until stopped; the latency of each answer (a failed one counts as Infinity). */
function probeHealth(base, everyMs) {
  const latencies = [];
  let stop = false;
  const loop = (async () => {
    while (!stop) {
      const sent = performance.now();
      const ok = await fetch(`${base}/healthz`)
        .then(async (res) => (await res.arrayBuffer(), res.status === 200))
        .catch(() => false);
      latencies.push(ok ? performance.now() - sent : Infinity);
      await new Promise((resolve) => setTimeout(resolve, everyMs));
    }
  })();
  return async () => {
    stop = true;
    await loop;
    return latencies;
  };
}

async function backlogRun() {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'guildhall-bench-feed-backlog-'));
  const app = await startServer('app-server.mjs', { DATA_DIR: dataDir, BOT_API_TOKEN: token });
  try {
    const owner = await signIn(app.url, 'demo-owner');
    const user = await (await owner.req('/api/user')).json();
    // The history keeps 500 changes of a section in each server: the saves are spread over as many servers as that takes.
    const perGuild = 500;
    const guilds = user.guilds.filter((g) => g.settingsUrl.startsWith('/manage/')).slice(0, Math.ceil(backlogEvents / perGuild));
    const bulk = await fetch(`${app.url}/api/bot/v1/settings/bulk`, {
      method: 'POST',
      headers: { authorization: `Bot ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ guildIds: guilds.map((g) => g.id) }),
    });
    const { cursor } = await bulk.json();
    let saved = 0;
    for (const [index, guild] of guilds.entries()) {
      const url = `/api/guild/${guild.id}/settings/greeting`;
      const current = await (await owner.req(url)).json();
      const settings = current.settings;
      let version = current.version;
      for (let i = 0; i < Math.min(perGuild, backlogEvents - index * perGuild); i += 1) {
        const res = await owner.req(url, {
          method: 'PUT',
          headers: { 'content-type': 'application/json', 'x-xsrf-token': owner.csrf() },
          body: JSON.stringify({ version, settings: bigGreeting(settings, i) }),
        });
        const body = await res.json();
        if (res.status !== 200) throw new Error(`greeting save answered ${res.status}: ${JSON.stringify(body)}`);
        version = body.version;
        saved += 1;
      }
    }

    const started = performance.now();
    const stopProbing = probeHealth(app.url, 100);
    const readers = await Promise.all(Array.from({ length: backlogReaders }, () => readBacklog(app.url, cursor, saved)));
    const seconds = (performance.now() - started) / 1000;
    const latencies = (await stopProbing()).sort((a, b) => a - b);
    const p = (q) => latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * q))];
    const delivered = readers.reduce((sum, r) => sum + r.events, 0);
    const result = {
      readers: backlogReaders,
      saves: saved,
      'events delivered': `${delivered} of ${saved * backlogReaders}`,
      seconds: Number(seconds.toFixed(1)),
      'healthz probes': latencies.length,
      'healthz p50 ms': Math.round(p(0.5)),
      'healthz p99 ms': Math.round(p(0.99)),
      'healthz worst ms': Math.round(latencies.at(-1)),
    };
    console.table([result]);
    console.log(JSON.stringify({ bench: 'feed-backlog', ...result, ordered: readers.every((r) => r.ordered) }));
    if (delivered < saved * backlogReaders || !readers.every((r) => r.ordered)) {
      console.error('not every backlog reader received every event in order');
      process.exitCode = 1;
    }
    if (!(p(0.99) <= backlogP99Budget)) {
      console.error(`over budget: /healthz p99 above ${backlogP99Budget} ms while the backlog streams`);
      process.exitCode = 1;
    }
  } finally {
    await stopServer(app.child);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/**
 * One feed reader (plain node:http) that stamps each change event with when it arrived; `next(after)` resolves with
 * the first event whose id is above `after`.
 */
function followFeed(base) {
  const events = [];
  let waiters = [];
  return new Promise((resolve, reject) => {
    const req = http.get(`${base}/api/bot/v1/changes`, { headers: { authorization: `Bot ${token}` } }, (res) => {
      if (res.statusCode !== 200) return reject(new Error(`feed answered ${res.statusCode}`));
      res.setEncoding('utf8');
      let text = '';
      res.on('data', (chunk) => {
        text += chunk;
        let end;
        while ((end = text.indexOf('\n\n')) >= 0) {
          const block = text.slice(0, end);
          text = text.slice(end + 2);
          if (!/^event: change$/m.test(block)) continue;
          const data = JSON.parse(/^data: (.*)$/m.exec(block)[1]);
          events.push({ id: Number(/^id: (\d+)$/m.exec(block)?.[1]), data, at: performance.now() });
          for (const wake of waiters.splice(0)) wake();
        }
      });
      resolve({
        events,
        async next(count, timeoutMs = 10_000) {
          const deadline = performance.now() + timeoutMs;
          while (events.length < count) {
            if (performance.now() > deadline) throw new Error(`no event ${count} within ${timeoutMs} ms`);
            await new Promise((wake) => {
              const timer = setTimeout(wake, 50);
              waiters.push(() => (clearTimeout(timer), wake()));
            });
          }
          return events[count - 1];
        },
        close: () => req.destroy(),
      });
    });
    req.on('error', reject);
  });
}

async function instancesRun() {
  if (!findPostgresBinaries()) {
    console.log('instances run skipped: no PostgreSQL binaries (initdb, pg_ctl) on this machine (Debian: apt-get install postgresql)');
    return;
  }
  const server = await startPostgresServer();
  const dirs = [0, 1].map(() => mkdtempSync(path.join(tmpdir(), 'guildhall-bench-feed-instances-')));
  const env = { DATABASE_URL: server.url, BOT_API_TOKEN: token, SESSION_SECRET: randomBytes(32).toString('hex') };
  const apps = [];
  let feed;
  try {
    for (const dir of dirs) apps.push(await startServer('app-server.mjs', { ...env, DATA_DIR: dir }));
    const [first, second] = apps;
    const owner = await signIn(first.url, 'demo-owner');
    const user = await (await owner.req('/api/user')).json();
    const guild = user.guilds.find((g) => g.settingsUrl.startsWith('/manage/'));
    const url = `/api/guild/${guild.id}/settings/basic`;
    feed = await followFeed(second.url);
    // The feed counts its client once the headers are out; a moment for the connect to finish on the server.
    await new Promise((resolve) => setTimeout(resolve, 200));
    const latencies = [];
    const versions = [];
    let current = await (await owner.req(url)).json();
    for (let i = 0; i < instanceSaves; i += 1) {
      await new Promise((resolve) => setTimeout(resolve, Math.random() * instanceGapMs));
      const res = await owner.req(url, {
        method: 'PUT',
        headers: { 'content-type': 'application/json', 'x-xsrf-token': owner.csrf() },
        body: JSON.stringify({ version: current.version, settings: { ...current.settings, prefix: `!${i % 1000}` } }),
      });
      const answered = performance.now();
      const body = await res.json();
      if (res.status !== 200) throw new Error(`save answered ${res.status}: ${JSON.stringify(body)}`);
      current = { version: body.version, settings: body.settings ?? current.settings };
      versions.push(body.version);
      const event = await feed.next(i + 1);
      latencies.push(Math.max(0, event.at - answered));
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
    const sorted = [...latencies].sort((a, b) => a - b);
    const p = (q) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * q))];
    const ids = feed.events.map((e) => e.id);
    const inOrder = ids.every((id, i) => i === 0 || id > ids[i - 1]);
    const exact = feed.events.length === instanceSaves && feed.events.every((e, i) => e.data.version === versions[i]);
    const result = {
      saves: instanceSaves,
      events: feed.events.length,
      'median ms': Number(p(0.5).toFixed(1)),
      'p95 ms': Number(p(0.95).toFixed(1)),
      'max ms': Number(sorted.at(-1).toFixed(1)),
    };
    console.table([result]);
    console.log(JSON.stringify({ bench: 'feed-instances', ...result, inOrder, exact, budgetMedianMs: instanceMedianBudget }));
    if (!inOrder || !exact) {
      console.error('the second instance did not deliver every save exactly once, in order');
      process.exitCode = 1;
    }
    if (!(p(0.5) <= instanceMedianBudget)) {
      console.error(`over budget: a save on one instance reaches a bot on another in a median above ${instanceMedianBudget} ms`);
      process.exitCode = 1;
    }
  } finally {
    feed?.close();
    for (const app of apps) await stopServer(app.child);
    await server.stop();
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  }
}

if (runs.includes('fanout')) await fanOutRun();
if (runs.includes('backlog')) await backlogRun();
if (runs.includes('instances')) await instancesRun();
