// The build puts src/form/deep-equals.ts in fast-equals' place (vite.config.ts); RJSF's utils build their deepEquals
// with it (deepEquals.js), comparing form data, schemas and props. It must answer as fast-equals does, here RJSF's own
// copy of it with RJSF's options, on equal and unequal values of every kind.
import fc from 'fast-check';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { createCustomEqual } from '../src/form/deep-equals';

const fastEquals = createRequire(createRequire(import.meta.url).resolve('@rjsf/utils'))('fast-equals') as {
  createCustomEqual: typeof createCustomEqual;
};

/** RJSF's options (@rjsf/utils/lib/deepEquals.js): cycles tracked, any function equal to a function. */
const OPTIONS = {
  circular: true,
  createCustomConfig: () => ({ areFunctionsEqual: (_a: unknown, b: unknown) => typeof b === 'function' }),
};
const ours = createCustomEqual(OPTIONS);
const theirs = fastEquals.createCustomEqual(OPTIONS);

const anything = fc.anything({
  maxDepth: 3,
  withBigInt: true,
  withBoxedValues: true,
  withDate: true,
  withMap: true,
  withNullPrototype: true,
  withObjectString: true,
  withSet: true,
  withSparseArray: true,
  withTypedArray: true,
  withUnicodeString: true,
});

describe('deepEquals in the build (src/form/deep-equals.ts)', () => {
  it('finds two values built alike equal, as fast-equals does', () => {
    fc.assert(
      fc.property(fc.clone(anything, 2), ([a, b]) => {
        expect(ours(a, b)).toBe(theirs(a, b));
      }),
      { numRuns: 2000 },
    );
  });

  it('answers as fast-equals does on two unrelated values, and on a value changed in one place', () => {
    fc.assert(
      fc.property(anything, anything, (a, b) => {
        expect(ours(a, b)).toBe(theirs(a, b));
        expect(ours(a, a)).toBe(true);
      }),
      { numRuns: 2000 },
    );
    const change = (value: unknown, to: unknown): unknown =>
      Array.isArray(value) && value.length ? [to, ...value.slice(1)] : value && typeof value === 'object' ? { ...value, changed: to } : to;
    fc.assert(
      fc.property(fc.clone(anything, 2), anything, ([a, b], to) => {
        const changed = change(b, to);
        expect(ours(a, changed)).toBe(theirs(a, changed));
      }),
      { numRuns: 2000 },
    );
  });

  it.each([
    ['NaN and NaN', NaN, NaN, true],
    ['0 and -0 in arrays (equal by ===)', [0], [-0], true],
    ['functions', { f: () => 1 }, { f: () => 2 }, true],
    ['a function and a value', { f: () => 1 }, { f: 1 }, false],
    ['dates', new Date(1), new Date(1), true],
    ['regular expressions', /a/g, /a/i, false],
    [
      'maps in another order',
      new Map([
        [1, 'a'],
        [2, 'b'],
      ]),
      new Map([
        [2, 'b'],
        [1, 'a'],
      ]),
      true,
    ],
    ['sets of objects', new Set([{ a: 1 }, { a: 2 }]), new Set([{ a: 2 }, { a: 1 }]), true],
    ['a hole and a value', [, 1], [2, 1], false], // eslint-disable-line no-sparse-arrays
    ['a hole and undefined', [, 1], [undefined, 1], true], // eslint-disable-line no-sparse-arrays
    ['an object and a null-prototype one', { a: 1 }, Object.assign(Object.create(null), { a: 1 }), false],
    ['promises', Promise.resolve(1), Promise.resolve(1), false],
    ['errors', new Error('x'), new Error('x'), false], // their stacks differ
    ['URLs with reordered queries', new URL('https://a.test/?x=1&y=2'), new URL('https://a.test/?y=2&x=1'), true],
    ['float arrays holding NaN', new Float64Array([NaN]), new Float64Array([NaN]), true],
    ['React elements with other owners', { $$typeof: 1, _owner: { a: 1 }, props: {} }, { $$typeof: 1, _owner: { a: 2 }, props: {} }, true],
  ])('%s', (_name, a, b, expected) => {
    expect(theirs(a, b)).toBe(expected);
    expect(ours(a, b)).toBe(expected);
  });

  it('follows cycles as fast-equals does', () => {
    const cycle = (n: number) => {
      const a: Record<string, unknown> = { n };
      a.self = a;
      a.list = [a, { back: a }];
      return a;
    };
    for (const [a, b] of [
      [cycle(1), cycle(1)],
      [cycle(1), cycle(2)],
    ])
      expect(ours(a, b)).toBe(theirs(a, b));
    expect(ours(cycle(1), cycle(1))).toBe(true);
  });
});
