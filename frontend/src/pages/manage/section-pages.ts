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
};
