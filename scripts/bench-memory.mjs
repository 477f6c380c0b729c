#!/usr/bin/env node
// `npm run bench:memory`: the app's resident memory after 100,000 and after 1,000,000 settings GETs through the full
// stack, spread over many signed-in sessions and guild sections; fails when the second is more than 10% above the
// first (memory that grows per request or per session). BENCH_MEMORY_REQUESTS changes the million.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { signIn, startServer, stopServer } from './bench/support.mjs';

const root = path.resolve(import.meta.dirname, '..');
const total = Number(process.env.BENCH_MEMORY_REQUESTS ?? 1_000_000);
const first = Math.round(total / 10);
const sessionCount = 50;
const connections = 64;
const SECTIONS = ['basic', 'moderation', 'levels', 'greeting', 'antinuke', 'ticket-general', 'transcripts', 'joindms'];

if (spawnSync('npm', ['run', '-s', 'build'], { cwd: root, stdio: 'inherit' }).status !== 0) process.exit(1);

const rss = (child) =>
  new Promise((resolve) => {
    const listen = (m) => m?.rss !== undefined && (child.off('message', listen), resolve(m.rss));
    child.on('message', listen);
    child.send('rss');
  });

const dataDir = mkdtempSync(path.join(tmpdir(), 'guildhall-bench-memory-'));
const app = await startServer('app-server.mjs', { DATA_DIR: dataDir });
let failed;
try {
  const users = ['demo-owner', 'demo-admin'];
  const sessions = [];
  for (let i = 0; i < sessionCount; i++) sessions.push(await signIn(app.url, users[i % users.length]));
  const paths = [];
  for (const session of sessions.slice(0, users.length)) {
    const user = await (await session.req('/api/user')).json();
    for (const g of user.guilds.filter((guild) => guild.settingsUrl.startsWith('/manage/')))
      for (const section of SECTIONS) {
        const path_ = `/api/guild/${g.id}/settings/${section}`;
        // Only what this user may read (a section with access levels may refuse an admin who is not its owner).
        if ((await session.req(path_)).status === 200) paths.push({ user: user.username, path: path_ });
      }
  }
  const targets = sessions.flatMap((session, i) =>
    paths.filter((p) => p.user === users[i % users.length]).map((p) => ({ path: p.path, cookie: session.cookie() })),
  );
  let next = 0;
  const run = (amount) =>
    new Promise((resolve, reject) => {
      autocannon(
        {
          url: app.url,
          connections,
          amount,
          requests: [
            {
              setupRequest(request) {
                const target = targets[next++ % targets.length];
                return { ...request, path: target.path, headers: { ...request.headers, cookie: target.cookie } };
              },
            },
          ],
        },
        (err, result) => (err ? reject(err) : resolve(result)),
      );
    });
  const start = Date.now();
  const warm = await run(first);
  const afterFirst = await rss(app.child);
  const rest = await run(total - first);
  const afterAll = await rss(app.child);
  const growth = afterAll / afterFirst - 1;
  const mb = (bytes) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
  const errors = warm.errors + warm.non2xx + rest.errors + rest.non2xx;
  console.log(
    `RSS after ${first.toLocaleString('en')} requests: ${mb(afterFirst)}; after ${total.toLocaleString('en')}: ${mb(afterAll)} (${(growth * 100).toFixed(1)}%, budget 10%); ${sessionCount} sessions, ${paths.length} guild sections, ${errors} errors, ${Math.round((Date.now() - start) / 1000)} s`,
  );
  console.log(
    JSON.stringify({ bench: 'memory', requests: total, sessions: sessionCount, rssFirst: afterFirst, rssAll: afterAll, growth, errors }),
  );
  failed = growth > 0.1 || errors > 0;
} finally {
  await stopServer(app.child);
  rmSync(dataDir, { recursive: true, force: true });
}
process.exit(failed ? 1 : 0);
