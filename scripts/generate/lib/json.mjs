// Small JSON helpers shared by the steps. Plain data only: schemas are JSON, so a JSON round trip is a deep copy.

export const clone = (value) => (value === undefined ? undefined : JSON.parse(JSON.stringify(value)));

/** A shallow copy of `object` without `keys`. */
export function omit(object, keys) {
  const copy = { ...object };
  for (const key of keys) delete copy[key];
  return copy;
}

export const isObject = (value) => value !== null && typeof value === 'object' && !Array.isArray(value);

/** "Channel reference" -> "ChannelReference", "API error" -> "ApiError", "hex-colour" -> "HexColour". */
export function pascalCase(text) {
  return String(text)
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((word) => word[0].toUpperCase() + word.slice(1).toLowerCase())
    .join('');
}

export const escapePointerToken = (token) => String(token).replace(/~/g, '~0').replace(/\//g, '~1');
export const unescapePointerToken = (token) => token.replace(/~1/g, '/').replace(/~0/g, '~');

/** The value at a JSON Pointer ('' = the document itself), or undefined. */
export function getPointer(document, pointer) {
  if (pointer === '') return document;
  if (!pointer.startsWith('/')) return undefined;
  let node = document;
  for (const token of pointer.slice(1).split('/').map(unescapePointerToken)) {
    if (node === null || typeof node !== 'object' || !Object.hasOwn(node, token)) return undefined;
    node = node[token];
  }
  return node;
}

/**
 * `node` as a form sees it once its local `$ref` is resolved in `root`, the bundled schema of the file `rel`: the
 * target first, the site's own keywords and `x-ui` over it. The UI schemas and the search index read a field so.
 */
export function resolveSite(root, rel, node, seen = new Set()) {
  if (!isObject(node) || typeof node.$ref !== 'string') return node;
  if (!node.$ref.startsWith('#')) throw new SchemaError(rel, `unbundled $ref ${node.$ref}`);
  if (seen.has(node.$ref)) return node;
  seen.add(node.$ref);
  const target = resolveSite(root, rel, getPointer(root, node.$ref.slice(1)), seen);
  const site = omit(node, ['$ref']);
  return { ...target, ...site, 'x-ui': { ...target?.['x-ui'], ...site['x-ui'] } };
}

/** A copy of `object` with its keys sorted: used for maps keyed by name so output order never depends on discovery. */
export function sortKeys(object) {
  return Object.fromEntries(
    Object.keys(object)
      .sort()
      .map((key) => [key, object[key]]),
  );
}

/** An error that names the schema file (and place) it is about; index.mjs prints it without a stack. */
export class SchemaError extends Error {
  constructor(where, message) {
    super(`${where}: ${message}`);
    this.name = 'SchemaError';
  }
}
