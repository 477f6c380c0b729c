/**
 * fast-equals as RJSF's utils use it (deepEquals.js: `createCustomEqual({ circular: true, createCustomConfig })` with
 * functions equal to any function), in 2 KB less of the form engine (issue 26): the build puts this file in
 * fast-equals' place (vite.config.ts). The same answers as fast-equals' loose deep equality: numbers by SameValue,
 * objects by their own enumerable keys (a React element's owner skipped) and constructor, arrays, dates, regular
 * expressions, maps, sets, errors, boxed primitives, URLs, typed arrays and buffers by value, promises by identity,
 * cycles tracked. frontend/test/deep-equals.test.ts compares both on generated values of every kind.
 */

type Equal = (a: unknown, b: unknown) => boolean;
type Item = Record<PropertyKey, unknown>;

interface Options {
  createCustomConfig?: (config: object) => { areFunctionsEqual?: (a: unknown, b: unknown) => boolean };
}

const { keys } = Object;
const tagOf = (value: object) => Object.prototype.toString.call(value);
const isReactOwner = (a: Item, b: Item, key: string) =>
  (key === '_owner' || key === '__o' || key === '__v') && !!(a.$$typeof || b.$$typeof);
const TYPED = /^\[object (Big)?(Ui|I)nt(8|16|32|64)(Clamped)?Array\]$|^\[object Float(16|32|64)Array\]$/;

/** fast-equals' createCustomEqual for the options RJSF gives it. */
export function createCustomEqual(options: Options = {}): Equal {
  const functionsEqual = options.createCustomConfig?.({}).areFunctionsEqual ?? ((a: unknown, b: unknown) => a === b);

  return (first, second) => {
    const cache = new WeakMap<object, object>();

    const equal = (a: unknown, b: unknown): boolean => {
      if (a === b) return true;
      if (a == null || b == null) return false;
      const type = typeof a;
      if (type !== typeof b) return false;
      if (type === 'number' || type === 'bigint') return Object.is(a, b);
      if (type === 'function') return functionsEqual(a, b);
      if (type !== 'object') return false;
      const x = a as Item;
      const y = b as Item;
      if (x.constructor !== y.constructor) return false;
      const seenX = cache.get(x);
      const seenY = cache.get(y);
      if (seenX && seenY) return seenX === y && seenY === x;
      cache.set(x, y);
      cache.set(y, x);
      const result = objectsEqual(x, y);
      cache.delete(x);
      cache.delete(y);
      return result;
    };

    const propertiesEqual = (a: Item, b: Item): boolean => {
      const own = keys(a);
      if (keys(b).length !== own.length) return false;
      return own.every((key) => isReactOwner(a, b, key) || (Object.prototype.propertyIsEnumerable.call(b, key) && equal(a[key], b[key])));
    };

    /** Index by index, holes included (a hole reads as undefined). */
    const arraysEqual = (a: unknown[], b: unknown[]) => {
      if (a.length !== b.length) return false;
      for (let i = 0; i < a.length; i++) if (!equal(a[i], b[i])) return false;
      return true;
    };

    /** Each entry of `a` matched by a distinct entry of `b` (fast-equals' order-free comparison of maps and sets). */
    const entriesEqual = (a: unknown[], b: unknown[], same: (x: unknown, y: unknown) => boolean) => {
      const used: boolean[] = [];
      return a.every((x) => {
        const i = b.findIndex((y, j) => !used[j] && same(x, y));
        return i >= 0 && (used[i] = true);
      });
    };

    function objectsEqual(a: Item, b: Item): boolean {
      const ctor = a.constructor;
      if (ctor === Object || ctor == null) return propertiesEqual(a, b);
      if (Array.isArray(a)) return arraysEqual(a, b as unknown as unknown[]);
      if (a instanceof Date) return Object.is(a.getTime(), (b as unknown as Date).getTime());
      if (a instanceof RegExp) return a.source === (b as unknown as RegExp).source && a.flags === (b as unknown as RegExp).flags;
      if (a instanceof Map) {
        const m = b as unknown as Map<unknown, unknown>;
        return (
          a.size === m.size &&
          entriesEqual(
            [...a],
            [...m],
            (x, y) => equal((x as unknown[])[0], (y as unknown[])[0]) && equal((x as unknown[])[1], (y as unknown[])[1]),
          )
        );
      }
      if (a instanceof Set)
        return a.size === (b as unknown as Set<unknown>).size && entriesEqual([...a], [...(b as unknown as Set<unknown>)], equal);
      if (ctor === Promise) return false;
      const tag = tagOf(a);
      if (tag === '[object Object]') return typeof a.then !== 'function' && typeof b.then !== 'function' && propertiesEqual(a, b);
      if (tag === '[object Arguments]') return propertiesEqual(a, b);
      if (/^\[object (Boolean|Number|String|BigInt)\]$/.test(tag)) return Object.is(a.valueOf(), b.valueOf());
      if (tag === '[object Error]') return errorsEqual(a, b);
      if (tag === '[object URL]') return urlsEqual(a as unknown as URL, b as unknown as URL);
      if (TYPED.test(tag))
        return typedEqual(
          a as unknown as ArrayLike<unknown> & { byteOffset: number },
          b as unknown as ArrayLike<unknown> & { byteOffset: number },
          tag,
        );
      if (tag === '[object ArrayBuffer]')
        return typedEqual(new Uint8Array(a as unknown as ArrayBuffer), new Uint8Array(b as unknown as ArrayBuffer), '');
      if (tag === '[object DataView]') {
        const [p, q] = [a, b].map((v) => v as unknown as DataView).map((v) => new Uint8Array(v.buffer, v.byteOffset, v.byteLength));
        return typedEqual(p!, q!, '');
      }
      return false;
    }

    function errorsEqual(a: Item, b: Item): boolean {
      if (a.name !== b.name || a.message !== b.message || a.stack !== b.stack) return false;
      if (a.cause !== b.cause && !equal(a.cause, b.cause)) return false;
      if (a.errors !== b.errors && !equal(a.errors, b.errors)) return false;
      const own = keys(a).filter((key) => key !== 'cause' && key !== 'errors');
      const theirs = keys(b).filter((key) => key !== 'cause' && key !== 'errors');
      return (
        own.length === theirs.length && own.every((key) => Object.prototype.propertyIsEnumerable.call(b, key) && equal(a[key], b[key]))
      );
    }

    return equal(first, second);
  };
}

function urlsEqual(a: URL, b: URL): boolean {
  const params = (url: URL) => url.searchParams.toString().split('&').sort().join('&');
  return (
    a.href === b.href ||
    ((['protocol', 'username', 'password', 'host', 'pathname', 'hash'] as const).every((part) => a[part] === b[part]) &&
      params(a) === params(b))
  );
}

/** Element by element; NaN equals NaN in a float array, as in fast-equals. */
function typedEqual(
  a: ArrayLike<unknown> & { byteOffset?: number },
  b: ArrayLike<unknown> & { byteOffset?: number },
  tag: string,
): boolean {
  if (a.length !== b.length || a.byteOffset !== b.byteOffset) return false;
  const float = tag.startsWith('[object Float');
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i] && !(float && a[i] !== a[i] && b[i] !== b[i])) return false;
  return true;
}
