// Step 8b, emit section modules: what the form engine needs of one section, in one module a settings page loads when
// it opens, and nothing of any other section: `sections/<name>.js` (its published schema, uiSchema, defaults, its
// validator from validators/<file>.js and its compiled `if` conditions by RJSF's hash) and `collections/<name>.js`
// (an item's schema, defaults, server-owned properties and validator), with `section-modules.js`, the typed map of
// lazy loaders (`basic: () => import('./sections/basic.js')`) through which a bundler makes each one a chunk of its
// own. The x-messages words travel in the schema; field-errors.js, Ajv's helpers (validator-runtime.js) and the form
// engine stay shared, cached once.

import { DEEP_FREEZE, literal, sectionRows, collectionRows, validatorFile } from './emit-modules.mjs';

/** @returns {Record<string, string>} file name in generated/ -> content */
export function emitSectionModules({ catalog, bundles, compiled, uiSchemas, collectionUiSchemas }) {
  const files = {};
  const sections = Object.values(sectionRows(catalog, compiled.validators, bundles));
  const collections = Object.values(collectionRows(catalog, compiled.validators));
  const fileOf = (row) => catalog.byId.get(row.schemaId);

  for (const row of sections) {
    const file = fileOf(row);
    const conditions = compiled.conditions.get(row.name);
    files[sectionFile(row.name)] = [
      `import file from '../schema.${file.name}.json' with { type: 'json' };`,
      `import { ${file.exportName} } from '../${validatorFile(file.name)}';`,
      // Ajv's code for the conditions, before `conditions` names them (its `export const condition_…` lines).
      conditions.code ?? '',
      DEEP_FREEZE,
      `/** The ${row.name} section's form: everything the form engine needs of it, and nothing of another section. */`,
      `export const name = ${literal(row.name)};`,
      `export const schemaId = ${literal(row.schemaId)};`,
      `/** Its published schema (self-contained), as RJSF draws it. */`,
      `export const schema = deepFreeze(file.schema);`,
      `/** Its RJSF uiSchema, from the schema's x-ui hints. */`,
      `export const uiSchema = deepFreeze(${literal(uiSchemas[row.name])});`,
      `/** The document {} validates into: every default. */`,
      `export const defaults = deepFreeze(${literal(row.defaults)});`,
      `export const validate = ${file.exportName};`,
      `/** The if-conditions RJSF evaluates, by RJSF's hashForSchema of the subschema (scripts/generate/conditions.mjs). */`,
      `export const conditions = Object.freeze({`,
      ...conditions.entries.map((entry) => `  ${literal(entry.hash)}: ${entry.exportName},`),
      `});`,
    ].join('\n');
    files[sectionFile(row.name).replace(/\.js$/, '.d.ts')] = [
      `import type { SectionModule } from '../section-modules.js';`,
      `type Section = SectionModule<${literal(row.name)}>;`,
      `export declare const name: Section['name'];`,
      `export declare const schemaId: Section['schemaId'];`,
      `export declare const schema: Section['schema'];`,
      `export declare const uiSchema: Section['uiSchema'];`,
      `export declare const defaults: Section['defaults'];`,
      `export declare const validate: Section['validate'];`,
      `export declare const conditions: Section['conditions'];`,
    ].join('\n');
  }

  for (const row of collections) {
    const file = fileOf(row);
    const conditions = compiled.collectionConditions.get(row.name);
    files[collectionFile(row.name)] = [
      `import file from '../schema.${file.name}.json' with { type: 'json' };`,
      `import { ${file.exportName} } from '../${validatorFile(file.name)}';`,
      conditions.code ?? '',
      DEEP_FREEZE,
      `/** The ${row.name} collection's items: what an item's editor needs, and nothing of another collection. */`,
      `export const name = ${literal(row.name)};`,
      `export const schemaId = ${literal(row.schemaId)};`,
      `/** An item's published schema (self-contained). */`,
      `export const schema = deepFreeze(file.schema);`,
      `/** Its RJSF uiSchema, from the schema's x-ui hints (an item's editor draws it with the form engine). */`,
      `export const uiSchema = deepFreeze(${literal(collectionUiSchemas[row.name])});`,
      `/** What {} fills in: every default (required properties without one stay absent). */`,
      `export const defaults = deepFreeze(${literal(row.defaults)});`,
      `/** The item properties the schema marks readOnly: the server sets them, a client's values are ignored. */`,
      `export const serverOwned = deepFreeze(${literal(row.serverOwned)});`,
      `export const validate = ${file.exportName};`,
      `/** The if-conditions RJSF evaluates, by RJSF's hashForSchema of the subschema (scripts/generate/conditions.mjs). */`,
      `export const conditions = Object.freeze({`,
      ...conditions.entries.map((entry) => `  ${literal(entry.hash)}: ${entry.exportName},`),
      `});`,
    ].join('\n');
    files[collectionFile(row.name).replace(/\.js$/, '.d.ts')] = [
      `import type { CollectionModule } from '../section-modules.js';`,
      `type Collection = CollectionModule<${literal(row.name)}>;`,
      `export declare const name: Collection['name'];`,
      `export declare const schemaId: Collection['schemaId'];`,
      `export declare const schema: Collection['schema'];`,
      `export declare const uiSchema: Collection['uiSchema'];`,
      `export declare const defaults: Collection['defaults'];`,
      `export declare const serverOwned: Collection['serverOwned'];`,
      `export declare const validate: Collection['validate'];`,
      `export declare const conditions: Collection['conditions'];`,
    ].join('\n');
  }

  files['section-modules.js'] = [
    `/** Each section's form module by name (sections/<name>.js), loaded when a page asks (its own chunk, or its page's: frontend/chunk-groups.ts). */`,
    `export const sectionModules = {`,
    ...sections.map((row) => `  ${literal(row.name)}: () => import('./${sectionFile(row.name)}'),`),
    `};`,
    `/** Each section's module file below generated/, by name: what the route byte budgets look up in Vite's manifest. */`,
    `export const sectionModuleFiles = {`,
    ...sections.map((row) => `  ${literal(row.name)}: ${literal(sectionFile(row.name))},`),
    `};`,
    `/** Each collection's item module by name (collections/<name>.js). */`,
    `export const collectionModules = {`,
    ...collections.map((row) => `  ${literal(row.name)}: () => import('./${collectionFile(row.name)}'),`),
    `};`,
  ].join('\n');
  files['section-modules.d.ts'] = [
    `import type { CollectionName, ItemsByCollection, SectionName, SettingsBySection } from './types.js';`,
    `import type { JsonSchema } from './schemas.js';`,
    `import type { UiSchema } from './ui-schemas.js';`,
    `import type { StandaloneValidator } from './validator-runtime.js';`,
    `/** What the form engine needs of one section (sections/<name>.js). */`,
    `export interface SectionModule<S extends SectionName = SectionName> {`,
    `  readonly name: S;`,
    `  readonly schemaId: string;`,
    `  /** The published schema (self-contained), as RJSF draws it. */`,
    `  readonly schema: JsonSchema;`,
    `  readonly uiSchema: UiSchema;`,
    `  /** The document {} validates into: every default. */`,
    `  readonly defaults: Readonly<SettingsBySection[S]>;`,
    `  readonly validate: StandaloneValidator<SettingsBySection[S]>;`,
    `  /** The if-conditions RJSF evaluates, by RJSF's hashForSchema of the subschema. */`,
    `  readonly conditions: { readonly [hash: string]: StandaloneValidator<unknown> };`,
    `}`,
    `/** What an item's editor needs of one collection (collections/<name>.js). */`,
    `export interface CollectionModule<C extends CollectionName = CollectionName> {`,
    `  readonly name: C;`,
    `  readonly schemaId: string;`,
    `  readonly schema: JsonSchema;`,
    `  readonly uiSchema: UiSchema;`,
    `  /** What {} fills in: every default (required properties without one stay absent). */`,
    `  readonly defaults: Readonly<Partial<ItemsByCollection[C]>>;`,
    `  /** The item properties the server sets (readOnly in the schema). */`,
    `  readonly serverOwned: readonly string[];`,
    `  readonly validate: StandaloneValidator<ItemsByCollection[C]>;`,
    `  /** The if-conditions RJSF evaluates, by RJSF's hashForSchema of the subschema. */`,
    `  readonly conditions: { readonly [hash: string]: StandaloneValidator<unknown> };`,
    `}`,
    `export declare const sectionModules: { readonly [S in SectionName]: () => Promise<SectionModule<S>> };`,
    `export declare const sectionModuleFiles: { readonly [S in SectionName]: \`sections/\${string}.js\` };`,
    `export declare const collectionModules: { readonly [C in CollectionName]: () => Promise<CollectionModule<C>> };`,
  ].join('\n');
  return files;
}

/** A section's form module, importable as `@guildhall/generated/sections/<name>.js`. */
function sectionFile(name) {
  return `sections/${name}.js`;
}

/** A collection's item module, importable as `@guildhall/generated/collections/<name>.js`. */
function collectionFile(name) {
  return `collections/${name}.js`;
}
