// Step 3, compile: Ajv standalone validators, compiled here at build time so no Ajv compile happens at request time
// or in the browser. Each compiled schema becomes an ES module of its own (`validators/<name>.js`, one named export),
// so a page imports the validators it names and nothing else; each section's `if` conditions (conditions.mjs) become
// one more module's worth of code for the section's form module. Two kinds of Ajv instance (lib/ajv.mjs): documents
// (settings and API payloads: defaults applied, errors verbose) and the environment (the same, plus type coercion
// because env values are strings). A fresh instance per module, so a module's code (and its `validate10`,
// `schema31` names) depends on its own schema only: a change elsewhere leaves it byte for byte as it was.
// The only imports of the code are Ajv's small runtime helpers, reached through one module of ours
// (`validator-runtime.js`), so every chunk that validates shares one copy of them.

import standaloneCodeModule from 'ajv/dist/standalone/index.js';
import { collectionConditionsOf, conditionsOf } from './conditions.mjs';
import { sourcesFirst } from './derive-export.mjs';
import { PARAMETERS_GROUP } from './derive-parameters.mjs';
import { vocabulary } from './keywords/index.mjs';
import { createAjv, DOCUMENT_OPTIONS, ENVIRONMENT_OPTIONS } from './lib/ajv.mjs';
import { omit, SchemaError } from './lib/json.mjs';
import { mapSchema } from './lib/schema-walk.mjs';

const standaloneCode = standaloneCodeModule.default ?? standaloneCodeModule;

/** Which validator module a schema's validator lands in. */
export const ENVIRONMENT_GROUP = 'config';
const COMPILED_GROUPS = new Set(['common', 'settings', 'api', 'config', PARAMETERS_GROUP]);
/** Environment values and path and query parameters arrive as text: their validators coerce (`limit=10` is 10). */
const COERCED_GROUPS = new Set([ENVIRONMENT_GROUP, PARAMETERS_GROUP]);
/** The module that hands Ajv's runtime helpers to every validator, as generated modules one folder down import it. */
export const RUNTIME_MODULE = 'validator-runtime.js';

/**
 * @returns {{
 *   modules: Map<string, string>,
 *   conditions: Map<string, { code: string | null, entries: { hash: string, exportName: string }[] }>,
 *   runtimeHelpers: string[],
 *   validators: Map<string, Function>,
 *   compiled: import('./load.mjs').SchemaFile[],
 * }}
 *   `modules`: file name -> the code of `validators/<name>.js`; `conditions`: section name -> the code of its
 *   conditions (null when it has none) and their export names by hash; `runtimeHelpers`: the Ajv runtime helpers the
 *   code imports; `validators`: the same validators, compiled in memory for this run (section defaults are computed
 *   with them).
 */
export function compile(catalog, bundles) {
  const compiled = catalog.files.filter((file) => COMPILED_GROUPS.has(file.group));
  const helpers = new Set();
  const validators = new Map();
  const modules = new Map();
  // One instance checks every schema against draft 2020-12 (its meta-schema compiled once: a quarter of a fresh
  // instance's cost); each module's own instance then skips that check. Strict mode and our keywords' own checks
  // (a misspelt x-ui hint) run in the compile all the same.
  const checker = createAjv(DOCUMENT_OPTIONS);
  for (const file of sourcesFirst(compiled)) {
    const ajv = compiler(COERCED_GROUPS.has(file.group) ? ENVIRONMENT_OPTIONS : DOCUMENT_OPTIONS);
    try {
      checker.validateSchema(bundles.get(file.id), true); // the whole schema, hints included, against draft 2020-12
      ajv.addSchema(lean(bundles.get(file.id))); // strict compile: unknown keywords and invalid x-ui / x-messages throw
      validators.set(file.id, ajv.getSchema(file.id));
    } catch (error) {
      throw new SchemaError(file.rel, error.message);
    }
    modules.set(file.name, toEsm(runtimeSchemas(standaloneCode(ajv, { [file.exportName]: file.id })), helpers));
  }

  const conditions = new Map();
  for (const [name, entries] of conditionsOf(catalog, bundles)) {
    const section = catalog.sections.find((row) => row.name === name);
    conditions.set(name, { code: entries.length ? compileConditions(section, entries, bundles, helpers) : null, entries });
  }
  const collectionConditions = new Map();
  for (const [name, entries] of collectionConditionsOf(catalog, bundles)) {
    const row = catalog.collections.find((collection) => collection.name === name);
    collectionConditions.set(name, { code: entries.length ? compileConditions(row, entries, bundles, helpers) : null, entries });
  }
  return { modules, conditions, collectionConditions, runtimeHelpers: [...helpers].sort(), validators, compiled };
}

/** A section's conditions, compiled beside its schema (their refs are absolute URLs into it); only they are exported. */
function compileConditions(section, entries, bundles, helpers) {
  const ajv = compiler(DOCUMENT_OPTIONS);
  ajv.addSchema(lean(bundles.get(section.file.id)));
  for (const condition of entries) {
    try {
      ajv.addSchema(lean(condition.schema), condition.id);
      ajv.getSchema(condition.id);
    } catch (error) {
      throw new SchemaError(`${section.file.rel}: condition ${condition.hash}`, error.message);
    }
  }
  return toEsm(runtimeSchemas(standaloneCode(ajv, Object.fromEntries(entries.map((entry) => [entry.exportName, entry.id])))), helpers);
}

/** A fresh Ajv for one module's code; the schemas it compiles were checked against the meta-schema already. */
const compiler = (options) => createAjv({ ...options, validateSchema: false });

/**
 * The schema without the prose only people read (titles, descriptions, examples) and the refusals (refusals.js holds
 * them): the standalone module embeds the schema as data (errors point at their parentSchema), and a validator does
 * not need them. x-ui stays so that strict compilation checks it; x-messages and default stay because validation and
 * field-errors.js use them.
 */
function lean(schema) {
  return mapSchema(schema, (node) => omit(node, ['title', 'description', 'examples', '$comment', 'x-refusals']));
}

/**
 * What a compiled validator never reads of its schema at run time: the annotations of our vocabulary other than
 * x-messages (x-ui, x-access, x-reference, x-image, x-schedule: the published schemas carry them for the form and the
 * server's checks), `default` (useDefaults writes each default into the code as a literal), the identifiers, and
 * `$defs`, since each definition a `$ref` reaches is a constant of its own (`schema13`) that its code and errors use.
 */
const NOT_READ_AT_RUN_TIME = [
  ...vocabulary
    .filter((keyword) => !keyword.code && !keyword.validate && !keyword.compile && !keyword.macro)
    .map((keyword) => keyword.keyword),
  'default',
  '$schema',
  '$id',
  '$ref',
  '$defs',
].filter((keyword) => keyword !== 'x-messages');
const SCHEMA_CONSTANT = /const (schema\d+) = /g;

/**
 * The schemas the standalone code embeds as data, each a `const schemaN = {…}` that errors point at (`parentSchema`:
 * field-errors.js reads its x-messages and limits there) and that keywords read their values from, cut down to what
 * the code can reach (NOT_READ_AT_RUN_TIME out): a settings page's module carries its published schema already, for
 * the form, and the bytes were those of a second copy of it, its definitions a third time. Refuses code that reads a
 * key it removes, so a keyword that starts reading one fails generation instead of a validator at run time.
 */
function runtimeSchemas(code) {
  let out = '';
  let rest = '';
  let at = 0;
  for (const match of code.matchAll(SCHEMA_CONSTANT)) {
    const from = match.index + match[0].length;
    const to = jsonEnd(code, from);
    rest += code.slice(at, match.index);
    out += code.slice(at, from) + JSON.stringify(mapSchema(JSON.parse(code.slice(from, to)), (node) => omit(node, NOT_READ_AT_RUN_TIME)));
    at = to;
  }
  rest += code.slice(at);
  for (const key of NOT_READ_AT_RUN_TIME) {
    const escaped = key.replace(/[$]/g, '\\$&');
    // A property of that name (`properties.$schema`) is no schema's keyword.
    const read = new RegExp(
      `\\bschema\\d+[\\w$.[\\]"'-]*(?<!\\b(?:properties|patternProperties|dependentSchemas)["'\\]]?)(\\.${escaped}\\b|\\[["']${escaped}["']\\])`,
    );
    if (read.test(rest))
      throw new Error(`compile: a validator reads "${key}" of its schema (${read.exec(rest)[0]}): keep it in runtimeSchemas`);
  }
  return out + code.slice(at);
}

/** Where the JSON value that starts at `from` in `code` ends (Ajv writes schemas with JSON.stringify). */
function jsonEnd(code, from) {
  let depth = 0;
  for (let i = from; i < code.length; i++) {
    const c = code[i];
    if (c === '"') {
      for (i++; code[i] !== '"'; i++) if (code[i] === '\\') i++;
    } else if (c === '{' || c === '[') depth++;
    else if (c === '}' || c === ']') depth--;
    if (depth === 0) return c === '"' ? i + 1 : /[}\]]/.test(c) ? i + 1 : code.indexOf(';', from);
  }
  throw new Error('compile: a schema constant of the standalone code does not end');
}

/**
 * Ajv's ESM output still reaches its runtime helpers with `require("ajv/dist/runtime/x").default`. Each becomes a
 * named import from validator-runtime.js (which imports Ajv's module once, for Node and bundlers alike); `helpers`
 * collects the names, for that module.
 */
function toEsm(code, helpers) {
  const used = new Set();
  const esm = code.replace(/^"use strict";/, '').replace(/require\("ajv\/dist\/runtime\/([A-Za-z0-9_]+)"\)\.default/g, (_, helper) => {
    used.add(helper);
    return `runtime_${helper}`;
  });
  if (/\brequire\(/.test(esm)) throw new Error('compile: standalone code still calls require(): teach toEsm() about it');
  for (const helper of used) helpers.add(helper);
  const names = [...used].sort().map((helper) => `${helper} as runtime_${helper}`);
  return `${names.length ? `import { ${names.join(', ')} } from "../${RUNTIME_MODULE}";\n` : ''}${esm}`;
}
