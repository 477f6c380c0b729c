/** API answers as the frontend reads them: the types generated from schemas/api/, under the names the app uses. */
import type { Channel, GuildSummary, ManagedGuild, Role, User } from '@guildhall/generated/types';

export type { Channel, GuildSummary, Role };
/** GET /api/user. */
export type CurrentUser = User;
/** GET /api/guild/{guildId}: the guild the manage pages are about. */
export type ManagedGuildSummary = ManagedGuild['guild'];

/** A Discord user as the user search and lookup routes answer (not in the generated client yet). */
export interface GuildUser {
  id: string;
  username: string;
  discriminator?: string | null;
  avatar?: string | null;
  global_name?: string | null;
}

/** A problem the server sees in a section's saved settings (GET .../antinuke/preflight); `path` a JSON Pointer. */
export interface PreflightWarning {
  code: string;
  message: string;
  path?: string;
}
