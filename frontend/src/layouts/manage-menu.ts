import { planCatalog } from '@guildhall/generated/plans';
import { collectionTitles, sectionPages, type SectionPageInfo } from '@guildhall/generated/section-pages';
import type { SectionName, SectionTableRow } from '@guildhall/generated/types';
import { COLLECTION_PAGES } from '../manage-paths';

/** The manage sidebar, spelled as the spec spells it, 'BESIC FEATURES' included. */
export interface MenuItem {
  name: string;
  path: string;
  description?: string;
  premium: boolean;
  /** The pages below this one's path (the ticket pages under Ticket Management), shown as its collapsible group. */
  children?: MenuItem[];
}
export interface MenuGroup {
  heading?: string;
  items: MenuItem[];
}

type MenuGroupId = SectionTableRow['menuGroup'];

/** A page's sidebar premium flag from the plans data (schemas/plans/plans.json premiumFeatures); false when not listed. */
export function sidebarPremium(path: string, catalog: Pick<typeof planCatalog, 'premiumFeatures'> = planCatalog): boolean {
  return catalog.premiumFeatures?.find((f) => f.path === path)?.sidebarPremium ?? false;
}

/**
 * A group's entries: pages that are not settings sections (the dashboard, screens still to come), and section names,
 * whose title, path, description and premium flag come from their row in schemas/sections.json. A section the layout
 * does not name is listed at the end of the group its row names, so a new section needs no line here; a misspelt
 * name fails the type check.
 */
type MenuEntry = MenuItem | SectionName;

/** One heading per group of the table's `menuGroup` (a group added there without a heading here fails the type check). */
const HEADINGS: { readonly [G in MenuGroupId]: string | undefined } = {
  main: undefined,
  'basic-features': 'BESIC FEATURES',
  'server-management': 'SERVER MANAGEMENT',
};

const LAYOUT: { readonly [G in MenuGroupId]: readonly MenuEntry[] } = {
  main: [
    { name: 'Dashboard', path: 'dashboard', description: 'Overview of your server, the bot and quick actions.', premium: false },
    'personalizer',
    'basic',
    // Issue 14: every section's history and revert, and the guild's settings as one file or copied to another guild.
    { name: 'Change History', path: 'history', description: 'Who changed what, and undo it in one click.', premium: false },
    {
      name: 'Backup & Transfer',
      path: 'transfer',
      description: "Export this server's settings to a file, import them, or clone them to another server.",
      premium: false,
    },
  ],
  'basic-features': [
    'levels',
    {
      name: 'Reaction Roles',
      path: 'reactionroles',
      description: 'Let members pick their own roles with buttons, a select menu or reactions.',
      premium: false,
    },
    'greeting',
  ],
  'server-management': [
    { name: 'Ticket Management', path: 'tickets', description: 'Support tickets with panels, limits and transcripts.', premium: false },
    // The spec reaches these from the Ticket System landing; every section has a sidebar entry too (shell.test.ts): as
    // their paths lie below Ticket Management's, they nest under it (nestSubPages), a group closed but on its pages.
    'ticket-general',
    'ticket-limits',
    'ticket-categories',
    'transcripts',
    {
      name: collectionTitles.panels,
      path: COLLECTION_PAGES.panels,
      description: 'The messages with buttons members open tickets from.',
      premium: false,
    },
    'antinuke',
    {
      name: 'Embeds Configuration',
      path: 'embeds',
      description: 'Design and send rich embed messages.',
      premium: sidebarPremium('embeds'),
    },
    // Issue 31: messages composed in the builder, posted later or again and again; beside the builder they come from.
    {
      name: 'Scheduled Messages',
      path: 'schedules',
      description: 'Post a message at a chosen time, or every day, week or month, and see every run.',
      premium: false,
    },
    // Not in the spec's sidebar, but its pages exist and people must be able to reach them.
    'moderation',
    'joindms',
  ],
};

const sectionItem = (section: SectionPageInfo): MenuItem => ({
  name: section.title,
  path: section.path,
  description: section.description,
  premium: section.premium,
});

/** Whether `path` is `parent` or a page below it (`tickets/limits` below `tickets`). */
const within = (path: string, parent: string) => path === parent || path.startsWith(`${parent}/`);

/**
 * A group's entries with each page whose path lies below another entry's (`tickets/limits` below `tickets`) moved
 * into that entry's `children`, in order: the sidebar shows them as the parent's collapsible group.
 */
export function nestSubPages(items: readonly MenuItem[]): MenuItem[] {
  const parentOf = (item: MenuItem) =>
    items.filter((p) => p !== item && within(item.path, p.path)).sort((a, b) => b.path.length - a.path.length)[0];
  const top = items.filter((item) => !parentOf(item)).map((item) => ({ ...item }));
  for (const item of items) {
    const parent = parentOf(item);
    if (!parent) continue;
    const host = top.find((t) => within(parent.path, t.path))!;
    host.children = [...(host.children ?? []), item];
  }
  return top;
}

/** Every entry of the items, a parent before its children. */
export function flatItems(items: readonly MenuItem[]): MenuItem[] {
  return items.flatMap((i) => [i, ...(i.children ?? [])]);
}

/** The sidebar: the layout's entries, then in each group the sections the layout does not name, in the table's order. */
export function buildMenu(layout: typeof LAYOUT = LAYOUT, table: Readonly<Record<string, SectionPageInfo>> = sectionPages): MenuGroup[] {
  const named = new Set(Object.values(layout).flatMap((entries) => entries.filter((e) => typeof e === 'string')));
  return (Object.keys(HEADINGS) as MenuGroupId[]).map((group) => {
    const rest = Object.keys(table).filter((name) => !named.has(name as SectionName) && table[name]!.menuGroup === group);
    const items = nestSubPages(
      [...layout[group], ...rest].map((entry) => (typeof entry === 'string' ? sectionItem(table[entry]!) : entry)),
    );
    const heading = HEADINGS[group];
    return heading ? { heading, items } : { items };
  });
}

export const MANAGE_MENU: MenuGroup[] = buildMenu();

/** Keeps the entries `keep` accepts: a parent with the children kept, and a kept child of a dropped parent in its place. */
function pruneItems(items: readonly MenuItem[], keep: (item: MenuItem) => boolean): MenuItem[] {
  return items.flatMap((item) => {
    const children = item.children?.filter(keep);
    if (!keep(item)) return children ?? [];
    const { children: _all, ...rest } = item;
    return children?.length ? [{ ...rest, children }] : [rest];
  });
}

/** The entries whose name holds the query (case-insensitive), a nested one's parent kept for it (its group then open). */
export function filterMenu(menu: MenuGroup[], query: string): MenuGroup[] {
  const q = query.trim().toLowerCase();
  if (!q) return menu;
  const matches = (i: MenuItem) => i.name.toLowerCase().includes(q);
  return menu
    .map((g) => ({
      ...g,
      items: g.items.flatMap((item): MenuItem[] => {
        const children = item.children?.filter(matches) ?? [];
        if (children.length) return [{ ...item, children }];
        if (!matches(item)) return [];
        const { children: _all, ...rest } = item;
        return [rest];
      }),
    }))
    .filter((g) => g.items.length > 0);
}

/**
 * The current entry for a page below /manage/:guildId/ (`here`): the entry whose path is the page's, else the deepest
 * entry the page lies below (an editor below its list); undefined when none. Exactly one entry is current.
 */
export function currentEntry(menu: readonly MenuGroup[], here: string): MenuItem | undefined {
  return menu
    .flatMap((g) => flatItems(g.items))
    .filter((i) => within(here, i.path))
    .sort((a, b) => b.path.length - a.path.length)[0];
}

/**
 * The menu for a user whom only some sections' access levels or Dashboard Access grants admit (no Manage Server: an
 * AntiNuke extra owner or whitelisted user, a grantee): just those pages' entries, as every other page would answer
 * 403; a page the layout lists nowhere (a collection's: Ticket Panels) joins the last group under its own name.
 * `pages` undefined: all.
 */
export function restrictMenu(menu: MenuGroup[], pages: readonly { path: string; title: string }[] | undefined): MenuGroup[] {
  if (!pages) return menu;
  const paths = pages.map((p) => p.path);
  const groups = menu.map((g) => ({ ...g, items: pruneItems(g.items, (i) => paths.includes(i.path)) }));
  const listed = new Set(groups.flatMap((g) => flatItems(g.items).map((i) => i.path)));
  const unlisted = pages.filter((p) => !listed.has(p.path)).map((p): MenuItem => ({ name: p.title, path: p.path, premium: false }));
  if (unlisted.length) groups.at(-1)?.items.push(...unlisted);
  return groups.filter((g) => g.items.length > 0);
}

/** Dashboard Access's entry is for those who may change it (the owner and Administrators); others never see it. */
export function withoutAdministratorPages(menu: MenuGroup[], administrator: boolean): MenuGroup[] {
  if (administrator) return menu;
  const path = sectionPages['dashboard-access'].path;
  return menu.map((g) => ({ ...g, items: pruneItems(g.items, (i) => i.path !== path) }));
}

/** Servers whose settingsUrl names the legacy domain are hidden from the switcher. */
export const LEGACY_DISCORD_HOST = 'discordapp.com';
