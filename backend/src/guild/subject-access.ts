import { HttpStatus } from '@nestjs/common';
import { allows, type GrantLevel } from '@guildhall/common/dashboard-access';
import type { CollectionDefinition } from '@guildhall/generated/collections';
import { refusals } from '@guildhall/generated/refusals';
import type { SectionDefinition } from '@guildhall/generated/sections';
import { ApiError } from '../http/api-error.js';
import { assertGranted, type CallerAccess } from './guild-access.service.js';
import type { SectionPolicy } from './section-policies.js';

/** What of a caller's access (GuildAccessService.callerAccess) a subject's policy reads. */
export type SubjectAccessOf = Pick<CallerAccess, 'manager' | 'administrator' | 'levels'>;

/**
 * The level a caller holds on a section or collection by its policy, for the surfaces that list or write many subjects
 * at once (history, export, import, clone; the guard judges one route's subject the same way): a manager writes every
 * subject of policy manage-guild, a grantee holds what their grants in force give; Dashboard Access is the owner's and
 * Administrators' only. A section with access levels (AntiNuke) is judged by its levels (guild/access-levels.ts), never
 * by grants: nothing here.
 */
const LEVEL_BY_POLICY = {
  'manage-guild': (access, def) => (access.manager ? 'write' : access.levels.get(def.name)),
  administrators: (access) => (access.administrator ? 'write' : undefined),
  'access-levels': () => undefined,
} satisfies Record<SectionPolicy, (access: SubjectAccessOf, def: SectionDefinition | CollectionDefinition) => GrantLevel | undefined>;

/** Whether the caller may `need` the subject by its policy. */
export function mayOn(access: SubjectAccessOf, def: SectionDefinition | CollectionDefinition, need: GrantLevel): boolean {
  return allows(LEVEL_BY_POLICY[def.policy](access, def), need);
}

/**
 * 403 unless the caller may `need` the subject, in the words a route of it answers (settings/dashboard-access.json's
 * refusals: the administrators' rule, or the grantee's no access / read-only naming the subject; the managers' refusal
 * for someone holding no grant at all).
 */
export function assertMayOn(access: SubjectAccessOf, def: SectionDefinition | CollectionDefinition, need: GrantLevel): void {
  if (mayOn(access, def, need)) return;
  if (def.policy === 'access-levels') throw new Error(`${def.name} is judged by its access levels, not by grants`);
  if (def.policy === 'administrators') throw new ApiError(HttpStatus.FORBIDDEN, refusals.accessAdministratorsOnly);
  assertGranted(access.levels, def.name, need);
}
