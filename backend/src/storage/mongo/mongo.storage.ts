import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import mongoose, { type Connection, type Model, Types } from 'mongoose';
import {
  type ChangeRecord,
  changeRecord,
  checkCap,
  checkRecordVersion,
  checkSettingsVersion,
  DELETED_VERSION,
  isAtVersion,
  isHistoryId,
  NO_DATA,
  optionalCount,
  recordsChange,
  sectionOrder,
  StaleSection,
  subjectsOf,
  toStorableJson,
} from '../storage-rules.js';
import { ownMethods } from '../port-overlay.js';
import type {
  ChangeNote,
  HistoryEntry,
  HistoryFilter,
  HistoryStore,
  HistoryWatch,
  PutManyResult,
  PutSettingsResult,
  RecordFilter,
  RecordStore,
  ReplaceRecordResult,
  SessionStore,
  SettingsDocument,
  SettingsStore,
  SettingsWrite,
  StoragePort,
  StoredRecord,
} from '../storage.port.js';
import { HISTORY_RETENTION, RecordExistsError } from '../storage.port.js';
import { HistoryChangeStream, offersChangeStreams } from './mongo.history-watch.js';
import { MONGO_MIGRATIONS, ensureCounter, type MongoMigration } from './mongo.migrations.js';
import { modelsOn, type MongoModels } from './mongo.models.js';
import type { HistoryEntity, PendingChange, RecordEntity, SettingsEntity } from './mongo.schemas.js';

export interface MongoStorageOptions {
  /** Defaults to every migration of this release; tests pass their own lists. */
  migrations?: readonly MongoMigration[];
}

/**
 * How long a change may stay unmoved before others presume its writer died and finish it for it (a writer moves its
 * own change within milliseconds), and how long a lease is held at most.
 */
const GRACE_MS = 5_000;
const LEASE_MS = 10_000;
/** How often a writer looks again at a document whose change another writer is still moving. */
const SETTLE_POLL_MS = 10;

type Entity = SettingsEntity | RecordEntity;
/** A settings or records document that holds a change. */
type Changed<T extends Entity> = T & { change: PendingChange };

/** How many times an unconditional record write tries again when other writes keep getting in first. */
const WRITE_ATTEMPTS = 20;

/** records.update or delete kept meeting other writes (or a change no one could finish) and gave up. */
export class RecordBusyError extends Error {
  constructor(collection: string, id: string) {
    super(`Record ${id} of ${collection} kept changing under this write; try again.`);
    this.name = 'RecordBusyError';
  }
}

/**
 * The storage port on MongoDB, through mongoose (DATABASE_URL=mongodb://... or mongodb+srv://...).
 *
 * Changes: MongoDB guarantees atomicity for one document, and this adapter asks for nothing more, so it is correct on
 * a standalone server as on a replica set (the wire server the tests run has no transactions either). A recorded write
 * (a save with its history entry) is a two-phase commit over one document and `history`, a state machine whose state
 * is the document's `change` (mongo.schemas.ts PendingChange) and, for putMany, its batch's `state`:
 *
 *   clean       no `change`: the data is the last write's, its history entry (if any) recorded.
 *   pending     the writer wrote the data, the change (patch, author, version) and the document it replaced, in one
 *               atomic write. Next it moves the change: appends the history entry (its `_id` is the change's token,
 *               so a second append writes nothing), then unsets `change` -> clean. A failed append: it claims
 *               pending -> undoing and undoes (below), and the write throws (unless someone else claimed the change
 *               first, or the entry landed after all: then the write stands).
 *   forwarding  someone other than the writer claimed the change (one atomic update from the state it saw) to move it,
 *               as above -> clean: when the writer is presumed dead (the change is older than GRACE_MS), or at once
 *               when its batch is committed. A forwarding change older than GRACE_MS is claimed again.
 *   undoing     claimed to be undone: if the entry is in history after all, the move landed (-> clean, the write
 *               stands); otherwise the document it replaced is put back, or the document removed if there was none
 *               -> clean, neither the write nor its entry landed.
 *   deleted     (records) a recorded deletion is the record marked `deleted` with its change: readers see nothing;
 *               moving the change removes the document.
 *
 * putMany writes each section as `pending` with a change naming a batch (state applying), then marks the batch
 * committed. Its changes are moved only once the batch is committed; while it is applying, others wait for it up to
 * GRACE_MS, then mark it aborted (one atomic update, so the writer's commit mark then fails and it undoes its
 * sections and throws); an aborted batch's changes are undone. A batch with no change left is removed.
 *
 * A writer that dies leaves its document in one of these states, and recovery takes it on to clean: the next write to
 * the document (readForWrite -> settle: a write naming the document's version waits for a live writer's change, any
 * write settles an abandoned one), or the next start (sweep: every change older than GRACE_MS). From pending or
 * forwarding (no batch, or a committed one): moved. From undoing: undone, or moved if the entry landed. From a batch
 * still applying after GRACE_MS: aborted, then undone. Each transition is one conditional update on the change's token
 * and state, so two recoverers never both move, nor both undo, nor one move what the other undoes.
 * backend/test/mongo-recovery.test.ts leaves the database in each state and checks what recovery makes of it.
 *
 * History ids: the change feed reads "ids above N", so ids must be handed out in the order entries become visible.
 * Entries are inserted under a lease (the `history` document of `locks`, which also counts the ids), held from the
 * ids being drawn until the insert is done: the analogue of the PostgreSQL adapter's advisory lock.
 */
export class MongoStorage implements StoragePort {
  readonly kind = 'mongodb' as const;
  readonly settings: SettingsStore = ownMethods(new MongoSettings(this));
  readonly records: RecordStore = ownMethods(new MongoRecords(this));
  readonly history: HistoryStore = ownMethods(new MongoHistory(this));
  readonly sessions: SessionStore = ownMethods(new MongoSessions(this));
  private readonly migrations: readonly MongoMigration[];
  private connection?: Connection;
  private models?: MongoModels;
  private initializing?: Promise<void>;
  private closing?: Promise<void>;
  private applied: readonly string[] = [];
  /** This instance's history appends, one at a time (the lease then only arbitrates between instances). */
  private historyQueue: Promise<unknown> = Promise.resolve();
  /** This instance's capped inserts under way, by lease name: each waits for the one before it. */
  private readonly turns = new Map<string, Promise<void>>();
  /** Whether the deployment offers change streams (a replica set), asked once at init. */
  private changeStreams = false;
  /** The one change stream of history, shared by every watch, from the first watch until close(). */
  private historyStream?: { stream: HistoryChangeStream; started: Promise<void> };
  private readonly watchers = new Set<() => void>();

  constructor(
    private readonly url: string,
    options: MongoStorageOptions = {},
  ) {
    this.migrations = options.migrations ?? MONGO_MIGRATIONS;
  }

  /** Ids of the migrations the last init() applied (empty when the database was up to date). */
  get appliedMigrations(): readonly string[] {
    return this.applied;
  }

  /** The mongoose connection, once init() has opened it (diagnostics, tests). */
  get mongooseConnection(): Connection | undefined {
    return this.connection;
  }

  init(): Promise<void> {
    this.initializing ??= this.open().catch((error: unknown) => {
      // Let a later init() retry, e.g. once the server is reachable.
      this.initializing = undefined;
      const connection = this.connection;
      this.connection = undefined;
      this.models = undefined;
      return (connection?.close() ?? Promise.resolve()).then(
        () => Promise.reject(error),
        () => Promise.reject(error),
      );
    });
    return this.initializing;
  }

  private async open(): Promise<void> {
    // Indexes are the migrations' business, not mongoose's; commands fail at once rather than queue while offline.
    this.connection = mongoose.createConnection(this.url, { autoIndex: false, autoCreate: false, bufferCommands: false });
    await this.connection.asPromise();
    this.models = modelsOn(this.connection);
    this.changeStreams = await offersChangeStreams(this.connection.db!);
    this.applied = await this.migrate(this.models);
    await this.sweep(this.models);
  }

  /** Every migration recorded in the database, oldest first (diagnostics, tests). */
  async listAppliedMigrations(): Promise<string[]> {
    const m = await this.db();
    const rows = await m.migrations.find({}, { _id: 1 }).sort({ _id: 1 }).lean();
    return rows.map((row) => row._id);
  }

  async ping(): Promise<void> {
    await this.db();
    await this.connection!.db!.command({ ping: 1 });
  }

  close(): Promise<void> {
    this.closing ??= (async () => {
      await this.initializing?.catch(() => undefined);
      await this.historyQueue;
      this.watchers.clear();
      await this.historyStream?.stream.stop();
      await this.connection?.close();
    })();
    return this.closing;
  }

  /**
   * history.watch: a change stream of history's inserts on a replica set, one for all watches; none elsewhere (the
   * change feed polls). The stream sees this instance's inserts too: a wake-up more for its own readers, harmless.
   */
  async watchHistory(listener: () => void): Promise<HistoryWatch> {
    const m = await this.db();
    if (!this.changeStreams) return { source: 'none', stop: async () => undefined };
    this.historyStream ??= (() => {
      // The driver's own collection (mongoose's wrapper would queue the call behind its buffering).
      const stream = new HistoryChangeStream(this.connection!.db!.collection(m.history.collection.collectionName), () => {
        for (const watcher of [...this.watchers]) watcher();
      });
      return { stream, started: stream.start() };
    })();
    const watcher = () => listener();
    this.watchers.add(watcher);
    await this.historyStream.started;
    return {
      source: 'change-stream',
      stop: async () => {
        this.watchers.delete(watcher);
      },
    };
  }

  async db(): Promise<MongoModels> {
    if (!this.initializing) throw new Error('MongoStorage.init() must be called before use');
    await this.initializing;
    if (this.closing) throw new Error('MongoStorage is closed');
    return this.models!;
  }

  // Migrations

  private async migrate(m: MongoModels): Promise<string[]> {
    assertWellFormed(this.migrations);
    await ensureCounter(m.locks, 'migrations');
    const holder = randomUUID();
    await this.acquireLease(m, 'migrations', holder, 0, 60_000);
    try {
      const done = new Set((await m.migrations.find({}, { _id: 1 }).lean()).map((row) => row._id));
      const applied: string[] = [];
      for (const migration of this.migrations) {
        if (done.has(migration.id)) continue;
        await migration.up(m);
        await m.migrations.insertMany([{ _id: migration.id, appliedAt: new Date() }], { lean: true });
        applied.push(migration.id);
      }
      return applied;
    } finally {
      await this.releaseLease(m, 'migrations', holder);
    }
  }

  /**
   * Takes the lease of `locks` document `name`, drawing `count` from its counter in the same update; waits while
   * another holder's lease runs. Returns the counter after the draw.
   */
  private async acquireLease(m: MongoModels, name: string, holder: string, count: number, waitMs = LEASE_MS * 2): Promise<number> {
    const deadline = Date.now() + waitMs;
    for (;;) {
      const now = new Date();
      const taken = await m.locks
        .findOneAndUpdate(
          { _id: name, $or: [{ lease: null }, { 'lease.until': { $lt: now } }] },
          { $set: { lease: { holder, until: new Date(now.getTime() + LEASE_MS) } }, $inc: { seq: count } },
          { returnDocument: 'after' },
        )
        .lean();
      if (taken) return taken.seq;
      if (Date.now() > deadline) throw new Error(`Timed out waiting for the ${name} lease`);
      await sleep(2 + Math.random() * 8);
    }
  }

  async releaseLease(m: MongoModels, name: string, holder: string): Promise<void> {
    await m.locks.updateOne({ _id: name, 'lease.holder': holder }, { $set: { lease: null } });
  }

  /** Finishes the changes of writers that died (older than the grace period), and clears finished batches. */
  private async sweep(m: MongoModels): Promise<void> {
    const before = new Date(Date.now() - GRACE_MS);
    for (const model of [m.settings, m.records] as Model<Entity>[]) {
      const left = await model.find({ 'change.since': { $lt: before } }, { _id: 1 }).lean<{ _id: string }[]>();
      // No write expects version -1: only abandoned changes are settled, each until it is gone.
      for (const { _id } of left) await this.readForWrite(m, model, _id, -1);
    }
    const batches = await m.batches.find({ createdAt: { $lt: before } }).lean();
    for (const batch of batches) {
      const open = (await m.settings.countDocuments({ 'change.batch': batch._id })) > 0;
      if (!open) await m.batches.deleteOne({ _id: batch._id });
    }
  }

  // Changes

  /** A change to write into its document (state pending), from what the write records (storage-rules.ts). */
  pendingChange(record: ChangeRecord, previous: Entity | null, batch: string | null): PendingChange {
    const at = new Date();
    return {
      token: randomUUID(),
      state: 'pending',
      batch,
      ...record,
      previous: previous ? withoutChange(previous) : null,
      at,
      since: at,
    };
  }

  /**
   * The writer's own move of the change it just wrote; if it fails, the write is undone and the error thrown (unless
   * the entry landed after all, or someone else took the change over: then the write stands).
   */
  async finish(m: MongoModels, model: Model<Entity>, doc: Changed<Entity>): Promise<void> {
    try {
      await this.moveOut(m, model, doc);
    } catch (error) {
      if ((await this.undo(m, model, doc, 'pending')) === 'undone') throw error;
    }
  }

  /** Puts the change into history (once, whoever calls), then clears it from its document, or removes a deleted one. */
  async moveOut(m: MongoModels, model: Model<Entity>, doc: Changed<Entity>): Promise<void> {
    await this.appendHistory(m, [historyEntryOf(doc)]);
    const mine = { _id: doc._id, 'change.token': doc.change.token };
    if ('deleted' in doc && doc.deleted) await model.deleteOne(mine);
    else await model.updateOne(mine, { $unset: { change: 1 } });
  }

  /**
   * Undoes a change by putting back the document it replaced, after claiming it from state `from` (one atomic update,
   * so a change is never both undone and moved). An entry found in history means the move landed: the write stands.
   */
  async undo(
    m: MongoModels,
    model: Model<Entity>,
    doc: Changed<Entity>,
    from: PendingChange['state'],
  ): Promise<'undone' | 'landed' | 'taken'> {
    const { token } = doc.change;
    const claimed = await model
      .findOneAndUpdate(
        { _id: doc._id, 'change.token': token, 'change.state': from },
        { $set: { 'change.state': 'undoing', 'change.since': new Date() } },
      )
      .lean();
    if (!claimed) return 'taken';
    if (await m.history.exists({ _id: token })) {
      await this.moveOut(m, model, doc);
      return 'landed';
    }
    const mine = { _id: doc._id, 'change.token': token };
    if (doc.change.previous === null) await model.deleteOne(mine);
    else await model.replaceOne(mine, doc.change.previous as Entity);
    return 'undone';
  }

  /**
   * Moves on a change met by another writer: waits while its own writer (or its batch) is at it, then finishes what
   * was begun: a committed batch's changes and abandoned single changes are moved, an aborted batch's undone.
   */
  private async settle(m: MongoModels, model: Model<Entity>, doc: Changed<Entity>): Promise<void> {
    const change = doc.change;
    const stale = Date.now() - new Date(change.since).getTime() > GRACE_MS;
    if (change.state === 'undoing') {
      if (stale) await this.undo(m, model, doc, 'undoing');
      else await sleep(SETTLE_POLL_MS);
      return;
    }
    if (change.batch !== null) {
      const batch = await m.batches.findById(change.batch).lean();
      if (batch?.state === 'applying') {
        if (Date.now() - new Date(batch.createdAt).getTime() <= GRACE_MS) await sleep(SETTLE_POLL_MS);
        else await m.batches.updateOne({ _id: batch._id, state: 'applying' }, { $set: { state: 'aborted' } });
        return;
      }
      if (batch?.state === 'aborted') {
        await this.undo(m, model, doc, change.state);
        return;
      }
      // Committed, or gone once all its changes were moved.
    } else if (!stale) {
      await sleep(SETTLE_POLL_MS);
      return;
    }
    const claimed = await model
      .findOneAndUpdate(
        { _id: doc._id, 'change.token': change.token, 'change.state': change.state },
        { $set: { 'change.state': 'forwarding', 'change.since': new Date() } },
      )
      .lean();
    if (claimed) await this.moveOut(m, model, doc);
  }

  /**
   * The document at `_id`, after settling a change on it that a write at `expectedVersion` would build on, or one
   * abandoned by its writer (a fresh change on another version only means the write is stale). Gives up waiting after
   * twice the grace period.
   */
  async readForWrite<T extends Entity>(m: MongoModels, model: Model<T>, _id: string, expectedVersion: number): Promise<T | null> {
    const deadline = Date.now() + GRACE_MS * 2;
    const abandoned = (change: PendingChange) => Date.now() - new Date(change.since).getTime() > GRACE_MS;
    let doc = await model.findById(_id).lean<T>();
    while (doc?.change && (doc.version === expectedVersion || abandoned(doc.change)) && Date.now() < deadline) {
      await this.settle(m, model as unknown as Model<Entity>, doc as unknown as Changed<Entity>);
      doc = await model.findById(_id).lean<T>();
    }
    return doc;
  }

  /** Appends entries to history under the history lease; entries already there (moved before) are skipped. */
  private appendHistory(m: MongoModels, entries: Omit<HistoryEntity, 'id'>[]): Promise<void> {
    const run = this.historyQueue.then(() => this.appendUnderLease(m, entries));
    this.historyQueue = run.catch(() => undefined);
    return run;
  }

  private async appendUnderLease(m: MongoModels, entries: Omit<HistoryEntity, 'id'>[]): Promise<void> {
    const there = new Set((await m.history.find({ _id: { $in: entries.map((e) => e._id) } }, { _id: 1 }).lean()).map((e) => e._id));
    const fresh = entries.filter((entry) => !there.has(entry._id));
    if (!fresh.length) return;
    const holder = randomUUID();
    const seq = await this.acquireLease(m, 'history', holder, fresh.length);
    try {
      const first = seq - fresh.length + 1;
      await m.history.insertMany(
        fresh.map((entry, index) => ({ ...entry, id: first + index })),
        { lean: true, ordered: false },
      );
    } catch (error) {
      // Another writer moved the same change meanwhile: its entry is the one.
      if (!onlyDuplicates(error)) throw error;
    } finally {
      await this.releaseLease(m, 'history', holder);
    }
    // Retention is per subject: a burst in one section leaves the others' entries alone.
    for (const { guildId, scope, key } of subjectsOf(fresh)) {
      const [oldestKept] = await m.history
        .find({ guildId, scope, key }, { id: 1 })
        .sort({ id: -1 })
        .skip(HISTORY_RETENTION - 1)
        .limit(1)
        .lean();
      if (!oldestKept) continue;
      const [newestDropped] = await m.history
        .find({ guildId, scope, key, id: { $lt: oldestKept.id } }, { id: 1 })
        .sort({ id: -1 })
        .limit(1)
        .lean();
      if (!newestDropped) continue;
      // Remembered before the entries go (the guild's highest dropped id), so a feed client never misses a drop
      // (history.droppedAfter); should the delete not happen, a reset is only one too many.
      await m.locks.updateOne({ _id: droppedKey(guildId) }, { $max: { seq: newestDropped.id } }, { upsert: true });
      await m.history.deleteMany({ guildId, scope, key, id: { $lte: newestDropped.id } });
    }
  }

  /** Runs `task` after this instance's earlier tasks of `key` (the lease then only arbitrates between instances). */
  inTurn<R>(key: string, task: () => Promise<R>): Promise<R> {
    const run = (this.turns.get(key) ?? Promise.resolve()).then(task);
    const settled = run.then(
      () => undefined,
      () => undefined,
    );
    this.turns.set(key, settled);
    // The last task of a key forgets it, so the map holds only keys with writes under way.
    void settled.then(() => {
      if (this.turns.get(key) === settled) this.turns.delete(key);
    });
    return run;
  }

  /**
   * The lease of `locks` document `name`, created by the first taker: an upsert whose filter misses a held lease, so it
   * fails on the taken `_id` (E11000) and waits, as acquireLease does for a document that exists.
   */
  async takeLease(m: MongoModels, name: string, holder: string): Promise<void> {
    const deadline = Date.now() + LEASE_MS * 2;
    for (;;) {
      const now = new Date();
      try {
        const taken = await m.locks
          .findOneAndUpdate(
            { _id: name, $or: [{ lease: null }, { 'lease.until': { $lt: now } }] },
            { $set: { lease: { holder, until: new Date(now.getTime() + LEASE_MS) } }, $setOnInsert: { seq: 0 } },
            { upsert: true, returnDocument: 'after' },
          )
          .lean();
        if (taken) return;
      } catch (error) {
        if ((error as { code?: unknown }).code !== 11000) throw error;
      }
      if (Date.now() > deadline) throw new Error(`Timed out waiting for the ${name} lease`);
      await sleep(2 + Math.random() * 8);
    }
  }
}

class MongoSettings implements SettingsStore {
  constructor(private readonly mongo: MongoStorage) {}

  async get<T>(guildId: string, section: string): Promise<SettingsDocument<T> | null> {
    const m = await this.mongo.db();
    const doc = await m.settings.findById(settingsKey(guildId, section)).lean<SettingsEntity>();
    return doc ? toSettings<T>(doc) : null;
  }

  async put<T>(guildId: string, section: string, data: T, expectedVersion: number, change?: ChangeNote): Promise<PutSettingsResult<T>> {
    checkSettingsVersion(expectedVersion);
    const value = storable(data) as T;
    const m = await this.mongo.db();
    const _id = settingsKey(guildId, section);
    const current = await this.mongo.readForWrite(m, m.settings, _id, expectedVersion);
    if (!isAtVersion(current, expectedVersion) || current?.change) return { ok: false, current: current ? toSettings<T>(current) : null };
    const doc = settingsDoc(
      guildId,
      section,
      value,
      current,
      change && this.mongo.pendingChange(changeRecord(change, current?.data ?? NO_DATA, value, expectedVersion + 1), current, null),
    );
    if (!(await this.writeSettings(m, doc, expectedVersion))) return { ok: false, current: await this.readSettings<T>(m, _id) };
    if (doc.change) await this.mongo.finish(m, m.settings as unknown as Model<Entity>, doc as Changed<Entity>);
    return { ok: true, document: toSettings<T>(doc) };
  }

  /** The version-checked write: an insert for a first save (a taken _id is a conflict), else a replace at the version. */
  private async writeSettings(m: MongoModels, doc: SettingsEntity, expectedVersion: number): Promise<boolean> {
    if (expectedVersion === 0) return insertIfAbsent(m.settings, doc);
    const replaced = await m.settings.findOneAndReplace({ _id: doc._id, version: expectedVersion, change: { $exists: false } }, doc).lean();
    return replaced !== null;
  }

  private async readSettings<T>(m: MongoModels, _id: string): Promise<SettingsDocument<T> | null> {
    const doc = await m.settings.findById(_id).lean<SettingsEntity>();
    return doc ? toSettings<T>(doc) : null;
  }

  /** Each section written with a change naming one batch; the batch's commit mark makes them count (class comment). */
  async putMany<T>(guildId: string, writes: readonly SettingsWrite<T>[], change: ChangeNote): Promise<PutManyResult<T>> {
    const order = sectionOrder(writes);
    const values = writes.map((write) => storable(write.data) as T);
    const m = await this.mongo.db();
    const currents = new Map<number, SettingsEntity | null>();
    for (const index of order) {
      const write = writes[index]!;
      const current = await this.mongo.readForWrite(m, m.settings, settingsKey(guildId, write.section), write.expectedVersion);
      if (!isAtVersion(current, write.expectedVersion) || current?.change)
        return { ok: false, section: write.section, current: current ? toSettings<T>(current) : null };
      currents.set(index, current);
    }
    const batch = randomUUID();
    await m.batches.insertMany([{ _id: batch, guildId, state: 'applying', createdAt: new Date() }], { lean: true });
    const written: Changed<SettingsEntity>[] = [];
    const documents: SettingsDocument<T>[] = new Array<SettingsDocument<T>>(writes.length);
    const abandon = async () => {
      for (const doc of written.reverse()) await this.mongo.undo(m, m.settings as unknown as Model<Entity>, doc, 'pending');
      await m.batches.deleteOne({ _id: batch });
    };
    try {
      for (const index of order) {
        const write = writes[index]!;
        const current = currents.get(index) ?? null;
        const doc = settingsDoc(
          guildId,
          write.section,
          values[index],
          current,
          this.mongo.pendingChange(
            changeRecord(change, current?.data ?? NO_DATA, values[index], write.expectedVersion + 1),
            current,
            batch,
          ),
        ) as Changed<SettingsEntity>;
        if (!(await this.writeSettings(m, doc, write.expectedVersion)))
          throw new StaleSection(write.section, await this.readSettings(m, doc._id));
        written.push(doc);
        documents[index] = toSettings<T>(doc);
      }
      const committed = await m.batches.updateOne({ _id: batch, state: 'applying' }, { $set: { state: 'committed' } });
      // Only a batch that outlived the grace period can have been aborted by another writer meanwhile.
      if (committed.modifiedCount !== 1) throw new Error('The import took too long and was undone: try again.');
    } catch (error) {
      await abandon();
      if (error instanceof StaleSection) return { ok: false, section: error.section, current: error.current as SettingsDocument<T> | null };
      throw error;
    }
    // Committed: the changes count now. One that cannot be moved yet stays in its document, for the next writer or
    // start to move.
    let moved = 0;
    for (const doc of written) {
      try {
        await this.mongo.moveOut(m, m.settings as unknown as Model<Entity>, doc);
        moved++;
      } catch {
        break;
      }
    }
    if (moved === written.length) await m.batches.deleteOne({ _id: batch });
    return { ok: true, documents };
  }
}

class MongoHistory implements HistoryStore {
  constructor(private readonly mongo: MongoStorage) {}

  async list(guildId: string, filter: HistoryFilter): Promise<HistoryEntry[]> {
    const limit = optionalCount('limit', filter.limit) ?? 0;
    const query: Record<string, unknown> = { guildId };
    if (filter.scope !== undefined) query.scope = filter.scope;
    if (filter.key !== undefined) query.key = filter.key;
    if (filter.itemId !== undefined) query.itemId = filter.itemId;
    if (filter.userId !== undefined) query['author.userId'] = filter.userId;
    if (filter.before !== undefined) query.id = { $lt: optionalCount('before', filter.before) };
    if (filter.onlySubjects !== undefined) {
      if (filter.onlySubjects.length === 0) return [];
      query.$or = filter.onlySubjects.map(({ scope, key }) => ({ scope, key }));
    }
    if (filter.exceptSubjects?.length) query.$nor = filter.exceptSubjects.map(({ scope, key }) => ({ scope, key }));
    if (limit === 0) return [];
    const m = await this.mongo.db();
    const rows = await m.history.find(query).sort({ id: -1 }).limit(limit).lean<HistoryEntity[]>();
    return rows.map(toHistory);
  }

  async get(guildId: string, id: number): Promise<HistoryEntry | null> {
    if (!isHistoryId(id)) return null;
    const m = await this.mongo.db();
    const row = await m.history.findOne({ guildId, id }).lean<HistoryEntity>();
    return row ? toHistory(row) : null;
  }

  async since(after: number, limit: number, guildIds?: readonly string[]): Promise<HistoryEntry[]> {
    const from = optionalCount('after', after) ?? 0;
    const count = optionalCount('limit', limit) ?? 0;
    if (count === 0 || guildIds?.length === 0) return [];
    const m = await this.mongo.db();
    const query = guildIds === undefined ? { id: { $gt: from } } : { id: { $gt: from }, guildId: { $in: [...guildIds] } };
    const rows = await m.history.find(query).sort({ id: 1 }).limit(count).lean<HistoryEntity[]>();
    return rows.map(toHistory);
  }

  async latestId(): Promise<number> {
    const m = await this.mongo.db();
    const [row] = await m.history.find({}, { id: 1 }).sort({ id: -1 }).limit(1).lean();
    return row?.id ?? 0;
  }

  async droppedAfter(after: number, guildIds?: readonly string[]): Promise<boolean> {
    const m = await this.mongo.db();
    const ids = guildIds ? { $in: guildIds.map(droppedKey) } : { $regex: `^${DROPPED_PREFIX}` };
    return (await m.locks.countDocuments({ _id: ids, seq: { $gt: after } })) > 0;
  }

  watch(listener: () => void): Promise<HistoryWatch> {
    return this.mongo.watchHistory(listener);
  }
}

/** A recorded deletion keeps the document, marked deleted, until its change is in history. */
class MongoRecords implements RecordStore {
  constructor(private readonly mongo: MongoStorage) {}

  async list<T>(collection: string, filter: RecordFilter = {}): Promise<StoredRecord<T>[]> {
    const limit = optionalCount('limit', filter.limit);
    const offset = optionalCount('offset', filter.offset) ?? 0;
    if (limit === 0) return [];
    const m = await this.mongo.db();
    const query: Record<string, unknown> = { collectionName: collection, deleted: { $ne: true } };
    if (filter.guildId !== undefined) query.guildId = filter.guildId;
    let find = m.records.find(query).sort({ createdAt: 1, seq: 1 }).skip(offset);
    if (limit !== undefined) find = find.limit(limit);
    return (await find.lean<RecordEntity[]>()).map((doc) => toRecord<T>(doc));
  }

  async get<T>(collection: string, id: string): Promise<StoredRecord<T> | null> {
    const m = await this.mongo.db();
    const doc = await m.records.findById(recordKey(collection, id)).lean<RecordEntity>();
    return doc && !doc.deleted ? toRecord<T>(doc) : null;
  }

  async insert<T>(collection: string, record: { guildId: string | null; data: T; id?: string }): Promise<StoredRecord<T>> {
    const id = record.id ?? randomUUID();
    const doc = recordDoc(collection, id, record.guildId, storable(record.data));
    const m = await this.mongo.db();
    if (!(await insertIfAbsent(m.records, doc))) throw new RecordExistsError(collection, id);
    return toRecord<T>(doc);
  }

  async update<T>(collection: string, id: string, data: T): Promise<StoredRecord<T> | null> {
    const value = storable(data);
    const m = await this.mongo.db();
    const _id = recordKey(collection, id);
    // A replace at the version read, again if another write got in between.
    for (let attempt = 0; attempt < WRITE_ATTEMPTS; attempt++) {
      const head = await m.records.findById(_id).lean<RecordEntity>();
      const current = head?.change ? await this.mongo.readForWrite(m, m.records, _id, head.version) : head;
      if (!current || current.deleted) return null;
      const result = await this.replaceRecordAt<T>(m, current, value, current.version);
      if (result.ok) return result.record;
      if (!result.current) return null;
    }
    throw new RecordBusyError(collection, id);
  }

  async replace<T>(collection: string, id: string, data: T, expectedVersion: number, change?: ChangeNote): Promise<ReplaceRecordResult<T>> {
    checkRecordVersion(expectedVersion);
    const value = storable(data);
    const m = await this.mongo.db();
    const current = await this.mongo.readForWrite(m, m.records, recordKey(collection, id), expectedVersion);
    if (!current || current.deleted) return { ok: false, current: null };
    return this.replaceRecordAt<T>(m, current, value, expectedVersion, change);
  }

  private async replaceRecordAt<T>(
    m: MongoModels,
    current: RecordEntity,
    value: unknown,
    expectedVersion: number,
    change?: ChangeNote,
  ): Promise<ReplaceRecordResult<T>> {
    if (!isAtVersion(current, expectedVersion) || current.change) return { ok: false, current: toRecord<T>(current) };
    const doc: RecordEntity = {
      ...withoutChange(current),
      version: expectedVersion + 1,
      data: value,
      updatedAt: new Date(),
    };
    if (recordsChange(change, current.guildId))
      doc.change = this.mongo.pendingChange(changeRecord(change, current.data, value, doc.version), current, null);
    const replaced = await m.records.findOneAndReplace({ _id: doc._id, version: expectedVersion, change: { $exists: false } }, doc).lean();
    if (!replaced) {
      const now = await m.records.findById(doc._id).lean<RecordEntity>();
      return { ok: false, current: now && !now.deleted ? toRecord<T>(now) : null };
    }
    if (doc.change) await this.mongo.finish(m, m.records as unknown as Model<Entity>, doc as Changed<Entity>);
    return { ok: true, record: toRecord<T>(doc) };
  }

  async count(collection: string, filter: { guildId?: string } = {}): Promise<number> {
    const m = await this.mongo.db();
    const query: Record<string, unknown> = { collectionName: collection, deleted: { $ne: true } };
    if (filter.guildId !== undefined) query.guildId = filter.guildId;
    return m.records.countDocuments(query);
  }

  /**
   * Count then insert under the guild and collection's lease (a `locks` document of its own), so capped inserts of
   * one guild and collection take turns across instances, and each counts what the one before it inserted: racing
   * writers cannot all see the last free place. One document's atomic update is all it needs, as the history lease.
   * The lease is held for the count and the insert only: the inserted record counts from then on, its history entry
   * pending or not (a change that cannot be moved is undone, which frees the place again).
   */
  async insertCapped<T>(
    collection: string,
    record: { guildId: string; data: T },
    cap: number,
    change?: ChangeNote,
  ): Promise<StoredRecord<T> | null> {
    checkCap(cap);
    const value = storable(record.data);
    const m = await this.mongo.db();
    const doc = await this.mongo.inTurn(`cap:${collection}:${record.guildId}`, async () => {
      const holder = randomUUID();
      await this.mongo.takeLease(m, `cap:${collection}:${record.guildId}`, holder);
      try {
        if ((await this.count(collection, { guildId: record.guildId })) >= cap) return null;
        const fresh = recordDoc(collection, randomUUID(), record.guildId, value);
        if (recordsChange(change, record.guildId))
          fresh.change = this.mongo.pendingChange(changeRecord(change, NO_DATA, value, fresh.version), null, null);
        await m.records.insertMany([fresh], { lean: true });
        return fresh;
      } finally {
        await this.mongo.releaseLease(m, `cap:${collection}:${record.guildId}`, holder);
      }
    });
    if (!doc) return null;
    if (doc.change) await this.mongo.finish(m, m.records as unknown as Model<Entity>, doc as Changed<Entity>);
    return toRecord<T>(doc);
  }

  async delete(collection: string, id: string, change?: ChangeNote): Promise<boolean> {
    const m = await this.mongo.db();
    const _id = recordKey(collection, id);
    for (let attempt = 0; attempt < WRITE_ATTEMPTS; attempt++) {
      const current = await m.records.findById(_id).lean<RecordEntity>();
      if (!current || current.deleted) return false;
      const settled = current.change ? await this.mongo.readForWrite(m, m.records, _id, current.version) : current;
      if (!settled || settled.deleted) return false;
      if (settled.change) continue;
      const atVersion = { _id, version: settled.version, change: { $exists: false } };
      if (!recordsChange(change, settled.guildId)) {
        if ((await m.records.deleteOne(atVersion)).deletedCount === 1) return true;
        continue;
      }
      const doc = {
        ...settled,
        deleted: true,
        change: this.mongo.pendingChange(changeRecord(change, settled.data, NO_DATA, DELETED_VERSION), settled, null),
      } as Changed<RecordEntity>;
      if (!(await m.records.findOneAndReplace(atVersion, doc).lean())) continue;
      await this.mongo.finish(m, m.records as unknown as Model<Entity>, doc);
      return true;
    }
    throw new RecordBusyError(collection, id);
  }
}

/** Expiry compares with this process's clock, the one that computed expiresAt. */
class MongoSessions implements SessionStore {
  constructor(private readonly mongo: MongoStorage) {}

  async get(sid: string): Promise<unknown> {
    const m = await this.mongo.db();
    const doc = await m.sessions.findOne({ _id: sid, expiresAt: { $gt: new Date() } }).lean();
    return doc ? (doc.data ?? null) : null;
  }

  async set(sid: string, data: unknown, expiresAt: Date): Promise<void> {
    const value = storable(data);
    const m = await this.mongo.db();
    const doc = { _id: sid, data: value, expiresAt };
    try {
      await m.sessions.replaceOne({ _id: sid }, doc, { upsert: true });
    } catch (error) {
      // Two first writes of one session racing: the loser's is a plain replace now.
      if ((error as { code?: unknown }).code !== 11000) throw error;
      await m.sessions.replaceOne({ _id: sid }, doc);
    }
  }

  async touch(sid: string, expiresAt: Date): Promise<void> {
    const m = await this.mongo.db();
    await m.sessions.updateOne({ _id: sid, expiresAt: { $gt: new Date() } }, { $set: { expiresAt } });
  }

  async destroy(sid: string): Promise<void> {
    const m = await this.mongo.db();
    await m.sessions.deleteOne({ _id: sid });
  }

  async prune(now: Date = new Date()): Promise<number> {
    const m = await this.mongo.db();
    return (await m.sessions.deleteMany({ expiresAt: { $lte: now } })).deletedCount;
  }
}

const settingsKey = (guildId: string, section: string) => `${guildId}:${section}`;
const recordKey = (collection: string, id: string) => `${collection}:${id}`;

/**
 * The value as JSON would store it (what the PostgreSQL adapter keeps): undefined members dropped, dates as text.
 * Refuses text no adapter can hold (UnstorableTextError).
 */
function storable(value: unknown): unknown {
  return JSON.parse(toStorableJson(value));
}

function withoutChange<T extends Entity>(doc: T): T {
  const { change: _change, ...rest } = doc;
  return rest as T;
}

function settingsDoc(
  guildId: string,
  section: string,
  data: unknown,
  current: SettingsEntity | null,
  change?: PendingChange,
): SettingsEntity {
  const now = new Date();
  const doc: SettingsEntity = {
    _id: settingsKey(guildId, section),
    guildId,
    section,
    version: (current?.version ?? 0) + 1,
    data,
    createdAt: current?.createdAt ?? now,
    updatedAt: now,
  };
  if (change) doc.change = change;
  return doc;
}

function recordDoc(collection: string, id: string, guildId: string | null, data: unknown): RecordEntity {
  const now = new Date();
  return {
    _id: recordKey(collection, id),
    collectionName: collection,
    id,
    guildId,
    version: 1,
    data,
    seq: new Types.ObjectId(),
    createdAt: now,
    updatedAt: now,
  };
}

/** Inserts unless the `_id` is taken (false then). */
async function insertIfAbsent<T extends Entity>(model: Model<T>, doc: T): Promise<boolean> {
  try {
    await model.insertMany([doc], { lean: true });
    return true;
  } catch (error) {
    if (onlyDuplicates(error)) return false;
    throw error;
  }
}

/** A write error made of duplicate-key errors (E11000) only. */
function onlyDuplicates(error: unknown): boolean {
  const e = error as { code?: unknown; writeErrors?: { code?: unknown; err?: { code?: unknown } }[] };
  if (e.code === 11000) return true;
  return Array.isArray(e.writeErrors) && e.writeErrors.length > 0 && e.writeErrors.every((w) => (w.code ?? w.err?.code) === 11000);
}

function historyEntryOf(doc: Changed<Entity>): Omit<HistoryEntity, 'id'> {
  const { change } = doc;
  const isRecord = 'collectionName' in doc;
  return {
    _id: change.token,
    guildId: (doc.guildId as string) ?? '',
    scope: isRecord ? 'records' : 'settings',
    key: isRecord ? doc.collectionName : (doc as SettingsEntity).section,
    itemId: isRecord ? doc.id : null,
    version: change.version,
    action: change.action,
    author: change.author,
    patch: change.patch,
    revertOf: change.revertOf,
    at: change.at,
  };
}

function toHistory(row: HistoryEntity): HistoryEntry {
  return {
    id: row.id,
    guildId: row.guildId,
    scope: row.scope,
    key: row.key,
    itemId: row.itemId ?? null,
    version: row.version,
    action: row.action,
    author: row.author ?? null,
    patch: row.patch,
    revertOf: row.revertOf ?? null,
    at: new Date(row.at).toISOString(),
  };
}

function toSettings<T>(doc: SettingsEntity): SettingsDocument<T> {
  return {
    guildId: doc.guildId,
    section: doc.section,
    version: doc.version,
    data: (doc.data ?? null) as T,
    updatedAt: new Date(doc.updatedAt).toISOString(),
  };
}

function toRecord<T>(doc: RecordEntity): StoredRecord<T> {
  return {
    id: doc.id,
    collection: doc.collectionName,
    guildId: doc.guildId ?? null,
    version: doc.version,
    data: (doc.data ?? null) as T,
    createdAt: new Date(doc.createdAt).toISOString(),
    updatedAt: new Date(doc.updatedAt).toISOString(),
  };
}

function assertWellFormed(migrations: readonly MongoMigration[]) {
  let previous = '';
  for (const { id } of migrations) {
    if (id <= previous) throw new Error(`Migration ${id} is listed after ${previous}: keep the list in id order`);
    previous = id;
  }
}

/** A guild's highest history id dropped by retention, kept in `locks` beside the history counter (its `seq`). */
const DROPPED_PREFIX = 'history-dropped:';
const droppedKey = (guildId: string) => `${DROPPED_PREFIX}${guildId}`;
