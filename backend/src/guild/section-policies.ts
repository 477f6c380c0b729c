import { sections } from '@guildhall/generated/sections';
import type { SectionTableRow } from '@guildhall/generated/types';
import type { SessionUser, UserGuild } from '../discord/discord.types.js';
import type { GuildAccessService } from './guild-access.service.js';

/** A value of the `policy` enum of schemas/meta/section-table.json: who may read and change a section. */
export type SectionPolicy = SectionTableRow['policy'];

/** A policy's rule: the guild as the user sees it when they may enter, else an ApiError (401, 403 or 404) saying why. */
export type PolicyRule = (access: GuildAccessService, user: SessionUser | undefined, guildId: string) => Promise<UserGuild>;

/**
 * One rule per policy. `satisfies Record<SectionPolicy, PolicyRule>`: a policy added to the meta schema without a rule
 * here fails tsc, so the table can never name a policy nothing enforces.
 */
export const policyRules = {
  'manage-guild': (access, user, guildId) => access.assertCanManage(user, guildId),
} satisfies Record<SectionPolicy, PolicyRule>;

/** The rule of /api/guild/:guildId routes that are not a section's (channels, roles, stats, greeting preview). */
export const GUILD_POLICY: SectionPolicy = 'manage-guild';

/** Reads the sections table's `policy` column; the access guard asks it which rule a request must pass. */
export const sectionPolicies = {
  /**
   * The policy of a section by name; GUILD_POLICY for a route without a section and for an unknown section name (the
   * guild's rule still answers 401/403 first, then the settings controller answers 404 for the unknown name).
   */
  policyOf(section: string | undefined): SectionPolicy {
    return section !== undefined && Object.hasOwn(sections, section) ? sections[section as keyof typeof sections].policy : GUILD_POLICY;
  },
  /** Applies the rule the policy names. */
  enforce(policy: SectionPolicy, access: GuildAccessService, user: SessionUser | undefined, guildId: string): Promise<UserGuild> {
    return policyRules[policy](access, user, guildId);
  },
};
