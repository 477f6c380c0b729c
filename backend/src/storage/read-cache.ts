import { overlayPort } from './port-overlay.js';
import type { ChangeNote, SessionStore, SettingsDocument, SettingsStore, SettingsWrite, StoragePort } from './storage.port.js';

/**
 * A short-lived read cache in front of the hot reads of every dashboard request: the session and the
 * settings document. Writes made through this instance update it at once; another instance's writes
 * show after at most `ttlMs` (a save still cannot be lost: puts are version-checked in the database).
 * Values are kept as deeply frozen copies and handed out as they are: no caller can change what another one reads
 * (an attempt throws), and a hit costs no copy. Re-parsing JSON text on every hit was a tenth of a settings GET.
 *
 * A read may be slow, and a write through this instance may finish while it is under way: the read then
 * answers what was stored before the write, and caching that answer would serve the older value (or a
 * destroyed session) for up to `ttlMs`. So each key has an epoch that writes move on while reads of it are
 * in flight; a read fills the cache only if no write to its key finished since it began. Settings carry
 * their own version too, and a cached document is never replaced by an older one (a save whose answer
 * arrives after a later save's).
 */
class FrozenTtlCache {
  private readonly entries = new Map<string, { value: unknown; at: number; version: number }>();
  /** Keys with reads in flight: how many, and the epoch writes have moved them to. Empty when nothing is read. */
  private readonly inFlight = new Map<string, { readers: number; epoch: number }>();

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries: number,
  ) {}

  get<T>(key: string): { value: T } | undefined {
    const hit = this.live(key);
    return hit ? { value: hit.value as T } : undefined;
  }

  /** Caches `value` unless a newer version of it is cached. */
  set(key: string, value: unknown, version = 0) {
    const current = this.live(key);
    if (current && current.version > version) return;
    this.entries.delete(key);
    if (this.entries.size >= this.maxEntries) this.entries.delete(this.entries.keys().next().value as string);
    this.entries.set(key, { value: frozenCopy(value ?? null), at: Date.now(), version });
  }

  /** A write to `key` finished: reads of it already under way may hold what was there before. */
  written(key: string) {
    const flight = this.inFlight.get(key);
    if (flight) flight.epoch += 1;
  }

  /** Forgets the key, and keeps reads of it already under way from filling the cache. */
  invalidate(key: string) {
    this.entries.delete(key);
    this.written(key);
  }

  /**
   * Reads through `load`, and caches its answer (when `keep` says so) only if no write to `key` finished
   * meanwhile.
   */
  async read<T>(key: string, load: () => Promise<T>, keep: (value: T) => { version: number } | false): Promise<T> {
    const hit = this.get<T>(key);
    if (hit) return hit.value;
    let flight = this.inFlight.get(key);
    if (!flight) this.inFlight.set(key, (flight = { readers: 0, epoch: 0 }));
    flight.readers += 1;
    const epoch = flight.epoch;
    let value: T;
    try {
      value = await load();
    } finally {
      flight.readers -= 1;
      if (flight.readers === 0) this.inFlight.delete(key);
    }
    const kept = flight.epoch === epoch && keep(value);
    if (!kept) return value;
    this.set(key, value, kept.version);
    // The frozen copy, as every later hit answers: a caller that would change it finds out on its first read.
    return this.get<T>(key)?.value ?? value;
  }

  private live(key: string) {
    const hit = this.entries.get(key);
    if (!hit) return undefined;
    if (Date.now() - hit.at >= this.ttlMs) {
      this.entries.delete(key);
      return undefined;
    }
    return hit;
  }
}

/**
 * A copy of what was read or written that nobody can change: the caller who wrote it keeps its own object. As JSON
 * would carry it (a Date becomes its ISO text), so a hit reads the same as the database's answer did.
 */
function frozenCopy<T>(value: T): T {
  return deepFreeze(JSON.parse(JSON.stringify(value)) as T);
}

/** Freezes `value` and everything in it. */
export function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const inner of Object.values(value)) deepFreeze(inner);
  }
  return value;
}

export interface ReadCacheOptions {
  ttlMs: number;
  maxEntries?: number;
}

export function withReadCache(storage: StoragePort, options: ReadCacheOptions): StoragePort {
  if (options.ttlMs <= 0) return storage;
  const max = options.maxEntries ?? 10_000;
  const settingsCache = new FrozenTtlCache(options.ttlMs, max);
  const sessionCache = new FrozenTtlCache(options.ttlMs, max);
  const key = (guildId: string, section: string) => `${guildId}\u0000${section}`;
  // Nothing stored yet is version 0, the version the first save names.
  const versionOf = (doc: SettingsDocument | null) => ({ version: doc?.version ?? 0 });

  const settings: SettingsStore = {
    get<T>(guildId: string, section: string) {
      return settingsCache.read(key(guildId, section), () => storage.settings.get<T>(guildId, section), versionOf);
    },
    async put<T>(guildId: string, section: string, data: T, expectedVersion: number, change?: ChangeNote) {
      const k = key(guildId, section);
      try {
        const result = await storage.settings.put<T>(guildId, section, data, expectedVersion, change);
        const stored = result.ok ? result.document : result.current;
        settingsCache.written(k);
        settingsCache.set(k, stored, versionOf(stored).version);
        return result;
      } catch (err) {
        settingsCache.invalidate(k);
        throw err;
      }
    },
    async putMany<T>(guildId: string, writes: readonly SettingsWrite<T>[], change: ChangeNote) {
      const keys = writes.map((write) => key(guildId, write.section));
      try {
        const result = await storage.settings.putMany<T>(guildId, writes, change);
        if (result.ok) {
          for (const [index, document] of result.documents.entries()) {
            settingsCache.written(keys[index]!);
            settingsCache.set(keys[index]!, document, document.version);
          }
        } else {
          // Nothing was written; what is stored in the stale section is newer than what may be cached.
          const k = key(guildId, result.section);
          settingsCache.written(k);
          settingsCache.set(k, result.current, versionOf(result.current).version);
        }
        return result;
      } catch (err) {
        for (const k of keys) settingsCache.invalidate(k);
        throw err;
      }
    },
  };

  /** A session write: reads that began before it finished must not cache what was there before. */
  const sessionWrite = async (sid: string, write: () => Promise<void>) => {
    sessionCache.invalidate(sid);
    try {
      await write();
    } finally {
      sessionCache.invalidate(sid);
    }
  };

  const sessions: Partial<SessionStore> = {
    get(sid) {
      // Unknown ids are not cached: a session may be created by another instance a moment later.
      return sessionCache.read(
        sid,
        () => storage.sessions.get(sid),
        (data) => data !== null && { version: 0 },
      );
    },
    set: (sid, data, expiresAt) => sessionWrite(sid, () => storage.sessions.set(sid, data, expiresAt)),
    destroy: (sid) => sessionWrite(sid, () => storage.sessions.destroy(sid)),
  };

  // Records are not cached, nor is history: the timeline and the feed must see every entry as soon as it is committed.
  return overlayPort(storage, { settings, sessions });
}
