import { PermissionFlagsBits } from 'discord-api-types/v10';
import type { SandboxChannelRecord, SandboxGuildRecord } from './sandbox.types.js';

export const Permission = PermissionFlagsBits;

/** What Discord reports for owners and administrators: every defined bit. */
export const ALL_PERMISSIONS: bigint = Object.values(PermissionFlagsBits).reduce((all, bit) => all | bit, 0n);

export function permissionBits(...flags: bigint[]): string {
  return flags.reduce((all, bit) => all | bit, 0n).toString();
}

export function hasPermission(permissions: bigint, flag: bigint): boolean {
  return (permissions & flag) === flag;
}

/** Guild-level permissions, Discord's algorithm: owner -> all; else @everyone OR roles; Administrator -> all. */
export function guildPermissions(guild: SandboxGuildRecord, userId: string): bigint {
  if (guild.owner_id === userId) return ALL_PERMISSIONS;
  const member = guild.members.find((m) => m.user_id === userId);
  if (!member) return 0n;
  let permissions = BigInt(guild.roles.find((r) => r.id === guild.id)?.permissions ?? '0');
  for (const roleId of member.roles) {
    const role = guild.roles.find((r) => r.id === roleId);
    if (role) permissions |= BigInt(role.permissions);
  }
  return hasPermission(permissions, Permission.Administrator) ? ALL_PERMISSIONS : permissions;
}

/** Channel permissions: guild permissions, then @everyone, role and member overwrites in Discord's order. */
export function channelPermissions(guild: SandboxGuildRecord, channel: SandboxChannelRecord, userId: string): bigint {
  let permissions = guildPermissions(guild, userId);
  if (permissions === ALL_PERMISSIONS) return permissions;
  const member = guild.members.find((m) => m.user_id === userId);
  if (!member) return 0n;
  const overwrites = channel.permission_overwrites;
  const everyone = overwrites.find((o) => o.type === 0 && o.id === guild.id);
  if (everyone) permissions = (permissions & ~BigInt(everyone.deny)) | BigInt(everyone.allow);
  let allow = 0n;
  let deny = 0n;
  for (const o of overwrites) {
    if (o.type === 0 && member.roles.includes(o.id)) {
      allow |= BigInt(o.allow);
      deny |= BigInt(o.deny);
    }
  }
  permissions = (permissions & ~deny) | allow;
  const own = overwrites.find((o) => o.type === 1 && o.id === userId);
  if (own) permissions = (permissions & ~BigInt(own.deny)) | BigInt(own.allow);
  // Without View Channel nothing else in the channel applies.
  return hasPermission(permissions, Permission.ViewChannel) ? permissions : 0n;
}
