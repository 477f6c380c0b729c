/**
 * What RJSF's utils use of jsonpointer (findSchemaDefinition.js: `get` the subschema a `$ref`'s fragment points at), as
 * jsonpointer 5 reads it: the build puts this file in jsonpointer's place (vite.config.ts), which drops its `set` and
 * `compile` that RJSF never calls (about 0.4 KB brotli of every settings page). frontend/test/json-pointer.test.ts
 * compares both on every `$ref` of our schemas and on the edge cases (escapes, missing and non-object steps, bad input).
 */

const untilde = (token: string) => token.replace(/~[01]/g, (escape) => (escape === '~1' ? '/' : '~'));

/** The value at `pointer` in `document` (`''`: the document itself), undefined past a leaf; as jsonpointer's `get`. */
function get(document: unknown, pointer: string): unknown {
  if (typeof document !== 'object') throw new Error('Invalid input object.');
  if (typeof pointer !== 'string') throw new Error('Invalid JSON pointer.');
  const tokens = pointer.split('/');
  if (tokens[0] !== '') throw new Error('Invalid JSON pointer.');
  let node = document as Record<string, unknown>;
  for (let at = 1; at < tokens.length; at++) {
    node = node[untilde(tokens[at]!)] as Record<string, unknown>;
    if (at === tokens.length - 1) return node;
    if (typeof node !== 'object' || node === null) return undefined;
  }
  return node;
}

export default { get };
