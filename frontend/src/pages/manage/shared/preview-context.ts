import { useMemo } from 'react';
import { displayName, greetingPlaceholderValues, type PlaceholderValues } from '@guildhall/common/greeting';
import { useChannels, useGuildStats, useManagedGuild, useRoles } from '../../../api/queries';
import { useAuth } from '../../../auth/AuthProvider';
import type { DiscordAuthor, MentionNames } from '../../../components/discord';

/** How the bot appears in previews. */
export const BOT_AUTHOR: DiscordAuthor = { name: 'Guildhall', avatarUrl: '/favicon.svg', bot: true };

// The same name the server's Send Preview gives the member.
export { displayName };

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

  const statsView = stats.data;
  const values = useMemo<PlaceholderValues | null>(() => {
    if (!user) return null;
    const summary = user.guilds.find((g) => g.id === guildId);
    return greetingPlaceholderValues({
      user,
      // The member has not joined yet: a preview shows today.
      member: null,
      guild: {
        id: guildId,
        name: guild.data?.name ?? summary?.name ?? 'this server',
        iconUrl: guild.data?.iconURL,
        // Only the owner's own session knows they own it; others see a neutral stand-in.
        ownerId: summary?.owner ? user.id : null,
        // The preview's member count is 100 unless known.
        memberCount: statsView?.memberCount ?? 100,
        boostCount: statsView?.boostCount,
        boostTier: statsView?.boostLevel,
      },
    });
  }, [user, guild.data, guildId, statsView]);

  return { user, guild: guild.data, memberCount: statsView?.memberCount, mentions, values };
}
