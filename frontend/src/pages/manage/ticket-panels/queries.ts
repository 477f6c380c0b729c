import { useQuery } from '@tanstack/react-query';
import { client } from '../../../api/client';

export const panelsKey = (guildId: string) => ['guild', guildId, 'collections', 'panels'] as const;

/** The guild's panels and the server's cap on them. */
export function usePanels(guildId: string) {
  return useQuery({
    queryKey: panelsKey(guildId),
    queryFn: () => client.listTicketPanels(guildId),
    // An open editor must not be refreshed under the user's hands.
    refetchOnWindowFocus: false,
  });
}
