import { randomUUID } from 'node:crypto';
import type { PatchOperation } from '@guildhall/common/json-patch';
import { runMigrations } from './migrate.js';
import { ownMethods } from './port-overlay.js';
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
  toStorableJson as toJson,
} from './storage-rules.js';
import { MIGRATIONS, type Migration } from './migrations/index.js';
import type { PgListener } from './pg.listener.js';
import type { SqlClient, SqlExecutor } from './sql-executor.js';
import type {
  ChangeNote,
  HistoryEntry,
  HistoryFilter,
  HistoryWatch,
  PutManyResult,
  PutSettingsResult,
  HistoryStore,
  RecordFilter,
  RecordStore,
  ReplaceRecordResult,
  SessionStore,
  SettingsDocument,
  SettingsStore,
  SettingsWrite,
  StoragePort,
  StoredRecord,
} from './storage.port.js';
import { HISTORY_RETENTION, RecordExistsError } from './storage.port.js';

export interface PostgresStorageOptions {
  /** Defaults to every migration of this release; tests pass their own lists. */
  migrations?: readonly Migration[];
}

interface SettingsRow {
  guild_id: string;
  section: string;
  version: number;
  data: unknown;
  updated_at: Date | string;
}

interface RecordRow {
  id: string;
  collection: string;
  guild_id: string | null;
  version: number;
  data: unknown;
  created_at: Date | string;
  updated_at: Date | string;
}

interface HistoryRow {
  id: number | string;
  guild_id: string;
  scope: 'settings' | 'records';
  key: string;
  item_id: string | null;
  version: number;
  action: HistoryEntry['action'];
  author: HistoryEntry['author'];
  patch: PatchOperation[];
  revert_of: number | string | null;
  at: Date | string;
}

/** What a write records: the history row without its id and time (the transaction gives both). */
interface HistoryWrite extends ChangeRecord {
  guildId: string;
  scope: 'settings' | 'records';
  key: string;
  itemId: string | null;
}

/** The executor once init() has run (each store waits for it). */
type Db = () => Promise<SqlExecutor>;
/**
 * What a transaction that records history sends on HISTORY_CHANNEL as it commits: this storage's own mark (its watch
 * leaves its own notifications out), or null where no other process can be listening (PGlite).
 */
type Notice = () => string | null;

/**
 * The channel every history commit notifies (history.watch). PostgreSQL delivers a notification only when its
 * transaction commits, to the listeners of the same database, and never one of a transaction rolled back.
 */
const HISTORY_CHANNEL = 'guildhall_history';

/**
 * The key of the transaction-level advisory lock every history insert takes (any constant unlikely to be used by
 * anyone else: "ghhist" in ASCII). Held from the id being drawn until commit, it hands ids out in commit order: a
 * change feed reading "ids above N" can never see N + 2 committed while N + 1 is still to come.
 */
const HISTORY_LOCK = 0x676868697374;

const SETTINGS_COLUMNS = 'guild_id, section, version, data, updated_at';
const HISTORY_COLUMNS = 'id, guild_id, scope, key, item_id, version, action, author, patch, revert_of, at';
const RECORD_COLUMNS = 'id, collection, guild_id, version, data, created_at, updated_at';
/** The (scope, key) pairs of a HistorySubject list passed as JSON in parameter `n`. */
const SUBJECTS = (n: number) => `SELECT s ->> 'scope', s ->> 'key' FROM jsonb_array_elements($${n}::text::jsonb) AS s`;

/**
 * The storage port on PostgreSQL: PGlite embedded or a server, depending on the executor. The SQL
 * is the same for both. Call init() before anything else (other calls wait for an init in
 * progress); close() is idempotent. Each store of the port is a class below that implements it.
 */
export class PostgresStorage implements StoragePort {
  readonly settings: SettingsStore = ownMethods(
    new PostgresSettings(
      () => this.db(),
      () => this.notice(),
    ),
  );
  readonly records: RecordStore = ownMethods(
    new PostgresRecords(
      () => this.db(),
      () => this.notice(),
    ),
  );
  readonly history: HistoryStore = ownMethods(
    new PostgresHistory(
      () => this.db(),
      (listener) => this.watch(listener),
    ),
  );
  readonly sessions: SessionStore = ownMethods(new PostgresSessions(() => this.db()));
  private readonly migrations: readonly Migration[];
  private initializing?: Promise<void>;
  private closing?: Promise<void>;
  private applied: readonly string[] = [];
  /** This storage's mark on the notifications it sends: another instance's have another. */
  private readonly mark = randomUUID();
  /** The one listening connection, shared by every watch, from the first watch until close(). */
  private listening?: { listener: PgListener; started: Promise<void> };
  private readonly watchers = new Set<() => void>();

  constructor(
    private readonly executor: SqlExecutor,
    options: PostgresStorageOptions = {},
  ) {
    this.migrations = options.migrations ?? MIGRATIONS;
  }

  get kind(): 'pglite' | 'postgres' {
    return this.executor.kind;
  }

  /** Ids of the migrations the last init() applied (empty when the schema was up to date). */
  get appliedMigrations(): readonly string[] {
    return this.applied;
  }

  init(): Promise<void> {
    this.initializing ??= runMigrations(this.executor, this.migrations).then(
      (applied) => {
        this.applied = applied;
      },
      (error: unknown) => {
        // Let a later init() retry, e.g. once the server is reachable.
        this.initializing = undefined;
        throw error;
      },
    );
    return this.initializing;
  }

  /** Every migration recorded in the database, oldest first (diagnostics, tests). */
  async listAppliedMigrations(): Promise<string[]> {
    const db = await this.db();
    const rows = await db.query<{ id: string }>('SELECT id FROM schema_migrations ORDER BY id');
    return rows.map((row) => row.id);
  }

  async ping(): Promise<void> {
    await this.db();
    await this.executor.query('SELECT 1');
  }

  /** The server process of the history watch's connection, while it has one (diagnostics, tests). */
  get listenerPid(): number | null {
    return this.listening?.listener.backendPid ?? null;
  }

  close(): Promise<void> {
    this.closing ??= (async () => {
      // Closing PGlite under a running migration would leave it half applied.
      await this.initializing?.catch(() => undefined);
      this.watchers.clear();
      await this.listening?.listener.stop();
      await this.executor.close();
    })();
    return this.closing;
  }

  private async db(): Promise<SqlExecutor> {
    if (!this.initializing) throw new Error('PostgresStorage.init() must be called before use');
    await this.initializing;
    return this.executor;
  }

  private notice(): string | null {
    return this.executor.listener ? this.mark : null;
  }

  /**
   * One LISTEN connection for all of this storage's watches. Its own notifications are left out: this process knows
   * of its own commits (the change feed's ChangeSignal wakes it as each resolves), and reading once more for each
   * would double the feed's reads on the instance that writes.
   */
  private async watch(listener: () => void): Promise<HistoryWatch> {
    await this.db();
    if (this.closing || !this.executor.listener) return { source: 'none', stop: async () => undefined };
    const wakeAll = () => {
      for (const watcher of [...this.watchers]) watcher();
    };
    this.listening ??= (() => {
      const pg = this.executor.listener({
        channel: HISTORY_CHANNEL,
        onNotification: (payload) => {
          if (payload !== this.mark) wakeAll();
        },
        onListeningAgain: wakeAll,
      });
      return { listener: pg, started: pg.start() };
    })();
    const watcher = () => listener();
    this.watchers.add(watcher);
    await this.listening.started;
    return {
      source: 'listen-notify',
      stop: async () => {
        this.watchers.delete(watcher);
      },
    };
  }
}

class PostgresSettings implements SettingsStore {
  constructor(
    private readonly db: Db,
    private readonly notice: Notice,
  ) {}

  async get<T>(guildId: string, section: string): Promise<SettingsDocument<T> | null> {
    const db = await this.db();
    const rows = await db.query<SettingsRow>(`SELECT ${SETTINGS_COLUMNS} FROM settings WHERE guild_id = $1 AND section = $2`, [
      guildId,
      section,
    ]);
    return rows[0] ? toSettings<T>(rows[0]) : null;
  }

  /**
   * Each branch is a single statement, atomic on its own: a concurrent insert makes ON CONFLICT
   * skip ours, and a concurrent update makes PostgreSQL re-check `version = expected` on the new
   * row, which then fails. So of several puts naming the same version exactly one wins, without
   * explicit locking.
   */
  put<T>(guildId: string, section: string, data: T, expectedVersion: number, change?: ChangeNote): Promise<PutSettingsResult<T>> {
    return change
      ? this.putRecorded(guildId, section, data, expectedVersion, change)
      : this.putUnrecorded(guildId, section, data, expectedVersion);
  }

  private async putUnrecorded<T>(guildId: string, section: string, data: T, expectedVersion: number): Promise<PutSettingsResult<T>> {
    checkSettingsVersion(expectedVersion);
    const db = await this.db();
    const rows =
      expectedVersion === 0
        ? await db.query<SettingsRow>(
            `INSERT INTO settings (guild_id, section, version, data, updated_at)
             VALUES ($1, $2, 1, $3::text::jsonb, now())
             ON CONFLICT (guild_id, section) DO NOTHING
             RETURNING ${SETTINGS_COLUMNS}`,
            [guildId, section, toJson(data)],
          )
        : await db.query<SettingsRow>(
            `UPDATE settings SET version = version + 1, data = $4::text::jsonb, updated_at = now()
             WHERE guild_id = $1 AND section = $2 AND version = $3
             RETURNING ${SETTINGS_COLUMNS}`,
            [guildId, section, expectedVersion, toJson(data)],
          );
    if (rows[0]) return { ok: true, document: toSettings<T>(rows[0]) };
    // A separate statement, so it sees the write that beat ours.
    return { ok: false, current: await this.get<T>(guildId, section) };
  }

  /**
   * A put with its history entry, in one transaction. The stored row is read FOR UPDATE: a concurrent put of the same
   * section waits for ours to commit and then reads our version (so it fails its check), and the patch is taken
   * against exactly the data this write replaces. A first save (version 0) inserts; a concurrent first save makes
   * ON CONFLICT wait for the other to commit, then skip.
   */
  private async putRecorded<T>(
    guildId: string,
    section: string,
    data: T,
    expectedVersion: number,
    change: ChangeNote,
  ): Promise<PutSettingsResult<T>> {
    checkSettingsVersion(expectedVersion);
    const json = toJson(data);
    const db = await this.db();
    return db.transaction(async (tx) => {
      const written = await writeSettingsIn<T>(tx, guildId, section, json, expectedVersion);
      if (!written.ok) return written;
      const { document, previous } = written;
      await recordChanges(
        tx,
        [{ guildId, scope: 'settings', key: section, itemId: null, ...changeRecord(change, previous, document.data, document.version) }],
        this.notice(),
      );
      return { ok: true, document };
    });
  }

  /** Every section in one transaction, each version-checked as put does; one stale version rolls all back. */
  async putMany<T>(guildId: string, writes: readonly SettingsWrite<T>[], change: ChangeNote): Promise<PutManyResult<T>> {
    const order = sectionOrder(writes);
    const json = writes.map((write) => toJson(write.data));
    const db = await this.db();
    try {
      return await db.transaction(async (tx) => {
        const documents: SettingsDocument<T>[] = new Array<SettingsDocument<T>>(writes.length);
        const entries: HistoryWrite[] = [];
        for (const index of order) {
          const write = writes[index]!;
          const written = await writeSettingsIn<T>(tx, guildId, write.section, json[index]!, write.expectedVersion);
          if (!written.ok) throw new StaleSection(write.section, written.current);
          documents[index] = written.document;
          entries.push({
            guildId,
            scope: 'settings',
            key: write.section,
            itemId: null,
            ...changeRecord(change, written.previous, written.document.data, written.document.version),
          });
        }
        await recordChanges(tx, entries, this.notice());
        return { ok: true, documents };
      });
    } catch (error) {
      if (error instanceof StaleSection) return { ok: false, section: error.section, current: error.current as SettingsDocument<T> | null };
      throw error;
    }
  }
}

/** The version-checked write of one section inside a transaction, with the data it replaced (NO_DATA when none). */
async function writeSettingsIn<T>(
  tx: SqlClient,
  guildId: string,
  section: string,
  json: string,
  expectedVersion: number,
): Promise<{ ok: true; document: SettingsDocument<T>; previous: unknown } | { ok: false; current: SettingsDocument<T> | null }> {
  if (expectedVersion === 0) {
    const rows = await tx.query<SettingsRow>(
      `INSERT INTO settings (guild_id, section, version, data, updated_at)
       VALUES ($1, $2, 1, $3::text::jsonb, now())
       ON CONFLICT (guild_id, section) DO NOTHING
       RETURNING ${SETTINGS_COLUMNS}`,
      [guildId, section, json],
    );
    if (rows[0]) return { ok: true, document: toSettings<T>(rows[0]), previous: NO_DATA };
    // A new statement: under READ COMMITTED it sees the row that beat ours.
    const current = await tx.query<SettingsRow>(`SELECT ${SETTINGS_COLUMNS} FROM settings WHERE guild_id = $1 AND section = $2`, [
      guildId,
      section,
    ]);
    return { ok: false, current: current[0] ? toSettings<T>(current[0]) : null };
  }
  const stored = await tx.query<SettingsRow>(`SELECT ${SETTINGS_COLUMNS} FROM settings WHERE guild_id = $1 AND section = $2 FOR UPDATE`, [
    guildId,
    section,
  ]);
  if (!stored[0] || !isAtVersion(stored[0], expectedVersion)) return { ok: false, current: stored[0] ? toSettings<T>(stored[0]) : null };
  const rows = await tx.query<SettingsRow>(
    `UPDATE settings SET version = version + 1, data = $3::text::jsonb, updated_at = now()
     WHERE guild_id = $1 AND section = $2
     RETURNING ${SETTINGS_COLUMNS}`,
    [guildId, section, json],
  );
  return { ok: true, document: toSettings<T>(rows[0]!), previous: stored[0].data };
}

/**
 * Inserts the history entries of a write, last in its transaction, then drops the entries beyond HISTORY_RETENTION
 * of each subject written (guild, section or collection). The advisory lock (HISTORY_LOCK) is taken after the data
 * writes, so a transaction holding it never waits for a row lock: it cannot deadlock with a writer that holds a row
 * and waits for it. With a `notice`, the same statement queues one notification on HISTORY_CHANNEL, sent as the
 * transaction commits (one per transaction, however many entries); its commit-time queue lock is taken by
 * transactions that already take turns on HISTORY_LOCK, so it adds no waiting.
 */
async function recordChanges(tx: SqlClient, entries: readonly HistoryWrite[], notice: string | null): Promise<void> {
  if (!entries.length) return;
  if (notice === null) await tx.query('SELECT pg_advisory_xact_lock($1::bigint)', [HISTORY_LOCK]);
  else await tx.query('SELECT pg_advisory_xact_lock($1::bigint), pg_notify($2, $3)', [HISTORY_LOCK, HISTORY_CHANNEL, notice]);
  for (const entry of entries) {
    await tx.query(
      `INSERT INTO history (guild_id, scope, key, item_id, version, action, author, patch, revert_of, at)
       VALUES ($1, $2, $3, $4, $5, $6, $7::text::jsonb, $8::text::jsonb, $9, now())`,
      [
        entry.guildId,
        entry.scope,
        entry.key,
        entry.itemId,
        entry.version,
        entry.action,
        entry.author ? toJson(entry.author) : null,
        toJson(entry.patch),
        entry.revertOf,
      ],
    );
  }
  for (const { guildId, scope, key } of subjectsOf(entries)) {
    // What retention drops is remembered as the guild's highest dropped id, so the change feed can tell a client
    // whose cursor is older that it missed something (history.droppedAfter).
    await tx.query(
      `WITH dropped AS (
         DELETE FROM history WHERE guild_id = $1 AND scope = $2 AND key = $3
           AND id < (SELECT id FROM history WHERE guild_id = $1 AND scope = $2 AND key = $3 ORDER BY id DESC OFFSET $4 LIMIT 1)
         RETURNING id)
       INSERT INTO history_dropped (guild_id, max_id) SELECT $1, max(id) FROM dropped HAVING count(*) > 0
       ON CONFLICT (guild_id) DO UPDATE SET max_id = GREATEST(history_dropped.max_id, EXCLUDED.max_id)`,
      [guildId, scope, key, HISTORY_RETENTION - 1],
    );
  }
}

/** A record's history entry, when its write records one (recordsChange). */
async function recordItemChange(
  tx: SqlClient,
  notice: string | null,
  change: ChangeNote,
  record: StoredRecord<unknown>,
  before: unknown,
  after: unknown,
  version: number,
): Promise<void> {
  if (!recordsChange(change, record.guildId)) return;
  await recordChanges(
    tx,
    [
      {
        guildId: record.guildId!,
        scope: 'records',
        key: record.collection,
        itemId: record.id,
        ...changeRecord(change, before, after, version),
      },
    ],
    notice,
  );
}

class PostgresHistory implements HistoryStore {
  constructor(
    private readonly db: Db,
    readonly watch: (listener: () => void) => Promise<HistoryWatch>,
  ) {}

  async list(guildId: string, filter: HistoryFilter): Promise<HistoryEntry[]> {
    const limit = optionalCount('limit', filter.limit) ?? 0;
    const params: unknown[] = [guildId];
    const where = ['guild_id = $1'];
    const add = (clause: (n: number) => string, value: unknown) => {
      params.push(value);
      where.push(clause(params.length));
    };
    if (filter.scope !== undefined) add((n) => `scope = $${n}`, filter.scope);
    if (filter.key !== undefined) add((n) => `key = $${n}`, filter.key);
    if (filter.itemId !== undefined) add((n) => `item_id = $${n}`, filter.itemId);
    if (filter.userId !== undefined) add((n) => `author ->> 'userId' = $${n}`, filter.userId);
    if (filter.before !== undefined) add((n) => `id < $${n}`, optionalCount('before', filter.before));
    if (filter.onlySubjects !== undefined) {
      if (filter.onlySubjects.length === 0) return [];
      add((n) => `(scope, key) IN (${SUBJECTS(n)})`, toJson(filter.onlySubjects.map(({ scope, key }) => ({ scope, key }))));
    }
    if (filter.exceptSubjects?.length)
      add((n) => `(scope, key) NOT IN (${SUBJECTS(n)})`, toJson(filter.exceptSubjects.map(({ scope, key }) => ({ scope, key }))));
    params.push(limit);
    const db = await this.db();
    const rows = await db.query<HistoryRow>(
      `SELECT ${HISTORY_COLUMNS} FROM history WHERE ${where.join(' AND ')} ORDER BY id DESC LIMIT $${params.length}`,
      params,
    );
    return rows.map(toHistory);
  }

  async get(guildId: string, id: number): Promise<HistoryEntry | null> {
    if (!isHistoryId(id)) return null;
    const db = await this.db();
    const rows = await db.query<HistoryRow>(`SELECT ${HISTORY_COLUMNS} FROM history WHERE guild_id = $1 AND id = $2`, [guildId, id]);
    return rows[0] ? toHistory(rows[0]) : null;
  }

  async since(after: number, limit: number, guildIds?: readonly string[]): Promise<HistoryEntry[]> {
    const from = optionalCount('after', after) ?? 0;
    const count = optionalCount('limit', limit) ?? 0;
    const db = await this.db();
    const rows =
      guildIds === undefined
        ? await db.query<HistoryRow>(`SELECT ${HISTORY_COLUMNS} FROM history WHERE id > $1 ORDER BY id LIMIT $2`, [from, count])
        : await db.query<HistoryRow>(
            `SELECT ${HISTORY_COLUMNS} FROM history
             WHERE id > $1 AND guild_id IN (SELECT jsonb_array_elements_text($3::text::jsonb))
             ORDER BY id LIMIT $2`,
            [from, count, toJson(guildIds)],
          );
    return rows.map(toHistory);
  }

  async latestId(): Promise<number> {
    const db = await this.db();
    const rows = await db.query<{ id: number | string | null }>('SELECT max(id) AS id FROM history');
    return Number(rows[0]?.id ?? 0);
  }

  async droppedAfter(after: number, guildIds?: readonly string[]): Promise<boolean> {
    const db = await this.db();
    const rows = guildIds
      ? await db.query<{ n: number }>('SELECT count(*)::int AS n FROM history_dropped WHERE guild_id = ANY($1::text[]) AND max_id > $2', [
          [...guildIds],
          after,
        ])
      : await db.query<{ n: number }>('SELECT count(*)::int AS n FROM history_dropped WHERE max_id > $1', [after]);
    return (rows[0]?.n ?? 0) > 0;
  }
}

class PostgresRecords implements RecordStore {
  constructor(
    private readonly db: Db,
    private readonly notice: Notice,
  ) {}

  async list<T>(collection: string, filter: RecordFilter = {}): Promise<StoredRecord<T>[]> {
    const limit = optionalCount('limit', filter.limit);
    const offset = optionalCount('offset', filter.offset) ?? 0;
    const db = await this.db();
    const params: unknown[] = [collection];
    let where = 'collection = $1';
    if (filter.guildId !== undefined) {
      params.push(filter.guildId);
      where += ` AND guild_id = $${params.length}`;
    }
    params.push(limit ?? null, offset);
    const rows = await db.query<RecordRow>(
      `SELECT ${RECORD_COLUMNS} FROM records WHERE ${where}
       ORDER BY created_at, seq LIMIT $${params.length - 1} OFFSET $${params.length}`,
      params,
    );
    return rows.map((row) => toRecord<T>(row));
  }

  async get<T>(collection: string, id: string): Promise<StoredRecord<T> | null> {
    const db = await this.db();
    const rows = await db.query<RecordRow>(`SELECT ${RECORD_COLUMNS} FROM records WHERE collection = $1 AND id = $2`, [collection, id]);
    return rows[0] ? toRecord<T>(rows[0]) : null;
  }

  async insert<T>(collection: string, record: { guildId: string | null; data: T; id?: string }): Promise<StoredRecord<T>> {
    const id = record.id ?? randomUUID();
    const db = await this.db();
    try {
      const rows = await db.query<RecordRow>(
        `INSERT INTO records (collection, id, guild_id, data, created_at, updated_at)
         VALUES ($1, $2, $3, $4::text::jsonb, now(), now())
         RETURNING ${RECORD_COLUMNS}`,
        [collection, id, record.guildId, toJson(record.data)],
      );
      return toRecord<T>(rows[0]!);
    } catch (error) {
      if (isUniqueViolation(error)) throw new RecordExistsError(collection, id);
      throw error;
    }
  }

  async update<T>(collection: string, id: string, data: T): Promise<StoredRecord<T> | null> {
    const db = await this.db();
    const rows = await db.query<RecordRow>(
      `UPDATE records SET data = $3::text::jsonb, version = version + 1, updated_at = now()
       WHERE collection = $1 AND id = $2
       RETURNING ${RECORD_COLUMNS}`,
      [collection, id, toJson(data)],
    );
    return rows[0] ? toRecord<T>(rows[0]) : null;
  }

  async replace<T>(collection: string, id: string, data: T, expectedVersion: number, change?: ChangeNote): Promise<ReplaceRecordResult<T>> {
    checkRecordVersion(expectedVersion);
    const json = toJson(data);
    const db = await this.db();
    if (change) {
      // As a recorded settings put: the row read FOR UPDATE is the data this write replaces.
      return db.transaction(async (tx) => {
        const stored = await tx.query<RecordRow>(`SELECT ${RECORD_COLUMNS} FROM records WHERE collection = $1 AND id = $2 FOR UPDATE`, [
          collection,
          id,
        ]);
        if (!stored[0] || !isAtVersion(stored[0], expectedVersion))
          return { ok: false, current: stored[0] ? toRecord<T>(stored[0]) : null };
        const rows = await tx.query<RecordRow>(
          `UPDATE records SET data = $3::text::jsonb, version = version + 1, updated_at = now()
           WHERE collection = $1 AND id = $2
           RETURNING ${RECORD_COLUMNS}`,
          [collection, id, json],
        );
        const record = toRecord<T>(rows[0]!);
        await recordItemChange(tx, this.notice(), change, record, stored[0].data, record.data, record.version);
        return { ok: true, record };
      });
    }
    const rows = await db.query<RecordRow>(
      `UPDATE records SET data = $3::text::jsonb, version = version + 1, updated_at = now()
       WHERE collection = $1 AND id = $2 AND version = $4
       RETURNING ${RECORD_COLUMNS}`,
      [collection, id, json, expectedVersion],
    );
    if (rows[0]) return { ok: true, record: toRecord<T>(rows[0]) };
    return { ok: false, current: await this.get<T>(collection, id) };
  }

  async count(collection: string, filter: { guildId?: string } = {}): Promise<number> {
    const db = await this.db();
    const rows =
      filter.guildId === undefined
        ? await db.query<{ n: number | string }>('SELECT count(*) AS n FROM records WHERE collection = $1', [collection])
        : await db.query<{ n: number | string }>('SELECT count(*) AS n FROM records WHERE collection = $1 AND guild_id = $2', [
            collection,
            filter.guildId,
          ]);
    return Number(rows[0]?.n ?? 0);
  }

  async insertCapped<T>(
    collection: string,
    record: { guildId: string; data: T },
    cap: number,
    change?: ChangeNote,
  ): Promise<StoredRecord<T> | null> {
    checkCap(cap);
    const json = toJson(record.data);
    const db = await this.db();
    return db.transaction(async (tx) => {
      // Under READ COMMITTED two writers counting at once both see a free place: the guild and collection's lock,
      // taken before the count and held until commit, makes them take turns, and each counts what the last committed.
      // (Its two-key space is apart from HISTORY_LOCK's one key; a holder of HISTORY_LOCK never waits for this one.)
      await tx.query('SELECT pg_advisory_xact_lock(hashtext($1), hashtext($2))', [collection, record.guildId]);
      const rows = await tx.query<RecordRow>(
        `INSERT INTO records (collection, id, guild_id, data, created_at, updated_at)
         SELECT $1, $2, $3, $4::text::jsonb, now(), now()
         WHERE (SELECT count(*) FROM records WHERE collection = $1 AND guild_id = $3) < $5
         RETURNING ${RECORD_COLUMNS}`,
        [collection, randomUUID(), record.guildId, json, cap],
      );
      const inserted = rows[0] ? toRecord<T>(rows[0]) : null;
      if (inserted && change) await recordItemChange(tx, this.notice(), change, inserted, NO_DATA, inserted.data, inserted.version);
      return inserted;
    });
  }

  async delete(collection: string, id: string, change?: ChangeNote): Promise<boolean> {
    const db = await this.db();
    if (!change) {
      const rows = await db.query('DELETE FROM records WHERE collection = $1 AND id = $2 RETURNING id', [collection, id]);
      return rows.length > 0;
    }
    return db.transaction(async (tx) => {
      const rows = await tx.query<RecordRow>(`DELETE FROM records WHERE collection = $1 AND id = $2 RETURNING ${RECORD_COLUMNS}`, [
        collection,
        id,
      ]);
      if (!rows[0]) return false;
      const deleted = toRecord(rows[0]);
      await recordItemChange(tx, this.notice(), change, deleted, deleted.data, NO_DATA, DELETED_VERSION);
      return true;
    });
  }
}

/** Expiry compares with this process's clock, the one that computed expiresAt. */
class PostgresSessions implements SessionStore {
  constructor(private readonly db: Db) {}

  async get(sid: string): Promise<unknown> {
    const db = await this.db();
    const rows = await db.query<{ data: unknown }>('SELECT data FROM sessions WHERE sid = $1 AND expires_at > $2::timestamptz', [
      sid,
      new Date().toISOString(),
    ]);
    return rows[0] ? rows[0].data : null;
  }

  async set(sid: string, data: unknown, expiresAt: Date): Promise<void> {
    const db = await this.db();
    await db.query(
      `INSERT INTO sessions (sid, data, expires_at) VALUES ($1, $2::text::jsonb, $3::timestamptz)
       ON CONFLICT (sid) DO UPDATE SET data = excluded.data, expires_at = excluded.expires_at`,
      [sid, toJson(data), expiresAt.toISOString()],
    );
  }

  /** Extends a live session only: an expired one stays expired (prune will remove it). */
  async touch(sid: string, expiresAt: Date): Promise<void> {
    const db = await this.db();
    await db.query('UPDATE sessions SET expires_at = $2::timestamptz WHERE sid = $1 AND expires_at > $3::timestamptz', [
      sid,
      expiresAt.toISOString(),
      new Date().toISOString(),
    ]);
  }

  async destroy(sid: string): Promise<void> {
    const db = await this.db();
    await db.query('DELETE FROM sessions WHERE sid = $1', [sid]);
  }

  async prune(now: Date = new Date()): Promise<number> {
    const db = await this.db();
    // Counting in SQL because PGlite and node-postgres report affected rows differently.
    const rows = await db.query<{ n: number }>(
      `WITH pruned AS (DELETE FROM sessions WHERE expires_at <= $1::timestamptz RETURNING 1)
       SELECT count(*)::int AS n FROM pruned`,
      [now.toISOString()],
    );
    return rows[0]?.n ?? 0;
  }
}

function toHistory(row: HistoryRow): HistoryEntry {
  return {
    id: Number(row.id),
    guildId: row.guild_id,
    scope: row.scope,
    key: row.key,
    itemId: row.item_id,
    version: Number(row.version),
    action: row.action,
    author: row.author ?? null,
    patch: row.patch,
    revertOf: row.revert_of === null ? null : Number(row.revert_of),
    at: toIso(row.at),
  };
}

function toIso(value: Date | string): string {
  return (value instanceof Date ? value : new Date(value)).toISOString();
}

function toSettings<T>(row: SettingsRow): SettingsDocument<T> {
  return {
    guildId: row.guild_id,
    section: row.section,
    version: Number(row.version),
    data: row.data as T,
    updatedAt: toIso(row.updated_at),
  };
}

function toRecord<T>(row: RecordRow): StoredRecord<T> {
  return {
    id: row.id,
    collection: row.collection,
    guildId: row.guild_id,
    version: Number(row.version),
    data: row.data as T,
    createdAt: toIso(row.created_at),
    updatedAt: toIso(row.updated_at),
  };
}

function isUniqueViolation(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === '23505';
}
