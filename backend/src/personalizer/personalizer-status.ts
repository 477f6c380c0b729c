import type { PersonalizerFieldStatus, PersonalizerSettings, PersonalizerStatus } from '@guildhall/generated/types';
import type { DiscordMember, DiscordUser } from '../discord/discord.types.js';
import type { AppliedProfile } from './personalizer-applied.js';

/** The profile's fields, in the page's order. */
export const PROFILE_FIELDS = ['nick', 'avatar', 'banner', 'bio'] as const;
export type ProfileField = (typeof PROFILE_FIELDS)[number];

export type LiveProfile = PersonalizerStatus['live'];

/** The bot's member as the status names it: its nick and its server avatar's and banner's hashes (no bio: Discord keeps it to itself). */
export const liveOf = (member: DiscordMember): LiveProfile => ({
  nick: member.nick ?? null,
  avatar: member.avatar ?? null,
  banner: (member as { banner?: string | null }).banner ?? null,
});

export const botOf = (user: DiscordUser): PersonalizerStatus['bot'] => ({
  id: user.id,
  username: user.username,
  global_name: user.global_name ?? null,
  avatar: user.avatar ?? null,
});

/**
 * Per field, the saved profile against Discord's member and what the dashboard last applied: live when Discord has the
 * saved value, changed when Discord no longer has what was applied (someone changed it there), else pending. An image
 * is live when the saved one is what was applied and Discord still has the hash it gave it. The bio, which Discord does
 * not report, is compared with what was applied only: unknown before anything was.
 */
export function fieldStatuses(
  saved: PersonalizerSettings,
  live: LiveProfile,
  applied: AppliedProfile | null,
): PersonalizerStatus['fields'] {
  const nick = (): PersonalizerFieldStatus => {
    if ((saved.nick || null) === live.nick) return 'live';
    return applied && (applied.nick || null) !== live.nick ? 'changed' : 'pending';
  };
  const image = (field: 'avatar' | 'banner'): PersonalizerFieldStatus => {
    const hash = field === 'avatar' ? applied?.avatarHash : applied?.bannerHash;
    const has = live[field];
    const same = saved[field] === '' ? has === null : applied?.[field] === saved[field] && hash === has && has !== null;
    if (same) return 'live';
    return applied && (hash ?? null) !== has ? 'changed' : 'pending';
  };
  const bio = (): PersonalizerFieldStatus => {
    if (!applied) return 'unknown';
    return applied.bio === saved.bio ? 'live' : 'pending';
  };
  return { nick: nick(), avatar: image('avatar'), banner: image('banner'), bio: bio() };
}

export function statusOf(
  bot: DiscordUser,
  member: DiscordMember,
  applied: AppliedProfile | null,
  saved: PersonalizerSettings,
): PersonalizerStatus {
  const live = liveOf(member);
  return { success: true, bot: botOf(bot), live, applied, fields: fieldStatuses(saved, live, applied) };
}
