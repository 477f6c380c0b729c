// The build puts src/form/uri.ts in fast-uri's place (vite.config.ts); RJSF's utils call its `resolve` and `equal`
// (findSchemaDefinition.js). Both must answer as fast-uri does, here RJSF's own copy of it, for every $id and $ref our
// schemas hold and for RFC 3986's examples.
import { sectionModules } from '@guildhall/generated/section-modules';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import uri from '../src/form/uri';

const fastUri = createRequire(createRequire(import.meta.url).resolve('@rjsf/utils'))('fast-uri') as typeof uri;

/** Every (base, $ref) and every $id of a schema, with the base each is read against (the enclosing $id), as RJSF does. */
function refsOf(schema: unknown, base: string, out: { base: string; ref: string }[] = [], ids: string[] = []) {
  if (Array.isArray(schema)) for (const item of schema) refsOf(item, base, out, ids);
  else if (schema && typeof schema === 'object') {
    const node = schema as Record<string, unknown>;
    const here = typeof node.$id === 'string' ? fastUri.resolve(base, node.$id) : base;
    if (typeof node.$id === 'string') ids.push(node.$id);
    if (typeof node.$ref === 'string') out.push({ base: here, ref: node.$ref });
    for (const value of Object.values(node)) refsOf(value, here, out, ids);
  }
  return { refs: out, ids };
}

// RFC 3986 5.4.1 and 5.4.2 against its base "http://a/b/c/d;p?q".
const RFC_REFERENCES = [
  'g:h',
  'g',
  './g',
  'g/',
  '/g',
  '//g',
  '?y',
  'g?y',
  '#s',
  'g#s',
  'g?y#s',
  ';x',
  'g;x',
  'g;x?y#s',
  '',
  '.',
  './',
  '..',
  '../',
  '../g',
  '../..',
  '../../',
  '../../g',
  '../../../g',
  '../../../../g',
  '/./g',
  '/../g',
  'g.',
  '.g',
  'g..',
  '..g',
  './../g',
  './g/.',
  'g/./h',
  'g/../h',
  'g;x=1/./y',
  'g;x=1/../y',
  'g?y/./x',
  'g?y/../x',
  'g#s/./x',
  'g#s/../x',
]; // and 'http:g', which fast-uri 4 refuses (an http URI without a host) and no schema of ours says

describe("fast-uri's part RJSF uses, in the browser build (src/form/uri.ts)", () => {
  it("resolves RFC 3986's examples as fast-uri does", () => {
    for (const ref of RFC_REFERENCES) expect(uri.resolve('http://a/b/c/d;p?q', ref), ref).toBe(fastUri.resolve('http://a/b/c/d;p?q', ref));
  });

  it('resolves relative bases (a schema without $id is read against "#") and JSON pointer fragments as fast-uri does', () => {
    const cases = [
      ['#', '#/$defs/x'],
      ['#', 'other.json#/a'],
      ['a/b.json', '../c.json#/$defs/%24y'],
      ['HTTPS://Guildhall.DEV:443/schemas/a.json', './b.json'],
      ['https://guildhall.dev/schemas/settings/basic.json', '../common/snowflake.json'],
      ['https://guildhall.dev', 'schemas/a.json#'],
    ] as const;
    for (const [base, ref] of cases) expect(uri.resolve(base, ref), `${base} + ${ref}`).toBe(fastUri.resolve(base, ref));
  });

  it('resolves every $ref of every section schema against its base, and compares every $id, as fast-uri does', async () => {
    let count = 0;
    for (const load of Object.values(sectionModules)) {
      const { schema } = await load();
      const { refs, ids } = refsOf(schema, (schema as { $id?: string }).$id ?? '#');
      for (const { base, ref } of refs) {
        expect(uri.resolve(base, ref), `${base} + ${ref}`).toBe(fastUri.resolve(base, ref));
        count++;
      }
      for (const id of ids)
        for (const other of [id, id.toUpperCase(), `${id}#`, id.replace(/\.json$/, ''), ids[0]!])
          expect(uri.equal(id, other), `${id} = ${other}`).toBe(fastUri.equal(id, other));
    }
    expect(count).toBeGreaterThan(10);
  });

  it('compares URIs as fast-uri does: letter case, default port, dot segments, fragments', () => {
    const pairs = [
      ['https://guildhall.dev/a.json', 'HTTPS://GUILDHALL.DEV/a.json'],
      ['https://guildhall.dev:443/a.json', 'https://guildhall.dev/a.json'],
      ['https://guildhall.dev/x/../a.json', 'https://guildhall.dev/a.json'],
      ['https://guildhall.dev/a.json#', 'https://guildhall.dev/a.json'],
      ['https://guildhall.dev/a.json', 'https://guildhall.dev/b.json'],
      ['https://guildhall.dev', 'https://guildhall.dev/'],
    ] as const;
    for (const [a, b] of pairs) expect(uri.equal(a, b), `${a} = ${b}`).toBe(fastUri.equal(a, b));
  });
});
