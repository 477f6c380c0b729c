// Step 1c, derive the parameter schemas: each row of schemas/operations.json that declares parameters gets one schema
// of them as an object, `params/<operation-id>-parameters.json` (path and query parameters by name, the path ones and
// those marked `required` required, the row's `parameterRules` over the whole), so its path and query parameters are
// checked by a generated validator as bodies are (backend/src/http/schema-parameters.ts), with the schema's
// `x-messages`. A parameter's schema may `$ref` a shared piece (`common/snowflake.json`), written relative to
// operations.json. From here on each is a schema like any other file, compiled (with type coercion: a query value is
// text) and typed (`ListHistoryParameters`), but not published: the OpenAPI document declares the parameters one by
// one from the same rows (build-openapi.mjs).

import { ID_BASE, DRAFT } from './load.mjs';
import { checkMessages } from './keywords/x-messages.mjs';
import { createAjv, ENVIRONMENT_OPTIONS } from './lib/ajv.mjs';
import { pascalCase, SchemaError } from './lib/json.mjs';
import { mapSchema } from './lib/schema-walk.mjs';

export const PARAMETERS_GROUP = 'params';
const OPERATIONS_FILE = 'operations.json';
/** What `parameterRules` may add: the properties, their types and what is required come from the parameters. */
const OWN_KEYWORDS = ['type', 'properties', 'required', '$ref', '$id', '$schema', '$defs'];

/** A `$ref` of operations.json (relative to it, like a schema's to its own file) as the absolute $id it names. */
export const operationRef = (ref) => (ref.startsWith('#') ? ref : new URL(ref, ID_BASE + OPERATIONS_FILE).href);

/** `listHistory` -> `list-history`. */
const kebab = (operationId) => operationId.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);

/** Adds each operation's parameter schema to the catalog's files (in place), refusing a hand-written file of the kind. */
export function deriveParameters(catalog) {
  const schemaNames = catalog.files
    .filter((file) => file.published)
    .map((file) => file.name)
    .sort();
  // Checked here, as the table is read: a typo in a declaration fails at once, named by its row (compile.mjs compiles
  // them again, each into a module of its own).
  const checker = createAjv({ ...ENVIRONMENT_OPTIONS, code: { source: false } });
  for (const file of catalog.files) checker.addSchema(file.schema);
  for (const op of catalog.operations) {
    if (!op.parameters?.length) continue;
    const name = `${kebab(op.operationId)}-parameters`;
    const rel = `${PARAMETERS_GROUP}/${name}.json`;
    const id = ID_BASE + rel;
    if (catalog.byId.has(id)) throw new SchemaError(rel, 'is derived from operations.json: delete the hand-written file');
    const where = `${OPERATIONS_FILE} at ${op.operationId}`;
    const schema = parameterSchema(op, id, schemaNames, where);
    checkMessages(schema, where);
    try {
      checker.compile(schema);
    } catch (error) {
      throw new SchemaError(where, error.message);
    }
    const file = {
      rel: where,
      id,
      group: PARAMETERS_GROUP,
      name,
      typeName: pascalCase(schema.title),
      exportName: `validate${pascalCase(name)}`,
      published: false,
      schema,
    };
    for (const other of catalog.files) {
      if (other.name === file.name || other.typeName === file.typeName)
        throw new SchemaError(where, `its parameters' name ${file.name} (type ${file.typeName}) is also used by ${other.rel}`);
    }
    catalog.files.push(file);
    catalog.byId.set(id, file);
  }
  return catalog;
}

function parameterSchema(op, id, schemaNames, where) {
  const rules = op.parameterRules ?? {};
  const taken = OWN_KEYWORDS.filter((key) => key in rules);
  if (taken.length) throw new SchemaError(where, `parameterRules may not say ${taken.join(', ')}: the parameters do`);
  const names = op.parameters.map((param) => param.name);
  const twice = names.find((name, i) => names.indexOf(name) !== i);
  if (twice) throw new SchemaError(where, `parameter "${twice}" is declared twice`);
  const properties = {};
  // A guild operation's {guildId} is checked by the guild access guard, before any parameter: it is only named here,
  // so that the parameters object holds every path parameter.
  if (op.access === 'guild') properties.guildId = { type: 'string', description: 'Checked by the guild access guard.' };
  for (const param of op.parameters) {
    const own = param.values === 'schema-names' ? { enum: schemaNames } : (param.schema ?? { type: 'string' });
    const schema = mapSchema(own, (node) => (typeof node.$ref === 'string' ? { ...node, $ref: operationRef(node.$ref) } : node));
    properties[param.name] = param.description && !schema.description ? { ...schema, description: param.description } : schema;
  }
  const required = [
    ...(op.access === 'guild' ? ['guildId'] : []),
    ...op.parameters.filter((param) => param.in === 'path' || param.required).map((param) => param.name),
  ];
  return {
    $schema: DRAFT,
    $id: id,
    title: `${op.operationId.replace(/[A-Z]/g, (c) => ` ${c.toLowerCase()}`)} parameters`,
    description: `The path and query parameters of ${op.method.toUpperCase()} ${op.path} (${op.operationId}), as one object (derived from operations.json by scripts/generate/derive-parameters.mjs).`,
    type: 'object',
    ...(required.length ? { required } : {}),
    properties,
    ...rules,
  };
}
