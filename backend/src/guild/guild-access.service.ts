import { HttpStatus, Inject, Injectable } from '@nestjs/common';
import { guildIconUrl } from '@guildhall/common/cdn';
import { botInviteUrl } from '@guildhall/common/invite';
import { canManage, isAdministrator } from '@guildhall/common/permissions';
import { refusals } from '@guildhall/generated/refusals';
import { collections, type CollectionDefinition } from '@guildhall/generated/collections';
import { sections, type SectionDefinition } from '@guildhall/generated/sections';
import type { GuildSummary, SectionAccess } from '@guildhall/generated/types';
import { validateSnowflake } from '@guildhall/generated/validators';
import { APP_CONFIG, type AppConfig } from '../config/config.js';
import { DiscordFailure } from '../discord/discord.errors.js';
import { DiscordService } from '../discord/discord.service.js';
import type { SessionUser, UserGuild } from '../discord/discord.types.js';
import { ApiError } from '../http/api-error.js';
import { STORAGE, type StoragePort } from '../storage/storage.port.js';
import { accessOf, assertCapability } from './access-levels.js';

/** The refusal of a guild's routes to someone who neither manages the guild nor holds a level that lets them in. */
export const NO_MANAGE = 'You need the Manage Server or Administrator permission in this server.';

/**
 * Who may manage which guild: the owner, or a member whose permissions there include Administrator
 * or Manage Server, and only where the bot is. Checked on the server for every /api/guild/:guildId call.
 */
@Injectable()
export class GuildAccessService {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly discord: DiscordService,
    @Inject(STORAGE) private readonly storage: StoragePort,
  ) {}

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
        const [open, { levels }] = await Promise.all([this.viewableSections(user, g), this.callerAccess(user, g.id)]);
        const readable = [
          ...Object.values(sections as Record<string, SectionDefinition>).filter(
            (def) => open.includes(def) || levels.has(def.name as never),
          ),
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

  /** Resolves the guild for a manage call or throws the reason as 401/403/404. */
  async assertCanManage(user: SessionUser | undefined, guildId: string): Promise<UserGuild> {
    const { guild, botIn } = await this.membership(user, guildId);
    if (!canManage(guild)) throw new ApiError(HttpStatus.FORBIDDEN, NO_MANAGE);
    return this.withBot(guild, botIn);
  }

  /** Resolves the guild for a call only the owner or an Administrator may make (Dashboard Access), or throws why. */
  async assertAdministrator(user: SessionUser | undefined, guildId: string): Promise<UserGuild> {
    const { guild, botIn } = await this.membership(user, guildId);
    if (!isAdministrator(guild)) throw new ApiError(HttpStatus.FORBIDDEN, refusals.accessAdministratorsOnly);
    return this.withBot(guild, botIn);
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
  ): Promise<UserGuild> {
    const { guild, botIn } = await this.membership(user, guildId);
    assertCapability(def, await this.sectionAccess(user!, guild, def), capability);
    return this.withBot(guild, botIn);
  }

  /**
   * The guild's read-only views a section page needs (the guild's summary, channels, roles): whoever may manage the
   * guild, or whom a section with access levels lets view it (an extra owner without Manage Server).
   */
  async assertCanManageOrView(user: SessionUser | undefined, guildId: string): Promise<UserGuild> {
    const { guild, botIn } = await this.membership(user, guildId);
    if (!canManage(guild) && (await this.viewableSections(user!, guild)).length === 0) {
      throw new ApiError(HttpStatus.FORBIDDEN, NO_MANAGE);
    }
    return this.withBot(guild, botIn);
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
