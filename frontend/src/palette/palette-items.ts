import type { SearchSection } from '@guildhall/generated/search-index.js';
import { UPGRADE_PATH } from '../components/premium/use-premium';
import { fieldAddress } from '../form/core/field-from-url';

// What the command palette offers and how it ranks it: the pages the user's sidebar lists (its menu, after the same
// restrictions), and every field of the sections among them (generated/search-index.js, read from the schemas).

/** A page or a field the palette can open. */
export interface PaletteItem {
  /** Unique and usable in an element id. */
  key: string;
  kind: 'page' | 'field';
  title: string;
  description?: string;
  /** Where it sits: a field's page and tab ('AntiNuke Configuration › Protection'), or 'Page'. */
  context: string;
  /**
   * Its address below /manage/:guildId/ (a field's names the field: `antinuke?field=%2Fmodules%2Fanti_ban`), or from
   * the root when it starts with `/` (a premium feature the guild's plan lacks leads to the plans, as in the sidebar).
   */
  to: string;
}

/** A sidebar entry, and any entries nested under it (a group's sub-pages). */
interface MenuEntry {
  name: string;
  path: string;
  description?: string;
  premium?: boolean;
  children?: readonly MenuEntry[];
}

/** Every entry of the menu, nested ones included, once each, in the menu's order. */
function entriesOf(menu: readonly { items: readonly MenuEntry[] }[]): MenuEntry[] {
  const seen = new Set<string>();
  const out: MenuEntry[] = [];
  const add = (entry: MenuEntry) => {
    if (!seen.has(entry.path)) {
      seen.add(entry.path);
      out.push(entry);
    }
    entry.children?.forEach(add);
  };
  for (const group of menu) group.items.forEach(add);
  return out;
}

/**
 * The palette's items for a menu (the sidebar's, restricted as the sidebar restricts it): its pages, then the fields of
 * each section whose page it lists, in the sections table's order. `locked`: the guild's plan lacks the premium
 * features, whose entries then lead to the plans, as the sidebar's do.
 */
export function paletteItems(
  menu: readonly { items: readonly MenuEntry[] }[],
  sections: readonly SearchSection[],
  locked = false,
): PaletteItem[] {
  const entries = entriesOf(menu);
  const listed = new Set(entries.map((e) => e.path));
  const pages = entries.map<PaletteItem>((e) => ({
    key: `page-${e.path}`,
    kind: 'page',
    title: e.name,
    ...(e.description ? { description: e.description } : {}),
    ...(e.premium && locked ? { context: 'Premium feature: see the plans', to: UPGRADE_PATH } : { context: 'Page', to: e.path }),
  }));
  const fields = sections
    .filter((section) => listed.has(section.path))
    .flatMap((section) =>
      section.fields.map<PaletteItem>((field) => ({
        key: `field-${section.name}${field.pointer}`,
        kind: 'field',
        title: field.title,
        ...(field.description ? { description: field.description } : {}),
        context: field.tabTitle ? `${section.title} › ${field.tabTitle}` : section.title,
        to: fieldAddress(section.path, field.pointer),
      })),
    );
  return [...pages, ...fields];
}

/** How well an item matches (lower is better), or null: its title first, then where it sits, then its description. */
function rank(item: PaletteItem, query: string, words: readonly string[]): number | null {
  const title = item.title.toLowerCase();
  if (title.startsWith(query)) return 0;
  if (title.split(/[^a-z0-9]+/).some((word) => word.startsWith(query))) return 1;
  if (title.includes(query)) return 2;
  const all = `${title} ${item.context.toLowerCase()} ${item.description?.toLowerCase() ?? ''}`;
  if (words.every((word) => all.includes(word))) return item.context.toLowerCase().includes(query) ? 3 : 4;
  return null;
}

/** The most the palette lists at once. */
export const MAX_RESULTS = 50;

/** The items matching `query`, best first (pages before fields, then in the index's order); every page when empty. */
export function searchPalette(items: readonly PaletteItem[], query: string): PaletteItem[] {
  const q = query.trim().toLowerCase().replace(/\s+/g, ' ');
  if (!q) return items.filter((item) => item.kind === 'page').slice(0, MAX_RESULTS);
  const words = q.split(' ');
  return items
    .map((item, index) => ({ item, index, score: rank(item, q, words) }))
    .filter((r): r is { item: PaletteItem; index: number; score: number } => r.score !== null)
    .sort((a, b) => a.score - b.score || a.index - b.index)
    .slice(0, MAX_RESULTS)
    .map((r) => r.item);
}
