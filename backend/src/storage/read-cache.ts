import type { SessionStore, SettingsDocument, SettingsStore, StoragePort } from './storage.port.js';

/**
 * A short-lived read cache in front of the hot reads of every dashboard request: the session and the
 * settings document. Writes made through this instance update it at once; another instance's writes
 * show after at most `ttlMs` (a save still cannot be lost: puts are version-checked in the database).
 * Values are kept as JSON text so no caller can change what another one reads.
 */
class JsonTtlCache {
  private readonly entries = new Map<string, { json: string; at: number }>();

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries: number,
  ) {}

  get<T>(key: string): { value: T } | undefined {
    const hit = this.entries.get(key);
    if (!hit) return undefined;
    if (Date.now() - hit.at >= this.ttlMs) {
      this.entries.delete(key);
      return undefined;
    }
    return { value: JSON.parse(hit.json) as T };
  }

  set(key: string, value: unknown) {
    if (this.entries.size >= this.maxEntries) this.entries.delete(this.entries.keys().next().value as string);
    this.entries.set(key, { json: JSON.stringify(value ?? null), at: Date.now() });
  }

  delete(key: string) {
    this.entries.delete(key);
  }
}

export interface ReadCacheOptions {
  ttlMs: number;
  maxEntries?: number;
}

export function withReadCache(storage: StoragePort, options: ReadCacheOptions): StoragePort {
  if (options.ttlMs <= 0) return storage;
  const max = options.maxEntries ?? 10_000;
  const settingsCache = new JsonTtlCache(options.ttlMs, max);
  const sessionCache = new JsonTtlCache(options.ttlMs, max);
  const key = (guildId: string, section: string) => `${guildId}\u0000${section}`;

  const settings: SettingsStore = {
    async get<T>(guildId: string, section: string) {
      const hit = settingsCache.get<SettingsDocument<T> | null>(key(guildId, section));
      if (hit) return hit.value;
      const doc = await storage.settings.get<T>(guildId, section);
      settingsCache.set(key(guildId, section), doc);
      return doc;
    },
    async put<T>(guildId: string, section: string, data: T, expectedVersion: number) {
      const result = await storage.settings.put<T>(guildId, section, data, expectedVersion);
      settingsCache.set(key(guildId, section), result.ok ? result.document : result.current);
      return result;
    },
  };

  const sessions: SessionStore = {
    async get(sid) {
      const hit = sessionCache.get<unknown>(sid);
      if (hit) return hit.value;
      const data = await storage.sessions.get(sid);
      // Unknown ids are not cached: a session may be created by another instance a moment later.
      if (data !== null) sessionCache.set(sid, data);
      return data;
    },
    async set(sid, data, expiresAt) {
      sessionCache.delete(sid);
      await storage.sessions.set(sid, data, expiresAt);
    },
    touch: (sid, expiresAt) => storage.sessions.touch(sid, expiresAt),
    async destroy(sid) {
      sessionCache.delete(sid);
      await storage.sessions.destroy(sid);
    },
    prune: (now) => storage.sessions.prune(now),
  };

  return {
    get kind() {
      return storage.kind;
    },
    init: () => storage.init(),
    ping: () => storage.ping(),
    close: () => storage.close(),
    settings,
    records: storage.records,
    sessions,
  };
}
