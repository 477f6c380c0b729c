/** API answers as the frontend reads them: the types generated from schemas/api/, under the names the app uses. */
import type { Channel, GuildSummary, ManagedGuild, Role, SettingsResponse, User } from '@guildhall/generated/types';

export type { Channel, GuildSummary, Role };
/** GET /api/user. */
export type CurrentUser = User;
/** GET /api/guild/{guildId}: the guild the manage pages are about. */
export type ManagedGuildSummary = ManagedGuild['guild'];
/** A settings GET/PUT answer, with the section's document type. */
export type SettingsEnvelope<T = Record<string, unknown>> = Omit<SettingsResponse, 'settings'> & { settings: T };
