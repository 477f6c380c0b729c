// The scheduled messages job runner with two app instances on one PostgreSQL server, and on one MongoDB (the npm wire
// server, or MONGODB_TEST_URL), ticking at the same moments: each due time is claimed by inserting its run in the
// database, so exactly one instance posts it. Each instance talks to a Discord sandbox of its own, so the messages of
// both sandboxes together are what Discord would hold.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMongoForTests, type TestMongo } from '../../scripts/support/mongo-wire-server.mjs';
import { DiscordSandboxService } from '@guildhall/sandbox-discord/sandbox.service';
import { SANDBOX_GUILDS } from '@guildhall/sandbox-discord/seed';
import { nonceOf, SCHEDULE_RUNS } from '../src/schedules/schedules.service.js';
import { startTestApp, tempDataDir } from './support/app.js';
import { movableClock, OWNER, signIn, type MovableClock } from './support/grants.js';
import { ci, instancesOnPostgres, postgresBinaries } from './support/instances.js';

const GUILD = SANDBOX_GUILDS.community.id;
const CHANNEL = SANDBOX_GUILDS.community.channels.general;
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DUE_TIMES = 50;

type App = Awaited<ReturnType<typeof startTestApp>>;

/** Two instances on one database tick at each of DUE_TIMES due times of an hourly schedule: each is posted once. */
async function postsEachDueTimeOnce(first: App, second: App, clock: MovableClock): Promise<void> {
  const owner = await signIn(first, OWNER);
  const start = new Date(Math.ceil((clock.now().getTime() + 5 * MINUTE) / MINUTE) * MINUTE);
  const created = await owner.json(`/api/guild/${GUILD}/collections/scheduled-messages`, {
    method: 'POST',
    json: {
      item: {
        name: 'Hourly',
        channel_id: CHANNEL,
        message: { content: 'Hourly check-in', embeds: [{ title: 'Check-in' }] },
        plan: { kind: 'hours', every: 1, at: start.toISOString().slice(0, 16), timeZone: 'UTC' },
      },
    },
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const id = created.body.id as string;

  const dueTimes = Array.from({ length: DUE_TIMES }, (_, k) => new Date(start.getTime() + k * HOUR).toISOString());
  for (const dueAt of dueTimes) {
    clock.advance(Date.parse(dueAt) + MINUTE - clock.now().getTime());
    await Promise.all([first.scheduler.run(), second.scheduler.run()]);
  }
  await Promise.all([first.scheduler.run(), second.scheduler.run()]);

  const posted = [first, second].flatMap((app) => app.app.get(DiscordSandboxService).messagesIn(CHANNEL));
  expect(posted).toHaveLength(DUE_TIMES);
  expect(new Set(posted.map((message) => message['nonce']))).toEqual(new Set(dueTimes.map((dueAt) => nonceOf(`${id}:${dueAt}`))));

  const runs = await first.storage.records.list<{ dueAt: string; status: string; messageId?: string }>(SCHEDULE_RUNS, {
    guildId: GUILD,
  });
  expect(runs.map((run) => run.data.dueAt).sort()).toEqual(dueTimes);
  expect(runs.every((run) => run.data.status === 'sent')).toBe(true);
  expect(new Set(runs.map((run) => run.data.messageId))).toEqual(new Set(posted.map((message) => message['id'])));
}

// Outside CI a machine without PostgreSQL reports this suite as skipped; in CI it must run, and fails.
describe.skipIf(!postgresBinaries && !ci)('the job runner across instances (PostgreSQL server)', () => {
  const clock = movableClock();
  const instances = instancesOnPostgres(60_000, { clock: clock.now });

  it(`posts each of ${DUE_TIMES} due times exactly once while two instances tick at the same moments`, async () => {
    await postsEachDueTimeOnce(instances.first, instances.second, clock);
  });
});

describe('the job runner across instances (MongoDB)', () => {
  const clock = movableClock();
  const dirs = [tempDataDir(), tempDataDir()];
  let mongo: TestMongo;
  const apps: App[] = [];
  beforeAll(async () => {
    mongo = await startMongoForTests();
    const databaseUrl = mongo.url(`guildhall-schedules-${randomUUID()}`);
    for (const dir of dirs) {
      apps.push(await startTestApp({ DATA_DIR: dir.dir, DATABASE_URL: databaseUrl, SESSION_SECRET: 'x'.repeat(48) }, { clock: clock.now }));
    }
  });
  afterAll(async () => {
    for (const app of apps) await app.close();
    await mongo?.stop();
    for (const dir of dirs) dir.remove();
  });

  it(`posts each of ${DUE_TIMES} due times exactly once while two instances tick at the same moments`, async () => {
    await postsEachDueTimeOnce(apps[0]!, apps[1]!, clock);
  });
});
