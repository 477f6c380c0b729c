import type { SectionName } from '@guildhall/generated/types';

// Which sections have a page of their own is src/manage-paths.ts (CUSTOM_SECTION_PAGE_MODULES): pure data, read by the
// route table, the route byte budgets and npm run bench:ui.

/**
 * Sections whose page answers its own 403: the manage layout still shows them when the guild summary refuses the
 * user (AntiNuke's extra owners and whitelisted users need not have Manage Server; its GET decides and the page
 * shows 'Access Denied' itself).
 */
export const SELF_GUARDED_SECTIONS: readonly SectionName[] = ['antinuke'];
