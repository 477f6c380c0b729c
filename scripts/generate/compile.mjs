// Step 3, compile: Ajv standalone validators, compiled here at build time so no Ajv compile happens at request time
// or in the browser. Two Ajv instances (lib/ajv.mjs): documents (settings and API payloads: defaults applied, errors
// verbose) and the environment (the same, plus type coercion because env values are strings). Each becomes one
// ES module whose only imports are Ajv's small runtime helpers (ajv/dist/runtime/*.js).

import standaloneCodeModule from 'ajv/dist/standalone/index.js';
import { conditionsOf } from './conditions.mjs';
import { sourcesFirst } from './derive-export.mjs';
import { createAjv, DOCUMENT_OPTIONS, ENVIRONMENT_OPTIONS } from './lib/ajv.mjs';
import { omit, SchemaError } from './lib/json.mjs';
import { mapSchema } from './lib/schema-walk.mjs';

const standaloneCode = standaloneCodeModule.default ?? standaloneCodeModule;

/** Which validator module a schema's validator lands in. */
export const ENVIRONMENT_GROUP = 'config';
const COMPILED_GROUPS = new Set(['common', 'settings', 'api', 'config']);

/**
 * @returns {{ modules: { documents: string, environment: string }, validators: Map<string, Function>,
 *             compiled: import('./load.mjs').SchemaFile[] }}
 *   `validators` are the same validators, compiled in memory for this run (section defaults are computed with them).
 */
export function compile(catalog, bundles) {
  const compiled = catalog.files.filter((file) => COMPILED_GROUPS.has(file.group));
  const documents = compiled.filter((file) => file.group !== ENVIRONMENT_GROUP);
  const environment = compiled.filter((file) => file.group === ENVIRONMENT_GROUP);
  const validators = new Map();
  const conditions = conditionsOf(catalog, bundles);
  const modules = {
    documents: compileModule(createAjv(DOCUMENT_OPTIONS), documents, bundles, validators, conditions),
    environment: compileModule(createAjv(ENVIRONMENT_OPTIONS), environment, bundles, validators),
  };
  return { modules, validators, compiled, conditions };
}

/** `conditions`: null for the environment module; for the documents module, compiled beside the documents and mapped. */
function compileModule(ajv, files, bundles, validators, conditions = null) {
  for (const file of sourcesFirst(files)) {
    try {
      ajv.validateSchema(bundles.get(file.id), true); // the whole schema, hints included, against draft 2020-12
      ajv.addSchema(lean(bundles.get(file.id))); // strict compile: unknown keywords and invalid x-ui / x-messages throw
      validators.set(file.id, ajv.getSchema(file.id));
    } catch (error) {
      throw new SchemaError(file.rel, error.message);
    }
  }
  for (const condition of conditions ?? []) {
    try {
      ajv.addSchema(lean(condition.schema), condition.id);
      ajv.getSchema(condition.id);
    } catch (error) {
      throw new SchemaError(`condition ${condition.hash}`, error.message);
    }
  }
  const exports = Object.fromEntries(
    [...files, ...(conditions ?? [])].map((entry) => [entry.exportName, entry.id]).sort(([a], [b]) => (a < b ? -1 : 1)),
  );
  const code = toEsm(standaloneCode(ajv, exports));
  if (conditions === null) return code;
  return [
    code,
    `/** The if-conditions RJSF evaluates, by RJSF's hashForSchema of the subschema (scripts/generate/conditions.mjs). */`,
    `export const conditionsByHash = Object.freeze({`,
    ...conditions.map((condition) => `  ${JSON.stringify(condition.hash)}: ${condition.exportName},`),
    `});`,
  ].join('\n');
}

/**
 * The schema without the prose only people read (titles, descriptions, examples): the standalone module embeds the
 * schema as data (errors point at their parentSchema), and a validator does not need it. x-ui stays so that strict
 * compilation checks it; x-messages and default stay because validation and field-errors.js use them.
 */
function lean(schema) {
  return mapSchema(schema, (node) => omit(node, ['title', 'description', 'examples', '$comment']));
}

/**
 * Ajv's ESM output still reaches its runtime helpers with `require("ajv/dist/runtime/x").default`.
 * Turn each into an import that works in Node (which sees the CommonJS module object) and in bundlers (which hand
 * over its default export).
 */
function toEsm(code) {
  const helpers = new Map();
  let esm = code.replace(/^"use strict";/, '').replace(/require\("ajv\/dist\/runtime\/([A-Za-z0-9_]+)"\)\.default/g, (_, helper) => {
    helpers.set(helper, `runtime_${helper}`);
    return `runtime_${helper}`;
  });
  if (/\brequire\(/.test(esm)) throw new Error('compile: standalone code still calls require(): teach toEsm() about it');
  const imports = [...helpers]
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .map(
      ([helper, local]) =>
        `import ${local}Module from "ajv/dist/runtime/${helper}.js";\n` + `const ${local} = ${local}Module.default ?? ${local}Module;`,
    );
  return `${imports.join('\n')}\n${esm}`;
}
