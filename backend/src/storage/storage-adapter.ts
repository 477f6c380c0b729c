import type {
  ChangeNote,
  HistoryEntry,
  HistoryFilter,
  HistoryStore,
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
} from './storage.port.js';

/**
 * The port's four stores over an adapter's methods, wired once: an adapter (PostgreSQL, MongoDB) implements the
 * methods below and the lifecycle, and callers see the same port.
 */
export abstract class StorageAdapter implements StoragePort {
  abstract readonly kind: StoragePort['kind'];
  abstract init(): Promise<void>;
  abstract ping(): Promise<void>;
  abstract close(): Promise<void>;

  readonly settings: SettingsStore = {
    get: (guildId, section) => this.getSettings(guildId, section),
    put: (guildId, section, data, expectedVersion, change) => this.putSettings(guildId, section, data, expectedVersion, change),
    putMany: (guildId, writes, change) => this.putManySettings(guildId, writes, change),
  };
  readonly records: RecordStore = {
    list: (collection, filter) => this.listRecords(collection, filter),
    get: (collection, id) => this.getRecord(collection, id),
    insert: (collection, record) => this.insertRecord(collection, record),
    update: (collection, id, data) => this.updateRecord(collection, id, data),
    replace: (collection, id, data, expectedVersion, change) => this.replaceRecord(collection, id, data, expectedVersion, change),
    count: (collection, filter) => this.countRecords(collection, filter),
    insertCapped: (collection, record, cap, change) => this.insertCappedRecord(collection, record, cap, change),
    delete: (collection, id, change) => this.deleteRecord(collection, id, change),
  };
  readonly history: HistoryStore = {
    list: (guildId, filter) => this.listHistory(guildId, filter),
    get: (guildId, id) => this.getHistory(guildId, id),
    since: (after, limit, guildIds) => this.historySince(after, limit, guildIds),
    latestId: () => this.latestHistoryId(),
    droppedAfter: (after, guildIds) => this.historyDroppedAfter(after, guildIds),
  };
  readonly sessions: SessionStore = {
    get: (sid) => this.getSession(sid),
    set: (sid, data, expiresAt) => this.setSession(sid, data, expiresAt),
    touch: (sid, expiresAt) => this.touchSession(sid, expiresAt),
    destroy: (sid) => this.destroySession(sid),
    prune: (now) => this.pruneSessions(now),
  };

  protected abstract getSettings<T>(guildId: string, section: string): Promise<SettingsDocument<T> | null>;
  protected abstract putSettings<T>(
    guildId: string,
    section: string,
    data: T,
    expectedVersion: number,
    change?: ChangeNote,
  ): Promise<PutSettingsResult<T>>;
  protected abstract putManySettings<T>(
    guildId: string,
    writes: readonly SettingsWrite<T>[],
    change: ChangeNote,
  ): Promise<PutManyResult<T>>;

  protected abstract listRecords<T>(collection: string, filter?: RecordFilter): Promise<StoredRecord<T>[]>;
  protected abstract getRecord<T>(collection: string, id: string): Promise<StoredRecord<T> | null>;
  protected abstract insertRecord<T>(
    collection: string,
    record: { guildId: string | null; data: T; id?: string },
  ): Promise<StoredRecord<T>>;
  protected abstract updateRecord<T>(collection: string, id: string, data: T): Promise<StoredRecord<T> | null>;
  protected abstract replaceRecord<T>(
    collection: string,
    id: string,
    data: T,
    expectedVersion: number,
    change?: ChangeNote,
  ): Promise<ReplaceRecordResult<T>>;
  protected abstract countRecords(collection: string, filter?: { guildId?: string }): Promise<number>;
  protected abstract insertCappedRecord<T>(
    collection: string,
    record: { guildId: string; data: T },
    cap: number,
    change?: ChangeNote,
  ): Promise<StoredRecord<T> | null>;
  protected abstract deleteRecord(collection: string, id: string, change?: ChangeNote): Promise<boolean>;

  protected abstract listHistory(guildId: string, filter: HistoryFilter): Promise<HistoryEntry[]>;
  protected abstract getHistory(guildId: string, id: number): Promise<HistoryEntry | null>;
  protected abstract historySince(after: number, limit: number, guildIds?: readonly string[]): Promise<HistoryEntry[]>;
  protected abstract latestHistoryId(): Promise<number>;
  protected abstract historyDroppedAfter(after: number, guildIds?: readonly string[]): Promise<boolean>;

  protected abstract getSession(sid: string): Promise<unknown>;
  protected abstract setSession(sid: string, data: unknown, expiresAt: Date): Promise<void>;
  protected abstract touchSession(sid: string, expiresAt: Date): Promise<void>;
  protected abstract destroySession(sid: string): Promise<void>;
  protected abstract pruneSessions(now?: Date): Promise<number>;
}
