import type { GuildhallClient } from '@guildhall/generated/client';
import type { RoleMenu } from '@guildhall/generated/types';
import { useQuery } from '@tanstack/react-query';
import { ApiError, client } from './client';
import { queryKeys } from './query-keys';

// The Reaction Roles page's calls. The collection's (list, create, put, duplicate, delete) are the generated client's.
// Pre-flight and deploy are issue 28's own operations (schemas/operations.json, written beside the routes by the
// backend's part): until they are declared, the client has no function for them, and these say so (the page shows
// 'Checks unavailable' and refuses a deploy) instead of calling a path the OpenAPI document does not name.

/** One menu as the collection API answers it (the generated client's entry, without the envelope's `success`). */
export type RoleMenuEntry = Omit<Awaited<ReturnType<GuildhallClient['getRoleMenu']>>, 'success'>;

/** A pre-flight finding (schemas/api/role-menu-preflight.json): blocking ones refuse a deploy. */
export interface RoleMenuWarning {
  code: string;
  message: string;
  fix: string;
  blocking: boolean;
  path?: string;
}

/** The deploy's answer: the menu as saved since, and where its message is. */
export interface RoleMenuDeployed extends RoleMenuEntry {
  message_id: string;
  channel_id: string;
  redeployed: boolean;
}

/** The operations by their contract names, when the generated client has them. */
interface RoleMenuOperations {
  getRoleMenuPreflight?(guildId: string): Promise<{ menus: Record<string, RoleMenuWarning[]> }>;
  deployRoleMenu?(guildId: string, menuId: string): Promise<RoleMenuDeployed & { item: RoleMenu }>;
}
const operations = client as unknown as RoleMenuOperations;

/** Said when an operation is not in this build's client (its server part is not there yet). */
const notAvailable = () => new ApiError(501, 'This server cannot do that yet.');

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
    queryFn: async () => {
      if (!operations.getRoleMenuPreflight) throw notAvailable();
      return (await operations.getRoleMenuPreflight(guildId)).menus;
    },
    retry: false,
    staleTime: 0,
    gcTime: 0,
    refetchOnWindowFocus: false,
  });
}

/** Posts the menu's message or edits the one posted before; 409 with the blocking warnings while one remains. */
export async function deployRoleMenu(guildId: string, menuId: string): Promise<RoleMenuDeployed> {
  if (!operations.deployRoleMenu) throw notAvailable();
  return operations.deployRoleMenu(guildId, menuId);
}
