// Step 1, load: read every schema under schemas/, check the house rules that JSON Schema itself cannot express
// ($id matches the file, title and description present, names unique, no message restating a limit's number), and
// read the data tables, each validated against its own schema: the sections table (schemas/meta/section-table.json),
// the operations table (schemas/meta/operation-table.json) and the plan catalog (schemas/plans/plan-catalog.json).

import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { deriveExport } from './derive-export.mjs';
import { deriveParameters } from './derive-parameters.mjs';
import { deriveSubjects } from './derive-subjects.mjs';
import { checkDiscordIds } from './discord-ids.mjs';
import { propertyAccess } from './keywords/x-access.mjs';
import { checkMessages } from './keywords/x-messages.mjs';
import { refusalsOf } from './keywords/x-refusals.mjs';
import { checkWidgets } from './keywords/x-ui.mjs';
import { createAjv } from './lib/ajv.mjs';
import { mapSchema } from './lib/schema-walk.mjs';
import { pascalCase, SchemaError } from './lib/json.mjs';

export const ID_BASE = 'https://guildhall.dev/schemas/';
export const DRAFT = 'https://json-schema.org/draft/2020-12/schema';
const SECTIONS_FILE = 'sections.json';
const SECTION_TABLE_ID = `${ID_BASE}meta/section-table.json`;
const OPERATIONS_FILE = 'operations.json';
const OPERATION_TABLE_ID = `${ID_BASE}meta/operation-table.json`;
const PLANS_FILE = 'plans/plans.json';
const PLAN_CATALOG_ID = `${ID_BASE}plans/plan-catalog.json`;
/** Groups served at /api/schemas/{name}; config/ and meta/ are for the backend and the generator only. */
const PUBLISHED_GROUPS = new Set(['common', 'settings', 'api']);

/**
 * @typedef {object} SchemaFile
 * @property {string} rel      path under schemas/, e.g. "settings/basic.json"
 * @property {string} id       its $id
 * @property {string} group    first folder: common, settings, config, api, meta
 * @property {string} name     file name without .json, unique: "basic" (served at /api/schemas/basic)
 * @property {string} typeName PascalCase of its title: "BasicSettings" (the TypeScript and OpenAPI name)
 * @property {string} exportName validator name: "validateBasic"
 * @property {boolean} published
 * @property {object} schema
 */

/** @returns {Promise<{ dir: string, files: SchemaFile[], byId: Map<string, SchemaFile>, sections: object[], collections: object[], operations: object[], plans: object }>} */
export async function load(schemasDir) {
  const rels = (await listJson(schemasDir)).filter((rel) => rel !== SECTIONS_FILE && rel !== OPERATIONS_FILE && rel !== PLANS_FILE);
  const files = [];
  for (const rel of rels) files.push(await loadSchemaFile(schemasDir, rel));
  const byId = new Map(files.map((file) => [file.id, file]));
  for (const key of ['name', 'typeName']) unique(files, key);

  const plans = await loadPlans(schemasDir, files, byId);
  const { sections, collections } = await loadSections(schemasDir, files, byId, plans);
  deriveExport({ files, byId, sections, collections }); // 1b. the export schema, from the sections table
  deriveSubjects({ files, byId, sections, collections }); // 1b. what a Dashboard Access grant may open, from the same table
  const operations = await loadOperations(schemasDir, files, byId, { sections, collections });
  deriveParameters({ files, byId, operations }); // 1c. each operation's parameters as one schema, from the table
  checkDiscordIds(files); // 1d. every Discord id run is the snowflake's, or AntiNuke's user id at its one place
  const refusals = refusalsOf(files); // x-refusals, each name once across the files
  return { dir: schemasDir, files, byId, sections, collections, operations, plans, refusals };
}

async function loadSchemaFile(schemasDir, rel) {
  const schema = await readJson(path.join(schemasDir, rel), rel);
  const expectedId = ID_BASE + rel;
  if (schema.$schema !== DRAFT) throw new SchemaError(rel, `"$schema" must be "${DRAFT}"`);
  if (schema.$id !== expectedId) throw new SchemaError(rel, `"$id" must be "${expectedId}" (it follows the file's path)`);
  for (const key of ['title', 'description']) {
    if (typeof schema[key] !== 'string' || !schema[key].trim()) throw new SchemaError(rel, `needs a "${key}"`);
  }
  checkMessages(schema, rel);
  checkWidgets(schema, rel);
  const group = rel.includes('/') ? rel.slice(0, rel.indexOf('/')) : '';
  const name = path.posix.basename(rel, '.json');
  return {
    rel,
    id: schema.$id,
    group,
    name,
    typeName: pascalCase(schema.title),
    exportName: `validate${pascalCase(name)}`,
    published: PUBLISHED_GROUPS.has(group),
    schema,
  };
}

/** Reads a data table (sections.json, operations.json) and checks it against its meta schema. */
async function loadTable(schemasDir, files, byId, fileName, tableId) {
  const table = await readJson(path.join(schemasDir, fileName), fileName);
  if (!byId.has(tableId)) throw new SchemaError(fileName, `its schema ${tableId} is missing`);
  const ajv = createAjv();
  for (const file of files) ajv.addSchema(file.schema);
  const validate = ajv.getSchema(tableId);
  if (!validate(table)) {
    const detail = validate.errors.map((e) => `${e.instancePath || '/'} ${e.message}`).join('; ');
    throw new SchemaError(fileName, `does not match ${tableId}: ${detail}`);
  }
  return table;
}

async function loadOperations(schemasDir, files, byId, { sections, collections }) {
  const { operations } = await loadTable(schemasDir, files, byId, OPERATIONS_FILE, OPERATION_TABLE_ID);
  const types = new Set(files.filter((file) => file.published).map((file) => file.typeName));
  const subjects = new Set(['any', ...sections.map((row) => row.name), ...collections.map((row) => row.name)]);
  for (const op of operations) {
    for (const key of ['request', 'response']) {
      if (op[key] && !types.has(op[key]))
        throw new SchemaError(OPERATIONS_FILE, `${op.operationId}: no published schema titled as type "${op[key]}"`);
    }
    checkSubject(op, subjects);
    if (op.idempotencyKey !== undefined && op.method !== 'post')
      throw new SchemaError(OPERATIONS_FILE, `${op.operationId}: idempotencyKey is for POSTs (the others take no key)`);
  }
  unique(operations, 'operationId', OPERATIONS_FILE);
  return operations;
}

/**
 * A guild operation's Dashboard Access subject names a section or collection of the table (or `any`), and
 * `{section}` / `{collection}` a path parameter the route has; only guild operations and the session ones that name
 * a guild in their body (the embed builder's) carry one.
 */
function checkSubject(op, subjects) {
  const { subject, operationId } = op;
  if (subject === undefined) return;
  if (op.access !== 'guild' && op.access !== 'session')
    throw new SchemaError(OPERATIONS_FILE, `${operationId}: a subject is for guild operations (access ${op.access})`);
  const param = /^\{(section|collection)\}$/.exec(subject)?.[1];
  if (param) {
    if (!op.path.includes(`{${param}}`))
      throw new SchemaError(OPERATIONS_FILE, `${operationId}: subject ${subject} but the path has no {${param}}`);
  } else if (!subjects.has(subject)) {
    throw new SchemaError(OPERATIONS_FILE, `${operationId}: subject "${subject}" is no section or collection of the sections table`);
  }
}

/** The plan catalog (data, not a schema): plans, durations, prices and limits, without its "$schema" pointer. */
async function loadPlans(schemasDir, files, byId) {
  const { $schema: _pointer, ...catalog } = await loadTable(schemasDir, files, byId, PLANS_FILE, PLAN_CATALOG_ID);
  for (const key of ['key', 'slug']) unique(catalog.plans, key, PLANS_FILE);
  unique(catalog.periods, 'key', PLANS_FILE);
  if (catalog.periods.filter((period) => period.mostPopular).length > 1)
    throw new SchemaError(PLANS_FILE, 'at most one period is mostPopular');
  return catalog;
}

async function loadSections(schemasDir, files, byId, plans) {
  const table = await loadTable(schemasDir, files, byId, SECTIONS_FILE, SECTION_TABLE_ID);
  const sections = table.sections.map((row) => {
    const file = byId.get(row.schema) ?? byId.get(ID_BASE + row.schema);
    if (!file) throw new SchemaError(SECTIONS_FILE, `section "${row.name}": no schema "${row.schema}"`);
    if (file.group !== 'settings') throw new SchemaError(SECTIONS_FILE, `section "${row.name}": ${file.rel} is not under settings/`);
    checkAccess(row, file);
    return { ...row, file };
  });
  for (const key of ['name', 'storageKey', 'path']) unique(sections, key, SECTIONS_FILE);
  const collections = (table.collections ?? []).map((row) => {
    const where = `collection "${row.name}"`;
    const file = byId.get(row.schema) ?? byId.get(ID_BASE + row.schema);
    if (!file) throw new SchemaError(SECTIONS_FILE, `${where}: no schema "${row.schema}"`);
    if (file.group !== 'settings') throw new SchemaError(SECTIONS_FILE, `${where}: ${file.rel} is not under settings/`);
    if (sections.some((section) => section.file === file))
      throw new SchemaError(SECTIONS_FILE, `${where}: ${file.rel} is a section's schema`);
    const property = file.schema.properties?.[row.duplicate.titleProperty];
    if (!property || property.type !== 'string')
      throw new SchemaError(
        SECTIONS_FILE,
        `${where}: duplicate.titleProperty "${row.duplicate.titleProperty}" is not a text property of ${file.rel}`,
      );
    checkPlanReferences(row, where, plans);
    return { ...row, file };
  });
  for (const key of ['name', 'storageKey']) unique(collections, key, SECTIONS_FILE);
  return { sections, collections };
}

/** A collection's plan limit and premium feature name rows of the plan catalog, so a typo cannot lift a limit. */
function checkPlanReferences(row, where, plans) {
  if (row.planLimit !== undefined) {
    const limit = plans.limits.find((entry) => entry.feature === row.planLimit);
    if (!limit) throw new SchemaError(SECTIONS_FILE, `${where}: planLimit "${row.planLimit}" is not a feature of ${PLANS_FILE}'s limits`);
    for (const [plan, cell] of Object.entries(limit.limits)) {
      if (typeof cell !== 'number' && cell !== 'unlimited')
        throw new SchemaError(
          SECTIONS_FILE,
          `${where}: planLimit "${row.planLimit}" gives plan ${plan} "${cell}", not a number or unlimited`,
        );
    }
  }
  if (row.premiumFeature !== undefined && !(plans.premiumFeatures ?? []).some((entry) => entry.feature === row.premiumFeature))
    throw new SchemaError(SECTIONS_FILE, `${where}: premiumFeature "${row.premiumFeature}" is not one of ${PLANS_FILE}'s premiumFeatures`);
}

/**
 * Access is data, so a typo in it must fail here, not let a change through: a row's levels may only name `view` and
 * the x-access values of its schema, every x-access value needs a `denied` message, every property of a section with
 * levels needs an x-access, `listedIn` must point at a list property of the schema, and x-access means nothing (so it
 * is refused) in a section without levels.
 */
function checkAccess(row, file) {
  const where = `section "${row.name}"`;
  // The server compares top-level properties only: x-access anywhere else would be a promise nothing keeps.
  mapSchema(file.schema, (node, pointer) => {
    if (node['x-access'] !== undefined && !/^\/properties\/[^/]+$/.test(pointer))
      throw new SchemaError(file.rel, `x-access at ${pointer || '/'}: only a top-level property may name one`);
    return node;
  });
  const byProperty = propertyAccess(file.schema);
  const named = new Set(Object.values(byProperty));
  if ((row.policy === 'access-levels') !== Boolean(row.access))
    throw new SchemaError(SECTIONS_FILE, `${where}: policy access-levels and an "access" object go together`);
  if (!row.access) {
    if (named.size)
      throw new SchemaError(SECTIONS_FILE, `${where}: ${file.rel} names x-access, which only a section with policy access-levels enforces`);
    return;
  }
  const capabilities = new Set(['view', ...named]);
  for (const property of Object.keys(file.schema.properties ?? {})) {
    if (!byProperty[property]) throw new SchemaError(file.rel, `property "${property}" needs an x-access: ${where} has access levels`);
  }
  unique(row.access.levels, 'name', SECTIONS_FILE);
  for (const level of row.access.levels) {
    for (const capability of level.capabilities) {
      if (!capabilities.has(capability))
        throw new SchemaError(
          SECTIONS_FILE,
          `${where}, level "${level.name}": unknown capability "${capability}" (known: ${[...capabilities].join(', ')})`,
        );
    }
    const pointer = level.who.listedIn;
    if (pointer !== undefined) {
      const property = file.schema.properties?.[pointer.slice(1)];
      if (!property || resolveLocal(file.schema, property).type !== 'array')
        throw new SchemaError(
          SECTIONS_FILE,
          `${where}, level "${level.name}": listedIn "${pointer}" is not a list property of ${file.rel}`,
        );
    }
  }
  for (const capability of Object.keys(row.access.denied)) {
    if (!named.has(capability))
      throw new SchemaError(SECTIONS_FILE, `${where}: denied names "${capability}", which no x-access of ${file.rel} names`);
  }
  for (const capability of named) {
    if (!Object.hasOwn(row.access.denied, capability))
      throw new SchemaError(SECTIONS_FILE, `${where}: denied needs a message for "${capability}"`);
  }
}

/** A property's own schema, or the `#/$defs/...` schema it refers to. */
function resolveLocal(schema, property) {
  const ref = property.$ref;
  if (typeof ref !== 'string' || !ref.startsWith('#/$defs/')) return property;
  return schema.$defs?.[ref.slice('#/$defs/'.length)] ?? {};
}

function unique(rows, key, where) {
  const seen = new Map();
  for (const row of rows) {
    const other = seen.get(row[key]);
    if (other) throw new SchemaError(where ?? row.rel, `${key} "${row[key]}" is also used by ${where ? 'another row' : other.rel}`);
    seen.set(row[key], row);
  }
}

async function listJson(dir, prefix = '') {
  const entries = await readdir(path.join(dir, prefix), { withFileTypes: true });
  const out = [];
  for (const entry of entries) {
    const rel = prefix ? `${prefix}/${entry.name}` : entry.name;
    if (entry.isDirectory()) out.push(...(await listJson(dir, rel)));
    else if (entry.name.endsWith('.json')) out.push(rel);
  }
  // Code-point order, not locale order: the same on every machine.
  return out.sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
}

async function readJson(file, rel) {
  try {
    return JSON.parse(await readFile(file, 'utf8'));
  } catch (error) {
    throw new SchemaError(rel, error.code === 'ENOENT' ? 'file not found' : `invalid JSON (${error.message})`);
  }
}
