/**
 * The read cache in front of sessions and settings (src/storage/read-cache.ts) must never keep an answer that a
 * later write made stale: a slow read that started before a write finishes after it, and its older value must not
 * replace the newer one (nor a logged-out session come back for the cache's lifetime). The storage below holds
 * reads and writes open on request, so each interleaving happens exactly, without timers.
 */
import { describe, expect, it } from 'vitest';
import { withReadCache } from '../src/storage/read-cache.js';
import type { PutSettingsResult, SettingsDocument, StoragePort } from '../src/storage/storage.port.js';

interface Gate {
  /** Resolves when the held operation has started (it has read or written the database). */
  started: Promise<void>;
  release(): void;
}

/** An in-memory database whose next get (or put answer) can be held until the test releases it. */
class HoldableStorage {
  readonly docs = new Map<string, SettingsDocument>();
  readonly sessionRows = new Map<string, unknown>();
  reads = 0;
  private holds: Array<{ op: 'settings.get' | 'settings.put' | 'sessions.get'; arrived: () => void; wait: Promise<void> }> = [];

  /** The next `op` reads (or writes) the database at once, and its answer waits for release(). */
  hold(op: 'settings.get' | 'settings.put' | 'sessions.get'): Gate {
    let arrived!: () => void;
    let release!: () => void;
    const started = new Promise<void>((resolve) => (arrived = resolve));
    const wait = new Promise<void>((resolve) => (release = resolve));
    this.holds.push({ op, arrived, wait });
    return { started, release };
  }

  private async gate(op: string) {
    const index = this.holds.findIndex((h) => h.op === op);
    if (index < 0) return;
    const [held] = this.holds.splice(index, 1);
    held!.arrived();
    await held!.wait;
  }

  readonly port: StoragePort = {
    kind: 'pglite',
    init: async () => undefined,
    ping: async () => undefined,
    close: async () => undefined,
    records: undefined as never,
    history: undefined as never,
    settings: {
      putMany: undefined as never,
      get: async <T>(guildId: string, section: string) => {
        this.reads += 1;
        const snapshot = structuredClone(this.docs.get(`${guildId}/${section}`) ?? null);
        await this.gate('settings.get');
        return snapshot as SettingsDocument<T> | null;
      },
      put: async <T>(guildId: string, section: string, data: T, expectedVersion: number) => {
        const key = `${guildId}/${section}`;
        const current = this.docs.get(key) ?? null;
        let result: PutSettingsResult<T>;
        if ((current?.version ?? 0) !== expectedVersion) {
          result = { ok: false, current: structuredClone(current) as SettingsDocument<T> | null };
        } else {
          const document = { guildId, section, version: expectedVersion + 1, data, updatedAt: new Date().toISOString() };
          this.docs.set(key, document);
          result = { ok: true, document: structuredClone(document) };
        }
        await this.gate('settings.put');
        return result;
      },
    },
    sessions: {
      get: async (sid: string) => {
        this.reads += 1;
        const snapshot = structuredClone(this.sessionRows.get(sid) ?? null);
        await this.gate('sessions.get');
        return snapshot;
      },
      set: async (sid: string, data: unknown) => {
        this.sessionRows.set(sid, structuredClone(data));
      },
      touch: async () => undefined,
      destroy: async (sid: string) => {
        this.sessionRows.delete(sid);
      },
      prune: async () => 0,
    },
  };
}

const TTL = 60_000;

describe('the read cache never serves an answer older than the last write it saw', () => {
  it('a settings read that started before a save does not bring back the older version', async () => {
    const db = new HoldableStorage();
    const cached = withReadCache(db.port, { ttlMs: TTL });
    await db.port.settings.put('g1', 'basic', { prefix: '!' }, 0); // stored, not yet in the cache

    const slow = db.hold('settings.get');
    const staleRead = cached.settings.get('g1', 'basic');
    await slow.started; // it has read version 1
    const saved = await cached.settings.put('g1', 'basic', { prefix: '?' }, 1);
    expect(saved.ok).toBe(true);
    slow.release();
    expect((await staleRead)?.version).toBe(1);

    const next = await cached.settings.get('g1', 'basic');
    expect(next).toMatchObject({ version: 2, data: { prefix: '?' } });
  });

  it('a save whose answer arrives late does not replace the newer version a later save cached', async () => {
    const db = new HoldableStorage();
    const cached = withReadCache(db.port, { ttlMs: TTL });
    const late = db.hold('settings.put');
    const first = cached.settings.put('g1', 'basic', { prefix: '!' }, 0);
    await late.started; // version 1 is stored; its answer waits
    expect((await cached.settings.put('g1', 'basic', { prefix: '?' }, 1)).ok).toBe(true);
    late.release();
    expect(await first).toMatchObject({ ok: true, document: { version: 1 } });

    expect(await cached.settings.get('g1', 'basic')).toMatchObject({ version: 2, data: { prefix: '?' } });
  });

  it('a settings read that started before a save is not cached even once the save has left the cache', async () => {
    const db = new HoldableStorage();
    // One entry: the save's entry is pushed out by another guild's read before the slow read ends.
    const cached = withReadCache(db.port, { ttlMs: TTL, maxEntries: 1 });
    await db.port.settings.put('g1', 'basic', { prefix: '!' }, 0);
    const slow = db.hold('settings.get');
    const staleRead = cached.settings.get('g1', 'basic');
    await slow.started;
    await cached.settings.put('g1', 'basic', { prefix: '?' }, 1);
    await cached.settings.get('g2', 'basic');
    slow.release();
    await staleRead;

    expect(await cached.settings.get('g1', 'basic')).toMatchObject({ version: 2 });
  });

  it('a session read that started before sign-out does not keep the session alive', async () => {
    const db = new HoldableStorage();
    const cached = withReadCache(db.port, { ttlMs: TTL });
    await db.port.sessions.set('sid-1', { passport: { user: { id: 'u1' } } }, new Date(Date.now() + TTL));

    const slow = db.hold('sessions.get');
    const staleRead = cached.sessions.get('sid-1');
    await slow.started;
    await cached.sessions.destroy('sid-1');
    slow.release();
    expect(await staleRead).toEqual({ passport: { user: { id: 'u1' } } });

    expect(await cached.sessions.get('sid-1')).toBeNull();
  });

  it('a session read that started before a session write does not bring back the older data', async () => {
    const db = new HoldableStorage();
    const cached = withReadCache(db.port, { ttlMs: TTL });
    await db.port.sessions.set('sid-1', { step: 1 }, new Date(Date.now() + TTL));

    const slow = db.hold('sessions.get');
    const staleRead = cached.sessions.get('sid-1');
    await slow.started;
    await cached.sessions.set('sid-1', { step: 2 }, new Date(Date.now() + TTL));
    slow.release();
    await staleRead;

    expect(await cached.sessions.get('sid-1')).toEqual({ step: 2 });
  });

  it('still answers repeated reads from memory when nothing wrote in between', async () => {
    const db = new HoldableStorage();
    const cached = withReadCache(db.port, { ttlMs: TTL });
    await cached.settings.put('g1', 'basic', { prefix: '!' }, 0);
    await cached.sessions.set('sid-1', { step: 1 }, new Date(Date.now() + TTL));
    db.reads = 0;
    for (let i = 0; i < 3; i++) {
      expect(await cached.settings.get('g1', 'basic')).toMatchObject({ version: 1 });
      expect(await cached.sessions.get('sid-1')).toEqual({ step: 1 });
    }
    // The save cached its own answer; the session was read once, then served from memory.
    expect(db.reads).toBe(1);

    // Reads that overlap each other, with no write among them, fill the cache as well.
    await db.port.sessions.set('sid-2', { step: 1 }, new Date(Date.now() + TTL));
    db.reads = 0;
    await Promise.all([cached.sessions.get('sid-2'), cached.sessions.get('sid-2')]);
    expect(await cached.sessions.get('sid-2')).toEqual({ step: 1 });
    expect(db.reads).toBe(2);
  });

  it('hands every reader the same frozen copy, so no caller can change what another reads, and leaves the writer its own', async () => {
    const db = new HoldableStorage();
    const cached = withReadCache(db.port, { ttlMs: TTL });
    const mine = { prefix: '!', nested: { list: [1, 2] } };
    await cached.settings.put('g1', 'basic', mine, 0);
    mine.nested.list.push(3);
    const first = await cached.settings.get<typeof mine>('g1', 'basic');
    const second = await cached.settings.get<typeof mine>('g1', 'basic');
    expect(first).toBe(second);
    expect(first!.data).toEqual({ prefix: '!', nested: { list: [1, 2] } });
    expect(() => first!.data.nested.list.push(4)).toThrow(TypeError);
    expect(() => Object.assign(first!.data, { prefix: '?' })).toThrow(TypeError);

    // A miss answers the copy it keeps, frozen as every later hit is.
    await db.port.sessions.set('sid-1', { passport: { user: { id: '1' } } }, new Date(Date.now() + TTL));
    const session = (await cached.sessions.get('sid-1')) as { passport: { user: { id: string } } };
    expect(Object.isFrozen(session.passport.user)).toBe(true);
    expect(await cached.sessions.get('sid-1')).toBe(session);
  });
});
