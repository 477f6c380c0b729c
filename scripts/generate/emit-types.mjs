// Step 4, emit types: TypeScript declarations for every schema through json-schema-to-typescript.
// All schemas are laid side by side as $defs of one root (resolve.layOut) and every $ref becomes a `tsType` naming
// its definition, so json2ts never follows a ref and each shared type is declared exactly once (json2ts #258, #579).
// The types describe a validated document: a property with a default is always present after validation.

import { compile as json2ts } from 'json-schema-to-typescript';
import { propertyAccess } from './keywords/x-access.mjs';
import { omit } from './lib/json.mjs';
import { mapSchema } from './lib/schema-walk.mjs';
import { layOut } from './resolve.mjs';

const ROOT = 'GuildhallSchemas';
const DEF_PREFIX = '#/$defs/';

export async function emitTypes(catalog) {
  const definitions = layOut(catalog, catalog.files, DEF_PREFIX);
  const $defs = Object.fromEntries(Object.entries(definitions).map(([name, schema]) => [name, typeView(name, schema)]));
  const root = { title: ROOT, type: 'object', additionalProperties: false, properties: {}, $defs };
  let code = await json2ts(root, ROOT, {
    bannerComment: '',
    format: false, // write.mjs formats every file the same way
    unreachableDefinitions: true,
    declareExternallyReferenced: true,
    strictIndexSignatures: false,
    ignoreMinAndMaxItems: true, // no tuple unions for bounded lists
    unknownAny: true,
  });
  code = code
    .replace(new RegExp(`export interface ${ROOT} \\{\\s*\\}\\n?`), '')
    .replace(/ \* This interface was referenced by `[^`]+`'s JSON-Schema\n \* via the `definition` "[^"]+"\.\n/g, '')
    .replace(/ \* ?\n( \*\/)/g, '$1')
    .replace(/\/\*\*\n \*\/\n/g, '');
  return `${code}\n${sectionTypes(catalog, code)}`;
}

const TYPING_KEYWORDS = [
  'type',
  '$ref',
  'tsType',
  'enum',
  'const',
  'oneOf',
  'anyOf',
  'allOf',
  'not',
  'properties',
  'items',
  'additionalProperties',
  'if',
];

/** What a part of `allOf` that only refines values under a condition holds. */
const CONDITIONAL_KEYWORDS = ['if', 'then', 'else', 'type', '$comment'];

/** One definition as json2ts should see it. */
function typeView(name, schema) {
  const view = mapSchema(schema, (node, pointer) => {
    const rest = omit(node, ['title', 'examples', 'x-ui', 'x-messages', 'x-refusals']);
    // A conditional rule (`allOf: [{ if, then }]`: a role menu's reactions need an emoji) narrows values, not the
    // shape: json2ts would make the type an intersection with a numbered copy of itself.
    if (Array.isArray(rest.allOf)) {
      const shaping = rest.allOf.filter((part) => !Object.keys(part).every((key) => CONDITIONAL_KEYWORDS.includes(key)));
      if (shaping.length) rest.allOf = shaping;
      else delete rest.allOf;
    }
    if (pointer === '') rest.title = name; // the only title json2ts sees: the type's name
    if (typeof rest.$ref === 'string' && rest.$ref.startsWith(DEF_PREFIX)) {
      // Refer by name instead of letting json2ts resolve (and re-declare) the target.
      const { description, default: fallback } = rest;
      return { tsType: rest.$ref.slice(DEF_PREFIX.length), description, default: fallback };
    }
    // A schema that constrains nothing (any JSON value, e.g. a field's value before a change) is `unknown`; json2ts
    // would otherwise read it as an object with any keys.
    if (pointer !== '' && !TYPING_KEYWORDS.some((keyword) => keyword in rest)) return { ...rest, tsType: 'unknown' };
    if (rest.properties) {
      const defaulted = Object.keys(rest.properties).filter((key) => rest.properties[key]?.default !== undefined);
      const required = [...new Set([...(rest.required ?? []), ...defaulted])];
      if (required.length) rest.required = required;
    }
    return rest;
  });
  return view;
}

/** Types derived from the sections table: the settings document of each section, and typed envelopes. */
function sectionTypes(catalog, declared) {
  const rows = catalog.sections.map((s) => `  ${JSON.stringify(s.name)}: ${s.file.typeName};`).join('\n');
  const union = (names) => names.map((name) => JSON.stringify(name)).join(' | ');
  const access = catalog.sections
    .filter((s) => s.access)
    .map((s) => {
      const levels = [...s.access.levels.map((level) => level.name), 'none'];
      const capabilities = ['view', ...new Set(Object.values(propertyAccess(s.file.schema)))];
      return `  ${JSON.stringify(s.name)}: { level: ${union(levels)}; capability: ${union(capabilities)} };`;
    })
    .join('\n');
  const items = catalog.collections.map((c) => `  ${JSON.stringify(c.name)}: ${c.file.typeName};`).join('\n');
  return `
/** The item of each collection, by collection name (schemas/sections.json's collections). */
export interface ItemsByCollection {
${items}
}

${
  // The export schema declares it as an enum too (its collectionName, which a clone's items name): one declaration.
  /^export type CollectionName =/m.test(declared)
    ? ''
    : `/** A collection's name, as in /api/guild/{guildId}/collections/{name}. */
export type CollectionName = keyof ItemsByCollection;
`
}
/** The settings document of each section, by section name (schemas/sections.json). */
export interface SettingsBySection {
${rows}
}

${
  // The export schema (derive-export.mjs) declares the same names as an enum: one declaration of the type (#258).
  /^export type SectionName =/m.test(declared)
    ? ''
    : `/** A settings section's name, as in /api/guild/{guildId}/settings/{section}. */
export type SectionName = keyof SettingsBySection;
`
}
/** Each section with access levels (policy access-levels): its level names and its capabilities (view and its x-access values). */
export interface AccessBySection {
${access}
}

/** The caller's access to section S (the GET's \`access\`), typed by its row of the sections table. */
export interface SectionAccessOf<S extends keyof AccessBySection> extends Omit<SectionAccess, 'level' | 'capabilities' | 'denied'> {
  level: AccessBySection[S]['level'];
  capabilities: Record<AccessBySection[S]['capability'], boolean>;
  /** Only what the caller lacks. */
  denied: Partial<Record<AccessBySection[S]['capability'], string>>;
}

/** The answer to GET (and to a successful PUT) of one section's settings. */
export interface SectionSettingsResponse<S extends SectionName = SectionName> extends Omit<SettingsResponse, 'section' | 'settings' | 'access'> {
  section: S;
  settings: SettingsBySection[S];
  /** Present for a section with access levels. */
  access?: S extends keyof AccessBySection ? SectionAccessOf<S> : never;
}

/** The body of a PUT of one section's settings: missing fields take their defaults. */
export interface SectionSettingsPutRequest<S extends SectionName = SectionName> extends Omit<SettingsPutRequest, 'settings'> {
  settings: Partial<SettingsBySection[S]>;
}
`;
}
