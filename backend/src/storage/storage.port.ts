/**
 * The storage port: everything the API keeps, behind one small interface so that the
 * PostgreSQL adapter (PGlite embedded or a PostgreSQL server) and later adapters (MongoDB)
 * are interchangeable. One contract suite (backend/test/storage.contract.test.ts) runs
 * against every adapter available.
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

export interface SettingsStore {
  get<T = unknown>(guildId: string, section: string): Promise<SettingsDocument<T> | null>;
  /**
   * Writes `data` only if the stored version equals `expectedVersion` (0 when nothing is stored yet). A version that is
   * not an integer from 0 to MAX_SETTINGS_VERSION - 1 is a RangeError; text that cannot be stored, UnstorableTextError.
   */
  put<T = unknown>(guildId: string, section: string, data: T, expectedVersion: number): Promise<PutSettingsResult<T>>;
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
  replace<T = unknown>(collection: string, id: string, data: T, expectedVersion: number): Promise<ReplaceRecordResult<T>>;
  /** How many records the collection holds (for one guild with filter.guildId). */
  count(collection: string, filter?: { guildId?: string }): Promise<number>;
  /**
   * Inserts (with a generated id) only while the guild holds fewer than `cap` records of the collection; null when it
   * is full. The count and the insert are one statement, so a full collection is never passed by one writer; writers
   * racing at the last free place may both get in under READ COMMITTED (the cap is a safety bound, not an invariant).
   */
  insertCapped<T = unknown>(collection: string, record: { guildId: string; data: T }, cap: number): Promise<StoredRecord<T> | null>;
  delete(collection: string, id: string): Promise<boolean>;
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
  readonly kind: 'pglite' | 'postgres';
  /** Opens the database and applies pending migrations, in order, once. */
  init(): Promise<void>;
  /** Cheap round trip for /readyz. */
  ping(): Promise<void>;
  close(): Promise<void>;
  readonly settings: SettingsStore;
  readonly records: RecordStore;
  readonly sessions: SessionStore;
}

export const STORAGE = Symbol('STORAGE');
