import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { JoinDmSettings, SettingsResponse } from '@guildhall/generated/types';
import { useCallback, useState } from 'react';
import { ApiError, client } from '../../../api/client';
import { useSettings } from '../../../api/queries';
import { queryKeys } from '../../../api/query-keys';

/**
 * A failure in the page's words: no answer (status 0) or a thrown error is `thrown`; an answer that said no is the
 * server's own error when it gave one (after `prefix`, when given), else `refused`.
 */
export function failureMessage(err: unknown, refused: string, thrown: string, prefix?: string): string {
  if (!(err instanceof ApiError) || err.status === 0) return thrown;
  const said = typeof err.body.error === 'string' && err.body.error ? err.body.error : undefined;
  if (!said) return refused;
  return prefix ? `${prefix}: ${said}` : said;
}

export function useJoinDmStats(guildId: string) {
  return useQuery({ queryKey: queryKeys.joinDmStats(guildId), queryFn: () => client.getJoinDmStats(guildId).then((r) => r.stats) });
}

/**
 * The status card's switch: it flips at once and flips back if the call fails. The stored document the
 * server answers replaces the cached one, so the form below saves on top of the toggle's version.
 */
export function useJoinDmToggle(
  guildId: string,
  onFailure: (message: string) => void,
  /** Called with the new state just before the form takes the new document (to keep an unsaved draft). */
  beforeApply?: (enabled: boolean) => void,
) {
  const queries = useQueryClient();
  const settings = useSettings(guildId, 'joindms');
  const [optimistic, setOptimistic] = useState<boolean | null>(null);
  const mutation = useMutation({ mutationFn: () => client.toggleJoinDms(guildId) });
  const stored = (settings.data?.settings as JoinDmSettings | undefined)?.enabled ?? false;
  const enabled = optimistic ?? stored;
  const toggle = useCallback(async () => {
    setOptimistic(!enabled);
    try {
      const answer = await mutation.mutateAsync();
      beforeApply?.(answer.settings.enabled);
      queries.setQueryData<SettingsResponse>(queryKeys.settings(guildId, 'joindms'), {
        success: true,
        section: 'joindms',
        version: answer.version,
        settings: answer.settings as unknown as Record<string, unknown>,
      });
    } catch (err) {
      onFailure(failureMessage(err, 'Failed to toggle settings', 'Error toggling settings', 'Failed to toggle settings'));
    } finally {
      setOptimistic(null);
    }
  }, [enabled, mutation, queries, guildId, onFailure, beforeApply]);
  return { enabled, toggle, busy: mutation.isPending };
}

export function useSendJoinDmTest(guildId: string) {
  const queries = useQueryClient();
  return useMutation({
    mutationFn: () => client.sendJoinDmTest(guildId),
    // A test counts as a delivery either way.
    onSettled: () => queries.invalidateQueries({ queryKey: queryKeys.joinDmStats(guildId) }),
  });
}
