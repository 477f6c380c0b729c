/**
 * The words a person reads for a place in a settings document: the titles of the schema's properties along a JSON
 * Pointer, joined with " › " ("Welcome Message › Welcome channel"), so the history shows a change by the names the
 * form uses rather than by its pointer. A property without a title falls back to its name, humanised.
 */

type Schema = { readonly [keyword: string]: unknown };

/** Finds a schema named by an absolute `$ref` (another published schema); local refs (#/...) are followed here. */
export type SchemaLookup = (id: string) => Schema | undefined;

export const LABEL_SEPARATOR = ' › ';

const isSchema = (value: unknown): value is Schema => typeof value === 'object' && value !== null && !Array.isArray(value);

function unescape(token: string): string {
  return token.replace(/~1/g, '/').replace(/~0/g, '~');
}

/** "log_channel", "logChannel", "log-channel" -> "Log channel". */
export function humanise(name: string): string {
  const words = name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .trim()
    .toLowerCase();
  return words ? words[0]!.toUpperCase() + words.slice(1) : name;
}

/** The schema at a local pointer of `root` (#/$defs/X). */
function local(root: Schema, ref: string): Schema | undefined {
  let node: unknown = root;
  for (const token of ref.slice(2).split('/').filter(Boolean).map(unescape)) {
    if (!isSchema(node)) return undefined;
    node = node[token];
  }
  return isSchema(node) ? node : undefined;
}

/** Follows `$ref`s (at most a few: a cycle ends the walk), keeping the document they are local to. */
function resolve(node: Schema, root: Schema, lookup?: SchemaLookup): { node: Schema; root: Schema } {
  let current = { node, root };
  for (let hops = 0; hops < 8 && typeof current.node.$ref === 'string'; hops++) {
    const ref = current.node.$ref;
    if (ref.startsWith('#')) {
      const target = local(current.root, ref);
      if (!target) break;
      current = { node: target, root: current.root };
    } else {
      const [id, fragment] = ref.split('#') as [string, string | undefined];
      const document = lookup?.(id);
      if (!document) break;
      const target = fragment ? local(document, `#${fragment}`) : document;
      if (!target) break;
      current = { node: target, root: document };
    }
  }
  return current;
}

/** The subschema `token` leads to, looking through properties, combinators and array items. */
function child(node: Schema, root: Schema, token: string, lookup?: SchemaLookup): { node: Schema; root: Schema } | undefined {
  const properties = node.properties;
  if (isSchema(properties) && Object.hasOwn(properties, token) && isSchema(properties[token])) {
    return { node: properties[token], root };
  }
  for (const keyword of ['allOf', 'anyOf', 'oneOf']) {
    const list = node[keyword];
    if (!Array.isArray(list)) continue;
    for (const option of list) {
      if (!isSchema(option)) continue;
      const resolved = resolve(option, root, lookup);
      const found = child(resolved.node, resolved.root, token, lookup);
      if (found) return found;
    }
  }
  if (/^(0|[1-9][0-9]*)$/.test(token)) {
    const prefix = node.prefixItems;
    if (Array.isArray(prefix) && isSchema(prefix[Number(token)])) return { node: prefix[Number(token)] as Schema, root };
    if (isSchema(node.items)) return { node: node.items, root };
  }
  if (isSchema(node.additionalProperties)) return { node: node.additionalProperties, root };
  return undefined;
}

/**
 * The label of `pointer` in documents of `schema`: each step's title (the property's own, else the title of what it
 * refers to), else the step's name humanised (an array index: "Item N"). The root ("") is the schema's title.
 */
export function schemaLabel(schema: Schema, pointer: string, lookup?: SchemaLookup): string {
  if (pointer === '') return typeof schema.title === 'string' ? schema.title : '';
  const tokens = pointer.split('/').slice(1).map(unescape);
  const parts: string[] = [];
  let at: { node: Schema; root: Schema } | undefined = resolve(schema, schema, lookup);
  for (const token of tokens) {
    const next = at ? child(at.node, at.root, token, lookup) : undefined;
    const fallback = /^(0|[1-9][0-9]*)$/.test(token) ? `Item ${Number(token) + 1}` : humanise(token);
    if (!next) {
      parts.push(fallback);
      at = undefined;
      continue;
    }
    const resolved = resolve(next.node, next.root, lookup);
    const title = typeof next.node.title === 'string' ? next.node.title : resolved.node.title;
    parts.push(typeof title === 'string' && title ? title : fallback);
    at = resolved;
  }
  return parts.join(LABEL_SEPARATOR);
}
