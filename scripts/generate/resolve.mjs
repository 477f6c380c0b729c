// Step 2, resolve: make self-contained copies of the schemas. A $ref to another file (or into another file's $defs)
// becomes a local "#/$defs/<TypeName>" and the target is copied into $defs, so every published schema works on
// its own: in Ajv, in RJSF (which only follows local refs), at /api/schemas/{name}. The same resolution, with a
// different ref prefix, lays all schemas side by side for types.d.ts ("#/$defs/") and OpenAPI
// ("#/components/schemas/"), where each shared type is declared exactly once.

import { sourcesFirst } from './derive-export.mjs';
import { checkMessages } from './keywords/x-messages.mjs';
import { clone, getPointer, isObject, omit, pascalCase, SchemaError } from './lib/json.mjs';
import { mapSchema } from './lib/schema-walk.mjs';

/** @returns {Map<string, object>} $id -> bundled schema, for every file */
export function resolve(catalog) {
  const bundles = new Map(sourcesFirst(catalog.files).map((file) => [file.id, bundle(catalog, file)]));
  return new Map(catalog.files.map((file) => [file.id, bundles.get(file.id)]));
}

/** One file, self-contained: its own refs stay, everything it reaches elsewhere lands in its $defs. */
export function bundle(catalog, root) {
  const resolver = createResolver(catalog, (target) => (target.file === root ? null : '#/$defs/'));
  const schema = resolver.rewrite(root.schema, root);
  const own = root.schema.$defs ?? {};
  const added = resolver.definitions();
  for (const name of Object.keys(added)) {
    if (Object.hasOwn(own, name)) throw new SchemaError(root.rel, `$defs/${name} clashes with the bundled type ${name}`);
  }
  if (Object.keys(added).length) schema.$defs = { ...schema.$defs, ...added };
  return foldRefinements(schema, root.rel);
}

/** What may stand beside a $ref to refine its target for one use: annotations, messages, and the same per property. */
const REFINEMENTS = new Set([
  '$ref',
  'title',
  'description',
  'default',
  'examples',
  '$comment',
  'x-ui',
  'x-messages',
  'x-access',
  'x-image',
  'properties',
]);

/**
 * A $ref that refines its target for one use (`welcome: { $ref: '#/$defs/greeting', title, properties: { content:
 * { default } } }`) becomes a copy of the target with the use's words over it: the site's keywords win, x-ui and
 * x-messages merge key by key, `properties` refine the target's properties the same way. JSON Schema applies both
 * anyway; folding them makes every consumer see it: Ajv fills each use's defaults and reports its messages (an
 * error's parentSchema is the node that failed), RJSF (which merges a $ref with its siblings shallowly) shows its
 * titles. Types and OpenAPI keep the $ref (layOut): one type for every use. An own $def only such uses referred to
 * is then dropped from the bundle.
 */
function foldRefinements(schema, rel) {
  const folded = new Set();
  const fold = (node, depth = 0) =>
    mapSchema(node, (site, pointer) => {
      if (typeof site.$ref !== 'string' || !(isObject(site.properties) || isObject(site['x-messages']))) return site;
      const where = `${rel} at #${pointer}`;
      if (!site.$ref.startsWith('#/') || depth > 20) throw new SchemaError(where, `cannot refine $ref ${site.$ref}`);
      const target = getPointer(schema, site.$ref.slice(1));
      if (!isObject(target)) throw new SchemaError(where, `$ref ${site.$ref} points at nothing`);
      folded.add(site.$ref);
      const merged = refine(fold(clone(target), depth + 1), site, where);
      checkMessages(merged, where);
      return merged;
    });
  const out = fold(schema);
  const text = JSON.stringify(out);
  for (const ref of folded) {
    const name = /^#\/\$defs\/([^/]+)$/.exec(ref)?.[1];
    if (name && out.$defs?.[name] && !text.includes(`"${ref}"`) && !text.includes(`"${ref}/`)) delete out.$defs[name];
  }
  if (out.$defs && !Object.keys(out.$defs).length) delete out.$defs;
  return out;
}

function refine(target, site, where) {
  const extra = Object.keys(site).filter((key) => !REFINEMENTS.has(key));
  if (extra.length) {
    throw new SchemaError(where, `beside a $ref only ${[...REFINEMENTS].join(', ')} refine the target; not ${extra.join(', ')}`);
  }
  const merged = { ...target };
  for (const [key, value] of Object.entries(site)) {
    if (key === '$ref') continue;
    if (key === 'x-ui' || key === 'x-messages') merged[key] = { ...target[key], ...value };
    else if (key === 'properties') {
      merged.properties = { ...target.properties };
      for (const [name, child] of Object.entries(value)) {
        const at = `${where}/properties/${name}`;
        if (!isObject(target.properties?.[name])) throw new SchemaError(at, `refines a property its $ref target does not have`);
        merged.properties[name] = refine(target.properties[name], child, at);
      }
    } else merged[key] = value;
  }
  return merged;
}

/**
 * Every file as a named definition, refs pointing at `prefix + TypeName`.
 * @returns {Record<string, object>} TypeName -> schema (without $id/$schema/$defs), in file order
 */
export function layOut(catalog, files, prefix) {
  const resolver = createResolver(catalog, () => prefix);
  for (const file of files) resolver.reference({ file, pointer: '' });
  return resolver.definitions();
}

function createResolver(catalog, prefixFor) {
  /** key "$id#pointer" -> { name, schema } */
  const targets = new Map();
  const names = new Map();

  function reference(target) {
    const prefix = prefixFor(target);
    if (prefix === null) return `#${target.pointer}`; // a ref into the root itself stays as written
    const key = `${target.file.id}#${target.pointer}`;
    let entry = targets.get(key);
    if (!entry) {
      const subschema = getPointer(target.file.schema, target.pointer);
      if (subschema === undefined) throw new SchemaError(target.file.rel, `nothing at #${target.pointer}`);
      const name = nameOf(target, subschema);
      const owner = names.get(name);
      if (owner && owner !== key) throw new SchemaError(target.file.rel, `type name ${name} is also used by ${owner}`);
      names.set(name, key);
      entry = { name, schema: null };
      targets.set(key, entry);
      // A whole file loses its identity ($id) and its $defs: what it references from them becomes a target too.
      const body = target.pointer === '' ? omit(subschema, ['$id', '$schema', '$defs']) : subschema;
      entry.schema = rewrite(body, target.file, target.pointer);
    }
    return prefix + entry.name;
  }

  /** A copy of `schema` (found in `file` at `pointer`) whose $refs all point where prefixFor says. */
  function rewrite(schema, file, pointer = '') {
    return mapSchema(clone(schema), (node, at) => {
      if (typeof node.$ref !== 'string') return node;
      const url = new URL(node.$ref, file.id);
      const id = url.href.replace(/#.*$/, '');
      const target = catalog.byId.get(id);
      const where = `${file.rel} at #${pointer}${at}`;
      if (!target) throw new SchemaError(where, `$ref "${node.$ref}" points at no schema (${id})`);
      const fragment = decodeURIComponent(url.hash.slice(1));
      if (fragment && !fragment.startsWith('/')) throw new SchemaError(where, `$ref "${node.$ref}": use JSON Pointer fragments`);
      return { ...node, $ref: reference({ file: target, pointer: fragment }) };
    });
  }

  function definitions() {
    return Object.fromEntries([...targets.values()].map(({ name, schema }) => [name, schema]));
  }

  return { reference, rewrite, definitions };
}

/**
 * A whole file is named by its title; a subschema by its own title, or by its file and key ("SectionTableItem"). A
 * property is always named by its file and key ("TicketPanelTitle"): property titles are form labels, which repeat
 * across files ("Image URL"), not type names.
 */
export function nameOf({ file, pointer }, subschema) {
  if (pointer === '') return file.typeName;
  if (/^\/properties\/[^/]+$/.test(pointer)) return file.typeName + pascalCase(pointer.slice('/properties/'.length));
  if (typeof subschema.title === 'string') return pascalCase(subschema.title);
  return file.typeName + pascalCase(pointer.slice(pointer.lastIndexOf('/') + 1));
}
