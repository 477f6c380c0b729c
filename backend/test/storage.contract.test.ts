/**
 * One contract for every storage adapter (src/storage/storage.port.ts), run against each one
 * available: PGlite in a temporary directory always, a PostgreSQL server started from the
 * distribution's binaries (required when CI is set), and MongoDB (the npm wire server, or a real
 * server at MONGODB_TEST_URL). PostgreSQL-specific migration behaviour follows the contract, for
 * both executors. Failure injection is each harness's own: triggers on PostgreSQL, wrapped driver
 * writes on MongoDB; none lives in production code.
 */
import { spawn, spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import mongoose from 'mongoose';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createStorage, pgliteDirectory } from '../src/storage/create-storage.js';
import { MIGRATIONS, type Migration } from '../src/storage/migrations/index.js';
import { MONGO_MIGRATIONS } from '../src/storage/mongo/mongo.migrations.js';
import { MongoStorage } from '../src/storage/mongo/mongo.storage.js';
import { PgExecutor } from '../src/storage/pg.executor.js';
import { LISTENER_APPLICATION_NAME } from '../src/storage/pg.listener.js';
import { DataDirInUseError, lockFile, PgliteExecutor } from '../src/storage/pglite.executor.js';
import { PostgresStorage } from '../src/storage/postgres.storage.js';
import { withReadCache } from '../src/storage/read-cache.js';
import type { SqlExecutor } from '../src/storage/sql-executor.js';
import { type HistoryWatchSource, MAX_SETTINGS_VERSION, type StoragePort, UnstorableTextError } from '../src/storage/storage.port.js';
import { startMongoForTests, type TestMongo } from '../../scripts/support/mongo-wire-server.mjs';
import { startPostgresServer, type PostgresServer } from '../../scripts/support/postgres-server.mjs';
import { ci, postgresBinaries } from './support/instances.js';

/** An empty database; every open() is a new, uninitialised instance over the same data. */
interface TestDatabase {
  open(): StoragePort;
  /**
   * Failure injection beside the storage, undone by the function returned: every history insert of `guildId` fails
   * ('history'), or every settings write of it ('settings'), with an error whose message says "injected".
   */
  refuse(target: 'history' | 'settings', guildId: string): Promise<() => Promise<void>>;
  /** Holds each history insert of `guildId` for `ms` before its write commits, until the function returned is called. */
  linger(guildId: string, ms: number): Promise<() => Promise<void>>;
  /** Writes `count` history entries of `guildId` directly (key 'seeded', versions 1..count), oldest first. */
  seedHistory(guildId: string, count: number): Promise<void>;
  dispose(): Promise<void>;
}

interface AdapterHarness {
  kind: StoragePort['kind'];
  createDatabase(): Promise<TestDatabase>;
  /** Migration ids recorded in the database the storage is on. */
  appliedMigrations(storage: StoragePort): Promise<string[]>;
  /** Every migration id of this release, in order. */
  migrationIds: readonly string[];
  /** Whether two instances may be open on one database at once (not PGlite: one executor owns the directory). */
  concurrentInstances: boolean;
  /** How this deployment's history watch hears of other instances' commits. */
  watchSource(): Promise<HistoryWatchSource>;
}

const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const unique = (prefix: string) => `${prefix}-${randomUUID()}`;

function storageContract(harness: () => AdapterHarness) {
  let database: TestDatabase;
  let storage: StoragePort;

  beforeAll(async () => {
    database = await harness().createDatabase();
    storage = database.open();
    await storage.init();
  });
  afterAll(async () => {
    await storage?.close();
    await database?.dispose();
  });

  it('reports its kind and answers ping', async () => {
    expect(storage.kind).toBe(harness().kind);
    await expect(storage.ping()).resolves.toBeUndefined();
  });

  it('answers a store method taken off its store, as callers and tests take them', async () => {
    const guild = unique('g');
    const { put, get } = storage.settings;
    expect(await put(guild, 'general', { prefix: '!' }, 0)).toMatchObject({ ok: true, document: { version: 1 } });
    expect(await get(guild, 'general')).toMatchObject({ version: 1, data: { prefix: '!' } });
    const { insert, count } = storage.records;
    await insert('panels', { guildId: guild, data: {} });
    expect(await count('panels', { guildId: guild })).toBe(1);
    const { latestId } = storage.history;
    expect(await latestId()).toBeGreaterThanOrEqual(0);
    const { set, get: session } = storage.sessions;
    await set(guild, { user: 'alice' }, new Date(Date.now() + 60_000));
    expect(await session(guild)).toEqual({ user: 'alice' });
  });

  describe('settings', () => {
    it('starts at version 0 (nothing stored) and adds 1 per save', async () => {
      const guild = unique('g');
      expect(await storage.settings.get(guild, 'general')).toBeNull();

      const first = await storage.settings.put(guild, 'general', { prefix: '!' }, 0);
      expect(first.ok).toBe(true);
      if (!first.ok) return;
      expect(first.document).toMatchObject({ guildId: guild, section: 'general', version: 1, data: { prefix: '!' } });
      expect(first.document.updatedAt).toMatch(ISO);

      const second = await storage.settings.put(guild, 'general', { prefix: '?' }, 1);
      expect(second.ok && second.document.version).toBe(2);

      const stored = await storage.settings.get(guild, 'general');
      expect(stored).toMatchObject({ guildId: guild, section: 'general', version: 2, data: { prefix: '?' } });
      expect(Date.parse(stored!.updatedAt)).toBeGreaterThanOrEqual(Date.parse(first.document.updatedAt));
    });

    it('refuses a stale or wrong version and returns what is stored', async () => {
      const guild = unique('g');
      await storage.settings.put(guild, 'tickets', { enabled: true }, 0);
      await storage.settings.put(guild, 'tickets', { enabled: false }, 1);

      const recreate = await storage.settings.put(guild, 'tickets', { enabled: 'again' }, 0);
      expect(recreate).toMatchObject({ ok: false, current: { version: 2, data: { enabled: false } } });

      const stale = await storage.settings.put(guild, 'tickets', { enabled: 'stale' }, 1);
      expect(stale).toMatchObject({ ok: false, current: { version: 2, data: { enabled: false } } });

      const ahead = await storage.settings.put(guild, 'tickets', { enabled: 'ahead' }, 3);
      expect(ahead.ok).toBe(false);

      expect(await storage.settings.get(guild, 'tickets')).toMatchObject({ version: 2, data: { enabled: false } });
    });

    it('returns current null when a non-zero version is named but nothing is stored', async () => {
      const result = await storage.settings.put(unique('g'), 'general', { a: 1 }, 4);
      expect(result).toEqual({ ok: false, current: null });
    });

    it('keeps guilds and sections apart', async () => {
      const [a, b] = [unique('g'), unique('g')];
      await storage.settings.put(a, 'one', { n: 'a1' }, 0);
      await storage.settings.put(a, 'two', { n: 'a2' }, 0);
      await storage.settings.put(b, 'one', { n: 'b1' }, 0);
      await storage.settings.put(a, 'one', { n: 'a1 v2' }, 1);
      expect(await storage.settings.get(a, 'one')).toMatchObject({ version: 2, data: { n: 'a1 v2' } });
      expect(await storage.settings.get(a, 'two')).toMatchObject({ version: 1, data: { n: 'a2' } });
      expect(await storage.settings.get(b, 'one')).toMatchObject({ version: 1, data: { n: 'b1' } });
      expect(await storage.settings.get(b, 'two')).toBeNull();
    });

    it('round-trips any JSON value, arrays and bare strings included', async () => {
      const guild = unique('g');
      const values: unknown[] = [
        [1, 'two', { three: [3] }],
        'just a string',
        42,
        null,
        { nested: { deep: ['x', null, true] }, emoji: '🎉' },
      ];
      for (const [index, value] of values.entries()) {
        const put = await storage.settings.put(guild, `s${index}`, value, 0);
        expect(put.ok && put.document.data).toEqual(value);
        expect((await storage.settings.get(guild, `s${index}`))?.data).toEqual(value);
      }
    });

    it('lets exactly one of several concurrent puts with the same version win', async () => {
      const guild = unique('g');
      const contenders = Array.from({ length: 8 }, (_, i) => i);

      const creates = await Promise.all(contenders.map((i) => storage.settings.put(guild, 'race', { writer: i }, 0)));
      const createWinners = creates.filter((r) => r.ok);
      expect(createWinners).toHaveLength(1);
      const createWinner = createWinners[0]!.ok ? createWinners[0]!.document.data : undefined;
      for (const loser of creates.filter((r) => !r.ok))
        expect(loser).toMatchObject({ ok: false, current: { version: 1, data: createWinner } });

      const updates = await Promise.all(contenders.map((i) => storage.settings.put(guild, 'race', { writer: 100 + i }, 1)));
      const updateWinners = updates.filter((r) => r.ok);
      expect(updateWinners).toHaveLength(1);
      const updateWinner = updateWinners[0]!.ok ? updateWinners[0]!.document.data : undefined;
      for (const loser of updates.filter((r) => !r.ok))
        expect(loser).toMatchObject({ ok: false, current: { version: 2, data: updateWinner } });

      expect(await storage.settings.get(guild, 'race')).toMatchObject({ version: 2, data: updateWinner });
    });

    it('rejects a version that is not a non-negative integer, or that the version column could not move past', async () => {
      await expect(storage.settings.put(unique('g'), 'general', {}, -1)).rejects.toThrow(RangeError);
      await expect(storage.settings.put(unique('g'), 'general', {}, 1.5)).rejects.toThrow(RangeError);
      await expect(storage.settings.put(unique('g'), 'general', {}, MAX_SETTINGS_VERSION)).rejects.toThrow(RangeError);
      await expect(storage.settings.put(unique('g'), 'general', {}, 2 ** 53)).rejects.toThrow(RangeError);
      // The highest version a put may name is an ordinary conflict when it is not the stored one.
      expect(await storage.settings.put(unique('g'), 'general', {}, MAX_SETTINGS_VERSION - 1)).toEqual({ ok: false, current: null });
    });
  });

  describe('text no adapter can hold (U+0000, unpaired surrogates)', () => {
    const unstorable = ['a\u0000b', 'a\ud800b', 'b\udfff', { nested: ['ok', { deep: '\u0000' }] }, { 'key\u0000': 1 }, { '\ud83d': 1 }];

    it('refuses it in every write with UnstorableTextError, writing nothing', async () => {
      const guild = unique('g');
      await storage.settings.put(guild, 'general', { kept: true }, 0);
      const collection = unique('panels');
      const record = await storage.records.insert(collection, { guildId: guild, data: { kept: true } });
      const sid = unique('sid');
      await storage.sessions.set(sid, { kept: true }, new Date(Date.now() + 60_000));
      for (const value of unstorable) {
        await expect(storage.settings.put(guild, 'general', value, 1)).rejects.toThrow(UnstorableTextError);
        await expect(storage.settings.put(unique('g'), 'general', value, 0)).rejects.toThrow(UnstorableTextError);
        await expect(storage.records.insert(collection, { guildId: guild, data: value })).rejects.toThrow(UnstorableTextError);
        await expect(storage.records.update(collection, record.id, value)).rejects.toThrow(UnstorableTextError);
        await expect(storage.sessions.set(sid, value, new Date(Date.now() + 60_000))).rejects.toThrow(UnstorableTextError);
      }
      expect(await storage.settings.get(guild, 'general')).toMatchObject({ version: 1, data: { kept: true } });
      expect((await storage.records.list(collection)).map((r) => r.data)).toEqual([{ kept: true }]);
      expect(await storage.sessions.get(sid)).toEqual({ kept: true });
    });

    it('keeps what only looks alike: emoji (surrogate pairs), a typed "\\u0000", other control characters', async () => {
      const value = { emoji: '\ud83c\udf89 🎉', typed: '\\u0000 and \\\\ud800', control: '\u0001\u001f', '🎉': 'key' };
      const put = await storage.settings.put(unique('g'), 'general', value, 0);
      expect(put.ok && put.document.data).toEqual(value);
      const record = await storage.records.insert(unique('c'), { guildId: null, data: value });
      expect((await storage.records.get(record.collection, record.id))?.data).toEqual(value);
    });
  });

  describe('records', () => {
    it('inserts with a generated id, gets, updates and deletes', async () => {
      const collection = unique('panels');
      const inserted = await storage.records.insert(collection, { guildId: 'g1', data: { title: 'Support' } });
      expect(inserted.id).toMatch(UUID);
      expect(inserted).toMatchObject({ collection, guildId: 'g1', data: { title: 'Support' } });
      expect(inserted.createdAt).toMatch(ISO);
      expect(inserted.updatedAt).toBe(inserted.createdAt);

      expect(await storage.records.get(collection, inserted.id)).toEqual(inserted);

      // The update's stamp is taken in a later millisecond than the insert's: waited for, not slept.
      while (Date.now() <= Date.parse(inserted.createdAt)) await new Promise((resolve) => setImmediate(resolve));
      const updated = await storage.records.update(collection, inserted.id, { title: 'Help desk', color: 3 });
      expect(updated).toMatchObject({
        id: inserted.id,
        collection,
        guildId: 'g1',
        data: { title: 'Help desk', color: 3 },
        createdAt: inserted.createdAt,
      });
      expect(Date.parse(updated!.updatedAt)).toBeGreaterThan(Date.parse(inserted.createdAt));
      expect(await storage.records.get(collection, inserted.id)).toEqual(updated);

      expect(await storage.records.delete(collection, inserted.id)).toBe(true);
      expect(await storage.records.get(collection, inserted.id)).toBeNull();
      expect(await storage.records.delete(collection, inserted.id)).toBe(false);
      expect(await storage.records.update(collection, inserted.id, { title: 'gone' })).toBeNull();
    });

    it('versions records: 1 on insert, +1 on each update; replace writes only at the expected version', async () => {
      const collection = unique('panels');
      const inserted = await storage.records.insert(collection, { guildId: 'g1', data: { title: 'a' } });
      expect(inserted.version).toBe(1);
      const updated = await storage.records.update(collection, inserted.id, { title: 'b' });
      expect(updated?.version).toBe(2);

      const replaced = await storage.records.replace(collection, inserted.id, { title: 'c' }, 2);
      expect(replaced).toMatchObject({ ok: true, record: { id: inserted.id, version: 3, data: { title: 'c' }, guildId: 'g1' } });
      const stale = await storage.records.replace(collection, inserted.id, { title: 'lost' }, 2);
      expect(stale).toEqual({ ok: false, current: (replaced as { record: unknown }).record });
      expect((await storage.records.get(collection, inserted.id))?.data).toEqual({ title: 'c' });
      expect(await storage.records.replace(collection, 'nobody', { title: 'x' }, 1)).toEqual({ ok: false, current: null });
      for (const bad of [0, -1, 1.5, Number.NaN, 2_147_483_647]) {
        await expect(storage.records.replace(collection, inserted.id, { title: 'x' }, bad)).rejects.toThrow(RangeError);
      }
      await expect(storage.records.replace(collection, inserted.id, '\u0000', 3)).rejects.toThrow(UnstorableTextError);
      expect((await storage.records.get(collection, inserted.id))?.version).toBe(3);
    });

    it('counts records per collection and guild, and insertCapped stops at the cap', async () => {
      const collection = unique('panels');
      expect(await storage.records.count(collection)).toBe(0);
      for (let n = 0; n < 3; n++)
        expect(await storage.records.insertCapped(collection, { guildId: 'a', data: { n } }, 3)).toMatchObject({ version: 1, data: { n } });
      expect(await storage.records.insertCapped(collection, { guildId: 'a', data: { n: 3 } }, 3)).toBeNull();
      expect(await storage.records.insertCapped(collection, { guildId: 'b', data: { n: 0 } }, 3)).toMatchObject({ guildId: 'b' });
      await storage.records.insert(unique('other'), { guildId: 'a', data: {} });
      expect(await storage.records.count(collection, { guildId: 'a' })).toBe(3);
      expect(await storage.records.count(collection, { guildId: 'b' })).toBe(1);
      expect(await storage.records.count(collection)).toBe(4);
      expect((await storage.records.list<{ n: number }>(collection, { guildId: 'a' })).map((r) => r.data.n)).toEqual([0, 1, 2]);
      await expect(storage.records.insertCapped(collection, { guildId: 'c', data: {} }, -1)).rejects.toThrow(
        new RangeError('cap must be a non-negative integer, got -1'),
      );
      await expect(storage.records.insertCapped(collection, { guildId: 'c', data: {} }, 1.5)).rejects.toThrow(RangeError);
      // A cap of 0 (a plan that allows none) stores nothing and refuses as a full guild does.
      expect(await storage.records.insertCapped(collection, { guildId: 'c', data: {} }, 0)).toBeNull();
      expect(await storage.records.count(collection, { guildId: 'c' })).toBe(0);
    });

    it('lets exactly the cap in when 30 capped inserts of one guild race, and answers null to the rest', async () => {
      const note = { author: null, action: 'create' } as const;
      // Recorded (as a panel's create is) and not: with and without the history entry's transaction.
      const races = [
        { cap: 2, change: note },
        { cap: 5, change: undefined },
      ];
      const outcomes = await Promise.all(
        races.map(async ({ cap, change }) => {
          const [collection, guild] = [unique('panels'), unique('g')];
          const results = await Promise.all(
            Array.from({ length: 30 }, (_, n) => storage.records.insertCapped(collection, { guildId: guild, data: { n } }, cap, change)),
          );
          const stored = await storage.records.count(collection, { guildId: guild });
          // Another guild's places are its own.
          const elsewhere = await storage.records.insertCapped(collection, { guildId: unique('g'), data: {} }, cap);
          return { cap, stored, refused: results.filter((r) => r === null).length, elsewhere: elsewhere !== null };
        }),
      );
      expect(outcomes).toEqual([
        { cap: 2, stored: 2, refused: 28, elsewhere: true },
        { cap: 5, stored: 5, refused: 25, elsewhere: true },
      ]);
    });

    it('uses a given id, scoped to its collection, and refuses a duplicate', async () => {
      const [payments, audit] = [unique('payments'), unique('audit')];
      const id = unique('pay');
      const payment = await storage.records.insert(payments, { id, guildId: null, data: ['a', 'b'] });
      expect(payment).toMatchObject({ id, guildId: null, data: ['a', 'b'] });
      await expect(storage.records.insert(payments, { id, guildId: null, data: 'again' })).rejects.toThrow(/already exists/);
      expect((await storage.records.get(payments, id))?.data).toEqual(['a', 'b']);

      const sameIdElsewhere = await storage.records.insert(audit, { id, guildId: 'g', data: { action: 'x' } });
      expect(sameIdElsewhere.collection).toBe(audit);
      expect(await storage.records.get(audit, id)).toMatchObject({ data: { action: 'x' } });
      expect(await storage.records.get(unique('other'), id)).toBeNull();
    });

    it('lists oldest first, filtered by guild, with limit and offset', async () => {
      const collection = unique('transcripts');
      const other = unique('transcripts');
      const guilds = ['a', 'b', 'a', null, 'a', 'b', 'a'];
      const inserted = [];
      for (const [n, guildId] of guilds.entries()) inserted.push(await storage.records.insert(collection, { guildId, data: { n } }));
      await storage.records.insert(other, { guildId: 'a', data: { n: 'elsewhere' } });

      const all = await storage.records.list<{ n: number }>(collection);
      expect(all.map((r) => r.data.n)).toEqual([0, 1, 2, 3, 4, 5, 6]);
      expect(all.map((r) => r.id)).toEqual(inserted.map((r) => r.id));
      for (let i = 1; i < all.length; i++) expect(all[i]!.createdAt >= all[i - 1]!.createdAt).toBe(true);

      const guildA = await storage.records.list<{ n: number }>(collection, { guildId: 'a' });
      expect(guildA.map((r) => r.data.n)).toEqual([0, 2, 4, 6]);
      expect(guildA.every((r) => r.guildId === 'a')).toBe(true);

      expect((await storage.records.list<{ n: number }>(collection, { limit: 3 })).map((r) => r.data.n)).toEqual([0, 1, 2]);
      expect((await storage.records.list<{ n: number }>(collection, { limit: 3, offset: 3 })).map((r) => r.data.n)).toEqual([3, 4, 5]);
      expect((await storage.records.list<{ n: number }>(collection, { offset: 5 })).map((r) => r.data.n)).toEqual([5, 6]);
      expect((await storage.records.list<{ n: number }>(collection, { guildId: 'a', limit: 2, offset: 1 })).map((r) => r.data.n)).toEqual([
        2, 4,
      ]);
      expect(await storage.records.list(collection, { offset: 50 })).toEqual([]);
      expect(await storage.records.list(collection, { limit: 0 })).toEqual([]);
      expect(await storage.records.list(collection, { guildId: 'nobody' })).toEqual([]);
      expect(await storage.records.list(unique('empty'))).toEqual([]);
    });

    it('keeps insertion order for records written within the same instant', async () => {
      const collection = unique('audit');
      await Promise.all(Array.from({ length: 10 }, (_, n) => storage.records.insert(collection, { guildId: 'g', data: { n } })));
      const listed = await storage.records.list(collection);
      expect(listed).toHaveLength(10);
      // Stable between calls, so paging never repeats or skips a record.
      const paged = [
        ...(await storage.records.list(collection, { limit: 5 })),
        ...(await storage.records.list(collection, { limit: 5, offset: 5 })),
      ];
      expect(paged.map((r) => r.id)).toEqual(listed.map((r) => r.id));
    });
  });

  describe('sessions', () => {
    it('sets, gets, upserts and destroys', async () => {
      const sid = unique('sid');
      expect(await storage.sessions.get(sid)).toBeNull();
      await storage.sessions.set(sid, { userId: '1', tokens: ['a'] }, new Date(Date.now() + 60_000));
      expect(await storage.sessions.get(sid)).toEqual({ userId: '1', tokens: ['a'] });
      await storage.sessions.set(sid, { userId: '2' }, new Date(Date.now() + 60_000));
      expect(await storage.sessions.get(sid)).toEqual({ userId: '2' });
      await storage.sessions.destroy(sid);
      expect(await storage.sessions.get(sid)).toBeNull();
      await expect(storage.sessions.destroy(sid)).resolves.toBeUndefined();
    });

    it('returns null once expired, and touch extends a live session', async () => {
      const [touched, untouched, expired] = [unique('sid'), unique('sid'), unique('sid')];
      const soon = new Date(Date.now() + 60_000);
      await storage.sessions.set(touched, { n: 1 }, soon);
      await storage.sessions.set(untouched, { n: 2 }, soon);
      await storage.sessions.set(expired, { n: 3 }, new Date(Date.now() - 1_000));
      expect(await storage.sessions.get(expired)).toBeNull();
      // Touching an expired session does not bring it back.
      await storage.sessions.touch(expired, new Date(Date.now() + 60_000));
      expect(await storage.sessions.get(expired)).toBeNull();

      await storage.sessions.touch(touched, new Date(Date.now() + 3_600_000));
      // Expiry compares with this process's clock: moved past `soon` rather than waited for.
      vi.useFakeTimers({ toFake: ['Date'] });
      try {
        vi.setSystemTime(soon.getTime() + 1_000);
        expect(await storage.sessions.get(touched)).toEqual({ n: 1 });
        expect(await storage.sessions.get(untouched)).toBeNull();
      } finally {
        vi.useRealTimers();
      }
      await storage.sessions.touch(unique('unknown'), new Date(Date.now() + 60_000));
    });

    it('prunes expired sessions and counts them', async () => {
      // A far-off "now" makes every session created by other tests expired too: count relative to that.
      const farFuture = new Date(Date.now() + 10 * 365 * 24 * 3600_000);
      await storage.sessions.prune(farFuture);

      const [old1, old2, live] = [unique('sid'), unique('sid'), unique('sid')];
      await storage.sessions.set(old1, {}, new Date(Date.now() - 10_000));
      await storage.sessions.set(old2, {}, new Date(Date.now() - 5_000));
      await storage.sessions.set(live, { live: true }, new Date(Date.now() + 3_600_000));
      expect(await storage.sessions.prune()).toBe(2);
      expect(await storage.sessions.prune()).toBe(0);
      expect(await storage.sessions.get(live)).toEqual({ live: true });
      expect(await storage.sessions.prune(farFuture)).toBe(1);
      expect(await storage.sessions.get(live)).toBeNull();
    });
  });

  describe('history', () => {
    const alice = { userId: '1100000000000000101', userName: 'Alice', avatar: 'a1b2' };
    const save = { author: alice, action: 'save' } as const;
    const all = (guild: string) => storage.history.list(guild, { limit: 1000 });

    it('records a put given a change: author, action, version and the patch from the stored data', async () => {
      const guild = unique('g');
      const first = await storage.settings.put(guild, 'welcome', { channel: '1', enabled: false }, 0, save);
      expect(first.ok).toBe(true);
      const second = await storage.settings.put(guild, 'welcome', { channel: '2', enabled: false }, 1, {
        author: null,
        action: 'revert',
        revertOf: 7,
      });
      expect(second.ok).toBe(true);

      const [newest, oldest] = await all(guild);
      expect(oldest).toMatchObject({
        guildId: guild,
        scope: 'settings',
        key: 'welcome',
        itemId: null,
        version: 1,
        action: 'save',
        author: alice,
        revertOf: null,
        patch: [
          { op: 'add', path: '/channel', value: '1' },
          { op: 'add', path: '/enabled', value: false },
        ],
      });
      expect(oldest!.at).toMatch(ISO);
      expect(newest).toMatchObject({
        version: 2,
        action: 'revert',
        author: null,
        revertOf: 7,
        patch: [
          { op: 'test', path: '/channel', value: '1' },
          { op: 'replace', path: '/channel', value: '2' },
        ],
      });
      expect(newest!.id).toBeGreaterThan(oldest!.id);
      expect(await storage.history.get(guild, newest!.id)).toEqual(newest);
      // Another guild's id is not this guild's entry.
      expect(await storage.history.get(unique('g'), newest!.id)).toBeNull();
    });

    it('records nothing without a change, nor for a refused (stale) put', async () => {
      const guild = unique('g');
      await storage.settings.put(guild, 'welcome', { channel: '1' }, 0);
      const stale = await storage.settings.put(guild, 'welcome', { channel: '2' }, 0, save);
      expect(stale).toMatchObject({ ok: false, current: { version: 1, data: { channel: '1' } } });
      const ahead = await storage.settings.put(guild, 'welcome', { channel: '3' }, 5, save);
      expect(ahead.ok).toBe(false);
      expect(await all(guild)).toEqual([]);
    });

    it('of several concurrent recorded puts of one version, exactly one wins and is recorded once', async () => {
      const guild = unique('g');
      await storage.settings.put(guild, 'race', { n: 0 }, 0, save);
      const puts = await Promise.all([1, 2, 3, 4, 5].map((n) => storage.settings.put(guild, 'race', { n }, 1, save)));
      const winners = puts.filter((r) => r.ok);
      expect(winners).toHaveLength(1);
      const [latest] = await all(guild);
      expect(latest).toMatchObject({
        version: 2,
        patch: [
          { op: 'test', path: '/n', value: 0 },
          { op: 'replace', path: '/n' },
        ],
      });
      expect((await all(guild)).length).toBe(2);
    });

    it('leaves neither the save nor its entry when the history insert fails, and settings keep their version', async () => {
      const guild = unique('fail-history');
      await storage.settings.put(guild, 'welcome', { channel: '1' }, 0, save);
      const allow = await database.refuse('history', guild);
      await expect(storage.settings.put(guild, 'welcome', { channel: '2' }, 1, save)).rejects.toThrow(/injected/);
      await expect(storage.settings.put(guild, 'other', { first: true }, 0, save)).rejects.toThrow(/injected/);
      expect(await storage.settings.get(guild, 'welcome')).toMatchObject({ version: 1, data: { channel: '1' } });
      expect(await storage.settings.get(guild, 'other')).toBeNull();
      expect((await all(guild)).map((e) => e.version)).toEqual([1]);
      // Records too: the insert, the replace and the delete are undone with their entry.
      await expect(storage.records.insertCapped('panels', { guildId: guild, data: { a: 1 } }, 10, save)).rejects.toThrow(/injected/);
      expect(await storage.records.count('panels', { guildId: guild })).toBe(0);
      const kept = await storage.records.insert('panels', { guildId: guild, data: { a: 1 } });
      await expect(storage.records.replace('panels', kept.id, { a: 2 }, 1, save)).rejects.toThrow(/injected/);
      await expect(storage.records.delete('panels', kept.id, save)).rejects.toThrow(/injected/);
      expect(await storage.records.get('panels', kept.id)).toEqual(kept);
      // The settings save works again once the failure is gone, from the version it was at.
      await allow();
      expect(await storage.settings.put(guild, 'welcome', { channel: '2' }, 1, save)).toMatchObject({ ok: true, document: { version: 2 } });
    });

    it('leaves no entry when the settings write itself fails', async () => {
      const guild = unique('fail-settings');
      const allow = await database.refuse('settings', guild);
      try {
        await expect(storage.settings.put(guild, 'welcome', { channel: '1' }, 0, save)).rejects.toThrow(/injected/);
        await expect(
          storage.settings.putMany(guild, [{ section: 'welcome', data: { channel: '1' }, expectedVersion: 0 }], save),
        ).rejects.toThrow(/injected/);
        expect(await all(guild)).toEqual([]);
      } finally {
        await allow();
      }
    });

    it('putMany writes every section with its entry, or none when one version is stale', async () => {
      const guild = unique('g');
      await storage.settings.put(guild, 'b', { v: 'b1' }, 0);
      const done = await storage.settings.putMany(
        guild,
        [
          { section: 'b', data: { v: 'b2' }, expectedVersion: 1 },
          { section: 'a', data: { v: 'a1' }, expectedVersion: 0 },
        ],
        { author: alice, action: 'import' },
      );
      expect(done.ok).toBe(true);
      if (!done.ok) return;
      // In the order given.
      expect(done.documents.map((d) => [d.section, d.version])).toEqual([
        ['b', 2],
        ['a', 1],
      ]);
      expect((await all(guild)).map((e) => [e.key, e.version, e.action])).toEqual(
        expect.arrayContaining([
          ['a', 1, 'import'],
          ['b', 2, 'import'],
        ]),
      );

      const refused = await storage.settings.putMany(
        guild,
        [
          { section: 'a', data: { v: 'a2' }, expectedVersion: 1 },
          { section: 'b', data: { v: 'b3' }, expectedVersion: 1 },
          { section: 'c', data: { v: 'c1' }, expectedVersion: 0 },
        ],
        { author: alice, action: 'import' },
      );
      expect(refused).toMatchObject({ ok: false, section: 'b', current: { version: 2, data: { v: 'b2' } } });
      expect(await storage.settings.get(guild, 'a')).toMatchObject({ version: 1, data: { v: 'a1' } });
      expect(await storage.settings.get(guild, 'c')).toBeNull();
      expect(await all(guild)).toHaveLength(2);
    });

    it('records item inserts, replaces and deletes with a change, and nothing without', async () => {
      const guild = unique('g');
      const note = (action: 'create' | 'update' | 'delete') => ({ author: alice, action });
      const item = await storage.records.insertCapped('panels', { guildId: guild, data: { title: 'One' } }, 5, note('create'));
      expect(item).not.toBeNull();
      const replaced = await storage.records.replace('panels', item!.id, { title: 'Two' }, 1, note('update'));
      expect(replaced.ok).toBe(true);
      expect(await storage.records.replace('panels', item!.id, { title: 'Stale' }, 1, note('update'))).toMatchObject({ ok: false });
      expect(await storage.records.delete('panels', item!.id, note('delete'))).toBe(true);
      expect(await storage.records.delete('panels', item!.id, note('delete'))).toBe(false);
      const unrecorded = await storage.records.insertCapped('panels', { guildId: guild, data: { title: 'Quiet' } }, 5);
      await storage.records.replace('panels', unrecorded!.id, { title: 'Still quiet' }, 1);
      await storage.records.delete('panels', unrecorded!.id);

      const entries = (await all(guild)).reverse();
      expect(entries.map((e) => [e.scope, e.key, e.itemId, e.action, e.version])).toEqual([
        ['records', 'panels', item!.id, 'create', 1],
        ['records', 'panels', item!.id, 'update', 2],
        ['records', 'panels', item!.id, 'delete', 0],
      ]);
      expect(entries[0]!.patch).toEqual([{ op: 'add', path: '/title', value: 'One' }]);
      expect(entries[1]!.patch).toEqual([
        { op: 'test', path: '/title', value: 'One' },
        { op: 'replace', path: '/title', value: 'Two' },
      ]);
      expect(entries[2]!.patch).toEqual([
        { op: 'test', path: '/title', value: 'Two' },
        { op: 'remove', path: '/title' },
      ]);
    });

    it("records nothing for the server's own records (no guild), even given a change", async () => {
      const collection = unique('system');
      const latest = await storage.history.latestId();
      const record = await storage.records.insert(collection, { guildId: null, data: { value: 'one' } });
      const replaced = await storage.records.replace(collection, record.id, { value: 'two' }, 1, { author: alice, action: 'update' });
      expect(replaced).toMatchObject({ ok: true, record: { version: 2, data: { value: 'two' } } });
      expect(await storage.records.delete(collection, record.id, { author: alice, action: 'delete' })).toBe(true);
      expect(await storage.records.get(collection, record.id)).toBeNull();
      expect(await storage.history.latestId()).toBe(latest);
    });

    it("keeps the newest 500 entries of each section of a guild: another section's and another guild's are untouched", async () => {
      const [guild, other] = [unique('g'), unique('g')];
      await storage.settings.put(other, 'seeded', { n: 0 }, 0, save);
      // Older than every seeded entry: a guild-wide retention would drop it first.
      await storage.settings.put(guild, 'welcome', { n: 0 }, 0, save);
      const item = await storage.records.insertCapped('panels', { guildId: guild, data: {} }, 5, { author: alice, action: 'create' });
      // Seeded directly (section 'seeded', versions 1..510): 510 saves one by one would only make the test slow.
      await database.seedHistory(guild, 510);
      expect(await all(guild)).toHaveLength(512);
      await storage.settings.put(guild, 'seeded', { n: 1 }, 0, save);
      const seeded = await storage.history.list(guild, { scope: 'settings', key: 'seeded', limit: 1000 });
      expect(seeded).toHaveLength(500);
      expect(seeded[0]).toMatchObject({ key: 'seeded', version: 1, action: 'save' });
      // The seeded 1..11 were the oldest: 12..510 stay, with the new entry.
      expect(seeded.at(-1)).toMatchObject({ key: 'seeded', version: 12 });
      const kept = await all(guild);
      expect(kept).toHaveLength(502);
      expect(kept.filter((e) => e.key !== 'seeded').map((e) => [e.key, e.itemId])).toEqual([
        ['panels', item!.id],
        ['welcome', null],
      ]);
      expect(await all(other)).toHaveLength(1);
      // What was dropped is known, per guild: a feed cursor before it must read everything again, one after it need not.
      const welcome = kept.find((e) => e.key === 'welcome')!;
      expect(await storage.history.droppedAfter(welcome.id, [guild])).toBe(true);
      expect(await storage.history.droppedAfter(welcome.id)).toBe(true);
      expect(await storage.history.droppedAfter(seeded.at(-1)!.id, [guild])).toBe(false);
      expect(await storage.history.droppedAfter(welcome.id, [other])).toBe(false);
    });

    it('lists only the subjects named, or all but those, in one read, paging as before', async () => {
      const guild = unique('g');
      await storage.settings.put(guild, 'welcome', { n: 1 }, 0, save);
      const item = await storage.records.insertCapped('panels', { guildId: guild, data: {} }, 5, { author: alice, action: 'create' });
      for (let version = 0; version < 5; version++) await storage.settings.put(guild, 'antinuke', { n: version }, version, save);
      const keys = async (filter: Omit<Parameters<typeof storage.history.list>[1], 'limit'>, limit = 10) =>
        (await storage.history.list(guild, { limit, ...filter })).map((e) => `${e.key}@${e.version}`);
      const antinuke = { scope: 'settings', key: 'antinuke' } as const;
      const welcome = { scope: 'settings', key: 'welcome' } as const;
      expect(await keys({ exceptSubjects: [antinuke] }, 1)).toEqual(['panels@1']);
      expect(await keys({ exceptSubjects: [antinuke] })).toEqual(['panels@1', 'welcome@1']);
      expect(await keys({ exceptSubjects: [antinuke, welcome] })).toEqual(['panels@1']);
      expect(await keys({ exceptSubjects: [] }, 2)).toEqual(['antinuke@5', 'antinuke@4']);
      expect(await keys({ onlySubjects: [welcome, { scope: 'records', key: 'panels' }] })).toEqual(['panels@1', 'welcome@1']);
      // A scope is part of the subject: settings named 'panels' are not the collection.
      expect(await keys({ onlySubjects: [{ scope: 'settings', key: 'panels' }] })).toEqual([]);
      expect(await keys({ onlySubjects: [] })).toEqual([]);
      const newest = await storage.history.list(guild, { onlySubjects: [antinuke], limit: 2 });
      expect(await keys({ onlySubjects: [antinuke], before: newest[1]!.id }, 2)).toEqual(['antinuke@3', 'antinuke@2']);
      expect(await keys({ onlySubjects: [welcome], userId: alice.userId, scope: 'settings' })).toEqual(['welcome@1']);
      expect(await keys({ exceptSubjects: [welcome], scope: 'records', key: 'panels', itemId: item!.id })).toEqual(['panels@1']);
    });

    it('lists newest first with filters and paging; since answers every guild oldest first, after a cursor', async () => {
      const [guild, other] = [unique('g'), unique('g')];
      const bob = { userId: '1100000000000000102', userName: 'Bob', avatar: null };
      const start = await storage.history.latestId();
      await storage.settings.put(guild, 'welcome', { n: 1 }, 0, save);
      await storage.settings.put(other, 'welcome', { n: 1 }, 0, save);
      await storage.settings.put(guild, 'basic', { n: 1 }, 0, { author: bob, action: 'save' });
      const item = await storage.records.insertCapped('panels', { guildId: guild, data: { n: 1 } }, 5, { author: bob, action: 'create' });
      await storage.settings.put(guild, 'welcome', { n: 2 }, 1, save);

      const ids = (await all(guild)).map((e) => e.id);
      expect(ids).toEqual([...ids].sort((a, b) => b - a));
      expect(ids).toHaveLength(4);
      const keyOf = async (filter: Omit<Parameters<typeof storage.history.list>[1], 'limit'>) =>
        (await storage.history.list(guild, { limit: 10, ...filter })).map((e) => `${e.key}@${e.version}`);
      expect(await keyOf({ scope: 'settings', key: 'welcome' })).toEqual(['welcome@2', 'welcome@1']);
      expect(await keyOf({ userId: bob.userId })).toEqual(['panels@1', 'basic@1']);
      expect(await keyOf({ scope: 'records', key: 'panels', itemId: item!.id })).toEqual(['panels@1']);
      expect(await keyOf({ before: ids[1]! })).toEqual(['basic@1', 'welcome@1']);
      expect(await storage.history.list(guild, { limit: 1 })).toHaveLength(1);

      const feed = await storage.history.since(start, 100);
      expect(feed.map((e) => [e.guildId, e.key, e.version])).toEqual([
        [guild, 'welcome', 1],
        [other, 'welcome', 1],
        [guild, 'basic', 1],
        [guild, 'panels', 1],
        [guild, 'welcome', 2],
      ]);
      expect(await storage.history.latestId()).toBe(feed.at(-1)!.id);
      expect((await storage.history.since(feed[1]!.id, 2)).map((e) => e.id)).toEqual([feed[2]!.id, feed[3]!.id]);
      expect((await storage.history.since(start, 100, [other])).map((e) => e.guildId)).toEqual([other]);
      expect(await storage.history.since(start, 100, [])).toEqual([]);
    });

    it('through the read cache: a recorded put and a putMany update what it serves, and history is read through', async () => {
      const cached = withReadCache(storage, { ttlMs: 60_000 });
      const guild = unique('g');
      // Both read once, so "nothing stored" is what the cache holds for them.
      expect(await cached.settings.get(guild, 'a')).toBeNull();
      expect(await cached.settings.get(guild, 'b')).toBeNull();
      expect((await cached.settings.put(guild, 'a', { n: 1 }, 0, save)).ok).toBe(true);
      expect(await cached.settings.get(guild, 'a')).toMatchObject({ version: 1, data: { n: 1 } });
      const many = await cached.settings.putMany(
        guild,
        [
          { section: 'a', data: { n: 2 }, expectedVersion: 1 },
          { section: 'b', data: { n: 1 }, expectedVersion: 0 },
        ],
        save,
      );
      expect(many.ok).toBe(true);
      expect(await cached.settings.get(guild, 'a')).toMatchObject({ version: 2, data: { n: 2 } });
      expect(await cached.settings.get(guild, 'b')).toMatchObject({ version: 1, data: { n: 1 } });
      expect((await cached.history.list(guild, { limit: 10 })).map((e) => `${e.key}@${e.version}`).sort()).toEqual(['a@1', 'a@2', 'b@1']);
    });

    it('hands out ids in commit order: a change that commits later never has the smaller id', async () => {
      const [slow, fast] = [unique('slow'), unique('fast')];
      // The slow guild's write holds its history id for 400 ms before it commits.
      const release = await database.linger(slow, 400);
      try {
        const start = await storage.history.latestId();
        const committed: string[] = [];
        const first = storage.settings.put(slow, 'welcome', { n: 1 }, 0, save).then(() => committed.push(slow));
        // Kept: no engine says when a write is inside its linger (a trigger's pg_sleep, a held Mongo call), so 100 ms
        // lets it get there before the fast write starts, and 100 ms more before the read, well inside the 400 ms.
        await sleep(100);
        const second = storage.settings.put(fast, 'welcome', { n: 1 }, 0, save).then(() => committed.push(fast));
        await sleep(100);
        // A feed reader meanwhile sees a prefix of the commit order, never the fast entry ahead of a smaller id still to
        // come (on a server: nothing yet; PGlite, one connection, runs the read after both transactions).
        const seen = (await storage.history.since(start, 10, [slow, fast])).map((e) => e.guildId);
        expect([[], [slow], [slow, fast]]).toContainEqual(seen);
        await Promise.all([first, second]);
        expect(committed).toEqual([slow, fast]);
        const feed = await storage.history.since(start, 10, [slow, fast]);
        expect(feed.map((e) => e.guildId)).toEqual([slow, fast]);
      } finally {
        await release();
      }
    });
  });

  describe('history watch', () => {
    const save = { author: null, action: 'save' } as const;
    /** A watch on `on` that counts its calls. */
    const counting = async (on: StoragePort) => {
      let calls = 0;
      const watch = await on.history.watch(() => (calls += 1));
      return { watch, calls: () => calls };
    };
    /** Waits `ms` (what a notification would take, many times over) and says whether the count moved. */
    const movedWithin = async (calls: () => number, ms: number) => {
      const before = calls();
      const deadline = Date.now() + ms;
      while (Date.now() < deadline && calls() === before) await sleep(5);
      return calls() !== before;
    };

    it('says how it hears of other instances, and stops', async () => {
      const { watch } = await counting(storage);
      expect(watch.source).toBe(await harness().watchSource());
      await watch.stop();
      await watch.stop();
    });

    it("is woken by another instance's recorded commits only (a watch of none: by nothing), not by writes without a change note, a refused put, or a rolled-back one", async () => {
      const source = await harness().watchSource();
      // PGlite has no other instance: its own commits stand in for one (and wake nothing either).
      const other = harness().concurrentInstances ? database.open() : storage;
      if (other !== storage) await other.init();
      const { watch, calls } = await counting(storage);
      try {
        const guild = unique('g');
        await other.settings.put(guild, 'basic', { n: 1 }, 0, save);
        await other.records.insertCapped('panels', { guildId: guild, data: {} }, 10, { author: null, action: 'create' });
        if (source === 'none') expect(await movedWithin(calls, 300)).toBe(false);
        else await expect.poll(calls, { timeout: 3000, interval: 5 }).toBeGreaterThan(0);

        // Writes that record no history commit nothing a reader of it could miss. (Waited out first: a change stream
        // may call once per insert, a moment apart.)
        await sleep(300);
        let settled = calls();
        await other.settings.put(guild, 'quiet', { n: 1 }, 0);
        await other.records.insert('panels', { guildId: guild, data: {} });
        await other.sessions.set(guild, { user: 'alice' }, new Date(Date.now() + 60_000));
        expect(await other.settings.put(guild, 'basic', { n: 2 }, 0, save)).toMatchObject({ ok: false });
        const undo = await database.refuse('history', guild);
        try {
          await expect(other.settings.put(guild, 'basic', { n: 3 }, 1, save)).rejects.toThrow(/injected/);
        } finally {
          await undo();
        }
        expect(await movedWithin(calls, 300)).toBe(false);
        expect(calls()).toBe(settled);

        // After stop, a recorded commit calls nothing.
        await watch.stop();
        settled = calls();
        await other.settings.put(guild, 'basic', { n: 4 }, 1, save);
        expect(await movedWithin(calls, 300)).toBe(false);
      } finally {
        await watch.stop();
        if (other !== storage) await other.close();
      }
    });

    it("is not woken by its own instance's commits, but for a change stream, which sees every insert (that instance wakes its readers itself)", async () => {
      const source = await harness().watchSource();
      const { watch, calls } = await counting(storage);
      try {
        await storage.settings.put(unique('g'), 'basic', { n: 1 }, 0, save);
        const moved = await movedWithin(calls, 300);
        if (source !== 'change-stream') expect(moved).toBe(false);
      } finally {
        await watch.stop();
      }
    });
  });

  describe('lifecycle', () => {
    it('applies migrations once: a second init, on the same or a new instance, changes nothing', async () => {
      const ids = harness().migrationIds;
      expect(await harness().appliedMigrations(storage)).toEqual(ids);
      await storage.init();
      expect(await harness().appliedMigrations(storage)).toEqual(ids);
      if (harness().concurrentInstances) {
        const second = database.open();
        try {
          await second.init();
          expect(await harness().appliedMigrations(second)).toEqual(ids);
        } finally {
          await second.close();
        }
      }
    });

    it('keeps everything across close and reopen, and close is idempotent', async () => {
      const db = await harness().createDatabase();
      try {
        const first = db.open();
        await first.init();
        await first.settings.put('g', 'general', { kept: true }, 0);
        const record = await first.records.insert('panels', { guildId: 'g', data: { kept: 'record' } });
        await first.sessions.set('sid', { kept: 'session' }, new Date(Date.now() + 60_000));
        await first.close();
        await first.close();
        await expect(first.ping()).rejects.toThrow();
        await expect(first.settings.get('g', 'general')).rejects.toThrow();

        const second = db.open();
        try {
          await second.init();
          await second.ping();
          expect(await second.settings.get('g', 'general')).toMatchObject({ version: 1, data: { kept: true } });
          expect(await second.records.get('panels', record.id)).toEqual(record);
          expect(await second.sessions.get('sid')).toEqual({ kept: 'session' });
          expect(await harness().appliedMigrations(second)).toEqual(harness().migrationIds);
        } finally {
          await second.close();
        }
      } finally {
        await db.dispose();
      }
    });

    if (!harness().concurrentInstances) {
      it('refuses a second instance while one is open, naming the process, and opens again once it closes', async () => {
        const db = await harness().createDatabase();
        try {
          const first = db.open();
          await first.init();
          await first.settings.put('g', 'kept', { kept: true }, 0);
          const second = db.open();
          const refused = await second.init().then(
            () => undefined,
            (err: unknown) => err,
          );
          expect(refused).toBeInstanceOf(DataDirInUseError);
          expect((refused as Error).message).toMatch(`already in use by process ${process.pid}. Stop that Guildhall, or set DATA_DIR`);
          await second.close();
          // The refused instance touched nothing: the first still works, and its data is whole.
          expect(await first.settings.get('g', 'kept')).toMatchObject({ version: 1, data: { kept: true } });
          await first.close();
          const third = db.open();
          await third.init();
          expect(await third.settings.get('g', 'kept')).toMatchObject({ version: 1, data: { kept: true } });
          await third.close();
        } finally {
          await db.dispose();
        }
      });
      return;
    }

    it('lets several instances start at once on one database', async () => {
      const db = await harness().createDatabase();
      const instances = Array.from({ length: 4 }, () => db.open());
      try {
        await Promise.all(instances.map((s) => s.init()));
        for (const s of instances) expect(await harness().appliedMigrations(s)).toEqual(harness().migrationIds);
        const puts = await Promise.all(instances.map((s, i) => s.settings.put('g', 'race', { i }, 0)));
        expect(puts.filter((r) => r.ok)).toHaveLength(1);
      } finally {
        await Promise.all(instances.map((s) => s.close()));
        await db.dispose();
      }
    });
  });
}

/** PostgreSQL-specific: the migration runner, on either executor. */
function migrationRunnerTests(newDatabase: () => Promise<{ executor(): SqlExecutor; dispose(): Promise<void> }>) {
  const probe = (id: string, sql: string): Migration => ({ id, sql });
  const open = (executor: SqlExecutor, migrations: readonly Migration[]) => new PostgresStorage(executor, { migrations });

  it('applies only pending migrations, in order, once, and rolls back a failing one', async () => {
    const db = await newDatabase();
    try {
      const first = open(db.executor(), MIGRATIONS);
      await first.init();
      expect(first.appliedMigrations).toEqual(MIGRATIONS.map((m) => m.id));
      await first.close();

      const withMore = [
        ...MIGRATIONS,
        probe('900-probe-a', `CREATE TABLE probe (step text NOT NULL); INSERT INTO probe VALUES ('a');`),
        probe('901-probe-b', `INSERT INTO probe VALUES ('b');`),
      ];
      const second = open(db.executor(), withMore);
      await second.init();
      expect(second.appliedMigrations).toEqual(['900-probe-a', '901-probe-b']);
      await second.close();

      const broken = [...withMore, probe('902-broken', `INSERT INTO probe VALUES ('broken'); SELECT 1 / 0;`)];
      const third = open(db.executor(), broken);
      await expect(third.init()).rejects.toThrow(/division by zero/);
      // A failed init may be retried; the broken migration is still pending, and still fails.
      await expect(third.init()).rejects.toThrow(/division by zero/);
      await third.close();

      const fixed = [...withMore, probe('902-fixed', `INSERT INTO probe VALUES ('c');`)];
      const executor = db.executor();
      const fourth = open(executor, fixed);
      await fourth.init();
      expect(fourth.appliedMigrations).toEqual(['902-fixed']);
      await fourth.init();
      expect(await fourth.listAppliedMigrations()).toEqual(fixed.map((m) => m.id));
      const steps = await executor.query<{ step: string }>('SELECT step FROM probe ORDER BY step');
      expect(steps.map((r) => r.step)).toEqual(['a', 'b', 'c']);
      await fourth.close();

      const fifth = open(db.executor(), fixed);
      await fifth.init();
      expect(fifth.appliedMigrations).toEqual([]);
      await fifth.close();
    } finally {
      await db.dispose();
    }
  });

  it('refuses a migration list that is not in id order', async () => {
    const db = await newDatabase();
    try {
      const storage = open(db.executor(), [probe('002-b', 'SELECT 1'), probe('001-a', 'SELECT 1')]);
      await expect(storage.init()).rejects.toThrow(/order/);
      await storage.close();
    } finally {
      await db.dispose();
    }
  });
}

/** The failure injections and seeding of a PostgreSQL database, through SQL run beside the storage (triggers). */
function postgresHelpers(sql: (text: string) => Promise<void>): Pick<TestDatabase, 'refuse' | 'linger' | 'seedHistory'> {
  let n = 0;
  const trigger = async (table: string, timing: string, guildId: string, body: string) => {
    const name = `inject_${++n}`;
    await sql(`
      CREATE OR REPLACE FUNCTION ${name}() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN ${body} END $$;
      CREATE TRIGGER ${name} ${timing} ON ${table} FOR EACH ROW WHEN (NEW.guild_id = '${guildId}') EXECUTE FUNCTION ${name}();
    `);
    return () => sql(`DROP TRIGGER ${name} ON ${table}`);
  };
  return {
    refuse: (target, guildId) =>
      trigger(
        target,
        target === 'history' ? 'BEFORE INSERT' : 'BEFORE INSERT OR UPDATE',
        guildId,
        `RAISE EXCEPTION 'injected ${target} failure';`,
      ),
    linger: (guildId, ms) => trigger('history', 'AFTER INSERT', guildId, `PERFORM pg_sleep(${ms / 1000}); RETURN NULL;`),
    seedHistory: (guildId, count) =>
      sql(`
        INSERT INTO history (guild_id, scope, key, item_id, version, action, author, patch, revert_of, at)
        SELECT '${guildId}', 'settings', 'seeded', NULL, n, 'save', NULL, '[]'::jsonb, NULL, now()
        FROM generate_series(1, ${count}) AS n
      `),
  };
}

// PGlite: initdb in WASM takes seconds, so each fresh database is a copy of one initialised once.
describe('PGlite storage', () => {
  let root: string;
  let template: string;
  let counter = 0;

  beforeAll(async () => {
    root = await mkdtemp(path.join(os.tmpdir(), 'guildhall-storage-'));
    template = path.join(root, 'template');
    const executor = new PgliteExecutor(pgliteDirectory(template));
    await executor.query('SELECT 1');
    await executor.close();
  });
  afterAll(async () => {
    if (root) await rm(root, { recursive: true, force: true });
  });

  const newDataDir = async () => {
    const dataDir = path.join(root, `db${++counter}`);
    await cp(template, dataDir, { recursive: true });
    return dataDir;
  };

  storageContract(() => ({
    kind: 'pglite',
    concurrentInstances: false,
    // One process owns the directory: there is no other instance to hear.
    watchSource: async () => 'none',
    createDatabase: async () => {
      const dataDir = await newDataDir();
      // PGlite is one connection owned by one executor: SQL beside the storage goes through the open instance's.
      let executor: PgliteExecutor | undefined;
      return {
        open: () => new PostgresStorage((executor = new PgliteExecutor(pgliteDirectory(dataDir)))),
        ...postgresHelpers(async (text) => {
          if (!executor) throw new Error('open the database first');
          await executor.exec(text);
        }),
        dispose: () => rm(dataDir, { recursive: true, force: true }),
      };
    },
    appliedMigrations: (storage) => (storage as PostgresStorage).listAppliedMigrations(),
    migrationIds: MIGRATIONS.map((m) => m.id),
  }));

  migrationRunnerTests(async () => {
    const dataDir = await newDataDir();
    return {
      executor: () => new PgliteExecutor(pgliteDirectory(dataDir)),
      dispose: () => rm(dataDir, { recursive: true, force: true }),
    };
  });

  it('takes over a lock left by a process that died, and refuses one held by a live process', async () => {
    const dataDir = await newDataDir();
    const lock = lockFile(pgliteDirectory(dataDir));
    const dead = spawnSync(process.execPath, ['-e', '0']).pid;
    await writeFile(lock, `${dead}\n`);
    const storage = createStorage({ dataDir });
    await storage.init();
    expect((await readFile(lock, 'utf8')).trim()).toBe(String(process.pid));
    await storage.close();
    await expect(readFile(lock)).rejects.toMatchObject({ code: 'ENOENT' });

    const other = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60_000)']);
    try {
      await writeFile(lock, `${other.pid}\n`);
      const refused = createStorage({ dataDir });
      await expect(refused.init()).rejects.toThrow(`already in use by process ${other.pid}`);
      await refused.close();
      expect((await readFile(lock, 'utf8')).trim()).toBe(String(other.pid));
    } finally {
      other.kill();
      await rm(dataDir, { recursive: true, force: true });
    }
  });

  it('creates the data directory, and nothing is opened before init', async () => {
    const dataDir = path.join(root, 'fresh', 'nested');
    const storage = createStorage({ dataDir });
    expect(storage.kind).toBe('pglite');
    await expect(storage.ping()).rejects.toThrow(/init/);
    await storage.close();
  });
});

const binaries = postgresBinaries;

// Outside CI a machine without PostgreSQL reports this suite as skipped; in CI it must run, and fails.
describe.skipIf(!binaries && !ci)('PostgreSQL server storage', () => {
  let server: PostgresServer | undefined;

  beforeAll(async () => {
    if (!binaries) {
      throw new Error(
        'CI is set, so the PostgreSQL server contract cannot be skipped, but initdb/pg_ctl were not found: install postgresql.',
      );
    }
    server = await startPostgresServer();
  });
  afterAll(async () => {
    await server?.stop();
  });

  const newDatabase = async () => {
    if (!server) throw new Error('PostgreSQL server not started');
    const url = await server.createDatabase();
    return { url, dispose: async () => {} };
  };

  storageContract(() => ({
    kind: 'postgres',
    concurrentInstances: true,
    watchSource: async () => 'listen-notify',
    createDatabase: async () => {
      const { url, dispose } = await newDatabase();
      return {
        open: () => createStorage({ dataDir: '/nonexistent', databaseUrl: url }),
        ...postgresHelpers(async (text) => {
          const client = new pg.Client({ connectionString: url });
          await client.connect();
          try {
            await client.query(text);
          } finally {
            await client.end();
          }
        }),
        dispose,
      };
    },
    appliedMigrations: (storage) => (storage as PostgresStorage).listAppliedMigrations(),
    migrationIds: MIGRATIONS.map((m) => m.id),
  }));

  migrationRunnerTests(async () => {
    const { url, dispose } = await newDatabase();
    return { executor: () => new PgExecutor({ connectionString: url }), dispose };
  });

  it('listens on a connection of its own and, when the server cuts it, listens again and calls once: commits meanwhile were not heard', async () => {
    const { url } = await newDatabase();
    const [watching, writing] = [
      createStorage({ dataDir: '/nonexistent', databaseUrl: url }),
      createStorage({ dataDir: '/nonexistent', databaseUrl: url }),
    ];
    const admin = new pg.Client({ connectionString: url });
    try {
      await Promise.all([watching.init(), writing.init(), admin.connect()]);
      let calls = 0;
      const watch = await watching.history.watch(() => (calls += 1));
      expect(watch.source).toBe('listen-notify');
      const pid = (watching as PostgresStorage).listenerPid;
      const listeners = await admin.query<{ pid: number; query: string }>(
        'SELECT pid, query FROM pg_stat_activity WHERE application_name = $1 AND datname = current_database()',
        [LISTENER_APPLICATION_NAME],
      );
      expect(listeners.rows).toEqual([{ pid, query: 'LISTEN "guildhall_history"' }]);

      expect((await admin.query('SELECT pg_terminate_backend($1, 5000) AS done', [pid])).rows[0]).toEqual({ done: true });
      // Committed while nobody listens: only the call once it listens again tells the watcher to read.
      await writing.settings.put(unique('g'), 'basic', { n: 1 }, 0, { author: null, action: 'save' });
      await expect.poll(() => calls, { timeout: 5000, interval: 5 }).toBe(1);
      const again = (watching as PostgresStorage).listenerPid;
      expect(again).not.toBeNull();
      expect(again).not.toBe(pid);
      await writing.settings.put(unique('g'), 'basic', { n: 1 }, 0, { author: null, action: 'save' });
      await expect.poll(() => calls, { timeout: 3000, interval: 5 }).toBe(2);

      // Closing the storage closes its listening connection.
      await watching.close();
      await expect
        .poll(
          async () =>
            (
              await admin.query('SELECT pid FROM pg_stat_activity WHERE application_name = $1 AND datname = current_database()', [
                LISTENER_APPLICATION_NAME,
              ])
            ).rowCount,
          {
            timeout: 3000,
          },
        )
        .toBe(0);
    } finally {
      await Promise.all([watching.close(), writing.close(), admin.end()]);
    }
  });

  it('creates the expected tables, columns and indexes', async () => {
    const { url } = await newDatabase();
    const storage = createStorage({ dataDir: '/nonexistent', databaseUrl: url });
    await storage.init();
    await storage.close();
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      const { rows } = await client.query<{ table_name: string; column_name: string }>(
        `SELECT table_name, column_name FROM information_schema.columns
         WHERE table_schema = 'public' ORDER BY table_name, ordinal_position`,
      );
      const columns = rows.map((r) => `${r.table_name}.${r.column_name}`);
      expect(columns).toEqual([
        'history.id',
        'history.guild_id',
        'history.scope',
        'history.key',
        'history.item_id',
        'history.version',
        'history.action',
        'history.author',
        'history.patch',
        'history.revert_of',
        'history.at',
        'history_dropped.guild_id',
        'history_dropped.max_id',
        'records.collection',
        'records.id',
        'records.guild_id',
        'records.data',
        'records.created_at',
        'records.updated_at',
        'records.seq',
        'records.version',
        'schema_migrations.id',
        'schema_migrations.applied_at',
        'sessions.sid',
        'sessions.data',
        'sessions.expires_at',
        'settings.guild_id',
        'settings.section',
        'settings.version',
        'settings.data',
        'settings.updated_at',
      ]);
      const indexes = await client.query<{ indexname: string }>(
        `SELECT indexname FROM pg_indexes WHERE schemaname = 'public' ORDER BY indexname`,
      );
      expect(indexes.rows.map((r) => r.indexname)).toEqual(
        expect.arrayContaining([
          'records_collection_guild_created_idx',
          'sessions_expires_at_idx',
          'history_guild_id_idx',
          'history_guild_key_idx',
          'history_guild_author_idx',
          'history_guild_subject_idx',
        ]),
      );
    } finally {
      await client.end();
    }
  });
});

/** The write methods of the driver's collection the MongoDB adapter uses, for failure injection beside it. */
const MONGO_WRITES = ['insertOne', 'insertMany', 'replaceOne', 'findOneAndReplace', 'findOneAndUpdate', 'updateOne', 'updateMany'] as const;

/** Whether a driver write (its arguments) touches a document of `guildId`: by its `_id` ("guildId:...") or its guildId. */
function touchesGuild(args: unknown[], guildId: string): boolean {
  const docs = (Array.isArray(args[0]) ? args[0] : [args[0], args[1]]) as { _id?: unknown; guildId?: unknown }[];
  return docs.some((doc) => doc && (doc.guildId === guildId || (typeof doc._id === 'string' && doc._id.startsWith(`${guildId}:`))));
}

// MongoDB: the npm wire server (scripts/support/mongo-wire-server.mjs) by default, a real server when MONGODB_TEST_URL is set.
describe('MongoDB storage', () => {
  let mongo: TestMongo | undefined;

  beforeAll(async () => {
    mongo = await startMongoForTests();
  });
  afterAll(async () => {
    await mongo?.stop();
  });

  storageContract(() => ({
    kind: 'mongodb',
    concurrentInstances: true,
    // The wire server is one node; a real MongoDB at MONGODB_TEST_URL streams when its hello names a replica set.
    watchSource: async () => {
      if (mongo?.kind === 'wire-server') return 'none';
      const connection = await mongoose.createConnection(mongo!.url(unique('hello'))).asPromise();
      try {
        const hello = await connection.db!.admin().command({ hello: 1 });
        return hello.setName ? 'change-stream' : 'none';
      } finally {
        await connection.close();
      }
    },
    createDatabase: async () => {
      if (!mongo) throw new Error('MongoDB not started');
      const url = mongo.url(unique('contract'));
      let latest: MongoStorage | undefined;
      /** The driver's collection `name` under the instance opened last (injections act beside the storage). */
      const driverCollection = (name: string) => {
        // mongoose's collection holds the driver's, the one every model call goes through.
        const collection = (
          latest?.mongooseConnection?.collections[name] as unknown as { collection?: Record<string, unknown> } | undefined
        )?.collection;
        if (!collection) throw new Error('open and init the database first');
        return collection;
      };
      /** Wraps the collection's write methods for writes touching `guildId`; the function returned unwraps them. */
      const intercept = (name: string, guildId: string, around: (write: () => Promise<unknown>) => Promise<unknown>) => {
        const collection = driverCollection(name);
        const originals = MONGO_WRITES.map((method) => [method, collection[method]] as const);
        for (const [method, original] of originals) {
          collection[method] = (...args: unknown[]) => {
            const write = () => (original as (...a: unknown[]) => Promise<unknown>).apply(collection, args);
            return touchesGuild(args, guildId) ? around(write) : write();
          };
        }
        return async () => {
          for (const [method, original] of originals) collection[method] = original;
        };
      };
      return {
        open: () => (latest = createStorage({ dataDir: '/nonexistent', databaseUrl: url }) as MongoStorage),
        refuse: async (target, guildId) => intercept(target, guildId, () => Promise.reject(new Error(`injected ${target} failure`))),
        linger: async (guildId, ms) =>
          intercept('history', guildId, async (write) => {
            const result = await write();
            await sleep(ms);
            return result;
          }),
        seedHistory: async (guildId, count) => {
          const locks = driverCollection('locks') as unknown as import('mongodb').Collection<{ _id: string; seq: number }>;
          const counter = await locks.findOneAndUpdate({ _id: 'history' }, { $inc: { seq: count } }, { returnDocument: 'after' });
          const first = counter!.seq - count + 1;
          const history = driverCollection('history') as unknown as import('mongodb').Collection<Record<string, unknown>>;
          await history.insertMany(
            Array.from({ length: count }, (_, n) => ({
              _id: randomUUID(),
              id: first + n,
              guildId,
              scope: 'settings',
              key: 'seeded',
              itemId: null,
              version: n + 1,
              action: 'save',
              author: null,
              patch: [],
              revertOf: null,
              at: new Date(),
            })) as never,
          );
        },
        dispose: async () => {
          const connection = await mongoose.createConnection(url).asPromise();
          try {
            await connection.dropDatabase();
          } finally {
            await connection.close();
          }
        },
      };
    },
    appliedMigrations: (storage) => (storage as MongoStorage).listAppliedMigrations(),
    migrationIds: MONGO_MIGRATIONS.map((m) => m.id),
  }));

  it('keeps one document per guild and section under a natural _id, in the shape a bot reads', async () => {
    const url = mongo!.url(unique('shape'));
    const storage = createStorage({ dataDir: '/nonexistent', databaseUrl: url }) as MongoStorage;
    await storage.init();
    try {
      await storage.settings.put('1100000000000000001', 'basic', { prefix: '!' }, 0, { author: null, action: 'save' });
      const db = storage.mongooseConnection!.db!;
      const stored = await db.collection<{ _id: string; updatedAt: Date }>('settings').findOne({ _id: '1100000000000000001:basic' });
      expect(stored).toMatchObject({ guildId: '1100000000000000001', section: 'basic', version: 1, data: { prefix: '!' } });
      expect(stored).not.toHaveProperty('change');
      expect(stored!.updatedAt).toBeInstanceOf(Date);
      const entry = await db.collection('history').findOne({ guildId: '1100000000000000001' });
      expect(entry).toMatchObject({ scope: 'settings', key: 'basic', version: 1, action: 'save' });
    } finally {
      await storage.close();
    }
  });
});

describe('MongoDB storage: a writer that died between its write and its history entry', () => {
  let mongo: TestMongo | undefined;
  const long = new Date(Date.now() - 60_000);
  const save = { author: null, action: 'save' } as const;

  beforeAll(async () => {
    mongo = await startMongoForTests();
  });
  afterAll(async () => {
    await mongo?.stop();
  });

  /** What a writer leaves when it dies after its atomic write: the new data with its change, not yet in history. */
  async function leaveChange(storage: MongoStorage, _id: string, data: unknown, extra: { batch?: string } = {}) {
    const settings = storage.mongooseConnection!.db!.collection<Record<string, unknown> & { _id: string }>('settings');
    const before = await settings.findOne({ _id });
    const [guildId, section] = _id.split(':') as [string, string];
    const version = Number(before?.version ?? 0) + 1;
    const change = {
      token: randomUUID(),
      state: 'pending',
      batch: extra.batch ?? null,
      action: extra.batch ? 'import' : 'save',
      author: null,
      revertOf: null,
      patch: [{ op: 'add', path: '/n', value: (data as { n: number }).n }],
      version,
      previous: before,
      at: long,
      since: long,
    };
    const doc = { _id, guildId, section, version, data, createdAt: long, updatedAt: long, change };
    if (before) await settings.replaceOne({ _id }, doc);
    else await settings.insertOne(doc);
  }

  it('lets exactly the cap in when two instances race capped inserts of one guild (the lease arbitrates between them)', async () => {
    const url = mongo!.url(unique('caps'));
    const [first, second] = [url, url].map((u) => createStorage({ dataDir: '/nonexistent', databaseUrl: u }) as MongoStorage);
    await Promise.all([first.init(), second.init()]);
    try {
      const [collection, guild, cap] = [unique('panels'), unique('g'), 5];
      const results = await Promise.all(
        Array.from({ length: 30 }, (_, n) =>
          (n % 2 ? first : second).records.insertCapped(collection, { guildId: guild, data: { n } }, cap),
        ),
      );
      expect(results.filter((r) => r !== null)).toHaveLength(cap);
      expect(await first.records.count(collection, { guildId: guild })).toBe(cap);
      // The lease is let go: another insert after the race is answered at once (the guild is full).
      expect(await second.records.insertCapped(collection, { guildId: guild, data: {} }, cap)).toBeNull();
      expect(await first.records.insertCapped(collection, { guildId: guild, data: {} }, cap + 1)).not.toBeNull();
    } finally {
      await Promise.all([first.close(), second.close()]);
    }
  });

  describe('the cap lease', () => {
    const LEASE_MS = 10_000;
    type Lock = { _id: string; lease: { holder: string; until: Date } | null; seq: number };

    /** One instance, and the `locks` document another instance holds for `guild`'s capped `collection`. */
    async function heldBy(until: Date) {
      const storage = createStorage({ dataDir: '/nonexistent', databaseUrl: mongo!.url(unique('lease')) }) as MongoStorage;
      await storage.init();
      const [collection, guild] = [unique('panels'), unique('g')];
      const locks = storage.mongooseConnection!.db!.collection<Lock>('locks');
      const _id = `cap:${collection}:${guild}`;
      await locks.insertOne({ _id, lease: { holder: 'another instance', until }, seq: 0 });
      const insert = () => storage.records.insertCapped(collection, { guildId: guild, data: { n: 1 } }, 5);
      return { storage, locks, _id, insert, guild, collection };
    }

    /** Date.now, the clock of the lease's deadline, set `ahead` of real time; the lease times themselves are left alone. */
    function deadlineClock() {
      const real = Date.now.bind(Date);
      let ahead = 0;
      const spy = vi.spyOn(Date, 'now').mockImplementation(() => real() + ahead);
      return { ahead: (ms: number) => void (ahead = ms), restore: () => spy.mockRestore() };
    }

    it('takes over the lease of an instance that died holding it, once the lease has run out', async () => {
      const { storage, insert, locks, _id } = await heldBy(new Date(Date.now() - 1000));
      try {
        const started = Date.now();
        expect(await insert()).not.toBeNull();
        expect(Date.now() - started).toBeLessThan(LEASE_MS / 2);
        expect((await locks.findOne({ _id }))!.lease).toBeNull();
      } finally {
        await storage.close();
      }
    });

    it('waits up to twice the lease time for a live holder, inserts once it lets go, and gives up after that naming the lease', async () => {
      const { storage, insert, locks, _id, guild, collection } = await heldBy(new Date(Date.now() + 3_600_000));
      const clock = deadlineClock();
      try {
        const waiting = insert();
        const settled = waiting.then(
          () => 'inserted',
          (error: Error) => error.message,
        );
        await sleep(100);
        // One and a half lease times on: still waiting for the holder.
        clock.ahead(1.5 * LEASE_MS);
        await sleep(100);
        expect(await Promise.race([settled, sleep(50).then(() => 'waiting')])).toBe('waiting');
        await locks.updateOne({ _id }, { $set: { lease: null } });
        expect(await settled).toBe('inserted');
        expect(await storage.records.count(collection, { guildId: guild })).toBe(1);

        // Held again, for good: past twice the lease time the insert fails with the lease's name and stores nothing.
        await locks.updateOne({ _id }, { $set: { lease: { holder: 'another instance', until: new Date(Date.now() + 3_600_000) } } });
        clock.ahead(0);
        const next = insert();
        await sleep(100);
        clock.ahead(2 * LEASE_MS + 1000);
        await expect(next).rejects.toThrow(`Timed out waiting for the ${_id} lease`);
        expect(await storage.records.count(collection, { guildId: guild })).toBe(1);
      } finally {
        clock.restore();
        await storage.close();
      }
    });

    it('fails at once with the database error when taking the lease fails for another reason than a taken lease', async () => {
      const { storage, locks, _id, insert, guild, collection } = await heldBy(new Date(Date.now() - 1000));
      const driver = (storage.mongooseConnection!.collections.locks as unknown as { collection: Record<string, unknown> }).collection;
      const original = driver.findOneAndUpdate as (...args: unknown[]) => Promise<unknown>;
      // One failure only: a storage that retried it would go on and insert.
      driver.findOneAndUpdate = () => {
        driver.findOneAndUpdate = original;
        return Promise.reject(Object.assign(new Error('injected locks failure'), { code: 91 }));
      };
      try {
        await expect(insert()).rejects.toThrow('injected locks failure');
        expect(await storage.records.count(collection, { guildId: guild })).toBe(0);
        expect(await locks.findOne({ _id })).toMatchObject({ lease: { holder: 'another instance' } });
      } finally {
        driver.findOneAndUpdate = original;
        await storage.close();
      }
    });
  });

  it('moves it at the next write of the document, or at the next start; an uncommitted import is undone', async () => {
    const url = mongo!.url(unique('crash'));
    const guild = unique('g');
    const first = createStorage({ dataDir: '/nonexistent', databaseUrl: url }) as MongoStorage;
    await first.init();
    try {
      await first.settings.put(guild, 'welcome', { n: 1 }, 0, save);
      await leaveChange(first, `${guild}:welcome`, { n: 2 });
      // The next save builds on the dead writer's version: its change lands in history first, then the save's.
      expect(await first.settings.put(guild, 'welcome', { n: 3 }, 2, save)).toMatchObject({ ok: true, document: { version: 3 } });
      expect((await first.history.list(guild, { limit: 10 })).map((e) => `${e.key}@${e.version}`)).toEqual([
        'welcome@3',
        'welcome@2',
        'welcome@1',
      ]);

      await leaveChange(first, `${guild}:levels`, { n: 1 });
      // An import that died before its commit mark: its section is undone, not recorded.
      const batch = randomUUID();
      await first
        .mongooseConnection!.db!.collection<{ _id: string; guildId: string; state: string; createdAt: Date }>('batches')
        .insertOne({ _id: batch, guildId: guild, state: 'applying', createdAt: long });
      await leaveChange(first, `${guild}:basic`, { n: 1 }, { batch });
    } finally {
      await first.close();
    }

    const second = createStorage({ dataDir: '/nonexistent', databaseUrl: url }) as MongoStorage;
    await second.init();
    try {
      const keys = (await second.history.list(guild, { limit: 10 })).map((e) => `${e.key}@${e.version}`);
      expect(keys).toContain('levels@1');
      expect(keys).not.toContain('basic@1');
      expect(await second.settings.get(guild, 'levels')).toMatchObject({ version: 1, data: { n: 1 } });
      // The start-up sweep left the import's section as the dead import found it (nothing there); a save at 0 works.
      expect(await second.settings.get(guild, 'basic')).toBeNull();
      expect(await second.mongooseConnection!.db!.collection('batches').countDocuments({ guildId: guild })).toBe(0);
      expect(await second.settings.put(guild, 'basic', { n: 5 }, 0, save)).toMatchObject({
        ok: true,
        document: { version: 1, data: { n: 5 } },
      });
      const settings = second.mongooseConnection!.db!.collection('settings');
      expect(await settings.countDocuments({ guildId: guild, change: { $exists: true } })).toBe(0);
    } finally {
      await second.close();
    }
  });
});
