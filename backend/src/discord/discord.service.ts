import { Inject, Injectable, type OnModuleDestroy } from '@nestjs/common';
import { REST } from '@discordjs/rest';
import { Routes } from 'discord-api-types/v10';
import type { APIDMChannel } from 'discord-api-types/v10';
import type { Logger } from 'pino';
import { APP_CONFIG, type AppConfig } from '../config/config.js';
import { LOGGER } from '../logging/logger.js';
import { DiscordFailure } from './discord.errors.js';
import type {
  RESTPatchAPIChannelMessageJSONBody,
  RESTPatchAPICurrentGuildMemberJSONBody,
  RESTPostAPIChannelMessageJSONBody,
  RESTPostAPIGuildChannelJSONBody,
  RESTPostAPIGuildRoleJSONBody,
  RESTPostAPIWebhookWithTokenJSONBody,
} from 'discord-api-types/v10';
import type {
  DiscordChannel,
  DiscordGuild,
  DiscordMember,
  DiscordMessage,
  DiscordRole,
  DiscordUser,
  SessionUser,
  UserGuild,
} from './discord.types.js';
import { TtlCache } from './ttl-cache.js';

export type UserGuildWithCounts = UserGuild & { approximate_member_count?: number };

const BOT_GUILDS_KEY = 'bot';

/**
 * Every call Guildhall makes to Discord (or to the sandbox, which answers the same way over HTTP).
 * Bot calls go through @discordjs/rest, which handles Discord's rate-limit buckets; the user's own
 * calls (their guild list) are plain bearer requests, cached per user because Discord limits them hard.
 */
@Injectable()
export class DiscordService implements OnModuleDestroy {
  private readonly rest: REST;
  private readonly userGuilds: TtlCache<UserGuild[]>;
  private readonly botGuilds: TtlCache<Set<string>>;
  private botSelf: Promise<DiscordUser> | undefined;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {
    this.rest = new REST({
      version: '10',
      api: config.discord.apiBase,
      // Waiting a few seconds inside a dashboard request is acceptable; longer becomes a 429 for the user.
      rejectOnRateLimit: (info) => info.retryAfter > 3000,
      retries: 1,
      timeout: 10_000,
    }).setToken(config.discord.botToken);
    this.userGuilds = new TtlCache(config.guildCacheTtlMs);
    this.botGuilds = new TtlCache(config.guildCacheTtlMs);
  }

  onModuleDestroy() {
    this.rest.clearHashSweeper();
    this.rest.clearHandlerSweeper();
  }

  /** The guilds the signed-in user is in, with their permissions there; cached briefly per user. */
  async guildsOfUser(user: SessionUser): Promise<UserGuild[]> {
    return this.userGuilds.get(user.id, () => this.userRequest<UserGuild[]>(user.accessToken, '/users/@me/guilds'), {
      staleOnError: (err) => err instanceof DiscordFailure && err.status === 429,
    });
  }

  /** The user's guilds while cached, else undefined (then guildsOfUser asks Discord). */
  knownGuildsOfUser(user: SessionUser): UserGuild[] | undefined {
    return this.userGuilds.peek(user.id);
  }

  forgetUser(userId: string) {
    this.userGuilds.delete(userId);
  }

  /** The bot's guild ids while cached, else undefined (then botGuildIds asks Discord). */
  knownBotGuildIds(): Set<string> | undefined {
    return this.botGuilds.peek(BOT_GUILDS_KEY);
  }

  /** Ids of the guilds the bot is in; cached briefly. */
  async botGuildIds(): Promise<Set<string>> {
    return this.botGuilds.get(
      BOT_GUILDS_KEY,
      async () => {
        const ids = new Set<string>();
        let after: string | undefined;
        // Discord pages this list by 200.
        for (;;) {
          const query = new URLSearchParams({ limit: '200' });
          if (after) query.set('after', after);
          const page = await this.bot<UserGuild[]>(() => this.rest.get(Routes.userGuilds(), { query }));
          for (const g of page) ids.add(g.id);
          if (page.length < 200) break;
          after = page[page.length - 1]!.id;
        }
        return ids;
      },
      { staleOnError: () => true },
    );
  }

  /** Every guild the bot is in with Discord's approximate member counts (uncached: callers cache what they derive). */
  async botGuildsWithCounts(): Promise<UserGuildWithCounts[]> {
    const guilds: UserGuildWithCounts[] = [];
    let after: string | undefined;
    for (;;) {
      const query = new URLSearchParams({ limit: '200', with_counts: 'true' });
      if (after) query.set('after', after);
      const page = await this.bot<UserGuildWithCounts[]>(() => this.rest.get(Routes.userGuilds(), { query }));
      guilds.push(...page);
      if (page.length < 200) break;
      after = page[page.length - 1]!.id;
    }
    return guilds;
  }

  guild(guildId: string): Promise<DiscordGuild> {
    return this.bot(() => this.rest.get(Routes.guild(guildId), { query: new URLSearchParams({ with_counts: 'true' }) }));
  }

  channels(guildId: string): Promise<DiscordChannel[]> {
    return this.bot(() => this.rest.get(Routes.guildChannels(guildId)));
  }

  roles(guildId: string): Promise<DiscordRole[]> {
    return this.bot(() => this.rest.get(Routes.guildRoles(guildId)));
  }

  /** A member of a guild (joined_at, nick, roles) with their user. */
  member(guildId: string, userId: string): Promise<DiscordMember> {
    return this.bot(() => this.rest.get(Routes.guildMember(guildId, userId)));
  }

  /** Search Guild Members: members whose username, display name or nickname starts with `query` (Discord: limit 1-1000). */
  searchMembers(guildId: string, query: string, limit: number): Promise<DiscordMember[]> {
    return this.bot(() =>
      this.rest.get(Routes.guildMembersSearch(guildId), { query: new URLSearchParams({ query, limit: String(limit) }) }),
    );
  }

  /** One page of List Guild Members (by user id, after `after`; Discord: limit 1-1000). Needs the Server Members intent on Discord. */
  listMembers(guildId: string, limit: number, after?: string): Promise<DiscordMember[]> {
    const query = new URLSearchParams({ limit: String(limit) });
    if (after) query.set('after', after);
    return this.bot(() => this.rest.get(Routes.guildMembers(guildId), { query }));
  }

  /** Get User: any Discord user by id (name, avatar), member of a shared guild or not. */
  user(userId: string): Promise<DiscordUser> {
    return this.bot(() => this.rest.get(Routes.user(userId)));
  }

  /** The bot's own user (its id, for finding its member in a guild); it never changes while the process runs. */
  async botUser(): Promise<DiscordUser> {
    this.botSelf ??= this.bot<DiscordUser>(() => this.rest.get(Routes.user())).catch((err: unknown) => {
      this.botSelf = undefined;
      throw err;
    });
    return this.botSelf;
  }

  /**
   * Modify Current Member: the bot's own nick, avatar, banner and bio in one guild (images as data URIs, null for the
   * global profile's). Discord applies all the fields sent or none; a nick needs Change Nickname.
   */
  modifyCurrentMember(guildId: string, body: RESTPatchAPICurrentGuildMemberJSONBody): Promise<DiscordMember> {
    // Discord's documented path: Routes.guildMember(guildId, '@me') would send `%40me`, which not every server decodes.
    return this.bot(() => this.rest.patch(`${Routes.guild(guildId)}/members/@me`, { body }));
  }

  /** Create Guild Role; `reason` goes to the guild's audit log. */
  createRole(guildId: string, body: RESTPostAPIGuildRoleJSONBody, reason?: string): Promise<DiscordRole> {
    return this.bot(() => this.rest.post(Routes.guildRoles(guildId), { body, ...(reason ? { reason } : {}) }));
  }

  /** Create Guild Channel (a ticket category is type 4); `reason` goes to the guild's audit log. */
  createChannel(guildId: string, body: RESTPostAPIGuildChannelJSONBody, reason?: string): Promise<DiscordChannel> {
    return this.bot(() => this.rest.post(Routes.guildChannels(guildId), { body, ...(reason ? { reason } : {}) }));
  }

  /** The bot posts a message (content, embeds, components) in a channel. */
  createMessage(channelId: string, body: RESTPostAPIChannelMessageJSONBody): Promise<DiscordMessage> {
    return this.bot(() => this.rest.post(Routes.channelMessages(channelId), { body }));
  }

  /** Create DM: the bot's DM channel with a user (Discord answers the same channel every time). */
  openDm(userId: string): Promise<APIDMChannel> {
    return this.bot(() => this.rest.post(Routes.userChannels(), { body: { recipient_id: userId } }));
  }

  /** A message of a channel (Discord: 404 Unknown Message, code 10008, once it was deleted). */
  getMessage(channelId: string, messageId: string): Promise<DiscordMessage> {
    return this.bot(() => this.rest.get(Routes.channelMessage(channelId, messageId)));
  }

  /** The bot edits a message it posted; only the keys sent change. */
  editMessage(channelId: string, messageId: string, body: RESTPatchAPIChannelMessageJSONBody): Promise<DiscordMessage> {
    return this.bot(() => this.rest.patch(Routes.channelMessage(channelId, messageId), { body }));
  }

  /**
   * Create Reaction: the bot reacts to a message (204; reacting again changes nothing). `emoji` as the route names it:
   * a Unicode emoji, or `name:id` for a custom one (common's `reactionPathEmoji`); encoded here for the path.
   */
  async addReaction(channelId: string, messageId: string, emoji: string): Promise<void> {
    await this.bot(() => this.rest.put(Routes.channelMessageOwnReaction(channelId, messageId, encodeURIComponent(emoji))));
  }

  /** Delete Own Reaction: the bot takes its reaction back (204; none there changes nothing). `emoji` as for addReaction. */
  async deleteOwnReaction(channelId: string, messageId: string, emoji: string): Promise<void> {
    await this.bot(() => this.rest.delete(Routes.channelMessageOwnReaction(channelId, messageId, encodeURIComponent(emoji))));
  }

  /**
   * Execute Webhook with wait=true (so Discord answers the message, with its id). Always to the configured API base:
   * the caller passes the id and token it read from a webhook URL, never the URL itself. The token authenticates.
   */
  executeWebhook(webhookId: string, token: string, body: RESTPostAPIWebhookWithTokenJSONBody): Promise<DiscordMessage> {
    return this.bot(() =>
      this.rest.post(Routes.webhook(webhookId, token), { body, query: new URLSearchParams({ wait: 'true' }), auth: false }),
    );
  }

  /** Revokes a user's token at sign-out; failures are logged, never shown (the session ends anyway). */
  async revoke(token: string): Promise<void> {
    try {
      const body = new URLSearchParams({ token, client_id: this.config.discord.clientId, client_secret: this.config.discord.clientSecret });
      const res = await fetch(this.config.discord.revokeUrl, { method: 'POST', body, signal: AbortSignal.timeout(5000) });
      if (!res.ok) this.logger.warn({ status: res.status }, 'token revocation refused');
    } catch (err) {
      this.logger.warn({ err: (err as Error).message }, 'token revocation failed');
    }
  }

  private async bot<T>(call: () => Promise<unknown>): Promise<T> {
    try {
      return (await call()) as T;
    } catch (err) {
      throw DiscordFailure.from(err);
    }
  }

  private async userRequest<T>(accessToken: string, path: string): Promise<T> {
    let res: Response;
    try {
      res = await fetch(`${this.config.discord.apiBase}/v10${path}`, {
        headers: { Authorization: `Bearer ${accessToken}` },
        signal: AbortSignal.timeout(10_000),
      });
    } catch (err) {
      throw DiscordFailure.from(err);
    }
    const body = (await res.json().catch(() => null)) as { message?: string; code?: number; retry_after?: number } | null;
    if (res.ok) return body as T;
    if (res.status === 429) {
      const retryAfter = Number(res.headers.get('retry-after') ?? body?.retry_after ?? 1);
      throw new DiscordFailure(429, 'Discord is rate limiting requests.', undefined, Math.ceil(retryAfter));
    }
    throw new DiscordFailure(res.status, body?.message ?? `HTTP ${res.status}`, body?.code);
  }
}
