// The build merges an allOf with src/form/all-of-merge.ts, not with RJSF's @x0k/json-schema-merge (vite.config.ts;
// issue 26). Here it meets RJSF's merger: on every allOf that our section schemas lead RJSF to, it must merge (not give
// up) and give what RJSF's gives; on generated schemas, wherever it does not give up, the same.
import fc from 'fast-check';
import { sectionModules } from '@guildhall/generated/section-modules';
import rjsfMerge from '@rjsf/utils/lib/schema/shallowAllOfMerge.js';
import findSchemaDefinition from '@rjsf/utils/lib/findSchemaDefinition.js';
import type { RJSFSchema } from '@rjsf/utils';
import { describe, expect, it } from 'vitest';
import merge from '../src/form/all-of-merge';

type Schema = Parameters<typeof merge>[0];

/** Every object in `node` with where it is, `node` included. */
function objectsOf(node: unknown, at = '', out: { at: string; value: Record<string, unknown> }[] = []) {
  if (Array.isArray(node)) node.forEach((item, i) => objectsOf(item, `${at}/${i}`, out));
  else if (node && typeof node === 'object') {
    out.push({ at, value: node as Record<string, unknown> });
    for (const [key, value] of Object.entries(node)) objectsOf(value, `${at}/${key}`, out);
  }
  return out;
}

const sections = await Promise.all(
  Object.entries(sectionModules).map(async ([name, load]) => ({ name, schema: ((await load()) as { schema: RJSFSchema }).schema })),
);

/** What merging gives, or 'throws'. */
function outcome(mergeWith: (schema: Schema) => unknown, schema: Schema): unknown {
  try {
    return mergeWith(structuredClone(schema));
  } catch {
    return 'throws';
  }
}

describe('the allOf merger of the build (src/form/all-of-merge.ts) against RJSF’s', () => {
  // RJSF's utils merge an allOf where a schema has one, for a patternProperties (a property with the patterns it
  // matches), and where a $ref leads to a schema that is a $ref with keywords beside it: findSchemaDefinition gives
  // `{ allOf: [keywords, what the inner $ref names] }`, which resolveAllReferences spreads the $ref's own keywords over.
  const found: string[] = [];
  it.each(sections.map((s) => [s.name, s.schema] as const))('merges every allOf of the %s form as RJSF does', (name, schema) => {
    for (const { at, value } of objectsOf(schema)) {
      expect(value, `${at} allOf`).not.toHaveProperty('allOf');
      expect(value, `${at} patternProperties`).not.toHaveProperty('patternProperties');
      if (typeof value.$ref !== 'string') continue;
      const { $ref, ...local } = value;
      const resolved = { ...findSchemaDefinition($ref, schema), ...local } as Schema;
      if (typeof resolved === 'boolean' || !resolved.allOf) continue;
      found.push(`${name}${at}`);
      const ours = outcome(merge, resolved);
      expect(ours, `${name}${at}`).not.toBe('throws');
      expect(ours, `${name}${at}`).toEqual(outcome(rjsfMerge as never, resolved));
    }
  });

  it('meets the allOf Join DMs’ embed colour makes (so the check above is not vacuous)', () => {
    expect(found).toContain('joindms/properties/embed/properties/color');
  });

  it('gives what RJSF’s merger gives on generated schemas, wherever it does not give up', () => {
    const word = fc.constantFrom('a', 'b', 'Colour');
    const annotations = fc.record(
      {
        title: word,
        description: word,
        default: fc.constantFrom('#068ADD', 1, null, ''),
        $comment: word,
        format: fc.constantFrom('uri', 'email'),
        'x-ui': fc.record({ order: fc.nat(5) }),
        'x-messages': fc.record({ type: word }),
      },
      { requiredKeys: [] },
    );
    const constraints = fc.record({
      type: fc.constantFrom('string', 'number', 'integer', ['string', 'null']),
      maxLength: fc.nat(9),
      minLength: fc.nat(9),
      minimum: fc.nat(9),
      maximum: fc.nat(9),
      pattern: fc.constantFrom('^#', '^a'),
      enum: fc.constantFrom(['a'], ['a', 'b']),
      examples: fc.constantFrom(['a'], ['b']),
      required: fc.constantFrom(['a'], ['b']),
      properties: fc.constantFrom({ a: { type: 'string' } }, { b: { title: 'b' } }),
      additionalProperties: fc.boolean(),
      items: fc.constantFrom({ type: 'string' }, true),
    });
    // A member: annotations, and none, one or two constraints.
    const keyword = fc
      .tuple(
        annotations,
        constraints,
        fc.subarray(
          [
            'type',
            'maxLength',
            'minLength',
            'minimum',
            'maximum',
            'pattern',
            'enum',
            'examples',
            'required',
            'properties',
            'additionalProperties',
            'items',
          ] as const,
          { maxLength: 2 },
        ),
      )
      .map(([a, c, keys]) => ({ ...a, ...Object.fromEntries(keys.map((key) => [key, c[key]])) }));
    const member: fc.Arbitrary<Schema> = fc.letrec<{ schema: Schema }>((tie) => ({
      schema: fc.oneof(
        { weight: 6, arbitrary: keyword as fc.Arbitrary<Schema> },
        { weight: 1, arbitrary: fc.constant(true) },
        { weight: 1, arbitrary: fc.constant(false) },
        {
          weight: 2,
          arbitrary: fc
            .tuple(keyword, fc.array(tie('schema'), { minLength: 1, maxLength: 3 }))
            .map(([rest, allOf]) => ({ ...rest, allOf }) as Schema),
        },
      ),
    })).schema;
    const schema = fc
      .tuple(keyword, fc.array(member, { minLength: 1, maxLength: 4 }))
      .map(([rest, allOf]) => ({ ...rest, allOf }) as Schema);
    let merged = 0;
    fc.assert(
      fc.property(schema, (input) => {
        const ours = outcome(merge, input);
        if (ours === 'throws') return;
        merged++;
        expect(ours).toEqual(outcome(rjsfMerge as never, input));
      }),
      { numRuns: 5000 },
    );
    expect(merged).toBeGreaterThan(1000);
  });
});
