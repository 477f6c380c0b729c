import { OverwriteType, PermissionFlagsBits } from 'discord-api-types/v10';
import { memberPermissions } from '../discord/member-permissions.js';
import type { DiscordChannel, DiscordGuild, DiscordMember, DiscordRole } from '../discord/discord.types.js';

/** A member's permissions: every permission (the owner, Administrator), or these bits. */
export interface Permissions {
  all: boolean;
  bits: bigint;
}

/** Whether the permissions include every bit of `flag`. */
export const allows = (permissions: Permissions, flag: bigint): boolean => permissions.all || (permissions.bits & flag) === flag;

/**
 * A member's permissions in a channel, Discord's way: the guild's (owner and Administrator: everything; else @everyone
 * OR the member's roles: `memberPermissions`), then the channel's overwrites in order: @everyone's (id = the guild's),
 * the member's roles' together (denies, then allows), the member's own. Without View Channel nothing else there applies.
 */
export function channelPermissions(
  guild: Pick<DiscordGuild, 'id' | 'owner_id'>,
  roles: DiscordRole[],
  member: DiscordMember,
  userId: string,
  channel: Pick<DiscordChannel, 'permission_overwrites'>,
): Permissions {
  const base = memberPermissions(guild, roles, member, userId);
  if (base.all) return base;
  const overwrites = channel.permission_overwrites ?? [];
  const apply = (bits: bigint, o: { allow: string; deny: string }) => (bits & ~BigInt(o.deny)) | BigInt(o.allow);
  let bits = base.bits;
  const everyone = overwrites.find((o) => o.type === OverwriteType.Role && o.id === guild.id);
  if (everyone) bits = apply(bits, everyone);
  let allow = 0n;
  let deny = 0n;
  for (const o of overwrites) {
    if (o.type !== OverwriteType.Role || o.id === guild.id || !member.roles.includes(o.id)) continue;
    allow |= BigInt(o.allow);
    deny |= BigInt(o.deny);
  }
  bits = (bits & ~deny) | allow;
  const own = overwrites.find((o) => o.type === OverwriteType.Member && o.id === userId);
  if (own) bits = apply(bits, own);
  return { all: false, bits: (bits & PermissionFlagsBits.ViewChannel) === 0n ? 0n : bits };
}
