// Step 2b, bounds: every field a client writes has an upper bound in its schema. Text needs maxLength (or an enum or
// const); a number needs a maximum and a minimum within JavaScript's safe integers (2^53 and beyond is not the number
// that was sent, and a stored number must fit where it is kept). A request schema is one a client sends: each
// section's settings document, the settings PUT envelope around it, and each `request` of schemas/operations.json.
// Read on the bundles, so $refs are followed and refinements folded; a field is every subschema that applies at its
// place ($ref, allOf, then/else), and each branch of anyOf/oneOf is a field of its own.

import { sourcesFirst } from './derive-export.mjs';
import { escapePointerToken, getPointer, isObject, SchemaError } from './lib/json.mjs';

/** The settings PUT body every section's PUT takes (build-openapi.mjs narrows it per section). */
const SETTINGS_PUT_REQUEST = 'SettingsPutRequest';

/** Throws a SchemaError naming the file and the field when a field of a request schema has no upper bound. */
export function checkBounds(catalog, bundles) {
  const requestTypes = new Set([SETTINGS_PUT_REQUEST, ...catalog.operations.flatMap((op) => (op.request ? [op.request] : []))]);
  const files = catalog.files.filter((file) => file.published && (file.group === 'settings' || requestTypes.has(file.typeName)));
  for (const file of sourcesFirst(files)) {
    const bundle = bundles.get(file.id);
    checkField(bundle, [bundle], '', file.rel, new Set());
  }
}

/** `parts`: the subschemas that apply at `pointer` (an instance location: /welcome/embed/title, /items/0). */
function checkField(bundle, parts, pointer, rel, ancestors) {
  for (const variant of variants(bundle, parts, rel)) {
    const bound = (key) => variant.find((schema) => typeof schema[key] === 'number')?.[key];
    const listed = variant.some((schema) => Array.isArray(schema.enum) || 'const' in schema);
    const types = new Set(variant.flatMap((schema) => [schema.type ?? []].flat()));
    const field = pointer || '(the body)';
    if (types.has('string') && bound('maxLength') === undefined && !listed) {
      throw new SchemaError(rel, `request field ${field} is text without maxLength (or enum/const); give it an upper bound`);
    }
    if ((types.has('number') || types.has('integer')) && !listed) {
      const maximum = bound('maximum') ?? bound('exclusiveMaximum');
      const minimum = bound('minimum') ?? bound('exclusiveMinimum');
      if (maximum === undefined || maximum > Number.MAX_SAFE_INTEGER || minimum === undefined || minimum < Number.MIN_SAFE_INTEGER) {
        throw new SchemaError(
          rel,
          `request field ${field} is a number without a minimum and a maximum within the safe integers (±${Number.MAX_SAFE_INTEGER})`,
        );
      }
    }
    // A recursive schema ends where a field is made only of schemas already met on the way down.
    if (variant.every((schema) => ancestors.has(schema))) continue;
    const below = new Set([...ancestors, ...variant]);
    const children = new Map();
    const add = (token, schema) => isObject(schema) && children.set(token, [...(children.get(token) ?? []), schema]);
    for (const schema of variant) {
      for (const [name, child] of Object.entries(schema.properties ?? {})) add(escapePointerToken(name), child);
      for (const child of Object.values(schema.patternProperties ?? {})) add('*', child);
      add('*', schema.additionalProperties);
      (schema.prefixItems ?? []).forEach((child, index) => add(String(index), child));
      add('*', schema.items);
    }
    for (const [token, childParts] of children) checkField(bundle, childParts, `${pointer}/${token}`, rel, below);
  }
}

/**
 * The sets of subschemas that apply together at one place: one set, or one per branch of each anyOf/oneOf (`expanded`:
 * the branch lists already split, so each is split once).
 */
function variants(bundle, parts, rel, expanded = new Set()) {
  const all = [];
  const branchLists = [];
  const queue = [...parts];
  while (queue.length) {
    const schema = queue.shift();
    if (!isObject(schema) || all.includes(schema)) continue;
    all.push(schema);
    if (typeof schema.$ref === 'string') {
      const target = schema.$ref.startsWith('#') ? getPointer(bundle, schema.$ref.slice(1)) : undefined;
      if (!isObject(target)) throw new SchemaError(rel, `$ref ${schema.$ref} points at nothing in the bundle`);
      queue.push(target);
    }
    queue.push(...(schema.allOf ?? []), schema.then, schema.else, ...Object.values(schema.dependentSchemas ?? {}));
    for (const key of ['anyOf', 'oneOf']) if (Array.isArray(schema[key]) && !expanded.has(schema[key])) branchLists.push(schema[key]);
  }
  if (branchLists.length === 0) return [all];
  const [first] = branchLists;
  const next = new Set([...expanded, first]);
  return first.flatMap((branch) => variants(bundle, [...all, branch], rel, next));
}
