// Step 2, resolve: make self-contained copies of the schemas. A $ref to another file (or into another file's $defs)
// becomes a local "#/$defs/<TypeName>" and the target is copied into $defs, so every published schema works on
// its own: in Ajv, in RJSF (which only follows local refs), at /api/schemas/{name}. The same resolution, with a
// different ref prefix, lays all schemas side by side for types.d.ts ("#/$defs/") and OpenAPI
// ("#/components/schemas/"), where each shared type is declared exactly once.

import { clone, getPointer, omit, pascalCase, SchemaError } from './lib/json.mjs';
import { mapSchema } from './lib/schema-walk.mjs';

/** @returns {Map<string, object>} $id -> bundled schema, for every file */
export function resolve(catalog) {
  return new Map(catalog.files.map((file) => [file.id, bundle(catalog, file)]));
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
  return schema;
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

/** A whole file is named by its title; a subschema by its own title, or by its file and key ("SectionTableItem"). */
function nameOf({ file, pointer }, subschema) {
  if (pointer === '') return file.typeName;
  if (typeof subschema.title === 'string') return pascalCase(subschema.title);
  return file.typeName + pascalCase(pointer.slice(pointer.lastIndexOf('/') + 1));
}
