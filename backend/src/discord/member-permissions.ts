import { PermissionFlagsBits } from 'discord-api-types/v10';
import type { DiscordGuild, DiscordMember, DiscordRole } from './discord.types.js';

// A member's guild-level permissions, for every check the server makes from live roles (AntiNuke's and the role
// menus' pre-flight, a channel's permissions): one place, not a feature's service that another feature imports.

/** The bot's guild-level permissions, Discord's way: owner -> all; @everyone OR its roles; Administrator -> all. */
export function memberPermissions(
  guild: Pick<DiscordGuild, 'id' | 'owner_id'>,
  roles: DiscordRole[],
  member: DiscordMember,
  userId: string,
) {
  if (guild.owner_id === userId) return { all: true, bits: 0n };
  let bits = BigInt(roles.find((r) => r.id === guild.id)?.permissions ?? '0');
  for (const id of member.roles) bits |= BigInt(roles.find((r) => r.id === id)?.permissions ?? '0');
  return { all: (bits & PermissionFlagsBits.Administrator) !== 0n, bits };
}
