// Step 1b, derive the export schema: `api/guild-export.json`, the document GET /api/guild/{guildId}/export answers and
// POST .../import takes, is written from the sections table rather than by hand, so a section added to the table is
// exported, imported and validated with no second list to keep. Its `sections` property names every section with a
// `$ref` to the section's schema (one generated validator checks a whole document, defaults filled per section), and
// `collections` every collection as a list of its items. From here on it is a published schema like any other file.

import { ID_BASE, DRAFT } from './load.mjs';
import { pascalCase, SchemaError } from './lib/json.mjs';

export const EXPORT_REL = 'api/guild-export.json';
const SNOWFLAKE_REL = 'common/snowflake.json';

/**
 * The files in the order a step should check them: API payloads last, since some (the export schema, the import request)
 * embed every section's schema, and a mistake in a section's file must be reported as that file's, not the export's.
 */
export function sourcesFirst(files) {
  const rank = (file) => (file.group === 'api' ? 1 : 0);
  return [...files].sort((a, b) => rank(a) - rank(b));
}

/** Adds the export schema to the catalog's files (in place), refusing a hand-written file of the same name. */
export function deriveExport(catalog) {
  const id = ID_BASE + EXPORT_REL;
  if (catalog.byId.has(id)) throw new SchemaError(EXPORT_REL, 'is derived from the sections table: delete the hand-written file');
  const schema = exportSchema(catalog, id);
  const file = {
    rel: EXPORT_REL,
    id,
    group: 'api',
    name: 'guild-export',
    typeName: pascalCase(schema.title),
    exportName: 'validateGuildExport',
    published: true,
    schema,
  };
  catalog.files.push(file);
  catalog.files.sort((a, b) => (a.rel < b.rel ? -1 : a.rel > b.rel ? 1 : 0));
  catalog.byId.set(id, file);
  return catalog;
}

function exportSchema(catalog, id) {
  const sectionNames = catalog.sections.map((section) => section.name);
  // The guild's id takes Discord's one id pattern, the snowflake schema's, not a copy of it.
  const snowflake = catalog.byId.get(ID_BASE + SNOWFLAKE_REL)?.schema;
  if (typeof snowflake?.pattern !== 'string')
    throw new SchemaError(EXPORT_REL, `needs ${SNOWFLAKE_REL} and its pattern for the guild's id`);
  return {
    $schema: DRAFT,
    $id: id,
    title: 'Guild export',
    description:
      "Every settings section of one guild (and its collections' items), as GET /api/guild/{guildId}/export answers it and POST /api/guild/{guildId}/import takes it. Derived from the sections table by the generator (scripts/generate/derive-export.mjs); each section is checked by its own schema, defaults filled.",
    type: 'object',
    additionalProperties: false,
    required: ['$schema', 'sections'],
    $defs: {
      // Other requests name sections and collections too (a clone's `sections` and `items`): one list each, the table's.
      sectionName: { title: 'Section name', description: 'A settings section of the sections table.', enum: sectionNames },
      collectionName: {
        title: 'Collection name',
        description: 'A collection of the sections table.',
        enum: catalog.collections.map((collection) => collection.name),
      },
    },
    properties: {
      $schema: { description: 'This schema.', const: id },
      exportedAt: { description: 'When it was exported (ISO 8601).', type: 'string', maxLength: 40 },
      guild: {
        description: 'The guild it was exported from.',
        type: 'object',
        additionalProperties: false,
        required: ['id', 'name'],
        properties: {
          id: { type: 'string', maxLength: 20, pattern: snowflake.pattern },
          name: { type: 'string', maxLength: 100 },
        },
      },
      schemaVersions: {
        description:
          "Each section's schema version at export (a short hash of its schema). A different version still imports when the document validates against today's schema; the preview says so.",
        type: 'object',
        additionalProperties: false,
        properties: Object.fromEntries(sectionNames.map((name) => [name, { type: 'string', maxLength: 32 }])),
      },
      sections: {
        description: 'Each section by name, an instance of its schema. An import applies the sections present, all or none.',
        type: 'object',
        additionalProperties: false,
        properties: Object.fromEntries(catalog.sections.map((section) => [section.name, { $ref: section.file.id }])),
      },
      collections: {
        description: "Each collection's items by name (export only: an import leaves collections as they are).",
        type: 'object',
        additionalProperties: false,
        properties: Object.fromEntries(
          catalog.collections.map((collection) => [
            collection.name,
            { type: 'array', maxItems: collection.itemCap, items: { $ref: collection.file.id } },
          ]),
        ),
      },
    },
  };
}
