import { allows, type GrantLevel } from '@guildhall/common/dashboard-access';
import type { CollectionDefinition } from '@guildhall/generated/collections';
import { fillRefusal, refusals } from '@guildhall/generated/refusals';
import type { SectionDefinition } from '@guildhall/generated/sections';
import { NO_MANAGE } from './guild-access.service.js';
import type { SectionPolicy } from './section-policies.js';

/** What part of a caller's access a subject's policy reads (GuildAccessService.callerAccess gives all of it). */
export interface SubjectAccessOf {
  manager: boolean;
  administrator: boolean;
  levels: ReadonlyMap<string, GrantLevel>;
}

/**
 * The level a caller holds on a section or collection by its policy, for the surfaces that list or write many subjects
 * at once (history, export, import, clone): a manager writes every subject of policy manage-guild, a grantee holds
 * what their grants in force give; Dashboard Access is the owner's and Administrators' only. A section with access
 * levels (AntiNuke) is judged by its levels (guild/access-levels.ts), never by grants: nothing here.
 */
const LEVEL_BY_POLICY = {
  'manage-guild': (access, def) => (access.manager ? 'write' : access.levels.get(def.name)),
  administrators: (access) => (access.administrator ? 'write' : undefined),
  'access-levels': () => undefined,
} satisfies Record<SectionPolicy, (access: SubjectAccessOf, def: SectionDefinition | CollectionDefinition) => GrantLevel | undefined>;

export function levelOn(access: SubjectAccessOf, def: SectionDefinition | CollectionDefinition): GrantLevel | undefined {
  return LEVEL_BY_POLICY[def.policy](access, def);
}

/** Whether the caller may `need` the subject by its policy. */
export function mayOn(access: SubjectAccessOf, def: SectionDefinition | CollectionDefinition, need: GrantLevel): boolean {
  return allows(levelOn(access, def), need);
}

/** Why not, in the schema's words (settings/dashboard-access.json x-refusals), named by the subject's title. */
export function refusalOn(access: SubjectAccessOf, def: SectionDefinition | CollectionDefinition, need: GrantLevel): string {
  if (def.policy === 'administrators') return refusals.accessAdministratorsOnly;
  // Someone holding no grant at all (an AntiNuke extra owner without Manage Server): the managers' refusal, as before.
  if (!access.manager && access.levels.size === 0) return NO_MANAGE;
  const held = levelOn(access, def);
  return fillRefusal(held && need === 'write' ? refusals.accessReadOnly : refusals.accessNone, { section: def.title });
}
