import { useMemo } from 'react';
import type { PlaceholderValues } from './placeholders';
import { discordDate, snowflakeSeconds } from './placeholders';
import { useChannels, useGuildStats, useManagedGuild, useRoles } from '../../../api/queries';
import type { CurrentUser } from '../../../api/types';
import { useAuth } from '../../../auth/AuthProvider';
import type { DiscordAuthor, MentionNames } from '../../../components/discord';
import { avatarUrl } from '../../../lib/discord-cdn';

export interface GuildStatsView {
  memberCount: number;
  boostLevel?: number;
  boostCount?: number;
}

/** How the bot appears in previews. */
export const BOT_AUTHOR: DiscordAuthor = { name: 'Guildhall', avatarUrl: '/favicon.svg', bot: true };

export function displayName(user: Pick<CurrentUser, 'username' | 'global_name'>): string {
  return user.global_name || user.username;
}

/**
 * What previews need to look real: the signed-in user standing in for the member, the guild, its member count, and
 * names for mentions (users, roles, channels).
 */
export function usePreviewContext(guildId: string) {
  const { user } = useAuth();
  const guild = useManagedGuild(guildId);
  const stats = useGuildStats(guildId);
  const channels = useChannels(guildId);
  const roles = useRoles(guildId);

  const mentions = useMemo<MentionNames>(
    () => ({
      users: user ? { [user.id]: displayName(user) } : {},
      channels: Object.fromEntries((channels.data ?? []).map((c) => [c.id, c.name])),
      roles: Object.fromEntries((roles.data ?? []).map((r) => [r.id, { name: r.name, color: r.color }])),
    }),
    [user, channels.data, roles.data],
  );

  const statsView = stats.data as GuildStatsView | undefined;
  const values = useMemo<PlaceholderValues | null>(() => {
    if (!user) return null;
    const summary = user.guilds.find((g) => g.id === guildId);
    const tag = user.discriminator && user.discriminator !== '0' ? `${user.username}#${user.discriminator}` : user.username;
    return {
      'member.name': displayName(user),
      'member.tag': tag,
      'member.id': user.id,
      'member.mention': `<@${user.id}>`,
      'member.avatar': avatarUrl(user, 128) ?? `https://cdn.discordapp.com/embed/avatars/${Number((BigInt(user.id) >> 22n) % 6n)}.png`,
      'member.createdAt': discordDate(snowflakeSeconds(user.id)),
      // The member has not joined yet: a preview shows today.
      'member.joinedAt': discordDate(Date.now() / 1000),
      'server.name': guild.data?.name ?? summary?.name ?? 'this server',
      'server.id': guildId,
      'server.icon': guild.data?.iconURL ?? '',
      'server.members': String(statsView?.memberCount ?? 100),
      // Only the owner's own session knows they own it; others see a neutral stand-in.
      'server.owner': summary?.owner ? `<@${user.id}>` : '@Server Owner',
      'server.boosts': String(statsView?.boostCount ?? 0),
      'server.boostTier': String(statsView?.boostLevel ?? 0),
    };
  }, [user, guild.data, guildId, statsView]);

  return { user, guild: guild.data, memberCount: statsView?.memberCount, mentions, values };
}
