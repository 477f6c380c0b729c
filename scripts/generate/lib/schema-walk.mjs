// Knows where subschemas live in a draft 2020-12 schema, so the steps rewrite $refs and read x-ui only in schema
// positions, never inside data such as `default`, `examples`, `enum` or `const`.

const SCHEMA_MAPS = ['$defs', 'definitions', 'properties', 'patternProperties', 'dependentSchemas'];
const SCHEMA_ARRAYS = ['allOf', 'anyOf', 'oneOf', 'prefixItems'];
const SCHEMA_VALUES = [
  'items',
  'additionalProperties',
  'unevaluatedProperties',
  'unevaluatedItems',
  'contains',
  'propertyNames',
  'not',
  'if',
  'then',
  'else',
];

/**
 * Returns a copy of `schema` in which every schema object (the root included, children first) went through `visit`.
 * `visit(node, pointer)` gets a shallow copy whose subschemas are already mapped, and returns the replacement.
 */
export function mapSchema(schema, visit, pointer = '') {
  if (typeof schema === 'boolean' || schema === null || typeof schema !== 'object' || Array.isArray(schema)) {
    return schema;
  }
  const node = { ...schema };
  for (const key of SCHEMA_MAPS) {
    if (node[key] && typeof node[key] === 'object') {
      node[key] = Object.fromEntries(
        Object.entries(node[key]).map(([name, child]) => [name, mapSchema(child, visit, `${pointer}/${key}/${esc(name)}`)]),
      );
    }
  }
  for (const key of SCHEMA_ARRAYS) {
    if (Array.isArray(node[key])) node[key] = node[key].map((child, i) => mapSchema(child, visit, `${pointer}/${key}/${i}`));
  }
  for (const key of SCHEMA_VALUES) {
    if (key in node) node[key] = mapSchema(node[key], visit, `${pointer}/${key}`);
  }
  return visit(node, pointer);
}

/** Calls `visit(node, pointer)` for every schema object (children before their parent). */
export function walkSchema(schema, visit, pointer = '') {
  mapSchema(
    schema,
    (node, at) => {
      visit(node, at);
      return node;
    },
    pointer,
  );
}

const esc = (token) => String(token).replace(/~/g, '~0').replace(/\//g, '~1');
