// Step 3b (run by compile.mjs), conditions: the `if` subschemas RJSF evaluates to choose what a settings form draws.
// RJSF's precompiled validator looks a validator up by the subschema's `$id`, else by `hashForSchema(subschema)`, on
// the schema as RJSF holds it: after createSchemaUtils rewrote its $refs as absolute URLs. So each section's bundled
// schema goes through the same function here, each `if` found is hashed by RJSF's own hashForSchema, and compile.mjs
// compiles it as one more standalone validator, into the section's own module (`sections/<name>.js`: `conditions`, by
// hash). Refs inside a condition stay absolute and resolve to the section's schema, compiled beside it.

import { createSchemaUtils, hashForSchema } from '@rjsf/utils';
import { isObject, omit } from './lib/json.mjs';
import { mapSchema, walkSchema } from './lib/schema-walk.mjs';

export const CONDITION_ID_BASE = 'urn:guildhall:condition:';

/**
 * @returns {Map<string, { hash: string, id: string, exportName: string, schema: object }[]>} section name -> one entry
 *   per distinct condition of its schema, by hash
 */
export function conditionsOf(catalog, bundles) {
  return new Map(catalog.sections.map((section) => [section.name, sectionConditions(bundles.get(section.file.id))]));
}

/** The same per collection (an item's editor draws its schema with the form engine), by collection name. */
export function collectionConditionsOf(catalog, bundles) {
  return new Map(catalog.collections.map((row) => [row.name, sectionConditions(bundles.get(row.file.id))]));
}

function sectionConditions(bundled) {
  const byHash = new Map();
  const root = createSchemaUtils(/** @type {never} */ (undefined), bundled).getRootSchema();
  walkSchema(root, (node) => {
    const condition = node.if;
    if (!isObject(condition) || typeof condition.$id === 'string') return; // an $id'd schema is found by its $id
    const hash = hashForSchema(condition);
    if (byHash.has(hash)) return;
    byHash.set(hash, {
      hash,
      id: CONDITION_ID_BASE + hash,
      exportName: `condition_${hash.replace('-', 'm')}`,
      // RJSF only asks whether the data matches: never fill defaults into the form's data while asking. The
      // condition is asked of the data where it stands, so the type of its schema holds too (Ajv's strictTypes
      // wants it stated once the condition is compiled on its own).
      schema: withoutDefaults(node.type !== undefined && condition.type === undefined ? { type: node.type, ...condition } : condition),
    });
  });
  return [...byHash.values()].sort((a, b) => (a.hash < b.hash ? -1 : a.hash > b.hash ? 1 : 0));
}

const withoutDefaults = (schema) => mapSchema(schema, (node) => omit(node, ['default']));
