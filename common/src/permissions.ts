// Who may manage a guild's settings, with Discord's own permission bits (discord-api-types), not hand-written ones.
import { PermissionFlagsBits } from 'discord-api-types/v10';

/** What the bot asks for when it is invited: Administrator, the permission the invite page recommends. */
export const BOT_PERMISSIONS: bigint = PermissionFlagsBits.Administrator;

/** A guild as Discord lists it for a user: whether they own it, and their permissions there (a decimal string). */
export interface PermissionHolder {
  owner?: boolean | null;
  permissions?: string | null;
}

/** The access rule: the owner, or a member whose permissions include Administrator or Manage Server. */
export function canManage(guild: PermissionHolder): boolean {
  if (guild.owner) return true;
  const bits = BigInt(guild.permissions ?? '0');
  return (bits & (PermissionFlagsBits.Administrator | PermissionFlagsBits.ManageGuild)) !== 0n;
}

/** Who may change Dashboard Access (policy administrators): the owner, or a member with Administrator. */
export function isAdministrator(guild: PermissionHolder): boolean {
  if (guild.owner) return true;
  return (BigInt(guild.permissions ?? '0') & PermissionFlagsBits.Administrator) !== 0n;
}
