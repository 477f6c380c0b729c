import { randomUUID } from 'node:crypto';
import { RecordExistsError, type RecordStore, type StoredRecord } from '@guildhall/backend/storage/storage.port';

/**
 * Where the payment sandbox keeps its links, orders, payments and webhook deliveries: the part of the app's storage
 * port it uses (the host's database in the app, so a restart or another instance sees the same links; memoryRecords()
 * when it runs alone). Ids are unique per collection (insert rejects a duplicate) and replace is compare-and-set.
 */
export type SandboxRecords = Pick<RecordStore, 'get' | 'insert' | 'replace' | 'list' | 'delete'>;

/** Record per link (id = link id): the link, its order, its payments and the webhook deliveries it caused. */
export const SANDBOX_LINKS = 'razorpay-sandbox-links';
/** Record per reference_id (id = the reference id): Razorpay refuses a second link with one, so its insert is the check. */
export const SANDBOX_REFERENCES = 'razorpay-sandbox-references';

/** A write that named a version another writer had moved on from this many times in a row is given up. */
const MAX_ATTEMPTS = 50;
const PAGE = 200;

/**
 * Read, change, write at the version read; again on a conflict. `mutate` returns the new data and a result, or null to
 * leave the record as it is (the result is then computed from what is stored). Undefined when there is no such record.
 */
export async function changeRecord<T, R>(
  records: SandboxRecords,
  collection: string,
  id: string,
  mutate: (data: T) => { data: T; result: R } | { data: null; result: R },
): Promise<{ record: StoredRecord<T>; result: R } | undefined> {
  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
    const current = await records.get<T>(collection, id);
    if (!current) return undefined;
    // Each try works on its own copy: a try lost to another writer must leave nothing behind in what it read.
    const { data, result } = mutate(structuredClone(current.data));
    if (data === null) return { record: current, result };
    const written = await records.replace(collection, id, data, current.version);
    if (written.ok) return { record: written.record, result };
  }
  throw new Error(`${collection} ${id} kept changing`);
}

/** Every record of a collection, oldest first, a page at a time. */
export async function* everyRecord<T>(records: SandboxRecords, collection: string): AsyncGenerator<StoredRecord<T>> {
  for (let offset = 0; ; offset += PAGE) {
    const page = await records.list<T>(collection, { limit: PAGE, offset });
    yield* page;
    if (page.length < PAGE) return;
  }
}

/**
 * The records store in memory, for the sandbox run alone (startPaymentSandbox) and its tests: the storage port's rules
 * for the methods the sandbox uses (duplicate ids rejected, replace at the stored version), gone with the process.
 */
export function memoryRecords(): SandboxRecords {
  const collections = new Map<string, Map<string, StoredRecord>>();
  const of = (collection: string) => {
    let records = collections.get(collection);
    if (!records) collections.set(collection, (records = new Map()));
    return records;
  };
  const copy = <T>(record: StoredRecord): StoredRecord<T> => structuredClone(record) as StoredRecord<T>;
  return {
    async list<T>(collection: string, filter: { guildId?: string; limit?: number; offset?: number } = {}) {
      const all = [...of(collection).values()].filter((r) => filter.guildId === undefined || r.guildId === filter.guildId);
      const offset = filter.offset ?? 0;
      return all.slice(offset, filter.limit === undefined ? undefined : offset + filter.limit).map((r) => copy<T>(r));
    },
    async get<T>(collection: string, id: string) {
      const record = of(collection).get(id);
      return record ? copy<T>(record) : null;
    },
    async insert<T>(collection: string, record: { guildId: string | null; data: T; id?: string }) {
      const id = record.id ?? randomUUID();
      if (of(collection).has(id)) throw new RecordExistsError(collection, id);
      const at = new Date().toISOString();
      const stored: StoredRecord = {
        id,
        collection,
        guildId: record.guildId,
        version: 1,
        data: structuredClone(record.data),
        createdAt: at,
        updatedAt: at,
      };
      of(collection).set(id, stored);
      return copy<T>(stored);
    },
    async replace<T>(collection: string, id: string, data: T, expectedVersion: number) {
      const current = of(collection).get(id);
      if (!current || current.version !== expectedVersion) return { ok: false as const, current: current ? copy<T>(current) : null };
      const next: StoredRecord = {
        ...current,
        version: current.version + 1,
        data: structuredClone(data),
        updatedAt: new Date().toISOString(),
      };
      of(collection).set(id, next);
      return { ok: true as const, record: copy<T>(next) };
    },
    async delete(collection: string, id: string) {
      return of(collection).delete(id);
    },
  };
}
