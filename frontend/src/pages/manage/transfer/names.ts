import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { client } from '../../../api/client';
import { queryKeys } from '../../../api/query-keys';
import type { Channel, Role } from '../../../api/types';
import type { GuildNames } from '../history/values';

export interface GuildLists extends GuildNames {
  loading: boolean;
  channelList: Channel[];
  roleList: Role[];
}

/**
 * A guild's channels and roles (the same cache as useChannels/useRoles), and their names by id so its references
 * read as #name and @name. Nothing is asked while `guildId` is empty (no clone target chosen yet).
 */
export function useGuildLists(guildId: string): GuildLists {
  const enabled = guildId !== '';
  const channels = useQuery({
    queryKey: queryKeys.channels(guildId),
    queryFn: () => client.getGuildChannels(guildId).then((r) => r.channels),
    staleTime: 60_000,
    enabled,
  });
  const roles = useQuery({
    queryKey: queryKeys.roles(guildId),
    queryFn: () => client.getGuildRoles(guildId).then((r) => r.roles),
    staleTime: 60_000,
    enabled,
  });
  return useMemo(() => {
    const channelList = channels.data ?? [];
    const roleList = roles.data ?? [];
    return {
      channels: new Map(channelList.map((c) => [c.id, c.name])),
      roles: new Map(roleList.map((r) => [r.id, r.name])),
      channelList,
      roleList,
      loading: enabled && (channels.isPending || roles.isPending),
    };
  }, [enabled, channels.data, roles.data, channels.isPending, roles.isPending]);
}
