// Discord's CDN: where avatars, default avatars and guild icons live (https://discord.com/developers/docs/reference#image-formatting).
import { snowflakeTicks } from './snowflake.js';

export const DISCORD_CDN = 'https://cdn.discordapp.com';

/** The sizes Discord's CDN serves: powers of two from 16 to 4096. */
export type ImageSize = 16 | 32 | 64 | 128 | 256 | 512 | 1024 | 2048 | 4096;

export interface AvatarUser {
  id: string;
  avatar?: string | null;
  /** "0" (or absent) for the new username system; a legacy user's four digits otherwise. */
  discriminator?: string | null;
}
export interface IconGuild {
  id: string;
  icon?: string | null;
}

/** Animated hashes start with a_ and are served as GIF; the others as PNG. */
const extension = (hash: string) => (hash.startsWith('a_') ? 'gif' : 'png');

/** A user's uploaded avatar, or null when they have none. */
export function userAvatarUrl(user: AvatarUser | null | undefined, size: ImageSize): string | null {
  if (!user?.avatar) return null;
  return `${DISCORD_CDN}/avatars/${user.id}/${user.avatar}.${extension(user.avatar)}?size=${size}`;
}

/**
 * The picture Discord shows for a user without an avatar: for the new username system one of six chosen by
 * `(id >> 22) % 6`, for a legacy discriminator one of five chosen by `discriminator % 5`.
 */
export function defaultAvatarUrl(user: AvatarUser): string {
  const legacy = user.discriminator && user.discriminator !== '0';
  const index = legacy ? Number(user.discriminator) % 5 : Number(snowflakeTicks(user.id) % 6n);
  return `${DISCORD_CDN}/embed/avatars/${index}.png`;
}

/** What Discord shows for a user: their avatar, or the default one. */
export function displayAvatarUrl(user: AvatarUser, size: ImageSize): string {
  return userAvatarUrl(user, size) ?? defaultAvatarUrl(user);
}

/** A guild's icon, or null when it has none. */
export function guildIconUrl(guild: IconGuild | null | undefined, size: ImageSize): string | null {
  if (!guild?.icon) return null;
  return `${DISCORD_CDN}/icons/${guild.id}/${guild.icon}.${extension(guild.icon)}?size=${size}`;
}

/** Where a member's per-server image lives: `guilds/{guild}/users/{user}/avatars|banners/{hash}`. */
function memberImageUrl(
  cdnBase: string,
  kind: 'avatars' | 'banners',
  guildId: string,
  userId: string,
  hash: string | null | undefined,
  size: ImageSize,
): string | null {
  if (!hash) return null;
  return `${cdnBase}/guilds/${guildId}/users/${userId}/${kind}/${hash}.${extension(hash)}?size=${size}`;
}

/**
 * A member's guild avatar (the one they, or a bot through Modify Current Member, set for this server), or null when they
 * have none there and show their own avatar. `cdnBase` is Discord's CDN (DISCORD_CDN) or a stand-in for it.
 */
export function memberAvatarUrl(cdnBase: string, guildId: string, userId: string, hash: string | null | undefined, size: ImageSize) {
  return memberImageUrl(cdnBase, 'avatars', guildId, userId, hash, size);
}

/** A member's guild banner, or null when they have none there (their profile shows their own banner). */
export function memberBannerUrl(cdnBase: string, guildId: string, userId: string, hash: string | null | undefined, size: ImageSize) {
  return memberImageUrl(cdnBase, 'banners', guildId, userId, hash, size);
}
