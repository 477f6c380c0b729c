import type { CollectionName, SectionName } from '@guildhall/generated/types';

/**
 * The manage pages below /manage/:guildId/, each with the page module under `src/` that renders it: the pages that are
 * not sections (by path), and the sections that have a page of their own (by name; every other section of
 * schemas/sections.json gets the generic page, at its path of generated/section-pages). Pure data, as public-paths.ts:
 * routes.tsx builds the manage routes from it, and the route byte budgets (tests/route-budgets.test.ts) and
 * `npm run bench:ui` take the manage routes from it and the section table instead of parsing routes.tsx.
 */
export const MANAGE_LAYOUT_MODULE = 'layouts/ManageLayout';

/** A manage screen's page module under `src/`, and the props it is drawn with. */
export interface ManagePage {
  module: `pages/${string}`;
  props?: Record<string, unknown>;
}

/** The other manage screens by path. */
export const MANAGE_PAGES = {
  dashboard: { module: 'pages/manage/Dashboard' },
  reactionroles: { module: 'pages/manage/RoleMenus' },
  tickets: { module: 'pages/manage/Tickets' },
  'tickets/panel': { module: 'pages/manage/TicketPanels' },
  embeds: { module: 'pages/manage/EmbedBuilder' },
  schedules: { module: 'pages/manage/ScheduledMessages' },
  history: { module: 'pages/manage/History' },
  transfer: { module: 'pages/manage/Transfer' },
} as const satisfies Record<string, ManagePage>;

/** A manage page's path below /manage/:guildId/ that is not a section's. */
export type ManagePath = keyof typeof MANAGE_PAGES;

export const MANAGE_PATHS = Object.keys(MANAGE_PAGES) as readonly ManagePath[];

/**
 * The page where each collection's items are managed (a Dashboard Access grant on a collection opens it): a collection
 * added to the table without a page here fails the type check.
 */
export const COLLECTION_PAGES: { readonly [C in CollectionName]: ManagePath } = {
  panels: 'tickets/panel',
  embeds: 'embeds',
  'role-menus': 'reactionroles',
  'scheduled-messages': 'schedules',
};

/** The page of a section without one of its own: its title, description and generated form. */
export const SECTION_PAGE_MODULE = 'pages/manage/SectionPage';

/** Sections whose page shows more than the generic form (a preview, a command list, the greeting's tabs), by name. */
export const CUSTOM_SECTION_PAGE_MODULES: { readonly [S in SectionName]?: `pages/manage/${string}` } = {
  moderation: 'pages/manage/Moderation',
  levels: 'pages/manage/Levels',
  greeting: 'pages/manage/Greeting',
  antinuke: 'pages/manage/Antinuke',
  'ticket-categories': 'pages/manage/TicketCategories',
  transcripts: 'pages/manage/TicketTranscripts',
  joindms: 'pages/manage/JoinDms',
  personalizer: 'pages/manage/Personalizer',
  'dashboard-access': 'pages/manage/DashboardAccess',
};

/** The page module of a section. */
export const sectionPageModule = (name: SectionName): string => CUSTOM_SECTION_PAGE_MODULES[name] ?? SECTION_PAGE_MODULE;

/**
 * What a section's page loads lazily as soon as it is drawn with the section's default settings, beyond its section's
 * module (modules below `src/`): the Discord message preview (its markdown renderer, a chunk of its own fetched after
 * the form shows), and the form parts its form draws at once (src/form/parts.ts: chunks of their own that few forms
 * need, which loadSectionModule fetches beside the section's module). The route byte budgets count them, as
 * `npm run bench:ui` sees them load. Levels draws the same preview only once XP is on, which its defaults leave off;
 * AntiNuke's lists, on a tab of their own, load when that tab is pointed at, focused or opened.
 */
export const SECTION_PAGE_LAZY: { readonly [S in SectionName]?: readonly string[] } = {
  greeting: ['components/discord/DiscordMessage'],
  joindms: ['components/discord/DiscordMessage'],
  antinuke: ['form/parts/TabbedObject', 'form/parts/PunishmentCards'],
  moderation: ['form/parts/PunishmentCards'],
  personalizer: ['form/parts/ImageUpload'],
  'ticket-general': ['form/parts/ArrayField', 'form/parts/RoleWidgets'],
  'ticket-limits': ['form/parts/RoleWidgets'],
  'dashboard-access': ['form/parts/ArrayField'],
};
