import { HttpStatus } from '@nestjs/common';
import type { GrantLevel } from '@guildhall/common/dashboard-access';
import { refusals } from '@guildhall/generated/refusals';
import { sections, type SectionDefinition } from '@guildhall/generated/sections';
import type { SectionTableRow } from '@guildhall/generated/types';
import type { SessionUser } from '../discord/discord.types.js';
import { ApiError } from '../http/api-error.js';
import type { Caller } from './access-levels.js';
import { assertGranted, type CallerAccess, type GuildAccessService } from './guild-access.service.js';

/** A value of the `policy` enum of schemas/meta/section-table.json: who may read and change a section. */
export type SectionPolicy = SectionTableRow['policy'];

/**
 * What a rule decides on: who asks, for which guild, which section (none for the guild's own routes) and capability,
 * and for Dashboard Access the subject the route reads or acts on (a section or collection) and the level it needs.
 */
export interface PolicyRequest {
  user: SessionUser | undefined;
  guildId: string;
  section: SectionDefinition | undefined;
  /** `view` for reading a section (and for its save: the service checks each changed property's own capability). */
  capability: string;
  /** The section or collection a grant must open; none: a route for managers only. */
  subject?: string;
  /** read for a GET, write for any other method. */
  need: GrantLevel;
}

/** A policy's rule: the caller's access when they may enter, else an ApiError (401, 403 or 404) saying why. */
export type PolicyRule = (access: GuildAccessService, request: PolicyRequest) => Promise<CallerAccess>;

/**
 * One rule per policy. `satisfies Record<SectionPolicy, PolicyRule>`: a policy added to the meta schema without a rule
 * here fails tsc, so the table can never name a policy nothing enforces.
 */
export const policyRules = {
  /** Owner, Administrator or Manage Server: every capability; a grantee: what their level on the subject allows. */
  'manage-guild': (access, { user, guildId, subject, need }) =>
    subject === undefined ? access.managerAccess(user, guildId) : access.assertMayUse(user, guildId, subject, need),
  /** The levels of the section's row (guild owner > extra owners > ...), whatever the Discord permissions; never a grant. */
  'access-levels': (access, { user, guildId, section, capability }) => {
    if (!section) throw new Error('the access-levels policy needs a section');
    return access.assertSectionCapability(user, guildId, section, capability);
  },
  /** The owner or Administrator only (Dashboard Access: who else may use the dashboard); grants never open it. */
  administrators: (access, { user, guildId }) => access.assertAdministrator(user, guildId),
} satisfies Record<SectionPolicy, PolicyRule>;

/** The rule of /api/guild/:guildId routes that are not a section's (channels, roles, stats, greeting preview). */
export const GUILD_POLICY: SectionPolicy = 'manage-guild';

/** Reads the sections table's `policy` column; the access guard asks it which rule a request must pass. */
export const sectionPolicies = {
  /** A section of the table by name, or undefined (also for names like `constructor`). */
  sectionOf(section: string | undefined): SectionDefinition | undefined {
    return section !== undefined && Object.hasOwn(sections, section)
      ? (sections[section as keyof typeof sections] as SectionDefinition)
      : undefined;
  },
  /**
   * The policy of a section by name; GUILD_POLICY for a route without a section and for an unknown section name (the
   * guild's rule still answers 401/403 first, then the settings controller answers 404 for the unknown name).
   */
  policyOf(section: string | undefined): SectionPolicy {
    return this.sectionOf(section)?.policy ?? GUILD_POLICY;
  },
  /** Applies the rule the policy names. */
  enforce(policy: SectionPolicy, access: GuildAccessService, request: PolicyRequest): Promise<CallerAccess> {
    return policyRules[policy](access, request);
  },
};

/**
 * A service's own check of a write that reached it by a route whose guard judged another subject (a revert, an import
 * or clone, all of subject `any`): administrators policy, the owner or an Administrator only; manage-guild, a caller
 * with grants (who does not manage the guild) needs `write` on the subject. access-levels: the section's own levels,
 * which its service applies (assertMayChange).
 */
export function assertMayWrite(policy: SectionPolicy, subject: string, caller: Pick<Caller, 'grants' | 'administrator'>): void {
  if (policy === 'administrators') {
    if (caller.administrator !== true) throw new ApiError(HttpStatus.FORBIDDEN, refusals.accessAdministratorsOnly);
    return;
  }
  if (policy === 'manage-guild' && caller.grants) assertGranted(caller.grants, subject, 'write');
}
