import type { PatchOperation } from '@guildhall/common/json-patch';

/**
 * The storage port: everything the API keeps, behind one small interface so that the
 * PostgreSQL adapter (PGlite embedded or a PostgreSQL server) and the MongoDB adapter (mongoose)
 * are interchangeable. One contract suite (backend/test/storage.contract.test.ts) runs
 * against every adapter available.
 *
 * Each method is declared here only: each adapter implements the four stores as classes of its own, applying the rules
 * of storage-rules.ts (versions, caps, what a write records in the history), and a wrapper of the port (the read
 * cache, the change feed's signal) names only the methods it changes (port-overlay.ts).
 */

/** A guild's settings for one section, with the optimistic-concurrency version it is at. */
export interface SettingsDocument<T = unknown> {
  guildId: string;
  section: string;
  /** 0 means "never saved": the first save must name version 0. Each save adds 1. */
  version: number;
  data: T;
  updatedAt: string;
}

export type PutSettingsResult<T = unknown> =
  | { ok: true; document: SettingsDocument<T> }
  /** The stored version differs from the expected one; `current` is what is stored now (null if nothing). */
  | { ok: false; current: SettingsDocument<T> | null };

/** A free-form record in a named collection (panels, transcripts, payments, audit entries...). */
export interface StoredRecord<T = unknown> {
  id: string;
  collection: string;
  guildId: string | null;
  /** 1 when inserted; each update adds 1 (migrations/002-record-versions.ts). */
  version: number;
  data: T;
  createdAt: string;
  updatedAt: string;
}

export type ReplaceRecordResult<T = unknown> =
  | { ok: true; record: StoredRecord<T> }
  /** The stored version differs from the expected one (or the record is gone: current null). */
  | { ok: false; current: StoredRecord<T> | null };

export interface RecordFilter {
  guildId?: string;
  limit?: number;
  offset?: number;
}

/**
 * The highest version a settings document can be at: PostgreSQL's integer column (migrations/001-initial.ts). A put
 * naming this version or more is refused, since its document could not move on; the API's schema
 * (schemas/api/settings-put-request.json) stops one below it, and two billion saves of one section will not happen.
 */
export const MAX_SETTINGS_VERSION = 2_147_483_647;

/**
 * A value held text that no adapter may be given: U+0000 or an unpaired surrogate (PostgreSQL's text and jsonb cannot
 * hold them). Thrown before anything is written; the body parser refuses such requests first, so this is a last line.
 */
export class UnstorableTextError extends Error {
  constructor() {
    super('The value holds text that cannot be stored (U+0000 or an unpaired surrogate).');
    this.name = 'UnstorableTextError';
  }
}

/** records.insert was given an id that its collection already holds. */
export class RecordExistsError extends Error {
  constructor(
    readonly collection: string,
    readonly id: string,
  ) {
    super(`Record ${id} already exists in ${collection}`);
    this.name = 'RecordExistsError';
  }
}

/** Who made a change: a dashboard user (Discord id and name at the time), or null for the server's own writes. */
export interface ChangeAuthor {
  userId: string;
  userName: string;
  /** The user's Discord avatar hash then, for the history timeline. */
  avatar: string | null;
}

export type ChangeAction = 'save' | 'create' | 'update' | 'delete' | 'revert' | 'import' | 'clone';

/**
 * What a write records in the history: given to a settings put or a record write, it is stored in the same database
 * transaction as the write, with the JSON Patch (common/src/json-patch.ts `diff`) from the stored data to the new
 * data, so a save never lands without its history entry, nor the reverse.
 */
export interface ChangeNote {
  author: ChangeAuthor | null;
  action: ChangeAction;
  /** The history entry a revert undoes. */
  revertOf?: number;
}

/** One recorded change of a guild's settings section or collection item. */
export interface HistoryEntry {
  /** Increasing across all guilds, in commit order of the writes that made them: the change feed's cursor. */
  id: number;
  guildId: string;
  /** What changed: a settings document (`key` = its storage key) or a record (`key` = its collection, `itemId`). */
  scope: 'settings' | 'records';
  key: string;
  itemId: string | null;
  /** The version the write produced (0 for a deleted record). */
  version: number;
  action: ChangeAction;
  author: ChangeAuthor | null;
  /** RFC 6902, from the previous data to the new: a `test` of each old value, then its write. */
  patch: PatchOperation[];
  revertOf: number | null;
  at: string;
}

/** A section's settings (`scope` settings, `key` its storage key) or a collection (`scope` records, `key` its name). */
export interface HistorySubject {
  scope: 'settings' | 'records';
  key: string;
}

export interface HistoryFilter {
  scope?: 'settings' | 'records';
  key?: string;
  itemId?: string;
  userId?: string;
  /**
   * Only entries of these subjects (none: no entries). With `exceptSubjects`, the database leaves out what a caller
   * may not see, so a page of a filtered timeline is one query however many hidden entries lie on top of it.
   */
  onlySubjects?: readonly HistorySubject[];
  /** Every entry but those of these subjects. */
  exceptSubjects?: readonly HistorySubject[];
  /** Only entries with a smaller id (paging back through the timeline). */
  before?: number;
  limit: number;
}

/**
 * How many history entries a guild keeps of each subject (a settings section; a collection, all its items together):
 * each write that records one drops that subject's oldest beyond this, in the same transaction. Per subject, so a
 * burst of saves in one section cannot push another section's changes out of the audit trail.
 */
export const HISTORY_RETENTION = 500;

/**
 * How a history watch hears of other instances' commits: a PostgreSQL server's LISTEN/NOTIFY, a MongoDB replica set's
 * change stream, or not at all (`none`: PGlite, whose one process owns the database, so there is no other instance;
 * MongoDB without a replica set, which has no change streams): then readers of the history poll.
 */
export type HistoryWatchSource = 'listen-notify' | 'change-stream' | 'none';

export interface HistoryWatch {
  readonly source: HistoryWatchSource;
  /** Calls the listener no more. Idempotent; closing the storage stops every watch. */
  stop(): Promise<void>;
}

export interface HistoryStore {
  /** The guild's entries, newest first. */
  list(guildId: string, filter: HistoryFilter): Promise<HistoryEntry[]>;
  get(guildId: string, id: number): Promise<HistoryEntry | null>;
  /** Every guild's entries with an id above `after` (or only `guildIds`'), oldest first: the change feed. */
  since(after: number, limit: number, guildIds?: readonly string[]): Promise<HistoryEntry[]>;
  /** The highest id recorded so far (0 when none): a bulk read's cursor for the feed. */
  latestId(): Promise<number>;
  /**
   * Whether retention has dropped an entry with an id above `after` (of one of `guildIds`, or of any guild): a change
   * feed client at that cursor would miss it, so it must read everything again. Retention is per section and per
   * collection, so the oldest entry left says nothing of what a busy subject lost.
   */
  droppedAfter(after: number, guildIds?: readonly string[]): Promise<boolean>;
  /**
   * Calls `listener` soon after another instance on the same database commits history entries: a wake-up, no data
   * (the caller reads `since` its own cursor, the one record of what committed, in order). One call may stand for
   * several commits, and a call may find nothing new: after the watch lost its connection and has it again, it calls
   * once, since commits made meanwhile were not heard. This instance's own commits may call it too (a change stream
   * does; a PostgreSQL server's notifications of this instance are left out). Resolves once the watch is in place, so
   * a read of the history made after that misses nothing a call would not follow; `source` says how it hears, `none`
   * when the deployment offers no way (the listener is never called).
   */
  watch(listener: () => void): Promise<HistoryWatch>;
}

/** One section of an all-or-nothing write of several sections (an import, a clone). */
export interface SettingsWrite<T = unknown> {
  section: string;
  data: T;
  expectedVersion: number;
}

export type PutManyResult<T = unknown> =
  | { ok: true; documents: SettingsDocument<T>[] }
  /** One section's stored version differed: nothing was written; `section` and what is stored there now. */
  | { ok: false; section: string; current: SettingsDocument<T> | null };

export interface SettingsStore {
  get<T = unknown>(guildId: string, section: string): Promise<SettingsDocument<T> | null>;
  /**
   * Writes `data` only if the stored version equals `expectedVersion` (0 when nothing is stored yet). A version that is
   * not an integer from 0 to MAX_SETTINGS_VERSION - 1 is a RangeError; text that cannot be stored, UnstorableTextError.
   */
  put<T = unknown>(guildId: string, section: string, data: T, expectedVersion: number, change?: ChangeNote): Promise<PutSettingsResult<T>>;
  /** Several sections of one guild in one transaction: all written (each with its history entry) or none. */
  putMany<T = unknown>(guildId: string, writes: readonly SettingsWrite<T>[], change: ChangeNote): Promise<PutManyResult<T>>;
}

/** Every write (settings, records, sessions) refuses data with text that cannot be stored: UnstorableTextError. */
export interface RecordStore {
  /** Oldest first. */
  list<T = unknown>(collection: string, filter?: RecordFilter): Promise<StoredRecord<T>[]>;
  get<T = unknown>(collection: string, id: string): Promise<StoredRecord<T> | null>;
  /** Generates a UUID unless `id` is given; ids are unique per collection, and inserting an existing one rejects. */
  insert<T = unknown>(collection: string, record: { guildId: string | null; data: T; id?: string }): Promise<StoredRecord<T>>;
  /** Replaces the data and adds 1 to the version; null when there is no such record. */
  update<T = unknown>(collection: string, id: string, data: T): Promise<StoredRecord<T> | null>;
  /**
   * Like update, but only if the stored version equals `expectedVersion` (an integer from 1 to MAX_SETTINGS_VERSION - 1,
   * else a RangeError); otherwise nothing is written and `current` is what is stored now.
   */
  replace<T = unknown>(
    collection: string,
    id: string,
    data: T,
    expectedVersion: number,
    change?: ChangeNote,
  ): Promise<ReplaceRecordResult<T>>;
  /** How many records the collection holds (for one guild with filter.guildId). */
  count(collection: string, filter?: { guildId?: string }): Promise<number>;
  /**
   * Inserts (with a generated id) only while the guild holds fewer than `cap` records of the collection; null when it
   * is full. Capped inserts of one guild and collection take turns (a lock taken before counting), so however many race
   * for the last free places, the guild never holds more than `cap` through them: plan limits rest on this.
   */
  insertCapped<T = unknown>(
    collection: string,
    record: { guildId: string; data: T },
    cap: number,
    change?: ChangeNote,
  ): Promise<StoredRecord<T> | null>;
  /** With a change note, the deletion is recorded in the history of the record's guild (patch: every field removed). */
  delete(collection: string, id: string, change?: ChangeNote): Promise<boolean>;
}

export interface SessionStore {
  /** The session's data, or null when unknown or expired. */
  get(sid: string): Promise<unknown | null>;
  set(sid: string, data: unknown, expiresAt: Date): Promise<void>;
  /** Moves a live session's expiry; an unknown or already expired session stays gone. */
  touch(sid: string, expiresAt: Date): Promise<void>;
  destroy(sid: string): Promise<void>;
  /** Deletes expired sessions; returns how many. */
  prune(now?: Date): Promise<number>;
}

export interface StoragePort {
  readonly kind: 'pglite' | 'postgres' | 'mongodb';
  /** Opens the database and applies pending migrations, in order, once. */
  init(): Promise<void>;
  /** Cheap round trip for /readyz. */
  ping(): Promise<void>;
  close(): Promise<void>;
  readonly settings: SettingsStore;
  readonly records: RecordStore;
  readonly sessions: SessionStore;
  readonly history: HistoryStore;
}

export const STORAGE = Symbol('STORAGE');
