import { sectionPages, type SectionPageInfo } from '@guildhall/generated/section-pages';
import type { GuildSummary } from '../api/types';

/**
 * A settingsUrl on Discord's authorize page means the bot is not in that server. The page is the configured
 * one (the sandbox's, offline), so what counts is that it leaves the app: the app's own pages are paths.
 */
export const botAbsentFrom = (guild: Pick<GuildSummary, 'settingsUrl'>): boolean => !guild.settingsUrl.startsWith('/');

/**
 * The sections an access level lets the user into in a guild they do not manage (the guild summary's `sections`, e.g.
 * AntiNuke for its extra owners and whitelisted users), as pages; undefined for a guild they manage (every page).
 */
export function levelledSections(guild: Pick<GuildSummary, 'sections'> | undefined): SectionPageInfo[] | undefined {
  if (!guild?.sections) return undefined;
  return guild.sections.flatMap((name) => (name in sectionPages ? [sectionPages[name as keyof typeof sectionPages]] : []));
}

/** Where a guild with the bot opens: the dashboard, or for a guild entered through a section's levels, that section. */
export function guildEntry(guild: Pick<GuildSummary, 'id' | 'sections'>): { path: string; section?: SectionPageInfo } {
  const section = levelledSections(guild)?.[0];
  return { path: `/manage/${guild.id}/${section ? section.path : 'dashboard'}`, section };
}
