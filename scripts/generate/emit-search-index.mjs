// Step 8d, emit the search index: what the manage area's command palette searches, read from the schemas alone, so a
// setting added to a schema is findable with no code. Each section (its title, description and page path from the
// sections table) and each field its form shows: the field's JSON Pointer in the document (`/modules/anti_ban`; an
// item of a list as `-`: `/grants/-/level`), its title and description as the form shows them (a $ref's target under
// the words beside it), and the x-ui tab it sits in (the outermost `group` on its way from the root, when the root's
// x-ui says `layout: 'tabs'`, or a page draws its groups as tabs: the greeting's). Hidden fields are left out.
// One small module the palette loads lazily (`search-index.js`, with its JSON twin), importing nothing.

import { BANNER } from './emit-modules.mjs';
import { isObject, resolveSite } from './lib/json.mjs';

/** Where a form's properties sit: under `properties`, and for a list under its `items`. */
const ITEM_TOKEN = '-';

/** @returns {Record<string, string>} file name in generated/ -> content */
export function emitSearchIndex({ catalog, bundles }) {
  const sections = catalog.sections.map((section) => ({
    name: section.name,
    title: section.title,
    description: section.description,
    path: section.path,
    fields: fieldsOf(bundles.get(section.file.id), section.file.rel),
  }));
  const index = { sections };
  return {
    'search-index.json': JSON.stringify({ $comment: BANNER, ...index }),
    'search-index.js': [
      `import data from './search-index.json' with { type: 'json' };`,
      `/** Every section and every field its form shows (title, description, JSON Pointer, tab), for the command palette. */`,
      `export const searchIndex = { sections: data.sections };`,
    ].join('\n'),
    'search-index.d.ts': [
      `import type { SectionName } from './types.js';`,
      `/** A field of a section's form, as the palette finds it. */`,
      `export interface SearchField {`,
      `  /** JSON Pointer in the section's document; a list's item is \`-\` (\`/grants/-/level\`). */`,
      `  readonly pointer: string;`,
      `  readonly title: string;`,
      `  readonly description?: string;`,
      `  /** The x-ui group it sits in at the outermost level (a tab of a tabbed page), and that group's title. */`,
      `  readonly tab?: string;`,
      `  readonly tabTitle?: string;`,
      `}`,
      `/** A section's page and its fields, in the form's order. */`,
      `export interface SearchSection {`,
      `  readonly name: SectionName;`,
      `  readonly title: string;`,
      `  readonly description: string;`,
      `  /** The page's address below /manage/{guildId}/. */`,
      `  readonly path: string;`,
      `  readonly fields: readonly SearchField[];`,
      `}`,
      `/** In the sections table's order. */`,
      `export declare const searchIndex: { readonly sections: readonly SearchSection[] };`,
    ].join('\n'),
  };
}

/** The fields of one bundled section schema, depth first in the form's order (x-ui `order`, then as authored). */
function fieldsOf(root, rel) {
  const effective = (node) => resolveSite(root, rel, node);

  const fields = [];
  /** @param tab {{ id: string, title: string } | undefined} the outermost group above this node */
  function walk(node, pointer, tab) {
    const schema = effective(node);
    if (!isObject(schema)) return;
    if (isObject(schema.properties)) {
      const hints = schema['x-ui'] ?? {};
      const groups = hints.groups ?? [];
      const keys = Object.keys(schema.properties);
      const order = (key) => effective(schema.properties[key])?.['x-ui']?.order ?? Infinity;
      const ordered = keys.map((key, i) => [key, i]).sort(([a, i], [b, j]) => order(a) - order(b) || i - j);
      for (const [key] of ordered) {
        const child = effective(schema.properties[key]);
        if (!isObject(child) || child['x-ui']?.hidden || child['x-ui']?.widget === 'hidden') continue;
        const group = child['x-ui']?.group;
        const declared = group ? groups.find((g) => g.id === group) : undefined;
        const childTab = tab ?? (declared ? { id: declared.id, title: declared.title } : undefined);
        const childPointer = `${pointer}/${key.replaceAll('~', '~0').replaceAll('/', '~1')}`;
        if (typeof child.title === 'string') {
          fields.push({
            pointer: childPointer,
            title: child.title,
            ...(typeof child.description === 'string' ? { description: child.description } : {}),
            ...(childTab ? { tab: childTab.id, tabTitle: childTab.title } : {}),
          });
        }
        walk(child, childPointer, childTab);
      }
    }
    if (isObject(schema.items)) walk(schema.items, `${pointer}/${ITEM_TOKEN}`, tab);
  }
  walk(root, '', undefined);
  return fields;
}
