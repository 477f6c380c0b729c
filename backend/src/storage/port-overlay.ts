import type { StoragePort } from './storage.port.js';

type StoreName = 'settings' | 'records' | 'sessions' | 'history';

/** What a wrapper of the port changes: some methods of some stores. */
export type PortOverrides = { [S in StoreName]?: Partial<StoragePort[S]> };

/**
 * The port with some store methods replaced and everything else (kind, the lifecycle, every other method) the wrapped
 * port's own, so a wrapper (the read cache, the change feed's signal) names only what it changes and a method added
 * to the port passes through every wrapper without an edit. A method assigned on a wrapped store replaces it in that
 * wrapper, as it would on a plain object (tests hold a call there).
 */
export function overlayPort(storage: StoragePort, overrides: PortOverrides): StoragePort {
  const stores: Partial<Record<StoreName, object>> = {};
  for (const name of Object.keys(overrides) as StoreName[]) stores[name] = overlay(storage[name], overrides[name] ?? {});
  return overlay(storage, stores as Partial<StoragePort>);
}

/** `base` read through a layer of its own: the layer's members first, then base's, its methods called on base. */
function overlay<T extends object>(base: T, own: Partial<T>): T {
  const layer: Record<PropertyKey, unknown> = { ...own };
  return new Proxy(base, {
    get(target, key) {
      if (Object.hasOwn(layer, key)) return layer[key];
      const value: unknown = Reflect.get(target, key, target);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
    set(_target, key, value) {
      layer[key] = value;
      return true;
    },
  });
}

/**
 * The store with each of its class's methods bound to it as its own property: callers may take a method off a store
 * and call it alone (`const { get } = storage.settings`), as they could when the stores were plain objects.
 */
export function ownMethods<T extends object>(store: T): T {
  for (
    let proto = Object.getPrototypeOf(store) as object | null;
    proto && proto !== Object.prototype;
    proto = Object.getPrototypeOf(proto)
  ) {
    for (const key of Object.getOwnPropertyNames(proto)) {
      const value: unknown = Reflect.get(proto, key);
      if (key === 'constructor' || typeof value !== 'function' || Object.hasOwn(store, key)) continue;
      Object.defineProperty(store, key, { value: value.bind(store), writable: true, configurable: true, enumerable: false });
    }
  }
  return store;
}
