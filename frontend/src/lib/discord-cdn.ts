export const DEFAULT_ICON = '/default-icon.svg';

/** A user's avatar from Discord's CDN (spec 1:2.2: user id and avatar hash, size 64 or 128), or null. */
export function avatarUrl(user: { id: string; avatar: string | null } | null | undefined, size: 64 | 128 = 64): string | null {
  if (!user?.avatar) return null;
  const ext = user.avatar.startsWith('a_') ? 'gif' : 'png';
  return `https://cdn.discordapp.com/avatars/${user.id}/${user.avatar}.${ext}?size=${size}`;
}
