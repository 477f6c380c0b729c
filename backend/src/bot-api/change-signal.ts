import { EventEmitter } from 'node:events';
import { overlayPort } from '../storage/port-overlay.js';
import type { StoragePort } from '../storage/storage.port.js';

/**
 * The change feed's in-process wake-up: fired after a write that recorded a history entry has committed, so the feed
 * reads the new entries at once. Other instances' commits come through the storage's history watch instead
 * (storage.port.ts `history.watch`), and the feed's poll stays under both. It carries no data: the feed reads the
 * history, the one record of what committed, in order.
 */
export class ChangeSignal {
  private readonly emitter = new EventEmitter();

  constructor() {
    // One listener per feed service, not per client; a high cap only guards against a leak warning in tests that
    // start several apps in one process.
    this.emitter.setMaxListeners(100);
  }

  notify(): void {
    this.emitter.emit('committed');
  }

  subscribe(listener: () => void): () => void {
    this.emitter.on('committed', listener);
    return () => this.emitter.off('committed', listener);
  }
}

export const CHANGE_SIGNAL = Symbol('CHANGE_SIGNAL');

/**
 * The storage port, unchanged, except that every write given a change note fires `signal` once it resolved (it has
 * committed then, its history entry with it). Writes without a note record no history and wake nobody. The smallest
 * hook: the settings and collections services need not know the feed exists.
 */
export function withChangeSignal(storage: StoragePort, signal: ChangeSignal): StoragePort {
  const after = <T>(promise: Promise<T>, recorded: (result: T) => boolean): Promise<T> =>
    promise.then((result) => {
      if (recorded(result)) signal.notify();
      return result;
    });
  return overlayPort(storage, {
    settings: {
      put: (guildId, section, data, expectedVersion, change) =>
        after(storage.settings.put(guildId, section, data, expectedVersion, change), (r) => Boolean(change) && r.ok),
      putMany: (guildId, writes, change) => after(storage.settings.putMany(guildId, writes, change), (r) => r.ok),
    },
    records: {
      replace: (collection, id, data, expectedVersion, change) =>
        after(storage.records.replace(collection, id, data, expectedVersion, change), (r) => Boolean(change) && r.ok),
      insertCapped: (collection, record, cap, change) =>
        after(storage.records.insertCapped(collection, record, cap, change), (r) => Boolean(change) && r !== null),
      delete: (collection, id, change) => after(storage.records.delete(collection, id, change), (r) => Boolean(change) && r),
    },
  });
}
