import { HttpStatus, Injectable } from '@nestjs/common';
import { DiscordErrorCode } from '@guildhall/common/discord/errors';
import { publishedSchemas } from '@guildhall/generated/schemas';
import type { AntinukePreflight, AntinukeSettings, BypassRoleResponse, Punishment } from '@guildhall/generated/types';
import { PermissionFlagsBits } from 'discord-api-types/v10';
import { DiscordFailure } from '../discord/discord.errors.js';
import { DiscordService } from '../discord/discord.service.js';
import type { DiscordGuild, DiscordMember, DiscordRole, SessionUser } from '../discord/discord.types.js';
import { ApiError } from '../http/api-error.js';
import { SettingsService } from '../settings/settings.service.js';

export type AntinukeWarning = AntinukePreflight['warnings'][number];
type ModuleKey = keyof AntinukeSettings['modules'];

export const BYPASS_ROLE_NAME = 'AntiNuke Bypass';

/**
 * Discord's refusals of Create Guild Role as sentences that read on their own and after the page's
 * 'Error creating bypass role: '.
 */
const CREATE_ROLE_REFUSALS: Record<number, string> = {
  [DiscordErrorCode.MissingPermissions]:
    'The bot is missing the Manage Roles permission in this server. Give its role Manage Roles, then try again.',
  [DiscordErrorCode.MaximumNumberOfGuildRolesReached]:
    'This server already has the maximum of 250 roles. Delete a role you no longer need, then try again.',
  [DiscordErrorCode.MissingAccess]: 'The bot can no longer see this server. Invite it again, then try again.',
  [DiscordErrorCode.UnknownGuild]: 'Discord does not know this server any more.',
};

/** What the bot must be allowed to do to punish someone. */
const PUNISHMENT_NEEDS: Record<Punishment, { flag: bigint; name: string } | null> = {
  BAN: { flag: PermissionFlagsBits.BanMembers, name: 'Ban Members' },
  KICK: { flag: PermissionFlagsBits.KickMembers, name: 'Kick Members' },
  TIMEOUT: { flag: PermissionFlagsBits.ModerateMembers, name: 'Timeout Members' },
  NONE: null,
};
const PUNISHMENT_LABELS: Record<Punishment, string> = { BAN: 'Ban', KICK: 'Kick', TIMEOUT: 'Timeout', NONE: 'None' };
const MANAGE_ROLES = { flag: PermissionFlagsBits.ManageRoles, name: 'Manage Roles' };

const moduleSchemas = ((publishedSchemas.antinuke as { properties: { modules: { properties: Record<string, { title?: string }> } } })
  .properties.modules.properties ?? {}) as Record<ModuleKey, { title?: string }>;
const MODULE_KEYS = Object.keys(moduleSchemas) as ModuleKey[];
const moduleTitle = (key: ModuleKey) => moduleSchemas[key]?.title ?? key;

const list = (names: string[]) => (names.length < 2 ? names.join('') : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`);

export { memberPermissions } from '../discord/member-permissions.js';
import { memberPermissions } from '../discord/member-permissions.js';

/** AntiNuke's server-side actions besides its settings (those go through the generic settings API). */
@Injectable()
export class AntinukeService {
  constructor(
    private readonly settings: SettingsService,
    private readonly discord: DiscordService,
  ) {}

  /** Creations under way, per guild: a double click (or two tabs) shares one request and makes one role. */
  private readonly creating = new Map<string, Promise<BypassRoleResponse>>();

  /** The bot creates the bypass role: no permissions of its own (the Permissions tab decides what it excuses). */
  createBypassRole(guildId: string, user: SessionUser): Promise<BypassRoleResponse> {
    const running = this.creating.get(guildId);
    if (running) return running;
    const creation = this.create(guildId, user).finally(() => this.creating.delete(guildId));
    this.creating.set(guildId, creation);
    return creation;
  }

  private async create(guildId: string, user: SessionUser): Promise<BypassRoleResponse> {
    try {
      const role = await this.discord.createRole(
        guildId,
        { name: BYPASS_ROLE_NAME, permissions: '0', color: 0, hoist: false, mentionable: false },
        `AntiNuke bypass role, created from the Guildhall dashboard by ${user.username} (${user.id})`,
      );
      return {
        success: true,
        role: { id: role.id, name: role.name, color: role.color, position: role.position, managed: role.managed },
      };
    } catch (err) {
      const failure = DiscordFailure.from(err);
      const refusal = failure.code !== undefined ? CREATE_ROLE_REFUSALS[failure.code] : undefined;
      if (refusal) throw new ApiError(HttpStatus.BAD_GATEWAY, refusal);
      throw failure.toApiError();
    }
  }

  /** What would stop the stored settings from working, from the guild's live channels, roles and the bot's member. */
  async preflight(guildId: string): Promise<AntinukePreflight> {
    const stored = (await this.settings.read(guildId, 'antinuke')).settings as unknown as AntinukeSettings;
    const bot = await this.discord.botUser();
    const [guild, channels, roles, member] = await Promise.all([
      this.discord.guild(guildId),
      this.discord.channels(guildId),
      this.discord.roles(guildId),
      this.discord.member(guildId, bot.id),
    ]);
    return {
      success: true,
      warnings: preflightWarnings(stored, { guild, channelIds: channels.map((c) => c.id), roles, member, botId: bot.id }),
    };
  }
}

/** The warnings themselves, from plain data (see AntinukeService.preflight). */
export function preflightWarnings(
  settings: AntinukeSettings,
  live: { guild: Pick<DiscordGuild, 'id' | 'owner_id'>; channelIds: string[]; roles: DiscordRole[]; member: DiscordMember; botId: string },
): AntinukeWarning[] {
  const warnings: AntinukeWarning[] = [];

  // Stale references are wrong whether AntiNuke is on or not: they would be used the moment it is turned on.
  if (settings.log_channel && !live.channelIds.includes(settings.log_channel)) {
    warnings.push({
      code: 'log_channel_missing',
      path: '/log_channel',
      message: 'The log channel no longer exists. Pick another channel, or none to turn the log off.',
    });
  }
  const bypass = settings.bypass_role ? live.roles.find((r) => r.id === settings.bypass_role) : undefined;
  if (settings.bypass_role && !bypass) {
    warnings.push({
      code: 'bypass_role_missing',
      path: '/bypass_role',
      message: 'The bypass role no longer exists. Pick another role or create a new one.',
    });
  }
  const botRoles = live.roles.filter((r) => live.member.roles.includes(r.id));
  const top = botRoles.reduce<DiscordRole | undefined>((best, r) => (!best || r.position > best.position ? r : best), undefined);
  if (bypass && live.guild.owner_id !== live.botId && (!top || bypass.position >= top.position)) {
    warnings.push({
      code: 'bypass_role_above_bot',
      path: '/bypass_role',
      message: `The bypass role @${bypass.name} is not below the bot's highest role${top ? ` (@${top.name})` : ''}, so the bot cannot manage members who have it. Move the bot's role above it in Server Settings > Roles.`,
    });
  }

  if (!settings.enabled) return warnings;
  const permissions = memberPermissions(live.guild, live.roles, live.member, live.botId);
  const lacks = (flag: bigint) => !permissions.all && (permissions.bits & flag) !== flag;

  // Per setting that decides a punishment (the global one, or a module's override): the modules it applies to.
  const byPath = new Map<string, { punishment: Punishment; modules: ModuleKey[] }>();
  for (const key of MODULE_KEYS) {
    if (!settings.modules[key]) continue;
    const override = settings.module_punishments[key];
    const path = override ? `/module_punishments/${key}` : '/punishment';
    const punishment = override ?? settings.punishment;
    const entry = byPath.get(path) ?? { punishment, modules: [] };
    entry.modules.push(key);
    byPath.set(path, entry);
  }
  for (const [path, { punishment, modules }] of byPath) {
    const need = PUNISHMENT_NEEDS[punishment];
    if (!need || !lacks(need.flag)) continue;
    const which = path === '/punishment' ? `the global punishment (${PUNISHMENT_LABELS[punishment]})` : `${PUNISHMENT_LABELS[punishment]}`;
    warnings.push({
      code: 'bot_missing_permission',
      path,
      message: `The bot lacks the ${need.name} permission, which ${which} needs for ${list(modules.map(moduleTitle))}. Give the bot's role ${need.name}, or choose another punishment.`,
    });
  }
  // Anti Member Update takes dangerous roles back from members: that is Manage Roles whatever the punishment.
  if (settings.modules.anti_member_update && lacks(MANAGE_ROLES.flag)) {
    warnings.push({
      code: 'bot_missing_permission',
      path: '/modules/anti_member_update',
      message: `The bot lacks the ${MANAGE_ROLES.name} permission, which ${moduleTitle('anti_member_update')} needs to take dangerous roles back. Give the bot's role ${MANAGE_ROLES.name}.`,
    });
  }
  return warnings;
}
