import type { GuildhallClient } from '@guildhall/generated/client';
import type { RoleMenuDeployResponse } from '@guildhall/generated/types';
import { useQuery } from '@tanstack/react-query';
import { client } from './client';
import { queryKeys } from './query-keys';

// The Reaction Roles page's calls, all the generated client's: the collection's (list, create, put, duplicate,
// delete) and the role menus' own pre-flight and deploy (schemas/operations.json).

/** One menu as the collection API answers it (the generated client's entry, without the envelope's `success`). */
export type RoleMenuEntry = Omit<Awaited<ReturnType<GuildhallClient['getRoleMenu']>>, 'success'>;

/** A pre-flight finding (schemas/api/role-menu-preflight.json): blocking ones refuse a deploy. */
export type { RoleMenuWarning } from '@guildhall/generated/types';

/** The deploy's answer: the menu as saved since, and where its message is. */
export type RoleMenuDeployed = RoleMenuDeployResponse;

export function useRoleMenus(guildId: string) {
  return useQuery({
    queryKey: queryKeys.roleMenus(guildId),
    queryFn: () => client.listRoleMenus(guildId),
    // An open editor must not be refreshed under the user's hands.
    refetchOnWindowFocus: false,
  });
}

/** Each menu's warnings now: read on every open of the page (never cached across visits), not retried. */
export function useRoleMenuPreflight(guildId: string) {
  return useQuery({
    queryKey: queryKeys.roleMenuPreflight(guildId),
    queryFn: async () => (await client.getRoleMenuPreflight(guildId)).menus,
    retry: false,
    staleTime: 0,
    gcTime: 0,
    refetchOnWindowFocus: false,
  });
}

/** Posts the menu's message or edits the one posted before; 409 with the blocking warnings while one remains. */
export function deployRoleMenu(guildId: string, menuId: string): Promise<RoleMenuDeployed> {
  return client.deployRoleMenu(guildId, menuId);
}
