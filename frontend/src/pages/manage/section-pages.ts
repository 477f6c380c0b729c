import type { SectionName } from '@guildhall/generated/types';
import type { ComponentType } from 'react';

type PageModule = Promise<{ default: ComponentType }>;

/**
 * Sections whose page shows more than the generic form (a preview, a command list, the greeting's tabs), by name.
 * Every other section of schemas/sections.json gets the generic SectionPage with no line here.
 */
export const CUSTOM_SECTION_PAGES: { readonly [S in SectionName]?: () => PageModule } = {
  moderation: () => import('./Moderation'),
  levels: () => import('./Levels'),
  greeting: () => import('./Greeting'),
  antinuke: () => import('./Antinuke'),
  'ticket-categories': () => import('./TicketCategories'),
  transcripts: () => import('./TicketTranscripts'),
  joindms: () => import('./JoinDms'),
};

/**
 * Sections whose page answers its own 403: the manage layout still shows them when the guild summary refuses the
 * user (AntiNuke's extra owners and whitelisted users need not have Manage Server; its GET decides and the page
 * shows 'Access Denied' itself).
 */
export const SELF_GUARDED_SECTIONS: readonly SectionName[] = ['antinuke'];
