import type { GuildSummary } from '../api/types';

/**
 * A settingsUrl on Discord's authorize page means the bot is not in that server. The page is the configured
 * one (the sandbox's, offline), so what counts is that it leaves the app: the app's own pages are paths.
 */
export const botAbsentFrom = (guild: Pick<GuildSummary, 'settingsUrl'>): boolean => !guild.settingsUrl.startsWith('/');

// The pages a guild opens on (the dashboard, or those a section's levels or a grant open) are guild-pages.ts: this
// module is the public pages' too (the purchase form), and they need none of it.
