import { HttpStatus, Inject, Injectable } from '@nestjs/common';
import { guildIconUrl } from '@guildhall/common/cdn';
import { botInviteUrl } from '@guildhall/common/invite';
import { canManage, isAdministrator } from '@guildhall/common/permissions';
import { allows, grantedLevels, type GrantLevel } from '@guildhall/common/dashboard-access';
import { DiscordErrorCode } from '@guildhall/common/discord/errors';
import { collections, type CollectionDefinition } from '@guildhall/generated/collections';
import { fillRefusal, refusals } from '@guildhall/generated/refusals';
import { sections, type SectionDefinition } from '@guildhall/generated/sections';
import type { DashboardAccessSettings, GuildSummary, SectionAccess } from '@guildhall/generated/types';
import { validateSnowflake } from '@guildhall/generated/validators';
import { APP_CONFIG, type AppConfig } from '../config/config.js';
import { DiscordFailure } from '../discord/discord.errors.js';
import { DiscordService } from '../discord/discord.service.js';
import type { SessionUser, UserGuild } from '../discord/discord.types.js';
import { TtlCache } from '../discord/ttl-cache.js';
import { ApiError } from '../http/api-error.js';
import { CLOCK, type Clock } from '../payments/payment-provider.js';
import { STORAGE, type StoragePort } from '../storage/storage.port.js';
import { accessOf, assertCapability } from './access-levels.js';

/** A subject a grant may name (a section or collection of policy manage-guild), and the level held on each. */
export type Grants = ReadonlyMap<string, GrantLevel>;

/**
 * Who the caller is to a guild: the guild as they see it, whether they manage it (owner, Administrator or Manage
 * Server) and whether they are an administrator (owner or Administrator: Dashboard Access), and for one who does not
 * manage it the levels the guild's Dashboard Access grants give them now (empty: none).
 */
export interface CallerAccess {
  guild: UserGuild;
  manager: boolean;
  administrator: boolean;
  levels: Grants;
}

/** The section that holds a guild's grants (policy administrators: only the owner and Administrators change it). */
const GRANTS_SECTION = sections['dashboard-access'];

const NO_GRANTS: Grants = new Map();

/** A section's or collection's title, for the refusals that name it. */
export function subjectTitle(subject: string): string {
  if (Object.hasOwn(sections, subject)) return sections[subject as keyof typeof sections].title;
  if (Object.hasOwn(collections, subject)) return collections[subject as keyof typeof collections].title;
  return subject;
}

/** The refusal of a guild's routes to someone who neither manages the guild nor holds a level that lets them in. */
export const NO_MANAGE = 'You need the Manage Server or Administrator permission in this server.';

/**
 * Who may manage which guild: the owner, or a member whose permissions there include Administrator
 * or Manage Server, and only where the bot is. Checked on the server for every /api/guild/:guildId call.
 */
@Injectable()
export class GuildAccessService {
  /** The ids of the roles a member holds, by guild and user (null: not a member), cached as the user's guild list is. */
  private readonly memberRoles: TtlCache<readonly string[] | null>;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly discord: DiscordService,
    @Inject(STORAGE) private readonly storage: StoragePort,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {
    this.memberRoles = new TtlCache(config.guildCacheTtlMs);
  }

  iconUrl(guild: { id: string; icon?: string | null }): string | null {
    return guildIconUrl(guild, 128);
  }

  /** Adds the bot to this guild, on the configured authorize page (so sandbox invites stay in the sandbox). */
  inviteUrl(guildId: string): string {
    return botInviteUrl({ authorizeUrl: this.config.discord.authorizeUrl, clientId: this.config.discord.clientId, guildId });
  }

  /**
   * The guilds of the server selector: those the user manages (or may invite the bot to), and, where the bot is, those
   * a section's access levels (an AntiNuke extra owner or whitelisted user) or Dashboard Access grants in force let
   * them into without managing the guild, marked with the `sections` (and collections) they may read, in the table's
   * order, and the words of their grants' levels (`accessLabel`), and sent to the first section's page (the dashboard
   * when they may read collections only). Only guilds with the bot that the user does not manage cost reads: a settings
   * read per section with levels and the caller's grants (through the storage's read cache).
   */
  async manageableGuilds(user: SessionUser): Promise<GuildSummary[]> {
    const [guilds, botIds] = await Promise.all([this.userGuilds(user), this.discord.botGuildIds()]);
    const summaries = await Promise.all(
      guilds.map(async (g): Promise<GuildSummary | null> => {
        const summary = {
          id: g.id,
          name: g.name,
          iconURL: this.iconUrl(g),
          permissions: String(g.permissions ?? '0'),
          owner: Boolean(g.owner),
        };
        const dashboard = `/manage/${g.id}/dashboard`;
        if (canManage(g)) return { ...summary, settingsUrl: botIds.has(g.id) ? dashboard : this.inviteUrl(g.id) };
        if (!botIds.has(g.id)) return null;
        // Discord failing to say one guild's member roles costs that guild's role grants here, not the whole list.
        const [open, { levels }] = await Promise.all([
          this.viewableSections(user, g),
          this.callerAccess(user, g.id, { rolesMayFail: true }),
        ]);
        const readable = [
          ...Object.values(sections as Record<string, SectionDefinition>).filter((def) => open.includes(def) || levels.has(def.name)),
          ...Object.values(collections as Record<string, CollectionDefinition>).filter((def) => levels.has(def.name)),
        ];
        if (readable.length === 0) return null;
        const first = readable.find((def): def is SectionDefinition => 'path' in def);
        const held = new Set(levels.values());
        const labels = [...(held.has('read') ? [refusals.accessLevelRead] : []), ...(held.has('write') ? [refusals.accessLevelWrite] : [])];
        return {
          ...summary,
          settingsUrl: first ? `/manage/${g.id}/${first.path}` : dashboard,
          sections: readable.map((def) => def.name),
          ...(labels.length ? { accessLabel: labels.join(', ') } : {}),
        };
      }),
    );
    return summaries.filter((s): s is GuildSummary => s !== null);
  }

  /**
   * The caller's access to a guild where the bot is (else 401/403/404 as every guild route): managers need no grant;
   * anyone else holds what the guild's Dashboard Access grants their id and the roles Discord says they hold, at the
   * app clock's now (an expired grant gives nothing; a revoke shows once the read cache has it).
   */
  async callerAccess(user: SessionUser | undefined, guildId: string, options: { rolesMayFail?: boolean } = {}): Promise<CallerAccess> {
    const { guild, botIn } = await this.membership(user, guildId);
    this.withBot(guild, botIn);
    const manager = canManage(guild);
    const administrator = isAdministrator(guild);
    return { guild, manager, administrator, levels: manager ? NO_GRANTS : await this.grantsOf(user!.id, guildId, options) };
  }

  /**
   * What the guild's grants give a member who does not manage it (by id, and by the roles they hold now). With
   * `rolesMayFail` (the server selector), Discord failing to say their roles (429, 5xx) leaves the grants to their id.
   */
  private async grantsOf(userId: string, guildId: string, { rolesMayFail = false }: { rolesMayFail?: boolean }): Promise<Grants> {
    const stored = await this.storage.settings.get<DashboardAccessSettings>(guildId, GRANTS_SECTION.storageKey);
    const doc = stored?.data;
    // Nothing granted to anyone: no need to ask Discord for the member's roles.
    if (!doc || ((doc.roles ?? []).length === 0 && (doc.members ?? []).length === 0)) return NO_GRANTS;
    // No grant to any role: their roles do not matter (a member's own grant needs only their id).
    const roleIds =
      (doc.roles ?? []).length === 0
        ? []
        : await this.rolesOfMember(guildId, userId).catch((err: unknown) => {
            if (rolesMayFail && err instanceof ApiError && err.getStatus() >= HttpStatus.TOO_MANY_REQUESTS) return [];
            throw err;
          });
    if (roleIds === null) return NO_GRANTS;
    return grantedLevels(doc, { userId, roleIds }, this.clock());
  }

  /** The roles a member holds (the bot's Get Guild Member), or null when they are not a member (Unknown Member). */
  rolesOfMember(guildId: string, userId: string): Promise<readonly string[] | null> {
    return this.memberRoles.get(`${guildId}:${userId}`, async () => {
      try {
        return (await this.discord.member(guildId, userId)).roles;
      } catch (err) {
        const failure = DiscordFailure.from(err);
        if (failure.code === DiscordErrorCode.UnknownMember) return null;
        throw failure.toApiError();
      }
    });
  }

  /**
   * A section's or collection's rule for policy manage-guild: managers, or a grantee whose level on `subject` allows
   * `need`; else 403 in the schema's words (the subject named) for a grantee, or the managers' refusal for someone
   * holding no grant at all.
   */
  async assertMayUse(user: SessionUser | undefined, guildId: string, subject: string, need: GrantLevel): Promise<CallerAccess> {
    const caller = await this.callerAccess(user, guildId);
    if (caller.manager) return caller;
    assertGranted(caller.levels, subject, need);
    return caller;
  }

  /**
   * The guild's read-only views every page needs (subject `any`): managers, anyone a section's access levels let view
   * (an AntiNuke extra owner), and any grantee holding at least one subject.
   */
  async assertMayEnter(user: SessionUser | undefined, guildId: string): Promise<CallerAccess> {
    const caller = await this.callerAccess(user, guildId);
    if (caller.manager || caller.levels.size > 0) return caller;
    if ((await this.viewableSections(user!, caller.guild)).length === 0) throw new ApiError(HttpStatus.FORBIDDEN, NO_MANAGE);
    return caller;
  }

  /** Resolves the guild for a manage call or throws the reason as 401/403/404. */
  async assertCanManage(user: SessionUser | undefined, guildId: string): Promise<UserGuild> {
    const { guild, botIn } = await this.membership(user, guildId);
    if (!canManage(guild)) throw new ApiError(HttpStatus.FORBIDDEN, NO_MANAGE);
    return this.withBot(guild, botIn);
  }

  /** Resolves the guild for a call only the owner or an Administrator may make (Dashboard Access), or throws why. */
  async assertAdministrator(user: SessionUser | undefined, guildId: string): Promise<CallerAccess> {
    const { guild, botIn } = await this.membership(user, guildId);
    if (!isAdministrator(guild)) throw new ApiError(HttpStatus.FORBIDDEN, refusals.accessAdministratorsOnly);
    return ungranted(this.withBot(guild, botIn));
  }

  /** A route for managers only (a guild operation without a subject): the caller's access, or 403. */
  async managerAccess(user: SessionUser | undefined, guildId: string): Promise<CallerAccess> {
    return ungranted(await this.assertCanManage(user, guildId));
  }

  /**
   * A section with access levels: the guild when the caller's level (from Discord and the section's stored document)
   * grants `capability`, whatever their Discord permissions; else 403 with the section's reason. The bot must be in
   * the guild, as for every section.
   */
  async assertSectionCapability(
    user: SessionUser | undefined,
    guildId: string,
    def: SectionDefinition,
    capability: string,
  ): Promise<CallerAccess> {
    const { guild, botIn } = await this.membership(user, guildId);
    assertCapability(def, await this.sectionAccess(user!, guild, def), capability);
    return ungranted(this.withBot(guild, botIn));
  }

  /** The sections with access levels whose level for this user grants `view`, in the table's order. */
  private async viewableSections(user: SessionUser, guild: UserGuild): Promise<SectionDefinition[]> {
    const leveled = Object.values(sections as Record<string, SectionDefinition>).filter((def) => def.access);
    const views = await Promise.all(leveled.map(async (def) => (await this.sectionAccess(user, guild, def)).capabilities.view));
    return leveled.filter((_, i) => views[i]);
  }

  private async sectionAccess(user: SessionUser, guild: UserGuild, def: SectionDefinition): Promise<SectionAccess> {
    const stored = await this.storage.settings.get<Record<string, unknown>>(guild.id, def.storageKey);
    return accessOf(def, { userId: user.id, guildOwner: Boolean(guild.owner) }, stored?.data ?? {});
  }

  /** The guild as the signed-in user sees it, or 401 (signed out), 404 (unknown guild), 403 (not a member). */
  private async membership(user: SessionUser | undefined, guildId: string): Promise<{ guild: UserGuild; botIn: boolean }> {
    if (!user) throw new ApiError(HttpStatus.UNAUTHORIZED, 'You are not signed in.');
    if (!validateSnowflake(guildId)) throw new ApiError(HttpStatus.NOT_FOUND, 'Unknown server.');
    // Cached answers are taken as they are: this runs on every guild request, and each await costs it a turn.
    const guilds = this.discord.knownGuildsOfUser(user) ?? (await this.userGuilds(user));
    const guild = guilds.find((g) => g.id === guildId);
    const botIds = this.discord.knownBotGuildIds() ?? (await this.discord.botGuildIds());
    if (!guild) {
      if (botIds.has(guildId)) throw new ApiError(HttpStatus.FORBIDDEN, 'You are not a member of this server.');
      throw new ApiError(HttpStatus.NOT_FOUND, 'Unknown server.');
    }
    return { guild, botIn: botIds.has(guildId) };
  }

  private withBot(guild: UserGuild, botIn: boolean): UserGuild {
    if (!botIn) throw new ApiError(HttpStatus.FORBIDDEN, 'Guildhall is not in this server. Invite the bot first.');
    return guild;
  }

  private async userGuilds(user: SessionUser): Promise<UserGuild[]> {
    try {
      return await this.discord.guildsOfUser(user);
    } catch (err) {
      if (err instanceof DiscordFailure && err.status === 401) {
        throw new ApiError(HttpStatus.UNAUTHORIZED, 'Your Discord sign-in has expired. Please sign in again.');
      }
      throw err;
    }
  }
}

/** The access of a caller admitted by a rule that reads no grant (a manager, or an AntiNuke level). */
function ungranted(guild: UserGuild): CallerAccess {
  return { guild, manager: canManage(guild), administrator: isAdministrator(guild), levels: NO_GRANTS };
}

/**
 * 403 unless `levels` allow `need` on `subject`: the schema's words naming the section or collection (read-only, or no
 * access); someone holding no grant at all gets the managers' refusal, as before grants existed.
 */
export function assertGranted(levels: Grants, subject: string, need: GrantLevel): void {
  const held = levels.get(subject);
  if (allows(held, need)) return;
  if (levels.size === 0) throw new ApiError(HttpStatus.FORBIDDEN, NO_MANAGE);
  const words = held ? refusals.accessReadOnly : refusals.accessNone;
  throw new ApiError(HttpStatus.FORBIDDEN, fillRefusal(words, { section: subjectTitle(subject) }));
}
