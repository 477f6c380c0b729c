import { escapePointer, pointerTokens } from '@guildhall/common/json-patch';

/**
 * Reading a settings document with its published (self-contained) schema: which subschemas apply at a place and the Discord ids the schema marks with `x-reference` (channel or role). Clone finds every
 * reference this way, so a new field is covered by its schema, not by a list of field names.
 */
export type Schema = { readonly [keyword: string]: unknown };

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Every subschema that applies at one place: $ref (local), allOf, anyOf, oneOf and if/then/else all followed. */
export function applicable(schema: unknown, root: Schema, seen = new Set<unknown>()): Schema[] {
  if (!isObject(schema) || seen.has(schema)) return [];
  seen.add(schema);
  const out: Schema[] = [schema];
  if (typeof schema.$ref === 'string' && schema.$ref.startsWith('#'))
    out.push(...applicable(resolvePointer(root, schema.$ref.slice(1)), root, seen));
  for (const key of ['allOf', 'anyOf', 'oneOf']) {
    const list = schema[key];
    if (Array.isArray(list)) for (const sub of list) out.push(...applicable(sub, root, seen));
  }
  for (const key of ['then', 'else']) out.push(...applicable(schema[key], root, seen));
  return out;
}

function resolvePointer(root: Schema, pointer: string): unknown {
  let node: unknown = root;
  for (const token of pointerTokens(pointer)) node = isObject(node) ? node[token] : undefined;
  return node;
}

/** The subschemas of a property (or an array's item) of a value the given schemas describe. */
export function childSchemas(schemas: readonly Schema[], key: string | number, root: Schema): Schema[] {
  const out: Schema[] = [];
  for (const schema of schemas) {
    if (typeof key === 'number') {
      const prefix = schema.prefixItems;
      if (Array.isArray(prefix) && key < prefix.length) out.push(...applicable(prefix[key], root));
      else out.push(...applicable(schema.items, root));
      continue;
    }
    const properties = schema.properties;
    if (isObject(properties) && Object.hasOwn(properties, key)) out.push(...applicable(properties[key], root));
    else if (isObject(schema.additionalProperties)) out.push(...applicable(schema.additionalProperties, root));
  }
  return out;
}

export type ReferenceKind = 'channel' | 'role';

export interface FoundReference {
  kind: ReferenceKind;
  id: string;
  /** JSON Pointer of the value, or of the map entry whose key is the id. */
  path: string;
  /** A map's key (propertyNames) rather than a value. */
  key: boolean;
}

const kindOf = (schemas: readonly Schema[]): ReferenceKind | undefined =>
  schemas.map((s) => s['x-reference']).find((k): k is ReferenceKind => k === 'channel' || k === 'role');

/** Every channel and role id in `doc` that its schema marks with `x-reference`. */
export function findReferences(root: Schema, doc: unknown): FoundReference[] {
  const found: FoundReference[] = [];
  const walk = (value: unknown, schemas: Schema[], path: string) => {
    const kind = kindOf(schemas);
    if (kind && typeof value === 'string') found.push({ kind, id: value, path, key: false });
    if (Array.isArray(value)) value.forEach((item, i) => walk(item, childSchemas(schemas, i, root), `${path}/${i}`));
    else if (isObject(value)) {
      const keyKind = kindOf(schemas.flatMap((s) => applicable(s.propertyNames, root)));
      for (const [key, item] of Object.entries(value)) {
        const at = `${path}/${escapePointer(key)}`;
        if (keyKind) found.push({ kind: keyKind, id: key, path: at, key: true });
        walk(item, childSchemas(schemas, key, root), at);
      }
    }
  };
  walk(doc, applicable(root, root), '');
  return found;
}

/** Whether the schemas at a place accept null (a cleared reference stays a field; otherwise its list item goes). */
export function acceptsNull(schemas: readonly Schema[]): boolean {
  return schemas.some((s) => s.type === 'null' || (Array.isArray(s.type) && s.type.includes('null')));
}
