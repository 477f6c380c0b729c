// `x-refusals`: { "<name>": "message" } on a schema's root: the words of a refusal that no keyword of the schema makes,
// because code checks it (an empty guild the spec answers with 'Please select a guild and channel', a message that is
// not the bot's, a panel deployed without a channel). An annotation, like x-messages. generated/refusals.js gathers
// every file's refusals into one object by name (`refusals`), which the server's check and the page that says the same
// words before sending both import; `{placeholder}`s are filled with `fillRefusal`. A name is declared once in all of
// schemas/ (refusalsOf refuses a second), so the words exist once.

import { escapePointerToken, isObject, SchemaError } from '../lib/json.mjs';
import { walkSchema } from '../lib/schema-walk.mjs';

// No metaSchema: refusalsOf checks the shape with the file and place (and a metaSchema would be one more compiled
// validator in every Ajv instance, renumbering every generated validator's code).
export default { keyword: 'x-refusals', schemaType: 'object' };

/**
 * Every refusal of the schema files, by name (sorted), each with the file that declares it. Throws a SchemaError on
 * x-refusals below a root, on a malformed one, and on a name two files declare.
 * @param {{ rel: string, schema: object }[]} files
 * @returns {Record<string, { message: string, rel: string }>}
 */
export function refusalsOf(files) {
  const found = new Map();
  for (const { rel, schema } of files) {
    walkSchema(schema, (node, pointer) => {
      if (node['x-refusals'] !== undefined && pointer !== '') {
        throw new SchemaError(`${rel} at #${pointer}/x-refusals`, "refusals belong on the schema's root");
      }
    });
    const refusals = schema['x-refusals'];
    if (refusals === undefined) continue;
    if (!isObject(refusals)) throw new SchemaError(`${rel} at #/x-refusals`, 'must be an object of messages by name');
    for (const [name, message] of Object.entries(refusals)) {
      const where = `${rel} at #/x-refusals/${escapePointerToken(name)}`;
      if (!/^[a-z][A-Za-z0-9]*$/.test(name)) throw new SchemaError(where, 'a refusal is named in camelCase (noGuildOrChannel)');
      if (typeof message !== 'string' || !message.trim()) throw new SchemaError(where, 'must be the message, a non-empty string');
      const other = found.get(name);
      if (other) throw new SchemaError(where, `"${name}" is also declared by ${other.rel}: declare a refusal once`);
      found.set(name, { message, rel });
    }
  }
  return Object.fromEntries([...found].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}
