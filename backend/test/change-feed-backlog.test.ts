/**
 * The change feed with a backlog far beyond its 1 MB unread limit (issue 24 item 2), over real HTTP against a real
 * app on PGlite: every reader of the backlog gets all of it, in order, each event with its own version's document,
 * while /healthz keeps answering; and a reader that leaves mid-backlog costs the server nothing afterwards.
 */
import { performance } from 'node:perf_hooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ChangeFeedService } from '../src/bot-api/change-feed.service.js';
import { SANDBOX_GUILDS } from '@guildhall/sandbox-discord/seed';
import { startTestApp, tempDataDir } from './support/app.js';
import { type FeedEvent, FeedReader } from './support/feed-reader.js';

type App = Awaited<ReturnType<typeof startTestApp>>;
/** Two guilds, as the history keeps 500 changes of a section in each server. */
const GUILDS = [SANDBOX_GUILDS.community.id, SANDBOX_GUILDS.pixelPainters.id];
const SAVES_PER_GUILD = 500;
const EVENTS = GUILDS.length * SAVES_PER_GUILD;
const READERS = 16;

/** A greeting of about 4 KB whose texts name the version they were saved as. */
const greetingAt = (version: number) => ({
  welcome: { enabled: true, content: `v${version}:`.padEnd(2000, 'w') },
  farewell: { enabled: true, content: `v${version}:`.padEnd(2000, 'f') },
});

interface Seen {
  guildId: string;
  version: number;
  /** Whether the event's document is the one saved at its version (not a later one). */
  ownVersion: boolean;
  size: number;
}
const slim = ({ data }: FeedEvent): Seen => ({
  guildId: data.guildId,
  version: data.version,
  ownVersion:
    data.settings?.welcome?.content?.startsWith(`v${data.version}:`) && data.settings?.farewell?.content?.startsWith(`v${data.version}:`),
  size: JSON.stringify(data).length,
});

const quantile = (values: number[], q: number) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * q))] ?? 0;
const round = (ms: number) => Math.round(ms);

describe('change feed backlog beyond the unread limit over real HTTP (PGlite)', () => {
  const data = tempDataDir();
  let app: App;
  let bot: Record<string, string>;
  /** The history id before the backlog was written: readers start here. */
  let start = 0;
  const readers: FeedReader[] = [];

  beforeAll(async () => {
    app = await startTestApp({ DATA_DIR: data.dir });
    bot = { authorization: `Bot ${app.config.botApiToken}` };
    start = await app.storage.history.latestId();
    // Through the storage port (as a save stores it) for setup speed; only the readers go through HTTP.
    for (const guildId of GUILDS) {
      let version = (await app.storage.settings.get(guildId, 'greeting'))?.version ?? 0;
      for (let i = 0; i < SAVES_PER_GUILD; i += 1) {
        const written = await app.storage.settings.put(guildId, 'greeting', greetingAt(version + 1), version, {
          author: null,
          action: 'save',
        });
        if (!written.ok) throw new Error(`setup save ${i} of ${guildId} refused`);
        version = written.document.version;
      }
    }
  }, 120_000);
  afterAll(async () => {
    for (const reader of readers) reader.close();
    await app?.close();
    data.remove();
  });

  it(`delivers a ${EVENTS} x 4 KB backlog to ${READERS} concurrent readers, in order, while /healthz keeps answering`, async () => {
    const started = performance.now();
    const group = Array.from({ length: READERS }, () => new FeedReader(`${app.url}/api/bot/v1/changes?after=${start}`, bot, slim));
    readers.push(...group);
    // Each reader reads until it has the whole backlog, or its stream ends (a dropped reader), or 90 s pass.
    let finished = false;
    const reading = Promise.all(
      group.map((reader) =>
        Promise.race([reader.waitFor(() => reader.changes().length >= EVENTS, 90_000).catch(() => undefined), reader.done]).then(() =>
          reader.close(),
        ),
      ),
    ).finally(() => (finished = true));

    const probes: { status: number; ms: number }[] = [];
    while (!finished) {
      const sent = performance.now();
      const status = await fetch(`${app.url}/healthz`, { signal: AbortSignal.timeout(120_000) }).then(
        async (res) => (await res.arrayBuffer(), res.status),
        () => 0,
      );
      probes.push({ status, ms: performance.now() - sent });
      // A probe every 100 ms, but no wait once the readers are done.
      await Promise.race([new Promise((resolve) => setTimeout(resolve, 100)), reading]);
    }
    await reading;
    const seconds = (performance.now() - started) / 1000;

    const delivered = group.map((reader) => reader.changes().length);
    const latencies = probes.map((p) => p.ms);
    const bytes = group[0]!.changes().reduce((sum, e) => sum + (e.data as Seen).size, 0);
    console.info(
      `change feed backlog: ${READERS} readers got ${Math.min(...delivered)}-${Math.max(...delivered)} of ${EVENTS} events ` +
        `(${Math.round(bytes / 1024)} KB each) in ${seconds.toFixed(1)} s; /healthz ${probes.length} probes, ` +
        `p99 ${round(quantile(latencies, 0.99))} ms, worst ${round(Math.max(...latencies))} ms`,
    );

    expect(delivered).toEqual(group.map(() => EVENTS));
    for (const reader of group) {
      const ids = reader.changes().map((e) => Number(e.id));
      expect(ids.every((id, i) => id > start && (i === 0 || id > ids[i - 1]!))).toBe(true);
      const seen = reader.changes().map((e) => e.data as Seen);
      expect(seen.filter((s) => !s.ownVersion)).toEqual([]);
      for (const guildId of GUILDS) {
        const versions = seen.filter((s) => s.guildId === guildId).map((s) => s.version);
        expect(versions).toHaveLength(SAVES_PER_GUILD);
        expect(versions.every((v, i) => i === 0 || v === versions[i - 1]! + 1)).toBe(true);
      }
    }
    expect(probes.filter((p) => p.status !== 200)).toEqual([]);
    // Not a speed goal (bench:feed measures p99): a probe is never held for the backlog's length. Before the fix one
    // waited 121 s; 5 s leaves room for a loaded 2-core machine (worst seen here: 0.9 s).
    expect(Math.max(...latencies)).toBeLessThan(5000);
  }, 180_000);

  it('stops reading the history for a reader that leaves mid-backlog', async () => {
    const feed = app.app.get(ChangeFeedService);
    // The first test's readers have closed; the server sees each close a moment later.
    const left = Date.now() + 5000;
    while (feed.clientCount > 0 && Date.now() < left) await new Promise((resolve) => setTimeout(resolve, 5));
    expect(feed.clientCount).toBe(0);
    // Counts the feed's reads (the history it pages through, the stored documents it walks back from), and those
    // started while it had no client left to read them for.
    const history = app.storage.history as { since: typeof app.storage.history.since };
    const settings = app.storage.settings as { get: typeof app.storage.settings.get };
    const since = history.since;
    const get = settings.get;
    let reads = 0;
    let readsForNobody = 0;
    const count = () => {
      reads += 1;
      if (feed.clientCount === 0) readsForNobody += 1;
    };
    history.since = (...args) => (count(), since(...args));
    settings.get = (...args) => (count(), get(...args));
    try {
      const reader = new FeedReader(`${app.url}/api/bot/v1/changes?after=${start}`, bot, slim);
      readers.push(reader);
      // It leaves after some of its backlog (or when the server cut it off first: it is gone either way).
      await Promise.race([reader.waitFor(() => reader.changes().length >= 20, 30_000), reader.done]);
      const received = reader.changes().length;
      reader.close();
      await reader.done;
      const deadline = Date.now() + 5000;
      while ((feed.clientCount > 0 || feed.backlogCount > 0) && Date.now() < deadline)
        await new Promise((resolve) => setTimeout(resolve, 5));
      expect(feed.clientCount).toBe(0);
      // From here on any read is one for nobody. A read that must not come has no event to wait on: the window is one
      // tick of the feed's poll (its only timer that reads) and a margin.
      const settled = reads;
      const pollMs = app.config.changeFeedPollMs;
      await new Promise((resolve) => setTimeout(resolve, pollMs + 200));
      console.info(
        `change feed: a reader left after ${received} of ${EVENTS} events; reads started for nobody: ${readsForNobody}; ` +
          `reads in the ${pollMs + 200} ms after: ${reads - settled}`,
      );
      expect(received).toBeLessThan(EVENTS);
      expect(readsForNobody).toBe(0);
      expect(reads - settled).toBe(0);
      expect(feed.backlogCount).toBe(0);
    } finally {
      history.since = since;
      settings.get = get;
    }
  }, 60_000);
});
