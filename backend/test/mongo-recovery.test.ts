/**
 * The MongoDB adapter's two-phase commit (src/storage/mongo/mongo.storage.ts, the class comment's state machine): a
 * writer that dies leaves its document in one state of it. For each state, the database is left exactly as a writer
 * dying there leaves it, then the two ways out are taken: the next start (the sweep) and the next save of the section
 * (which settles the change before it writes). Each must end where the state says: the write moved into history once,
 * or undone with no entry. The MongoDB is the npm wire server, or the real one at MONGODB_TEST_URL.
 */
import { randomUUID } from 'node:crypto';
import type { Db } from 'mongodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMongoForTests, type TestMongo } from '../../scripts/support/mongo-wire-server.mjs';
import { createStorage } from '../src/storage/create-storage.js';
import type { MongoStorage } from '../src/storage/mongo/mongo.storage.js';

/** Older than the adapter's grace period (5 s): the writer of a change this old is presumed dead. */
const LONG_AGO = new Date(Date.now() - 60_000);
const SAVE = { author: null, action: 'save' } as const;
const SECTION = 'welcome';

let mongo: TestMongo | undefined;
beforeAll(async () => {
  mongo = await startMongoForTests();
});
afterAll(async () => {
  await mongo?.stop();
});

async function open(url: string): Promise<MongoStorage> {
  const storage = createStorage({ dataDir: '/nonexistent', databaseUrl: url }) as MongoStorage;
  await storage.init();
  return storage;
}

const dbOf = (storage: MongoStorage): Db => storage.mongooseConnection!.db! as unknown as Db;

/** A history entry written as a move writes it (its `_id` the change's token, its id drawn from the counter). */
async function appendEntry(db: Db, guildId: string, token: string, version: number): Promise<void> {
  const counter = await db
    .collection<{ _id: string; seq: number }>('locks')
    .findOneAndUpdate({ _id: 'history' }, { $inc: { seq: 1 } }, { returnDocument: 'after' });
  await db.collection<Record<string, unknown>>('history').insertOne({
    _id: token as never,
    id: counter!.seq,
    guildId,
    scope: 'settings',
    key: SECTION,
    itemId: null,
    version,
    action: 'save',
    author: null,
    patch: [],
    revertOf: null,
    at: LONG_AGO,
  });
}

interface Left {
  state: 'pending' | 'forwarding' | 'undoing';
  /** The batch the change belongs to (putMany), and that batch's state. */
  batch?: 'applying' | 'committed' | 'aborted';
  /** The history entry was appended before the writer died. */
  entryLanded?: boolean;
  /** The section had never been saved: the change replaced nothing. */
  firstSave?: boolean;
}

/**
 * The section as a writer dying in `left` leaves it: version 1 ({ n: 1 }, recorded) unless a first save, then the
 * atomic write of { n: 2 } with its change. Returns the guild.
 */
async function leave(storage: MongoStorage, left: Left): Promise<string> {
  const guildId = `g-${randomUUID()}`;
  const db = dbOf(storage);
  if (!left.firstSave) await storage.settings.put(guildId, SECTION, { n: 1 }, 0, SAVE);
  const settings = db.collection<Record<string, unknown>>('settings');
  const _id = `${guildId}:${SECTION}`;
  const before = await settings.findOne({ _id: _id as never });
  const version = Number(before?.version ?? 0) + 1;
  const token = randomUUID();
  let batch: string | null = null;
  if (left.batch) {
    batch = randomUUID();
    await db
      .collection<Record<string, unknown>>('batches')
      .insertOne({ _id: batch as never, guildId, state: left.batch, createdAt: LONG_AGO });
  }
  const change = {
    token,
    state: left.state,
    batch,
    action: 'save',
    author: null,
    revertOf: null,
    patch: [{ op: 'replace', path: '/n', value: 2 }],
    version,
    previous: before,
    at: LONG_AGO,
    since: LONG_AGO,
  };
  const doc = { _id, guildId, section: SECTION, version, data: { n: 2 }, createdAt: LONG_AGO, updatedAt: LONG_AGO, change };
  if (before) await settings.replaceOne({ _id: _id as never }, doc);
  else await settings.insertOne(doc as never);
  if (left.entryLanded) await appendEntry(db, guildId, token, version);
  return guildId;
}

/** What recovery must make of a state: the write stands (moved into history once) or is undone (no entry). */
type Outcome = 'moved' | 'undone';

const STATES: { name: string; left: Left; outcome: Outcome }[] = [
  { name: 'pending: died after its write, before the history entry', left: { state: 'pending' }, outcome: 'moved' },
  {
    name: 'pending: died after the history entry, before clearing the change',
    left: { state: 'pending', entryLanded: true },
    outcome: 'moved',
  },
  { name: 'forwarding: a recoverer died while moving it', left: { state: 'forwarding' }, outcome: 'moved' },
  { name: 'undoing: died while undoing a failed move', left: { state: 'undoing' }, outcome: 'undone' },
  { name: 'undoing, though the move had landed', left: { state: 'undoing', entryLanded: true }, outcome: 'moved' },
  { name: 'undoing a first save', left: { state: 'undoing', firstSave: true }, outcome: 'undone' },
  {
    name: 'pending in a putMany batch still applying: died before the commit mark',
    left: { state: 'pending', batch: 'applying' },
    outcome: 'undone',
  },
  {
    name: 'pending in a committed putMany batch: died after the commit mark',
    left: { state: 'pending', batch: 'committed' },
    outcome: 'moved',
  },
  { name: 'pending in an aborted putMany batch', left: { state: 'pending', batch: 'aborted' }, outcome: 'undone' },
];

/** The section's entries, newest first, as `version`; and the document as stored (change and all). */
async function observe(storage: MongoStorage, guildId: string) {
  const entries = (await storage.history.list(guildId, { limit: 10 })).map((entry) => entry.version);
  const raw = await dbOf(storage)
    .collection<Record<string, unknown>>('settings')
    .findOne({ _id: `${guildId}:${SECTION}` as never });
  const batches = await dbOf(storage).collection('batches').countDocuments({ guildId });
  return { entries, raw, batches };
}

describe('MongoDB storage: recovery from each state a dying writer leaves', () => {
  for (const { name, left, outcome } of STATES) {
    describe(name, () => {
      const saved = left.firstSave ? [] : [1];
      const expected =
        outcome === 'moved'
          ? { version: 2, data: { n: 2 }, entries: [2, ...saved] }
          : { version: left.firstSave ? null : 1, data: left.firstSave ? null : { n: 1 }, entries: saved };

      it(`the next start ${outcome === 'moved' ? 'records the write once' : 'undoes the write'}`, async () => {
        const url = mongo!.url(`recovery-${randomUUID()}`);
        const first = await open(url);
        let guildId: string;
        try {
          guildId = await leave(first, left);
        } finally {
          await first.close();
        }
        const second = await open(url);
        try {
          const { entries, raw, batches } = await observe(second, guildId);
          expect(entries).toEqual(expected.entries);
          expect(batches).toBe(0);
          if (expected.version === null) expect(raw).toBeNull();
          else {
            expect(raw).toMatchObject({ version: expected.version, data: expected.data });
            expect(raw).not.toHaveProperty('change');
          }
        } finally {
          await second.close();
        }
      });

      it('the next save settles it first, then writes on top of what recovery left', async () => {
        const storage = await open(mongo!.url(`recovery-${randomUUID()}`));
        try {
          const guildId = await leave(storage, left);
          const at = expected.version ?? 0;
          const result = await storage.settings.put(guildId, SECTION, { n: 9 }, at, SAVE);
          expect(result).toMatchObject({ ok: true, document: { version: at + 1, data: { n: 9 } } });
          const { entries, raw } = await observe(storage, guildId);
          expect(entries).toEqual([at + 1, ...expected.entries]);
          expect(raw).not.toHaveProperty('change');
        } finally {
          await storage.close();
        }
      });
    });
  }

  it('a recorded deletion left marked deleted: readers see no record, and the next start removes it and records the deletion', async () => {
    const url = mongo!.url(`recovery-${randomUUID()}`);
    const first = await open(url);
    const guildId = `g-${randomUUID()}`;
    const collection = 'panels';
    let id: string;
    try {
      id = (await first.records.insert(collection, { guildId, data: { title: 'Support' } })).id;
      const records = dbOf(first).collection<Record<string, unknown>>('records');
      const before = await records.findOne({ _id: `${collection}:${id}` as never });
      const change = {
        token: randomUUID(),
        state: 'pending',
        batch: null,
        action: 'delete',
        author: null,
        revertOf: null,
        patch: [{ op: 'remove', path: '/title' }],
        version: 0,
        previous: before,
        at: LONG_AGO,
        since: LONG_AGO,
      };
      await records.replaceOne({ _id: `${collection}:${id}` as never }, { ...before, deleted: true, change });
      expect(await first.records.get(collection, id)).toBeNull();
      expect(await first.records.count(collection, { guildId })).toBe(0);
    } finally {
      await first.close();
    }
    const second = await open(url);
    try {
      expect(
        await dbOf(second)
          .collection('records')
          .countDocuments({ _id: `${collection}:${id}` as never }),
      ).toBe(0);
      const entries = await second.history.list(guildId, { limit: 10 });
      expect(entries.map((entry) => [entry.action, entry.scope, entry.key, entry.itemId, entry.version])).toEqual([
        ['delete', 'records', collection, id, 0],
      ]);
    } finally {
      await second.close();
    }
  });
});
