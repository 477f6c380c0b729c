import { Inject, Injectable, Optional } from '@nestjs/common';
import type { Request } from 'express';
import { DiscordErrors, FormErrors } from './discord-errors.js';
import { MessageFlag, type MessageDraft } from './message-payload.js';
import { OAuth2Grants } from './oauth2-grants.js';
import { Permission, channelPermissions, guildPermissions, hasPermission } from './permissions.js';
import { FixedWindowLimiter, type RateLimitPolicy, type RateLimitState } from './rate-limit.js';
import {
  SANDBOX_BOT_PERMISSIONS,
  SANDBOX_CLIENT_ID,
  SANDBOX_DEFAULT_BOT_TOKEN,
  SANDBOX_DEFAULT_CLIENT_SECRET,
  botRole,
  buildSandboxSeed,
  webhookToken,
  webhooksFor,
} from './seed.js';
import { messageJson, type MessageContext } from './serializers.js';
import { SnowflakeGenerator, discordTimestamp, snowflakeTime } from './snowflake.js';
import type {
  JsonObject,
  SandboxAttachmentRecord,
  SandboxChannelRecord,
  SandboxGuildRecord,
  SandboxMemberRecord,
  SandboxMessageAuthor,
  SandboxMessageRecord,
  SandboxRoleRecord,
  SandboxUserRecord,
  SandboxWebhookRecord,
} from './sandbox.types.js';

export const DISCORD_SANDBOX_OPTIONS = Symbol('DISCORD_SANDBOX_OPTIONS');
export const SANDBOX_ROUTE_PREFIX = 'sandbox/discord';

export interface DiscordSandboxOptions {
  /** Accepted as `Authorization: Bot <botToken>`. Default `sandbox-bot-token`. */
  botToken?: string;
  /** OAuth2 client id, also the bot user's id. Default 1100000000000000001. */
  clientId?: string;
  /** Default `sandbox-client-secret`. */
  clientSecret?: string;
  /** Per token, for GET users/@me/guilds (the route Discord limits hardest). Default 5 per 5000 ms. */
  guildsRateLimit?: RateLimitPolicy;
  /** Where the sandbox is reached, e.g. http://localhost:3000/sandbox/discord; default: the host of each request. */
  publicUrl?: string;
  /**
   * The application's registered redirect URIs, as on Discord's developer portal. When set, authorize refuses
   * others (no open redirect through the sandbox); when unset, any http(s) URL is accepted.
   */
  redirectUris?: string[];
  /** Posted messages kept per channel; older ones are forgotten (seeded ones never). Default 500. */
  maxMessagesPerChannel?: number;
  /** Bytes of uploaded files kept in all; past it the oldest messages with files are forgotten. Default 256 MiB. */
  maxAttachmentBytes?: number;
}

export interface ResolvedSandboxOptions {
  botToken: string;
  clientId: string;
  clientSecret: string;
  guildsRateLimit: RateLimitPolicy;
  publicUrl: string | undefined;
  redirectUris: readonly string[] | undefined;
  maxMessagesPerChannel: number;
  maxAttachmentBytes: number;
}

/** Every other route gets Discord's global bot budget (50 requests a second) so clients see real headers. */
export const ROUTE_RATE_LIMIT: RateLimitPolicy = { limit: 50, windowMs: 1000 };

export type SandboxCaller =
  { kind: 'bot'; userId: string; token: string } | { kind: 'user'; userId: string; token: string; scopes: ReadonlySet<string> };

export interface UploadedFile {
  fieldname: string;
  originalname: string;
  mimetype: string;
  size: number;
  buffer: Buffer;
}

export interface MessagePage {
  limit: number;
  before?: string;
  after?: string;
  around?: string;
}

/** The scopes a token gets when tests or scripts sign someone in without the authorize page. */
export const DEFAULT_USER_SCOPES = ['identify', 'email', 'guilds'] as const;

/**
 * The in-memory Discord: seeded users, guilds, channels and webhooks, what the app posts, OAuth2 grants and
 * rate-limit windows. One instance per module, seeded fresh; `reset()` seeds again.
 */
@Injectable()
export class DiscordSandboxService {
  readonly options: ResolvedSandboxOptions;
  readonly grants: OAuth2Grants;
  private readonly limiter = new FixedWindowLimiter();
  private readonly snowflakes = new SnowflakeGenerator();
  private guildsLimit: RateLimitPolicy;
  private lastBase: string | undefined;

  private users = new Map<string, SandboxUserRecord>();
  private guilds = new Map<string, SandboxGuildRecord>();
  private channels = new Map<string, SandboxChannelRecord>();
  private webhooks = new Map<string, SandboxWebhookRecord>();
  private messagesByChannel = new Map<string, SandboxMessageRecord[]>();

  constructor(@Optional() @Inject(DISCORD_SANDBOX_OPTIONS) options?: DiscordSandboxOptions) {
    this.options = {
      botToken: options?.botToken ?? SANDBOX_DEFAULT_BOT_TOKEN,
      clientId: options?.clientId ?? SANDBOX_CLIENT_ID,
      clientSecret: options?.clientSecret ?? SANDBOX_DEFAULT_CLIENT_SECRET,
      guildsRateLimit: { ...(options?.guildsRateLimit ?? { limit: 5, windowMs: 5000 }) },
      publicUrl: options?.publicUrl?.replace(/\/+$/, ''),
      redirectUris: options?.redirectUris ? [...options.redirectUris] : undefined,
      maxMessagesPerChannel: options?.maxMessagesPerChannel ?? 500,
      maxAttachmentBytes: options?.maxAttachmentBytes ?? 256 * 1024 * 1024,
    };
    this.guildsLimit = { ...this.options.guildsRateLimit };
    this.grants = new OAuth2Grants(OAuth2Grants.keyFor(this.options.clientId, this.options.clientSecret));
    this.loadSeed();
  }

  /** Back to the seed: posted messages, grants, rate-limit windows and run-time limits are forgotten. */
  reset(): void {
    this.loadSeed();
    this.grants.clear();
    this.limiter.clear();
    this.guildsLimit = { ...this.options.guildsRateLimit };
  }

  private loadSeed(): void {
    const seed = buildSandboxSeed(this.options.clientId);
    this.users = new Map(seed.users.map((u) => [u.id, u]));
    this.guilds = new Map(seed.guilds.map((g) => [g.id, g]));
    this.channels = new Map(seed.channels.map((c) => [c.id, c]));
    this.webhooks = new Map(seed.webhooks.map((w) => [w.id, w]));
    this.messagesByChannel = new Map();
    for (const message of seed.messages) this.appendMessage(message);
  }

  get botUserId(): string {
    return this.options.clientId;
  }

  get botUser(): SandboxUserRecord {
    return this.users.get(this.botUserId)!;
  }

  nextId(): string {
    return this.snowflakes.next();
  }

  // ---- lookups -------------------------------------------------------------------------------------

  user(id: string): SandboxUserRecord | undefined {
    return this.users.get(id);
  }

  userByUsername(username: string): SandboxUserRecord | undefined {
    const wanted = username.toLowerCase();
    return [...this.users.values()].find((u) => u.username.toLowerCase() === wanted);
  }

  allUsers(): SandboxUserRecord[] {
    return [...this.users.values()];
  }

  guild(id: string): SandboxGuildRecord | undefined {
    return this.guilds.get(id);
  }

  allGuilds(): SandboxGuildRecord[] {
    return [...this.guilds.values()];
  }

  /** Guilds the user is a member of (owners are members too), in id order as Discord lists them. */
  guildsOf(userId: string): SandboxGuildRecord[] {
    return this.allGuilds()
      .filter((g) => g.members.some((m) => m.user_id === userId))
      .sort((a, b) => (BigInt(a.id) < BigInt(b.id) ? -1 : 1));
  }

  member(guildId: string, userId: string): SandboxMemberRecord | undefined {
    return this.guilds.get(guildId)?.members.find((m) => m.user_id === userId);
  }

  channel(id: string): SandboxChannelRecord | undefined {
    return this.channels.get(id);
  }

  channelsOf(guildId: string): SandboxChannelRecord[] {
    return [...this.channels.values()].filter((c) => c.guild_id === guildId);
  }

  hasBot(guildId: string): boolean {
    return this.member(guildId, this.botUserId) !== undefined;
  }

  permissionsOf(guildId: string, userId: string): bigint {
    const guild = this.guilds.get(guildId);
    return guild ? guildPermissions(guild, userId) : 0n;
  }

  channelPermissionsOf(channelId: string, userId: string): bigint {
    const channel = this.channels.get(channelId);
    const guild = channel?.guild_id ? this.guilds.get(channel.guild_id) : undefined;
    return channel && guild ? channelPermissions(guild, channel, userId) : 0n;
  }

  /** Guildhall's own rule for opening a guild's settings: owner, Administrator or Manage Server. */
  canManageGuild(guildId: string, userId: string): boolean {
    return hasPermission(this.permissionsOf(guildId, userId), Permission.ManageGuild);
  }

  // ---- bot membership ------------------------------------------------------------------------------

  /** What the bot invite does: the bot joins with a managed role, and gets a webhook per text channel. */
  addBot(guildId: string, permissions: string = SANDBOX_BOT_PERMISSIONS): void {
    const guild = this.requireGuild(guildId);
    if (this.hasBot(guildId)) return;
    const role = botRole(this.nextId(), this.botUserId, guild.roles.reduce((top, r) => Math.max(top, r.position), 0) + 1, permissions);
    guild.roles.push(role);
    guild.members.push({ user_id: this.botUserId, nick: null, roles: [role.id], joined_at: discordTimestamp(), premium_since: null });
    const covered = new Set([...this.webhooks.values()].map((w) => w.channel_id));
    const missing = this.channelsOf(guildId).filter((c) => !covered.has(c.id));
    for (const webhook of webhooksFor(guild, missing, this.botUserId, () => this.nextId())) this.webhooks.set(webhook.id, webhook);
  }

  /** Kicking the bot removes its managed role too, as on Discord; its webhooks stay. */
  removeBot(guildId: string): void {
    const guild = this.requireGuild(guildId);
    guild.members = guild.members.filter((m) => m.user_id !== this.botUserId);
    guild.roles = guild.roles.filter((r) => r.tags?.bot_id !== this.botUserId);
  }

  // ---- roles and webhooks --------------------------------------------------------------------------

  createRole(
    guildId: string,
    input: Omit<SandboxRoleRecord, 'id' | 'position' | 'managed' | 'flags' | 'icon' | 'tags'>,
  ): SandboxRoleRecord {
    const guild = this.requireGuild(guildId);
    if (guild.roles.length >= 250) throw DiscordErrors.maximumRoles();
    // New roles land just above @everyone, pushing the others up, as Discord does.
    for (const r of guild.roles) if (r.position >= 1) r.position += 1;
    const role: SandboxRoleRecord = { ...input, id: this.nextId(), position: 1, managed: false, flags: 0, icon: null };
    guild.roles.push(role);
    return role;
  }

  webhook(id: string): SandboxWebhookRecord | undefined {
    return this.webhooks.get(id);
  }

  webhooksOf(channelId: string): SandboxWebhookRecord[] {
    return [...this.webhooks.values()].filter((w) => w.channel_id === channelId);
  }

  createWebhook(channelId: string, name: string, creatorId: string): SandboxWebhookRecord {
    const channel = this.channels.get(channelId);
    if (!channel?.guild_id) throw DiscordErrors.unknownChannel();
    if (this.webhooksOf(channelId).length >= 15) throw DiscordErrors.maximumWebhooks();
    const id = this.nextId();
    const webhook: SandboxWebhookRecord = {
      id,
      token: webhookToken(id),
      channel_id: channelId,
      guild_id: channel.guild_id,
      name,
      avatar: null,
      application_id: this.botUserId,
      creator_id: creatorId,
    };
    this.webhooks.set(id, webhook);
    return webhook;
  }

  // ---- DMs -----------------------------------------------------------------------------------------

  /** The bot's DM channel with a user; one per user, made on first use like Discord's. */
  openDm(recipientId: string): SandboxChannelRecord {
    const existing = [...this.channels.values()].find((c) => c.type === 1 && c.recipient_id === recipientId);
    if (existing) return existing;
    const channel: SandboxChannelRecord = {
      id: this.nextId(),
      type: 1,
      guild_id: null,
      name: '',
      position: 0,
      parent_id: null,
      topic: null,
      nsfw: false,
      rate_limit_per_user: 0,
      permission_overwrites: [],
      last_message_id: null,
      recipient_id: recipientId,
    };
    this.channels.set(channel.id, channel);
    return channel;
  }

  // ---- messages ------------------------------------------------------------------------------------

  /** What the bot and webhooks posted in a channel, oldest first, in Discord's message shape. */
  messagesIn(channelId: string): JsonObject[] {
    const ctx = this.messageContext();
    return (this.messagesByChannel.get(channelId) ?? []).filter((m) => !m.seeded).map((m) => messageJson(m, ctx));
  }

  /** Everything posted through the sandbox, oldest first, across channels and DMs. */
  allPostedMessages(): JsonObject[] {
    const ctx = this.messageContext();
    return [...this.messagesByChannel.values()]
      .flat()
      .filter((m) => !m.seeded)
      .sort((a, b) => (BigInt(a.id) < BigInt(b.id) ? -1 : 1))
      .map((m) => messageJson(m, ctx));
  }

  message(channelId: string, messageId: string): SandboxMessageRecord | undefined {
    return this.messagesByChannel.get(channelId)?.find((m) => m.id === messageId);
  }

  /** Discord's paging: newest first; `before`/`after`/`around` are message ids. */
  listMessages(channelId: string, page: MessagePage): SandboxMessageRecord[] {
    const all = this.messagesByChannel.get(channelId) ?? [];
    const id = (m: SandboxMessageRecord) => BigInt(m.id);
    let chosen: SandboxMessageRecord[];
    if (page.around) {
      const pivot = BigInt(page.around);
      const older = all.filter((m) => id(m) <= pivot).slice(-Math.ceil(page.limit / 2));
      const newer = all.filter((m) => id(m) > pivot).slice(0, Math.floor(page.limit / 2));
      chosen = [...older, ...newer];
    } else if (page.after) {
      const after = BigInt(page.after);
      chosen = all.filter((m) => id(m) > after).slice(0, page.limit);
    } else {
      const before = page.before ? BigInt(page.before) : undefined;
      chosen = all.filter((m) => before === undefined || id(m) < before).slice(-page.limit);
    }
    return [...chosen].reverse();
  }

  postMessage(
    channel: SandboxChannelRecord,
    author: SandboxMessageAuthor,
    draft: MessageDraft,
    files: UploadedFile[],
  ): SandboxMessageRecord {
    if (draft.stickerIds?.length) throw DiscordErrors.unknownSticker();
    const attachments = this.attachmentsFor([], draft, files);
    const content = draft.content ?? '';
    const id = this.nextId();
    const message: SandboxMessageRecord = {
      id,
      channel_id: channel.id,
      type: 0,
      author,
      content,
      embeds: draft.embeds ?? [],
      components: draft.components ?? [],
      attachments,
      // Discord's timestamp is the moment encoded in the id.
      timestamp: discordTimestamp(snowflakeTime(id)),
      edited_timestamp: null,
      flags: draft.flags ?? 0,
      tts: draft.tts ?? false,
      ...(draft.nonce !== undefined ? { nonce: draft.nonce } : {}),
      ...this.mentions(channel, content, draft),
      seeded: false,
    };
    if (draft.reference) {
      const refChannelId = draft.reference.channel_id ?? channel.id;
      if (this.message(refChannelId, draft.reference.message_id)) {
        message.type = 19;
        message.message_reference = {
          message_id: draft.reference.message_id,
          channel_id: refChannelId,
          ...(channel.guild_id ? { guild_id: channel.guild_id } : {}),
        };
      } else if (draft.reference.fail_if_not_exists) {
        const errors = new FormErrors();
        errors.add(['message_reference'], 'MESSAGE_REFERENCE_UNKNOWN_MESSAGE', 'Unknown message');
        errors.throwIfAny();
      }
    }
    if (isEmpty(message)) throw DiscordErrors.emptyMessage();
    this.appendMessage(message);
    channel.last_message_id = message.id;
    return message;
  }

  /** Only the keys the edit sent change; the result must still have something to show. */
  editMessage(message: SandboxMessageRecord, draft: MessageDraft, files: UploadedFile[]): SandboxMessageRecord {
    const channel = this.channels.get(message.channel_id)!;
    const next: SandboxMessageRecord = { ...message };
    if (draft.content !== undefined) {
      next.content = draft.content;
      Object.assign(next, this.mentions(channel, draft.content, draft));
    }
    if (draft.embeds !== undefined) next.embeds = draft.embeds;
    if (draft.components !== undefined) next.components = draft.components;
    // Only "suppress embeds" can be toggled on an existing message; Components V2 can be switched on, never off.
    if (draft.flags !== undefined)
      next.flags =
        (message.flags & ~MessageFlag.SuppressEmbeds) | (draft.flags & (MessageFlag.SuppressEmbeds | MessageFlag.IsComponentsV2));
    next.attachments = this.attachmentsFor(message.attachments, draft, files);
    if (isEmpty(next)) throw DiscordErrors.emptyMessage();
    next.edited_timestamp = discordTimestamp(new Date());
    Object.assign(message, next);
    this.forgetBeyondCaps(message.channel_id);
    return message;
  }

  messageContext(base: string = this.defaultBase()): MessageContext {
    return {
      base,
      user: (id) => this.users.get(id),
      webhook: (id) => this.webhooks.get(id),
      message: (channelId, messageId) => this.message(channelId, messageId),
    };
  }

  /** Attachments are served back from memory so a person can open what the bot uploaded. */
  attachment(channelId: string, attachmentId: string): SandboxAttachmentRecord | undefined {
    for (const m of this.messagesByChannel.get(channelId) ?? []) {
      const found = m.attachments.find((a) => a.id === attachmentId);
      if (found) return found;
    }
    return undefined;
  }

  // ---- authentication, OAuth2 and rate limits ------------------------------------------------------

  authenticate(authorization: string | undefined): SandboxCaller | undefined {
    if (!authorization) return undefined;
    const space = authorization.indexOf(' ');
    if (space < 0) return undefined;
    const scheme = authorization.slice(0, space);
    const token = authorization.slice(space + 1).trim();
    if (scheme === 'Bot') return token === this.options.botToken ? { kind: 'bot', userId: this.botUserId, token } : undefined;
    if (scheme.toLowerCase() === 'bearer') {
      const grant = this.grants.accessGrant(token);
      if (!grant || grant.clientId !== this.options.clientId || !this.users.has(grant.userId)) return undefined;
      return { kind: 'user', userId: grant.userId, token, scopes: new Set(grant.scopes) };
    }
    return undefined;
  }

  /** Signs a user in without the authorize page (tests, scripts): returns a Bearer access token. */
  issueAccessToken(username: string, scopes: readonly string[] = DEFAULT_USER_SCOPES): string {
    const user = this.userByUsername(username);
    if (!user || user.bot) throw new Error(`The Discord sandbox has no user named ${username}`);
    return this.grants.issueTokens(user.id, [...scopes], this.options.clientId).accessToken;
  }

  setGuildsRateLimit(limit: number, windowMs: number): void {
    this.guildsLimit = { limit, windowMs };
    this.limiter.clear();
  }

  get guildsRateLimit(): RateLimitPolicy {
    return { ...this.guildsLimit };
  }

  takeRateLimit(key: string, policy: 'userGuilds' | 'route'): RateLimitState {
    return this.limiter.take(key, policy === 'userGuilds' ? this.guildsLimit : ROUTE_RATE_LIMIT);
  }

  /** Absolute base of the sandbox for links in answers (webhook and attachment URLs). */
  baseUrl(req: Request): string {
    const base = this.options.publicUrl ?? `${req.protocol}://${req.get('host') ?? 'localhost'}/${SANDBOX_ROUTE_PREFIX}`;
    this.lastBase = base;
    return base;
  }

  // ---- internals -----------------------------------------------------------------------------------

  private defaultBase(): string {
    return this.options.publicUrl ?? this.lastBase ?? `http://localhost/${SANDBOX_ROUTE_PREFIX}`;
  }

  private requireGuild(guildId: string): SandboxGuildRecord {
    const guild = this.guilds.get(guildId);
    if (!guild) throw DiscordErrors.unknownGuild();
    return guild;
  }

  private appendMessage(message: SandboxMessageRecord): void {
    const list = this.messagesByChannel.get(message.channel_id) ?? [];
    list.push(message);
    this.messagesByChannel.set(message.channel_id, list);
    if (!message.seeded) this.forgetBeyondCaps(message.channel_id);
  }

  /**
   * The sandbox keeps what is posted in memory so people and tests can see it; a long demo run must not grow
   * without end. Oldest posted messages go first; seeded ones stay.
   */
  private forgetBeyondCaps(channelId: string): void {
    const list = this.messagesByChannel.get(channelId) ?? [];
    let posted = list.reduce((n, m) => n + (m.seeded ? 0 : 1), 0);
    for (let i = 0; posted > this.options.maxMessagesPerChannel && i < list.length;) {
      if (list[i]!.seeded) i++;
      else {
        list.splice(i, 1);
        posted--;
      }
    }
    const bytes = (m: SandboxMessageRecord) => m.attachments.reduce((n, a) => n + a.data.length, 0);
    const withFiles = [...this.messagesByChannel.values()].flat().filter((m) => !m.seeded && bytes(m) > 0);
    let total = withFiles.reduce((n, m) => n + bytes(m), 0);
    if (total <= this.options.maxAttachmentBytes) return;
    withFiles.sort((a, b) => (BigInt(a.id) < BigInt(b.id) ? -1 : 1));
    for (const m of withFiles) {
      if (total <= this.options.maxAttachmentBytes) break;
      const inChannel = this.messagesByChannel.get(m.channel_id)!;
      inChannel.splice(inChannel.indexOf(m), 1);
      total -= bytes(m);
    }
  }

  /** Files arrive as files[n]; `attachments` entries with id n describe them, entries with snowflakes keep old ones. */
  private attachmentsFor(existing: SandboxAttachmentRecord[], draft: MessageDraft, files: UploadedFile[]): SandboxAttachmentRecord[] {
    const refs = draft.attachments;
    const kept = refs === undefined ? existing : existing.filter((a) => refs.some((r) => r.id === a.id));
    const added = files.map((file, position) => {
      const index = /\[(\d+)\]/.exec(file.fieldname)?.[1] ?? String(position);
      const ref = refs?.find((r) => r.id === index);
      return {
        id: this.nextId(),
        filename: ref?.filename ?? file.originalname,
        ...(ref?.description ? { description: ref.description } : {}),
        ...(file.mimetype ? { content_type: file.mimetype } : {}),
        size: file.size,
        data: file.buffer,
      };
    });
    return [...kept, ...added];
  }

  /** Mentions as Discord resolves them: known users and roles in the content, filtered by allowed_mentions. */
  private mentions(
    channel: SandboxChannelRecord,
    content: string,
    draft: MessageDraft,
  ): Pick<SandboxMessageRecord, 'mention_user_ids' | 'mention_role_ids' | 'mention_everyone'> {
    const allowed = draft.allowedMentions;
    const allows = (kind: 'users' | 'roles' | 'everyone', id?: string) =>
      !allowed ||
      allowed.parse?.includes(kind) === true ||
      (id !== undefined && kind !== 'everyone' && allowed[kind]?.includes(id) === true);
    const guild = channel.guild_id ? this.guilds.get(channel.guild_id) : undefined;
    const users = [...content.matchAll(/<@!?(\d{15,21})>/g)].map((m) => m[1]!).filter((id) => this.users.has(id) && allows('users', id));
    const roles = guild
      ? [...content.matchAll(/<@&(\d{15,21})>/g)]
          .map((m) => m[1]!)
          .filter((id) => guild.roles.some((r) => r.id === id) && allows('roles', id))
      : [];
    const everyone =
      /@(everyone|here)\b/.test(content) &&
      allows('everyone') &&
      guild !== undefined &&
      hasPermission(channelPermissions(guild, channel, this.botUserId), Permission.MentionEveryone);
    return { mention_user_ids: [...new Set(users)], mention_role_ids: [...new Set(roles)], mention_everyone: everyone };
  }
}

function isEmpty(message: SandboxMessageRecord): boolean {
  return (
    message.content.trim() === '' && message.embeds.length === 0 && message.components.length === 0 && message.attachments.length === 0
  );
}
