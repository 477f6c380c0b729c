import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { GuildCloneRequest, GuildImportRequest } from '@guildhall/generated/types';
import { client } from './client';
import { queryKeys } from './query-keys';

// Export, import and clone of a guild's settings (issue 14), through the generated client: the types are the
// published schemas' (guild-export, guild-import-request/response, guild-clone-request/response).

/**
 * An import's body as the page sends it: the generated type describes the validated request, where `dryRun` has
 * taken its default (false); the page leaves it out when it applies.
 */
export type ImportRequest = Omit<GuildImportRequest, 'dryRun'> & Partial<Pick<GuildImportRequest, 'dryRun'>>;

/** After an applied import or clone, every page of the changed guild reads its settings and history again. */
function useRefreshGuild() {
  const queries = useQueryClient();
  return (guildId: string) =>
    Promise.all([
      queries.invalidateQueries({ queryKey: queryKeys.allSettings(guildId) }),
      queries.invalidateQueries({ queryKey: queryKeys.allCollections(guildId) }),
      queries.invalidateQueries({ queryKey: queryKeys.allTickets(guildId) }),
      queries.invalidateQueries({ queryKey: queryKeys.allHistory(guildId) }),
    ]);
}

export function useExportGuild(guildId: string) {
  return useMutation({ mutationFn: () => client.exportGuildSettings(guildId) });
}

export function useImportGuild(guildId: string) {
  const refresh = useRefreshGuild();
  return useMutation({
    // The server applies dryRun's default (false) when the page leaves it out.
    mutationFn: (body: ImportRequest) => client.importGuildSettings(guildId, body as GuildImportRequest),
    onSuccess: (_result, body) => (body.dryRun ? undefined : refresh(guildId)),
  });
}

export function useCloneGuild(guildId: string) {
  const refresh = useRefreshGuild();
  return useMutation({
    mutationFn: (body: GuildCloneRequest) => client.cloneGuildSettings(guildId, body),
    onSuccess: (result, body) => (result.applied ? refresh(body.targetGuildId) : undefined),
  });
}
