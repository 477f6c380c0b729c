import fc from 'fast-check';

/**
 * Request bodies for the fuzz suite (issue 9), generated with fast-check from a route's published JSON Schema (draft
 * 2020-12, bundled: references are local `#/$defs/...`). A deliberately small reading of JSON Schema: type,
 * properties/required, items, enum/const, minimum/maximum, minLength/maxLength, pattern (fc.stringMatching) and if/then
 * (generated both ways). It only has to aim: whether a body is valid is decided afterwards by the route's own generated
 * validator, never here. Anything it does not read is left to that oracle.
 */

export type Schema = { readonly [keyword: string]: unknown };
export type Kind = 'valid' | 'boundary' | 'invalid';
/** One body to send. `text` is the exact JSON sent: JSON.stringify cannot write the deepest nestings (it overflows). */
export interface FuzzCase {
  kind: Kind;
  label: string;
  text: string;
}

/** body-parser's default JSON limit, which Nest keeps: a larger body is 413 before any route sees it. */
export const BODY_LIMIT = 100 * 1024;
/** The bot API's limit (backend/src/http/body-parser.ts, BOT_BODY_LIMIT '16mb'), once the bot's credential is checked. */
export const BOT_BODY_LIMIT = 16 * 1024 * 1024;

type Path = readonly string[];
interface Slot {
  path: Path;
  schema: Schema;
}
interface Variant {
  label: string;
  value: unknown;
}

const pointer = (path: Path) => (path.length ? `/${path.join('/')}` : '(body)');
const codePoints = (s: string) => [...s].length; // JSON Schema lengths count code points, as Ajv does
const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** NUL or an unpaired surrogate anywhere, keys included: text the API refuses before any schema (issue 9). */
export function hasUnsafeText(value: unknown): boolean {
  const stack = [value];
  while (stack.length) {
    const v = stack.pop();
    if (typeof v === 'string') {
      if (v.includes('\u0000') || LONE_SURROGATE.test(v)) return true;
    } else if (Array.isArray(v)) stack.push(...v);
    else if (isObject(v)) for (const [k, child] of Object.entries(v)) stack.push(k, child);
  }
  return false;
}

/**
 * How deeply a body nests objects and arrays (the body itself is level 1). The API refuses bodies deeper than
 * MAX_BODY_DEPTH before any schema (issue 9); a schema with an open object (the payment webhook's payload) would
 * otherwise accept them.
 */
export function nestingDepth(value: unknown): number {
  let deepest = 0;
  const stack: [unknown, number][] = [[value, 0]];
  while (stack.length) {
    const [v, depth] = stack.pop()!;
    if (v === null || typeof v !== 'object') continue;
    deepest = Math.max(deepest, depth + 1);
    for (const child of Array.isArray(v) ? v : Object.values(v)) stack.push([child, depth + 1]);
  }
  return deepest;
}

/** A copy of `base` with `value` at `path` (objects created on the way); an own property even for `__proto__`. */
function setAt(base: unknown, path: Path, value: unknown): unknown {
  if (!path.length) return value;
  const [key, ...rest] = path as [string, ...string[]];
  const copy: Record<string, unknown> = isObject(base) ? { ...base } : {};
  Object.defineProperty(copy, key, { value: setAt(copy[key], rest, value), enumerable: true, writable: true, configurable: true });
  return copy;
}

function deleteAt(base: unknown, path: Path, key: string): unknown {
  const parent = path.reduce<unknown>((v, k) => (isObject(v) ? v[k] : undefined), base);
  if (!isObject(parent)) return base;
  const { [key]: _dropped, ...rest } = parent;
  return setAt(base, path, rest);
}

const merge = (a: Schema, b: Schema): Schema => {
  const out: Record<string, unknown> = { ...a, ...b };
  const pa = (a.properties ?? {}) as Record<string, Schema>;
  const pb = (b.properties ?? {}) as Record<string, Schema>;
  if (a.properties && b.properties) {
    const keys = [...new Set([...Object.keys(pa), ...Object.keys(pb)])];
    out.properties = Object.fromEntries(keys.map((k) => [k, pa[k] && pb[k] ? merge(pa[k], pb[k]) : (pa[k] ?? pb[k])]));
  }
  if (a.required || b.required) out.required = [...new Set([...((a.required as string[]) ?? []), ...((b.required as string[]) ?? [])])];
  return out;
};

const typesOf = (s: Schema): string[] => {
  if (Array.isArray(s.type)) return s.type as string[];
  if (s.type) return [s.type as string];
  if (Array.isArray(s.enum)) return [...new Set(s.enum.map((v) => (v === null ? 'null' : typeof v)))]; // an untyped enum's values say
  return s.properties ? ['object'] : s.items ? ['array'] : [];
};

const fits = (v: unknown, s: Schema): boolean =>
  (Array.isArray(s.enum) && s.enum.includes(v)) ||
  typesOf(s).some((t) =>
    t === 'integer'
      ? Number.isInteger(v)
      : t === 'array'
        ? Array.isArray(v)
        : t === 'object'
          ? isObject(v)
          : t === 'null'
            ? v === null
            : typeof v === t,
  );

// Mostly ASCII, some other scripts, emoji (one code point, two UTF-16 units) and right-to-left text.
const char = fc.oneof(
  { weight: 8, arbitrary: fc.string({ unit: 'grapheme-ascii', minLength: 1, maxLength: 1 }) },
  { weight: 2, arbitrary: fc.string({ unit: 'grapheme-composite', minLength: 1, maxLength: 1 }) },
  { weight: 1, arbitrary: fc.constantFrom('😀', '🎉', 'ש', 'ع', '\u202E', '中', 'é') },
);

const NEAR_LIMIT = 'x'.repeat(BODY_LIMIT - 4096);
const NEAR_LIMIT_EMOJI = '😀'.repeat((BODY_LIMIT - 4096) / 4);
const OVER_LIMIT = 'x'.repeat(BODY_LIMIT + 1);
const TEXT_EDGES: Variant[] = [
  { label: 'empty string', value: '' },
  { label: 'whitespace only', value: ' \t\n' },
  { label: 'NUL character', value: 'a\u0000b' },
  { label: 'lone high surrogate', value: 'a\uD800b' },
  { label: 'lone low surrogate', value: '\uDC00' },
  { label: 'right-to-left override', value: '\u202Eabc' },
  { label: 'emoji ZWJ sequence', value: '👩‍💻' },
  { label: 'combining marks', value: 'e\u0301\u0301\u0301' },
  { label: 'byte order mark', value: '\uFEFF' },
  { label: 'markup and placeholders', value: '<script>alert(1)</script>{member.mention}@everyone' },
  { label: `near the body limit (${NEAR_LIMIT.length} chars)`, value: NEAR_LIMIT },
  { label: `near the body limit in emoji (${NEAR_LIMIT_EMOJI.length / 2} code points)`, value: NEAR_LIMIT_EMOJI },
  { label: `over the body limit (${OVER_LIMIT.length} chars)`, value: OVER_LIMIT },
];
const NUMBER_EDGES = [0, -1, 1.5, 2 ** 31 - 1, 2 ** 31, Number.MAX_SAFE_INTEGER, 2 ** 53 + 2, 1e21, -1e308, 5e-324];
const WRONG_TYPES: unknown[] = [null, true, 0, -1.5, '', 'text', [], [1, 'a'], {}, { a: 1 }];
const EXTRA_KEYS = fc.oneof(
  fc.string({ minLength: 1, maxLength: 12 }),
  fc.constantFrom('__proto__', 'constructor', 'prototype', 'toString', '', 'a\u0000', '\uD800'),
);

/**
 * The three kinds of body for one route's schema. `fixed` pins values of valid bodies by JSON Pointer (a settings
 * save's `version` is the current one, known only when it is sent).
 */
export function bodiesFor(root: Schema, fixed: Record<string, unknown> = {}) {
  const defs = (root.$defs ?? {}) as Record<string, Schema>;
  const resolve = (schema: Schema): Schema => {
    let s = schema;
    while (typeof s.$ref === 'string') {
      const { $ref, ...siblings } = s;
      const target = defs[/^#\/\$defs\/(.+)$/.exec($ref as string)?.[1] ?? ''];
      if (!target) throw new Error(`fuzz-bodies: cannot follow $ref ${String($ref)}`);
      s = merge(target, siblings);
    }
    return s;
  };

  const text = (s: Schema): fc.Arbitrary<string> => {
    const min = (s.minLength as number) ?? 0;
    const max = (s.maxLength as number) ?? Infinity;
    const raw =
      typeof s.pattern === 'string'
        ? fc.stringMatching(new RegExp(s.pattern, 'u'))
        : fc.string({ unit: char, minLength: min, maxLength: Math.min(max, min + 64) });
    return raw.filter((v) => codePoints(v) >= min && codePoints(v) <= max);
  };

  const valid = (schema: Schema, at = ''): fc.Arbitrary<unknown> => {
    if (at in fixed) return fc.constant(fixed[at]);
    const s = resolve(schema);
    if ('const' in s) return fc.constant(s.const);
    if (Array.isArray(s.enum)) return fc.constantFrom(...(s.enum as unknown[]));
    const types = typesOf(s);
    if (!types.length) return fc.jsonValue({ maxDepth: 2 });
    return fc.oneof(
      ...types.map((t): fc.Arbitrary<unknown> => {
        if (t === 'null') return fc.constant(null);
        if (t === 'boolean') return fc.boolean();
        if (t === 'integer') return fc.integer({ min: (s.minimum as number) ?? -1000, max: (s.maximum as number) ?? 1000 });
        if (t === 'number')
          return fc.double({ min: (s.minimum as number) ?? -1e6, max: (s.maximum as number) ?? 1e6, noNaN: true, noDefaultInfinity: true });
        if (t === 'string') return text(s);
        if (t === 'array')
          return fc.array(valid((s.items as Schema) ?? {}, `${at}/0`), {
            minLength: (s.minItems as number) ?? 0,
            maxLength: (s.maxItems as number) ?? 4,
          });
        return object(s, at);
      }),
    );
  };

  const object = (s: Schema, at: string): fc.Arbitrary<unknown> => {
    if (s.if && s.then) {
      const { if: _if, then, ...rest } = s;
      return fc.oneof(object(rest, at), object(merge(rest, then as Schema), at));
    }
    const props = (s.properties ?? {}) as Record<string, Schema>;
    const model = Object.fromEntries(Object.entries(props).map(([k, p]) => [k, valid(p, `${at}/${k}`)]));
    return fc.record(model, { requiredKeys: ((s.required as string[]) ?? []).filter((k) => k in props) });
  };

  /** Every place a value can go, resolved: the body itself, each property, each array's first item. */
  const slots = (schema: Schema, path: Path = []): Slot[] => {
    const s = resolve(schema);
    const children = Object.entries((s.properties ?? {}) as Record<string, Schema>).flatMap(([k, p]) => slots(p, [...path, k]));
    return [{ path, schema: s }, ...children, ...(s.items ? slots(s.items as Schema, [...path, '0']) : [])];
  };

  /** The values at and just past each limit of a place, and the awkward text every string place should survive. */
  const edges = (s: Schema): Variant[] => {
    const out: Variant[] = [];
    const types = typesOf(s);
    for (const v of [...((s.enum as unknown[]) ?? []), ...('const' in s ? [s.const] : [])]) {
      out.push({ label: `enum value ${JSON.stringify(v)}`, value: v });
      if (typeof v === 'string')
        out.push({ label: 'enum value upper-cased', value: v.toUpperCase() }, { label: 'enum value + space', value: `${v} ` });
    }
    if (types.includes('string')) {
      const min = s.minLength as number | undefined;
      const max = s.maxLength as number | undefined;
      if (max !== undefined)
        out.push(
          { label: `maxLength (${max})`, value: 'a'.repeat(max) },
          { label: `maxLength+1 (${max + 1})`, value: 'a'.repeat(max + 1) },
          { label: `maxLength in emoji (${max} code points)`, value: '😀'.repeat(max) },
          { label: `maxLength+1 in emoji`, value: '😀'.repeat(max + 1) },
          { label: `maxLength in right-to-left text`, value: 'ש'.repeat(max) },
        );
      if (min) out.push({ label: `minLength (${min})`, value: 'a'.repeat(min) }, { label: `minLength-1`, value: 'a'.repeat(min - 1) });
      // A value the pattern accepts (the schema's example, else one fast-check makes), then near misses of it.
      const example =
        (s.examples as string[] | undefined)?.[0] ??
        (typeof s.pattern === 'string' ? fc.sample(fc.stringMatching(new RegExp(s.pattern, 'u')), { seed: 1, numRuns: 1 })[0] : undefined);
      if (example !== undefined)
        out.push(
          { label: `pattern example ${JSON.stringify(example)}`, value: example },
          { label: 'pattern example + newline', value: `${example}\n` },
          { label: 'pattern example twice', value: example + example },
        );
      out.push(...TEXT_EDGES);
    }
    if (types.includes('integer') || types.includes('number')) {
      const limits = [s.minimum, s.maximum].filter((n): n is number => typeof n === 'number');
      for (const n of limits) out.push(...[n - 1, n - 0.5, n, n + 0.5, n + 1].map((value) => ({ label: `near limit ${n}`, value })));
      out.push(...NUMBER_EDGES.map((value) => ({ label: `number ${value}`, value })), { label: 'number as text', value: '3' });
    }
    if (types.includes('boolean'))
      out.push(...[true, false, 'true', 1].map((value) => ({ label: `boolean-ish ${JSON.stringify(value)}`, value })));
    if (types.includes('null')) out.push({ label: 'null', value: null });
    if (types.includes('array')) {
      const items = Array.from({ length: ((s.maxItems as number) ?? 8) + 1 }, () => 0);
      out.push({ label: 'empty array', value: [] }, { label: `${items.length} items (maxItems+1)`, value: items });
    }
    if (types.includes('object')) out.push({ label: 'empty object', value: {} });
    return out;
  };

  const places = slots(root);
  const objects = places.filter((p) => typesOf(p.schema).includes('object'));
  const boundaryEdges = places.flatMap((p) => edges(p.schema).map((e) => ({ ...p, ...e })));
  const wrongTypes = places.flatMap((p) =>
    WRONG_TYPES.filter((w) => !fits(w, p.schema)).map((value) => ({ ...p, label: `wrong type ${JSON.stringify(value)}`, value })),
  );
  const missing = objects.flatMap((p) => ((p.schema.required as string[]) ?? []).map((key) => ({ ...p, key })));
  const base = valid(root);
  const json = (label: string, body: unknown) => ({ label, text: JSON.stringify(body) });
  const at = (p: Slot, what: string) => `${pointer(p.path)}: ${what}`;

  const invalid: fc.Arbitrary<{ label: string; text: string }>[] = [
    fc.tuple(base, fc.constantFrom(...wrongTypes)).map(([b, w]) => json(at(w, w.label), setAt(b, w.path, w.value))),
    fc
      .tuple(base, fc.constantFrom(...objects), EXTRA_KEYS, fc.jsonValue({ maxDepth: 1 }))
      .map(([b, p, key, v]) => json(at(p, `extra property ${JSON.stringify(key)}`), setAt(b, [...p.path, key], v))),
    fc.jsonValue({ maxDepth: 3 }).map((v) => json('random JSON value', v)),
    fc.dictionary(fc.string({ maxLength: 8 }), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 4 }).map((v) => json('random JSON object', v)),
    // Built as text: JSON.stringify itself overflows on the deepest.
    fc
      .tuple(base, fc.constantFrom(...objects), fc.constantFrom(64, 512, 1000, 2000, 3250, 5000, 12000), fc.boolean())
      .map(([b, p, depth, arrays]) => {
        const nested = arrays ? `${'['.repeat(depth)}0${']'.repeat(depth)}` : `${'{"a":'.repeat(depth)}0${'}'.repeat(depth)}`;
        const marker = '\u2063nested\u2063';
        const body = JSON.stringify(setAt(b, [...p.path, 'nested'], marker)).replace(JSON.stringify(marker), () => nested);
        return { label: at(p, `${depth} levels of nested ${arrays ? 'arrays' : 'objects'}`), text: body };
      }),
  ];
  if (missing.length)
    invalid.push(
      fc.tuple(base, fc.constantFrom(...missing)).map(([b, m]) => json(at(m, `missing required ${m.key}`), deleteAt(b, m.path, m.key))),
    );

  return {
    valid: base.map((b) => json('generated from the schema', b)),
    boundary: fc.tuple(base, fc.constantFrom(...boundaryEdges)).map(([b, e]) => json(at(e, e.label), setAt(b, e.path, e.value))),
    invalid: fc.oneof(...invalid),
  };
}

/**
 * `counts` distinct bodies of each kind, the same for the same seed. A schema with few valid bodies (a preview's
 * `{ type }` has two) cannot fill its share: what a kind cannot fill goes to the next, so every route gets its total.
 */
export function fuzzCases(arbitraries: ReturnType<typeof bodiesFor>, counts: Record<Kind, number>, seed: number): FuzzCase[] {
  const seen = new Set<string>();
  const cases: FuzzCase[] = [];
  let carried = 0;
  (Object.keys(counts) as Kind[]).forEach((kind, i) => {
    const wanted = counts[kind] + carried;
    let taken = 0;
    for (let round = 0; round < 8 && taken < wanted; round++) {
      for (const c of fc.sample(arbitraries[kind], { seed: seed + 10 * i + round, numRuns: 2 * (wanted - taken) })) {
        if (taken === wanted) break;
        if (seen.has(c.text)) continue;
        seen.add(c.text);
        cases.push({ kind, ...c });
        taken += 1;
      }
    }
    carried = wanted - taken;
  });
  return cases;
}

/** A body short enough to read in a failure list. */
export function excerpt(text: string, width = 110): string {
  const shown = text.replace(/[^\x20-\x7e]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
  return shown.length <= width ? shown : `${shown.slice(0, width - 30)}… (${text.length} chars)`;
}
