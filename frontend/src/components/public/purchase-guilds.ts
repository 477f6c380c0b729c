import type { GuildSummary } from '../../api/types';
import { botAbsentFrom } from '../../pages/guild-entry';

/**
 * The permission bits a buyer needs, either one (Discord's Administrator and Manage Server;
 * frontend/test/payment-process.test.tsx holds them to discord-api-types). Not common/permissions.ts's canManage: it
 * reads the bits from discord-api-types, whose module would add about 90 KB to this public page for two numbers.
 */
export const ADMINISTRATOR = 8n;
export const MANAGE_SERVER = 32n;

/** The buyer may manage the guild: its owner, or Administrator or Manage Server among their permissions. */
export function mayBuyFor(guild: Pick<GuildSummary, 'owner' | 'permissions'>): boolean {
  if (guild.owner) return true;
  try {
    return (BigInt(guild.permissions ?? '0') & (ADMINISTRATOR | MANAGE_SERVER)) !== 0n;
  } catch {
    // Not a bit field: nothing is granted.
    return false;
  }
}

/**
 * The servers a plan can be bought for: managed by the buyer, with the bot in them (a plan is for the bot's features;
 * the server refuses any other). A guild only an access level opens (`sections`) is not managed.
 */
export function purchaseGuilds(guilds: readonly GuildSummary[]): GuildSummary[] {
  return guilds.filter((g) => !g.sections && !botAbsentFrom(g) && mayBuyFor(g));
}
