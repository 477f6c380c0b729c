import { sections, type SectionDefinition } from '@guildhall/generated/sections';
import type { SectionTableRow } from '@guildhall/generated/types';
import type { SessionUser, UserGuild } from '../discord/discord.types.js';
import type { GuildAccessService } from './guild-access.service.js';

/** A value of the `policy` enum of schemas/meta/section-table.json: who may read and change a section. */
export type SectionPolicy = SectionTableRow['policy'];

/** What a rule decides on: who asks, for which guild, which section (none for the guild's own routes) and capability. */
export interface PolicyRequest {
  user: SessionUser | undefined;
  guildId: string;
  section: SectionDefinition | undefined;
  /** `view` for reading a section (and for its save: the service checks each changed property's own capability). */
  capability: string;
}

/** A policy's rule: the guild as the user sees it when they may enter, else an ApiError (401, 403 or 404) saying why. */
export type PolicyRule = (access: GuildAccessService, request: PolicyRequest) => Promise<UserGuild>;

/**
 * One rule per policy. `satisfies Record<SectionPolicy, PolicyRule>`: a policy added to the meta schema without a rule
 * here fails tsc, so the table can never name a policy nothing enforces.
 */
export const policyRules = {
  /** Owner, Administrator or Manage Server: every capability. */
  'manage-guild': (access, { user, guildId }) => access.assertCanManage(user, guildId),
  /** The levels of the section's row (guild owner > extra owners > ...), whatever the Discord permissions. */
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
  enforce(policy: SectionPolicy, access: GuildAccessService, request: PolicyRequest): Promise<UserGuild> {
    return policyRules[policy](access, request);
  },
};
