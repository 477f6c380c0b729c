import type { PersonalizerApplyResponse, PersonalizerStatus } from '@guildhall/generated/types';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, client } from '../../../api/client';
import { queryKeys } from '../../../api/query-keys';

export type PersonalizerField = PersonalizerApplyResponse['fields'][number]['field'];
export type FieldOutcome = PersonalizerApplyResponse['fields'][number];
export const PERSONALIZER_FIELDS: readonly PersonalizerField[] = ['nick', 'avatar', 'banner', 'bio'];

/** What an Apply or a Reset ended with: Discord's answer field by field, or the reason there is none. */
export type ApplyResult = { answer: PersonalizerApplyResponse; error?: undefined } | { answer?: undefined; error: string };

/** The bot's profile as Discord has it now beside the saved one (502 when Discord fails: its reason is the error). */
export function usePersonalizerStatus(guildId: string) {
  return useQuery({
    queryKey: queryKeys.personalizerStatus(guildId),
    queryFn: () => client.getPersonalizerStatus(guildId),
    retry: false,
  });
}

/**
 * An Apply or a Reset's answer: a refusal (502) carries the same shape as a success, each field refused or not sent, so
 * it is a result to show, not an error; any other failure is its reason.
 */
export async function personalizerAction(call: () => Promise<PersonalizerApplyResponse>): Promise<ApplyResult> {
  try {
    return { answer: await call() };
  } catch (err) {
    if (err instanceof ApiError && Array.isArray(err.body.fields)) return { answer: err.body as unknown as PersonalizerApplyResponse };
    return { error: err instanceof Error ? err.message : String(err) };
  }
}

/** Apply (the saved profile) or Reset (the global one); the status shown afterwards is the one the answer brings. */
export function usePersonalizerAction(guildId: string, action: 'apply' | 'reset') {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      personalizerAction(() => (action === 'apply' ? client.applyPersonalizer(guildId) : client.resetPersonalizer(guildId))),
    onSuccess: (result) => {
      const status: PersonalizerStatus | undefined = result.answer?.status;
      if (status) queryClient.setQueryData(queryKeys.personalizerStatus(guildId), status);
      else void queryClient.invalidateQueries({ queryKey: queryKeys.personalizerStatus(guildId) });
    },
  });
}
