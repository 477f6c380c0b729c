/**
 * overlayPort (src/storage/port-overlay.ts): the wrappers of the storage port (the read cache, the change feed's signal)
 * name only the methods they change; everything else must reach the wrapped port unchanged, methods called on the
 * store they belong to, so a method added to the port needs no edit in any wrapper.
 */
import { describe, expect, it } from 'vitest';
import { overlayPort, ownMethods } from '../src/storage/port-overlay.js';
import type { StoragePort } from '../src/storage/storage.port.js';

/** A store whose methods need their own `this`, as the adapters' store classes do. */
class CountingRecords {
  readonly calls: string[] = [];
  count(collection: string): Promise<number> {
    this.calls.push(`count ${collection}`);
    return Promise.resolve(this.calls.length);
  }
  get(collection: string, id: string): Promise<null> {
    this.calls.push(`get ${collection}/${id}`);
    return Promise.resolve(null);
  }
}

function fakePort() {
  const records = new CountingRecords();
  const lifecycle: string[] = [];
  const port = {
    kind: 'pglite',
    init: () => Promise.resolve(void lifecycle.push('init')),
    ping: () => Promise.resolve(void lifecycle.push('ping')),
    close: () => Promise.resolve(void lifecycle.push('close')),
    settings: { get: () => Promise.resolve(null) },
    records,
    sessions: {},
    history: {},
  } as unknown as StoragePort;
  return { port, records, lifecycle };
}

describe('overlayPort', () => {
  it('answers the overriding methods and passes every other one to the wrapped store, called on that store', async () => {
    const { port, records } = fakePort();
    const wrapped = overlayPort(port, { records: { get: () => Promise.resolve({ overridden: true } as never) } });
    expect(await wrapped.records.get('panels', 'a')).toEqual({ overridden: true });
    expect(await wrapped.records.count('panels')).toBe(1);
    expect(records.calls).toEqual(['count panels']);
  });

  it('keeps kind, the lifecycle and the stores it does not override as the wrapped port has them', async () => {
    const { port, lifecycle } = fakePort();
    const wrapped = overlayPort(port, { records: {} });
    expect(wrapped.kind).toBe('pglite');
    await wrapped.init();
    await wrapped.ping();
    await wrapped.close();
    expect(lifecycle).toEqual(['init', 'ping', 'close']);
    expect(wrapped.settings).toBe(port.settings);
    expect(wrapped.sessions).toBe(port.sessions);
  });

  it('stacks: a wrapper of a wrapper sees both overrides and the port beneath', async () => {
    const { port, records } = fakePort();
    const inner = overlayPort(port, { records: { get: () => Promise.resolve('inner' as never) } });
    const outer = overlayPort(inner, { records: { count: () => Promise.resolve(-1) } });
    expect(await outer.records.get('panels', 'a')).toBe('inner');
    expect(await outer.records.count('panels')).toBe(-1);
    expect(records.calls).toEqual([]);
  });

  it("takes a method assigned on a wrapped store as that wrapper's own, ahead of its overrides and the port beneath", async () => {
    const { port, records } = fakePort();
    const wrapped = overlayPort(port, { records: { get: () => Promise.resolve('override' as never) } });
    const original = wrapped.records.get;
    wrapped.records.get = () => Promise.resolve('held' as never);
    expect(await wrapped.records.get('panels', 'a')).toBe('held');
    wrapped.records.count = () => Promise.resolve(-1);
    expect(await wrapped.records.count('panels')).toBe(-1);
    expect(records.calls).toEqual([]);
    expect(await port.records.count('panels')).toBe(1);
    wrapped.records.get = original;
    expect(await wrapped.records.get('panels', 'a')).toBe('override');
  });
});

describe('ownMethods', () => {
  it("makes a store's methods callable taken off it, still on that store", async () => {
    const records = ownMethods(new CountingRecords());
    const { count, get } = records;
    expect(await count('panels')).toBe(1);
    expect(await get('panels', 'a')).toBeNull();
    expect(records.calls).toEqual(['count panels', 'get panels/a']);
    // A method replaced on the store (a test holding a call) stays replaced.
    records.count = () => Promise.resolve(-1);
    expect(await records.count('panels')).toBe(-1);
  });
});
