/** API answers as the frontend reads them: the types generated from schemas/api/, under the names the app uses. */
import type { Channel, GuildSummary, ManagedGuild, Role } from '@guildhall/generated/types';

export type { Channel, GuildSummary, Role };
/** GET /api/guild/{guildId}: the guild the manage pages are about. */
export type ManagedGuildSummary = ManagedGuild['guild'];
