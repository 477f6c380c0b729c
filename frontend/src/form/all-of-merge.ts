/**
 * RJSF's `allOf` merger as the build ships it (issue 26). @rjsf/utils merges an `allOf` with @x0k/json-schema-merge
 * (schema/shallowAllOfMerge.js: 12 KB of the form engine, 4 KB brotli), which combines any two schemas keyword by
 * keyword. The build puts this function in its place (vite.config.ts; the dev server and the tests keep RJSF's). Our
 * forms reach it in one way only: a `$ref` to a schema that is a `$ref` with keywords beside it (Join DMs' embed
 * colour: `{ title, $ref }`), which 2019-09 and 2020-12 read as an `allOf` of the two. There the members share only
 * annotations (title, description...), and the merge is the union of their keywords, the first member's value kept,
 * which is what RJSF's merger gives. Where two members both constrain one thing (two `type`s, two `properties`, a
 * `minimum` and a `maximum`...) this merger gives up: RJSF's retrieveSchema catches the error and draws the schema
 * without its `allOf`, saying so in the console. frontend/test/all-of-merge.test.ts holds it to RJSF's merger, and
 * every `allOf` our schemas lead RJSF to to a merge without giving up.
 */

/** Keywords RJSF's merger combines when two members have them, each with those it combines it with. */
const COMBINED = [
  ['properties', 'patternProperties', 'additionalProperties'],
  ['items', 'additionalItems'],
  ['if', 'then', 'else'],
  ['minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum'],
  ['minLength', 'maxLength'],
  ['minItems', 'maxItems'],
  ['minProperties', 'maxProperties'],
  ...'$defs definitions type not pattern readOnly writeOnly enum anyOf oneOf propertyNames dependencies examples multipleOf uniqueItems required contains'
    .split(' ')
    .map((key) => [key]),
];
const GROUP = new Map(COMBINED.flatMap((keys, group) => keys.map((key) => [key, group] as const)));

type Schema = boolean | { allOf?: Schema[]; [keyword: string]: unknown };

/** The schema and its `allOf` members, depth first, each without its `allOf` (as @x0k/json-schema-merge lists them). */
const members = (schema: Schema): Schema[] => {
  if (typeof schema === 'boolean' || schema.allOf === undefined) return [schema];
  const { allOf, ...rest } = schema;
  return [rest, ...allOf.flatMap(members)];
};

export default function shallowAllOfMerge(schema: Schema): Schema {
  const merged: Record<string, unknown> = {};
  const owners = new Map<number, Schema>();
  for (const member of members(schema)) {
    if (member === false) return false;
    for (const [key, value] of Object.entries(member)) {
      if (value === undefined) continue;
      const group = GROUP.get(key);
      if (group !== undefined && (owners.get(group) ?? member) !== member)
        throw new Error(`this build merges no allOf whose members both have ${COMBINED[group]!.join('/')} (src/form/all-of-merge.ts)`);
      if (group !== undefined) owners.set(group, member);
      if (!(key in merged)) merged[key] = value;
    }
  }
  return merged;
}
