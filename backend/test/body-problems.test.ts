// What the body reader refuses before any route sees a body (http/body-parser.ts bodyProblems), asked directly: the
// depth limit at its edge, each kind of text that cannot be stored, where each is reported and how many. Over HTTP,
// hardening-input.test.ts shows the same answers as 400s; these pin the rule itself (issue 34).
import { describe, expect, it } from 'vitest';
import { bodyProblems, MAX_BODY_DEPTH, TOO_DEEP, UNSTORABLE_TEXT } from '../src/http/body-parser.js';

/** An object nested `levels` deep (the body itself is level 1), `leaf` at the bottom. */
function nested(levels: number, leaf: unknown = 'x'): unknown {
  let body: unknown = leaf;
  for (let i = 0; i < levels; i++) body = i % 2 ? [body] : { a: body };
  return body;
}

describe('bodyProblems: what cannot be stored or read is named by its path', () => {
  it('takes plain JSON values and storable text, including emoji (surrogate pairs)', () => {
    for (const body of [{}, [], { a: 'plain', b: 1, c: true, d: null, e: ['😀', { f: 'ok' }] }, 'text', 42, null]) {
      expect(bodyProblems(body)).toBeNull();
    }
  });

  it(`takes ${MAX_BODY_DEPTH} levels of nesting and refuses ${MAX_BODY_DEPTH + 1}, naming the first container too deep`, () => {
    expect(MAX_BODY_DEPTH).toBe(32);
    expect(bodyProblems(nested(MAX_BODY_DEPTH))).toBeNull();
    const tooDeep = bodyProblems(nested(MAX_BODY_DEPTH + 1));
    expect(tooDeep?.error).toBe(TOO_DEEP);
    expect(tooDeep?.fieldErrors).toHaveLength(1);
    // The innermost container (level 33) sits under the 32 keys of the containers around it, outermost first.
    const keys = Array.from({ length: MAX_BODY_DEPTH }, (_, i) => ((MAX_BODY_DEPTH - i) % 2 ? '0' : 'a'));
    expect(tooDeep?.fieldErrors[0]?.path).toBe(`/${keys.join('/')}`);
    expect(tooDeep?.fieldErrors[0]?.message).toBe(TOO_DEEP);
    // Deep text alone is not a container: a string at level 33 is read.
    expect(bodyProblems(nested(MAX_BODY_DEPTH, 'leaf'))).toBeNull();
  });

  it('refuses U+0000 and a lone surrogate in a value or a property name, with JSON Pointer paths (~0, ~1 escaped)', () => {
    const result = bodyProblems({
      fine: 'ok',
      nul: 'a\u0000b',
      list: ['ok', '\uD800'],
      'a/b~c': { lone: 'x\uDC00' },
      ['key\u0000']: 'value',
    });
    expect(result).toEqual({
      error: UNSTORABLE_TEXT,
      // A container's property names are read with the container, before its values.
      fieldErrors: [
        { path: '/key\u0000', message: UNSTORABLE_TEXT },
        { path: '/nul', message: UNSTORABLE_TEXT },
        { path: '/list/1', message: UNSTORABLE_TEXT },
        { path: '/a~1b~0c/lone', message: UNSTORABLE_TEXT },
      ],
    });
  });

  it('names a bad property name even when its value is fine, and a bad top-level string with the empty path', () => {
    expect(bodyProblems({ ['\uD83D']: 'fine' })?.fieldErrors).toEqual([{ path: '/\uD83D', message: UNSTORABLE_TEXT }]);
    expect(bodyProblems('\u0000')?.fieldErrors).toEqual([{ path: '', message: UNSTORABLE_TEXT }]);
    // A surrogate pair is one character: only a surrogate without its partner is refused.
    expect(bodyProblems({ pair: '\uD83D\uDE00', reversed: '\uDE00\uD83D' })?.fieldErrors).toEqual([
      { path: '/reversed', message: UNSTORABLE_TEXT },
    ]);
  });

  it('names at most 20 fields, the first ones in document order', () => {
    const body = Object.fromEntries(Array.from({ length: 50 }, (_, i) => [`f${i}`, '\u0000']));
    const result = bodyProblems(body);
    expect(result?.fieldErrors).toHaveLength(20);
    expect(result?.fieldErrors.map((e) => e.path)).toEqual(Array.from({ length: 20 }, (_, i) => `/f${i}`));
    const keys = Object.fromEntries(Array.from({ length: 30 }, (_, i) => [`k${i}\u0000`, 'fine']));
    expect(bodyProblems(keys)?.fieldErrors).toHaveLength(20);
  });
});
