/**
 * Issue 33: the change feed across instances. Two app instances on one PostgreSQL server; a bot follows the feed on
 * the second while a user saves on the first. The feed's poll is set to its longest (CHANGE_FEED_POLL_MS 60 s), so
 * every event here reaches the bot through the history watch (LISTEN/NOTIFY, or the watch's one wake-up after it
 * connected again), never through the poll: within 200 ms (the median of 20 saves), each exactly once, in order; a
 * save made while the second instance's listening connection was cut still arrives, and so does the next one, at once;
 * a bot that reconnects to the second instance with Last-Event-ID gets what the first committed meanwhile, once.
 * MongoDB: on a deployment without a replica set (the wire server) the adapter watches nothing and the poll delivers.
 */
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SANDBOX_GUILDS } from '@guildhall/sandbox-discord/seed';
import { startMongoForTests, type TestMongo } from '../../scripts/support/mongo-wire-server.mjs';
import { ChangeFeedService } from '../src/bot-api/change-feed.service.js';
import { LISTENER_APPLICATION_NAME } from '../src/storage/pg.listener.js';
import type { TestBrowser } from './support/browser.js';
import { startTestApp, tempDataDir } from './support/app.js';
import { FeedReader, type FeedEvent } from './support/feed-reader.js';
import { ci, instancesOnPostgres, postgresBinaries } from './support/instances.js';

type App = Awaited<ReturnType<typeof startTestApp>>;
const GUILD = SANDBOX_GUILDS.community.id;
const CHANNEL = SANDBOX_GUILDS.community.channels.general;
const SAVES = 20;
const MEDIAN_BUDGET_MS = 200;
/** The poll at the schema's maximum: an event that came by the poll would take this long. */
const POLL_MS = '60000';

/** What a save must make the feed send: a section's new version, or a collection item's create or delete. */
type Expected = { section: string; version: number } | { collection: string; itemId: string; action: 'create' | 'delete' };

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};
const percentile = (values: number[], q: number) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * q))]!;
const round = (ms: number) => Math.round(ms * 10) / 10;

/** Checks `condition` every 5 ms until it holds; rejects after `ms`. */
async function waitUntil(condition: () => boolean | Promise<boolean>, ms = 5000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`not within ${ms} ms: ${condition.toString()}`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

function expectEvent(event: FeedEvent, expected: Expected) {
  if ('section' in expected) {
    expect(event.data).toMatchObject({ guildId: GUILD, section: expected.section, collection: null, version: expected.version });
  } else {
    expect(event.data).toMatchObject({ guildId: GUILD, section: null, ...expected });
  }
  expect(event.id).toBe(String(event.data.id));
}

describe.skipIf(!postgresBinaries && !ci)('the change feed across instances (two app instances on one PostgreSQL server)', () => {
  const instances = instancesOnPostgres(2000, {}, { CHANGE_FEED_POLL_MS: POLL_MS });
  let owner: TestBrowser;
  let panel: string | null = null;
  const readers: FeedReader[] = [];

  const feedOfSecond = () => instances.second.app.get(ChangeFeedService);
  /** A bot following the second instance's feed (its own credential), from `lastEventId` when given; one at a time. */
  const follow = async (lastEventId?: string) => {
    const b = instances.second;
    const headers: Record<string, string> = { authorization: `Bot ${b.config.botApiToken}` };
    if (lastEventId) headers['last-event-id'] = lastEventId;
    const reader = new FeedReader(`${b.url}/api/bot/v1/changes`, headers);
    readers.push(reader);
    await reader.ready();
    expect(reader.response.status).toBe(200);
    await waitUntil(() => feedOfSecond().clientCount === 1);
    return reader;
  };
  /** The bot goes, and the second instance has let it go. */
  const leave = async (reader: FeedReader) => {
    reader.close();
    await reader.done;
    await waitUntil(() => feedOfSecond().clientCount === 0);
  };

  /** A user's save on the first instance through the dashboard's routes; `n` picks which kind. */
  const save = async (n: number): Promise<Expected> => {
    if (n % 5 === 4) {
      // Every fifth save is a ticket panel: created, then deleted the next time (the free plan holds two).
      if (panel === null) {
        const created = await owner.json(`/api/guild/${GUILD}/collections/panels`, {
          method: 'POST',
          json: { item: { channel_id: CHANNEL, title: `Desk ${n}` } },
        });
        expect(created.status, JSON.stringify(created.body)).toBe(201);
        panel = created.body.id as string;
        return { collection: 'panels', itemId: panel, action: 'create' };
      }
      const id = panel;
      const deleted = await owner.json(`/api/guild/${GUILD}/collections/panels/${id}`, { method: 'DELETE' });
      expect(deleted.status, JSON.stringify(deleted.body)).toBe(200);
      panel = null;
      return { collection: 'panels', itemId: id, action: 'delete' };
    }
    const current = (await owner.json(`/api/guild/${GUILD}/settings/basic`)).body;
    const { status, body } = await owner.json(`/api/guild/${GUILD}/settings/basic`, {
      method: 'PUT',
      json: { version: current.version, settings: { ...current.settings, prefix: `!${n}` } },
    });
    expect(status, JSON.stringify(body)).toBe(200);
    return { section: 'basic', version: body.version as number };
  };

  /** Times from a save's request and from its answer to its event's arrival, of every save made through saveAndSee. */
  const fromRequest: number[] = [];
  /**
   * One save on the first instance and its event on the second: the time from the save's answer to the event (0 when
   * the event came first: both leave the database at its commit).
   */
  const saveAndSee = async (reader: FeedReader, n: number, timeoutMs: number) => {
    const before = reader.changes().length;
    const sent = performance.now();
    const expected = await save(n);
    const answered = performance.now();
    await reader.waitFor(() => reader.changes().length > before, timeoutMs);
    const event = reader.changes()[before]!;
    expectEvent(event, expected);
    fromRequest.push(event.at - sent);
    return Math.max(0, event.at - answered);
  };

  /** The history entries committed after `cursor`, as the first instance reads them: what the bot must get. */
  const committedAfter = async (cursor: number) => (await instances.first.storage.history.since(cursor, 1000)).map((e) => String(e.id));

  beforeAll(async () => {
    owner = instances.first.browser();
    await owner.signIn('demo-owner');
    await owner.json('/api/user');
  });
  afterAll(() => {
    for (const reader of readers) reader.close();
  });

  it('runs with the poll at 60 s and the history watched by LISTEN/NOTIFY on both instances', () => {
    for (const app of [instances.first, instances.second]) {
      expect(app.config.changeFeedPollMs).toBe(60_000);
      expect(app.app.get(ChangeFeedService).watchSource).toBe('listen-notify');
    }
  });

  it(`gives a bot on the second instance each of ${SAVES} saves on the first within ${MEDIAN_BUDGET_MS} ms (median), once, in order`, async () => {
    const cursor = await instances.first.storage.history.latestId();
    const reader = await follow();
    const latencies: number[] = [];
    fromRequest.length = 0;
    for (let n = 0; n < SAVES; n += 1) latencies.push(await saveAndSee(reader, n, 5000));
    // Anything sent twice would come right behind: a moment to let it.
    await new Promise((resolve) => setTimeout(resolve, 300));
    const ids = reader.changes().map((e) => e.id);
    expect(ids).toHaveLength(SAVES);
    expect(ids).toEqual(await committedAfter(cursor));
    expect(ids.map(Number).every((id, i, all) => i === 0 || id > all[i - 1]!)).toBe(true);
    const figures = {
      saves: SAVES,
      'median ms': round(median(latencies)),
      'p95 ms': round(percentile(latencies, 0.95)),
      'max ms': round(Math.max(...latencies)),
      'median ms from the request': round(median(fromRequest)),
      'max ms from the request': round(Math.max(...fromRequest)),
    };
    console.info(`change feed across instances: ${JSON.stringify(figures)}`);
    expect(median(latencies)).toBeLessThan(MEDIAN_BUDGET_MS);
    await leave(reader);
  }, 60_000);

  it("recovers when the second instance's listening connection is cut: a save made meanwhile arrives, and the next at once", async () => {
    const cursor = await instances.first.storage.history.latestId();
    const reader = await follow();
    const storageOf = (app: App) => app.storage as unknown as { listenerPid: number | null };
    const cut = storageOf(instances.second).listenerPid;
    expect(cut).not.toBeNull();
    const admin = new pg.Client({ connectionString: instances.second.config.databaseUrl });
    await admin.connect();
    try {
      const listeners = async () =>
        (
          await admin.query<{ pid: number }>('SELECT pid FROM pg_stat_activity WHERE application_name = $1', [LISTENER_APPLICATION_NAME])
        ).rows.map((row) => row.pid);
      expect(await listeners()).toContain(cut);
      // Waits (up to 5 s) until the server process has gone: from here on no notification can reach the second instance.
      const terminated = await admin.query<{ done: boolean }>('SELECT pg_terminate_backend($1, 5000) AS done', [cut]);
      expect(terminated.rows[0]!.done).toBe(true);

      const before = reader.changes().length;
      const whileDown = await save(100);
      const answered = performance.now();
      // Committed while the second instance had no listening connection: only the first instance's is there.
      expect(await listeners()).toEqual([storageOf(instances.first).listenerPid]);
      await reader.waitFor(() => reader.changes().length > before, 5000);
      expectEvent(reader.changes()[before]!, whileDown);
      const missedLatency = reader.changes()[before]!.at - answered;
      const again = storageOf(instances.second).listenerPid;
      expect(again).not.toBeNull();
      expect(again).not.toBe(cut);

      const nextLatency = await saveAndSee(reader, 101, 1000);
      console.info(
        `change feed, listening connection cut: the save made meanwhile arrived ${round(missedLatency)} ms after its answer ` +
          `(the watch connected again, then woke the feed), the next ${round(nextLatency)} ms after`,
      );
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(reader.changes().map((e) => e.id)).toEqual(await committedAfter(cursor));
    } finally {
      await admin.end();
      await leave(reader);
    }
  }, 30_000);

  it('resumes a bot on the second instance with Last-Event-ID after saves on the first: nothing lost, nothing repeated', async () => {
    const first = await follow();
    const seen = await saveAndSee(first, 200, 5000);
    expect(seen).toBeLessThan(5000);
    const lastEventId = first.changes().at(-1)!.id!;
    await leave(first);

    const missed: Expected[] = [];
    for (let n = 201; n <= 205; n += 1) missed.push(await save(n));
    const resumed = await follow(lastEventId);
    await resumed.waitFor(() => resumed.changes().length >= missed.length, 5000);
    // And a save after the reconnect comes live, after the backlog.
    await saveAndSee(resumed, 206, 5000);
    await new Promise((resolve) => setTimeout(resolve, 300));
    const ids = resumed.changes().map((e) => e.id);
    expect(ids).toEqual(await committedAfter(Number(lastEventId)));
    expect(ids).toHaveLength(missed.length + 1);
    missed.forEach((expected, i) => expectEvent(resumed.changes()[i]!, expected));
    await leave(resumed);
  }, 30_000);
});

describe('the change feed on MongoDB without a replica set (the wire server): no watch, the poll delivers', () => {
  const dirs = [tempDataDir(), tempDataDir()];
  let mongo: TestMongo;
  const apps: App[] = [];
  beforeAll(async () => {
    mongo = await startMongoForTests();
    const databaseUrl = mongo.url(`guildhall-feed-${randomUUID()}`);
    for (const dir of dirs) {
      apps.push(
        await startTestApp({ DATA_DIR: dir.dir, DATABASE_URL: databaseUrl, SESSION_SECRET: 'x'.repeat(48), CHANGE_FEED_POLL_MS: '200' }),
      );
    }
  }, 60_000);
  afterAll(async () => {
    for (const app of apps) await app.close();
    await mongo?.stop();
    for (const dir of dirs) dir.remove();
  });

  it("watches nothing, and a bot on one instance still gets the other's saves, by the poll, once and in order", async () => {
    const [writing, reading] = apps as [App, App];
    // The wire server is one node (its hello names no replica set); a real replica set at MONGODB_TEST_URL has a stream.
    const expectedSource = mongo.kind === 'wire-server' ? 'none' : undefined;
    if (expectedSource) {
      expect(reading.app.get(ChangeFeedService).watchSource).toBe(expectedSource);
      expect((await reading.storage.history.watch(() => undefined)).source).toBe('none');
    }
    const cursor = await writing.storage.history.latestId();
    const reader = new FeedReader(`${reading.url}/api/bot/v1/changes`, { authorization: `Bot ${reading.config.botApiToken}` });
    try {
      await reader.ready();
      await waitUntil(() => reading.app.get(ChangeFeedService).clientCount === 1);
      const versions: number[] = [];
      let version = (await writing.storage.settings.get(GUILD, 'basic'))?.version ?? 0;
      for (let n = 0; n < 5; n += 1) {
        const written = await writing.storage.settings.put(GUILD, 'basic', { prefix: `?${n}` }, version, { author: null, action: 'save' });
        if (!written.ok) throw new Error(`save ${n} refused`);
        version = written.document.version;
        versions.push(version);
      }
      await reader.waitFor(() => reader.changes().length >= versions.length, 5000);
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(reader.changes().map((e) => e.id)).toEqual((await writing.storage.history.since(cursor, 100)).map((e) => String(e.id)));
      expect(reader.changes().map((e) => e.data.version)).toEqual(versions);
    } finally {
      reader.close();
    }
  }, 30_000);
});
