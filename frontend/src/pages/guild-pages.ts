import { collectionTitles, sectionPages, type SectionPageInfo } from '@guildhall/generated/section-pages';
import type { CollectionName } from '@guildhall/generated/types';
import type { GuildSummary } from '../api/types';
import { COLLECTION_PAGES } from '../manage-paths';

// Where a guild of the selector or the switcher opens, and which pages someone who does not manage it may open there.

/** A page below /manage/:guildId/ that a user who does not manage the guild may open, and its name. */
export interface OpenablePage {
  path: string;
  title: string;
  /** The section of the page, when it is a section's (the collections' pages are not). */
  section?: SectionPageInfo;
}

/** A section's or collection's page, by its name in the guild summary's `sections`; undefined for an unknown name. */
export function pageOfSubject(name: string): OpenablePage | undefined {
  if (Object.hasOwn(sectionPages, name)) {
    const section = sectionPages[name as keyof typeof sectionPages];
    return { path: section.path, title: section.title, section };
  }
  if (Object.hasOwn(COLLECTION_PAGES, name))
    return { path: COLLECTION_PAGES[name as CollectionName], title: collectionTitles[name as CollectionName] };
  return undefined;
}

/**
 * The pages a user may open in a guild they do not manage (the guild summary's `sections`: AntiNuke for its extra
 * owners and whitelisted users, the sections and collections a Dashboard Access grant opens), in the summary's order;
 * undefined for a guild they manage (every page).
 */
export function openablePages(guild: Pick<GuildSummary, 'sections'> | undefined): OpenablePage[] | undefined {
  if (!guild?.sections) return undefined;
  return guild.sections.flatMap((name) => pageOfSubject(name) ?? []);
}

/** The sections among those pages (AntiNuke's levels, a grant's sections), as pages of the section table. */
export function levelledSections(guild: Pick<GuildSummary, 'sections'> | undefined): SectionPageInfo[] | undefined {
  return openablePages(guild)?.flatMap((page) => page.section ?? []);
}

/**
 * What a Dashboard Access grant lets the user do in a guild they do not manage ('Read access', 'Write access', both),
 * the server's words; undefined for a manager or someone AntiNuke's levels alone admit.
 */
export const accessLabelOf = (guild: Pick<GuildSummary, 'accessLabel'> | undefined): string | undefined => guild?.accessLabel;

/** Where a guild with the bot opens: the dashboard, or for a guild entered through its sections' access, the first. */
export function guildEntry(guild: Pick<GuildSummary, 'id' | 'sections'>): { path: string; section?: SectionPageInfo; page?: OpenablePage } {
  const page = openablePages(guild)?.[0];
  return { path: `/manage/${guild.id}/${page ? page.path : 'dashboard'}`, section: page?.section, page };
}
