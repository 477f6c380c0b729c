import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from './client';
import type { Channel, Role, SettingsEnvelope } from './types';

export const queryKeys = {
  user: ['user'] as const,
  channels: (guildId: string) => ['guild', guildId, 'channels'] as const,
  roles: (guildId: string) => ['guild', guildId, 'roles'] as const,
  stats: (guildId: string) => ['guild', guildId, 'stats'] as const,
  settings: (guildId: string, section: string) => ['guild', guildId, 'settings', section] as const,
};

export function useChannels(guildId: string) {
  return useQuery({
    queryKey: queryKeys.channels(guildId),
    queryFn: () => api<{ channels: Channel[] }>(`/api/guild/${guildId}/channels`).then((r) => r.channels),
    staleTime: 60_000,
  });
}

export function useRoles(guildId: string) {
  return useQuery({
    queryKey: queryKeys.roles(guildId),
    queryFn: () => api<{ roles: Role[] }>(`/api/guild/${guildId}/roles`).then((r) => r.roles),
    staleTime: 60_000,
  });
}

export function useGuildStats(guildId: string) {
  return useQuery({
    queryKey: queryKeys.stats(guildId),
    queryFn: () => api<{ stats: { memberCount: number } }>(`/api/guild/${guildId}/stats`).then((r) => r.stats),
  });
}

export function useSettings<T = Record<string, unknown>>(guildId: string, section: string) {
  return useQuery({
    queryKey: queryKeys.settings(guildId, section),
    queryFn: () => api<SettingsEnvelope<T>>(`/api/guild/${guildId}/settings/${section}`),
    // A form must not be replaced under the user's hands: no background refetch while editing.
    refetchOnWindowFocus: false,
    staleTime: Infinity,
  });
}

export function useSaveSettings<T = Record<string, unknown>>(guildId: string, section: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { version: number; settings: T }) =>
      api<SettingsEnvelope<T>>(`/api/guild/${guildId}/settings/${section}`, { method: 'PUT', json: input }),
    onSuccess: (saved) => client.setQueryData(queryKeys.settings(guildId, section), saved),
  });
}
