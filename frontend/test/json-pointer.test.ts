// The build puts src/form/json-pointer.ts in jsonpointer's place (vite.config.ts); RJSF's utils call its `get`
// (findSchemaDefinition.js) with a `$ref`'s decoded fragment. It must answer as jsonpointer does, here RJSF's own copy
// of it, for every `$ref` our sections' schemas hold and for the edge cases of the format.
import { sectionModules } from '@guildhall/generated/section-modules';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import jsonPointer from '../src/form/json-pointer';

const jsonpointer = createRequire(createRequire(import.meta.url).resolve('@rjsf/utils'))('jsonpointer') as typeof jsonPointer;

/** Every `$ref` fragment of a schema, decoded as RJSF decodes it. */
function fragmentsOf(schema: unknown, out: string[] = []): string[] {
  if (Array.isArray(schema)) for (const item of schema) fragmentsOf(item, out);
  else if (schema && typeof schema === 'object') {
    const node = schema as Record<string, unknown>;
    if (typeof node.$ref === 'string' && node.$ref.startsWith('#')) out.push(decodeURIComponent(node.$ref.slice(1)));
    for (const value of Object.values(node)) fragmentsOf(value, out);
  }
  return out;
}

const answer = (get: () => unknown) => {
  try {
    return { value: get() };
  } catch (error) {
    return { error: (error as Error).message };
  }
};

describe("jsonpointer's part RJSF uses, in the browser build (src/form/json-pointer.ts)", () => {
  it("finds every $ref of every section's schema where jsonpointer does", async () => {
    let refs = 0;
    for (const load of Object.values(sectionModules)) {
      const { schema } = await load();
      for (const fragment of fragmentsOf(schema)) {
        refs++;
        const found = jsonPointer.get(schema, fragment);
        expect(found, fragment).toBeDefined();
        expect(found, fragment).toBe(jsonpointer.get(schema, fragment));
      }
    }
    expect(refs).toBeGreaterThan(10);
  });

  it('answers as jsonpointer on escapes, missing steps, leaves, arrays and bad input', () => {
    const document = { a: { 'b/c': [{ '~d': 1 }], e: null, f: 'text' }, '': { '': 2 } };
    const pointers = [
      '',
      '/',
      '//',
      '/a',
      '/a/b~1c',
      '/a/b~1c/0',
      '/a/b~1c/0/~0d',
      '/a/b~1c/1',
      '/a/e',
      '/a/e/x',
      '/a/f/length',
      '/a/f/x/y',
      '/x/y',
      'a',
      '#/a',
      '/a/~2',
    ];
    for (const pointer of pointers)
      expect(
        answer(() => jsonPointer.get(document, pointer)),
        pointer,
      ).toEqual(answer(() => jsonpointer.get(document, pointer)));
    for (const input of [undefined, 'text', 1])
      expect(answer(() => jsonPointer.get(input, '/a'))).toEqual(answer(() => jsonpointer.get(input, '/a')));
    expect(answer(() => jsonPointer.get(null, '/a')).error).toBeDefined();
    expect(answer(() => jsonpointer.get(null, '/a')).error).toBeDefined();
  });
});
