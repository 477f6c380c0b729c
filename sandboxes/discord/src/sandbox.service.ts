import { Inject, Injectable, Optional } from '@nestjs/common';
import { DiscordErrors } from './discord-errors.js';
import type { MemberProfileChange } from './member-profile.js';
import { MESSAGE_LIMITS, type MessageDraft } from './message-payload.js';
import { MessageWriter, type UploadedFile } from './message-writer.js';
import type { OAuth2Grants } from './oauth2-grants.js';
import { ALL_PERMISSIONS, Permission, channelPermissions, guildPermissions, hasPermission } from './permissions.js';
import { SandboxRateLimits, type RateLimitPolicy, type RateLimitState } from './rate-limit.js';
import {
  DISCORD_SANDBOX_OPTIONS,
  SANDBOX_ROUTE_PREFIX,
  resolveSandboxOptions,
  type DiscordSandboxOptions,
  type ResolvedSandboxOptions,
} from './sandbox-options.js';
import { readReactionEmoji, sameEmoji } from './reaction-emoji.js';
import { SandboxState, type MessagePage } from './sandbox-state.js';
import { SANDBOX_BOT_PERMISSIONS, botRole, buildSandboxSeed, newWebhookToken, webhooksFor } from './seed.js';
import { messageJson, type MessageContext } from './serializers.js';
import { SnowflakeGenerator, discordTimestamp } from './snowflake.js';
import { DEFAULT_USER_SCOPES, SandboxTokens, type SandboxCaller } from './tokens.js';
import type {
  JsonObject,
  SandboxAttachmentRecord,
  SandboxChannelRecord,
  SandboxGuildRecord,
  SandboxMemberImage,
  SandboxMemberImageKind,
  SandboxMemberRecord,
  SandboxMessageAuthor,
  SandboxMessageRecord,
  SandboxReactionEmoji,
  SandboxRoleRecord,
  SandboxUserRecord,
  SandboxWebhookRecord,
} from './sandbox.types.js';
import { type HttpRequest } from '@guildhall/backend/http/http-types';

/** In a DM every permission that applies there is granted. */
const ALL_DM = ALL_PERMISSIONS;

/**
 * The in-memory Discord, as the controllers and tests see it: Discord's rules (permissions, bot membership, limits
 * on roles and webhooks, DMs, messages) over the state store, plus the tokens and the rate limits. One instance per
 * module, seeded fresh; `reset()` seeds again.
 */
@Injectable()
export class DiscordSandboxService {
  readonly options: ResolvedSandboxOptions;
  private readonly state: SandboxState;
  private readonly tokens: SandboxTokens;
  private readonly rateLimits: SandboxRateLimits;
  private readonly writer: MessageWriter;
  private readonly snowflakes = new SnowflakeGenerator();
  private lastBase: string | undefined;

  constructor(@Optional() @Inject(DISCORD_SANDBOX_OPTIONS) options?: DiscordSandboxOptions) {
    this.options = resolveSandboxOptions(options);
    this.state = new SandboxState(this.options);
    this.tokens = new SandboxTokens(this.options, this.state.users);
    this.rateLimits = new SandboxRateLimits(this.options.guildsRateLimit, this.options.now);
    this.writer = new MessageWriter(this.state, () => this.nextId(), this.botUserId);
    this.state.load(buildSandboxSeed(this.options.clientId));
  }

  /** Back to the seed: posted messages, grants, rate-limit windows and run-time limits are forgotten. */
  reset(): void {
    this.state.load(buildSandboxSeed(this.options.clientId));
    this.grants.clear();
    this.rateLimits.reset();
  }

  /** Authorization codes, access and refresh tokens (the OAuth2 controller issues and revokes them). */
  get grants(): OAuth2Grants {
    return this.tokens.grants;
  }

  get botUserId(): string {
    return this.options.clientId;
  }

  get botUser(): SandboxUserRecord {
    return this.state.users.get(this.botUserId)!;
  }

  nextId(): string {
    return this.snowflakes.next();
  }

  // ---- lookups -------------------------------------------------------------------------------------

  user(id: string): SandboxUserRecord | undefined {
    return this.state.users.get(id);
  }

  userByUsername(username: string): SandboxUserRecord | undefined {
    const wanted = username.toLowerCase();
    return this.state.users.all().find((u) => u.username.toLowerCase() === wanted);
  }

  allUsers(): SandboxUserRecord[] {
    return this.state.users.all();
  }

  guild(id: string): SandboxGuildRecord | undefined {
    return this.state.guilds.get(id);
  }

  allGuilds(): SandboxGuildRecord[] {
    return this.state.guilds.all();
  }

  /** Guilds the user is a member of (owners are members too), in id order as Discord lists them. */
  guildsOf(userId: string): SandboxGuildRecord[] {
    return this.allGuilds()
      .filter((g) => g.members.some((m) => m.user_id === userId))
      .sort((a, b) => (BigInt(a.id) < BigInt(b.id) ? -1 : 1));
  }

  member(guildId: string, userId: string): SandboxMemberRecord | undefined {
    return this.state.guilds.get(guildId)?.members.find((m) => m.user_id === userId);
  }

  channel(id: string): SandboxChannelRecord | undefined {
    return this.state.channels.get(id);
  }

  channelsOf(guildId: string): SandboxChannelRecord[] {
    return this.state.channels.all().filter((c) => c.guild_id === guildId);
  }

  hasBot(guildId: string): boolean {
    return this.member(guildId, this.botUserId) !== undefined;
  }

  permissionsOf(guildId: string, userId: string): bigint {
    const guild = this.state.guilds.get(guildId);
    return guild ? guildPermissions(guild, userId) : 0n;
  }

  channelPermissionsOf(channelId: string, userId: string): bigint {
    const channel = this.state.channels.get(channelId);
    const guild = channel?.guild_id ? this.state.guilds.get(channel.guild_id) : undefined;
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
    guild.members.push({
      user_id: this.botUserId,
      nick: null,
      avatar: null,
      banner: null,
      bio: null,
      roles: [role.id],
      joined_at: discordTimestamp(),
      premium_since: null,
    });
    const covered = new Set(this.state.webhooks.all().map((w) => w.channel_id));
    const missing = this.channelsOf(guildId).filter((c) => !covered.has(c.id));
    for (const webhook of webhooksFor(guild, missing, this.botUserId, () => this.nextId())) this.state.webhooks.put(webhook);
  }

  /** Kicking the bot removes its managed role too, as on Discord, and its guild profile; its webhooks stay. */
  removeBot(guildId: string): void {
    const guild = this.requireGuild(guildId);
    guild.members = guild.members.filter((m) => m.user_id !== this.botUserId);
    for (const kind of ['avatar', 'banner'] as const) this.state.setMemberImage(guildId, this.botUserId, kind, null);
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
    return this.state.webhooks.get(id);
  }

  webhooksOf(channelId: string): SandboxWebhookRecord[] {
    return this.state.webhooks.all().filter((w) => w.channel_id === channelId);
  }

  createWebhook(channelId: string, name: string, creatorId: string): SandboxWebhookRecord {
    const channel = this.state.channels.get(channelId);
    if (!channel?.guild_id) throw DiscordErrors.unknownChannel();
    if (this.webhooksOf(channelId).length >= 15) throw DiscordErrors.maximumWebhooks();
    const id = this.nextId();
    const webhook: SandboxWebhookRecord = {
      id,
      token: newWebhookToken(),
      channel_id: channelId,
      guild_id: channel.guild_id,
      name,
      avatar: null,
      application_id: this.botUserId,
      creator_id: creatorId,
    };
    this.state.webhooks.put(webhook);
    return webhook;
  }

  // ---- channels ------------------------------------------------------------------------------------

  /** Create Guild Channel: at the bottom of the list, as Discord places a channel created without a position. */
  createChannel(guildId: string, input: Pick<SandboxChannelRecord, 'type' | 'name' | 'parent_id' | 'topic'>): SandboxChannelRecord {
    this.requireGuild(guildId);
    const existing = this.channelsOf(guildId);
    if (existing.length >= 500) throw DiscordErrors.maximumChannels();
    const channel: SandboxChannelRecord = {
      ...input,
      id: this.nextId(),
      guild_id: guildId,
      position: existing.reduce((top, c) => Math.max(top, c.position), -1) + 1,
      nsfw: false,
      rate_limit_per_user: 0,
      permission_overwrites: [],
      last_message_id: null,
    };
    this.state.channels.put(channel);
    return channel;
  }

  /** Delete Channel: a category's channels stay, without a parent; the channel's webhooks go with it, as on Discord. */
  deleteChannel(channelId: string): SandboxChannelRecord | undefined {
    const channel = this.state.channels.get(channelId);
    if (!channel) return undefined;
    // Its messages go with it: a closed ticket leaves nothing behind but its transcript.
    this.state.deleteChannel(channelId);
    for (const child of this.state.channels.all()) if (child.parent_id === channelId) child.parent_id = null;
    for (const webhook of this.webhooksOf(channelId)) this.state.webhooks.delete(webhook.id);
    return channel;
  }

  // ---- DMs -----------------------------------------------------------------------------------------

  /** The bot's DM channel with a user; one per user, made on first use like Discord's. */
  openDm(recipientId: string): SandboxChannelRecord {
    const existing = this.state.channels.all().find((c) => c.type === 1 && c.recipient_id === recipientId);
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
    this.state.channels.put(channel);
    return channel;
  }

  // ---- messages ------------------------------------------------------------------------------------

  /** What the bot and webhooks posted in a channel, oldest first, in Discord's message shape. */
  messagesIn(channelId: string): JsonObject[] {
    const ctx = this.messageContext();
    return this.state
      .messagesOf(channelId)
      .filter((m) => !m.seeded)
      .map((m) => messageJson(m, ctx));
  }

  /** Everything posted through the sandbox, oldest first, across channels and DMs. */
  allPostedMessages(): JsonObject[] {
    const ctx = this.messageContext();
    return this.state
      .allMessages()
      .filter((m) => !m.seeded)
      .map((m) => messageJson(m, ctx));
  }

  message(channelId: string, messageId: string): SandboxMessageRecord | undefined {
    return this.state.message(channelId, messageId);
  }

  /** Discord's paging: newest first; `before`/`after`/`around` are message ids. */
  listMessages(channelId: string, page: MessagePage): SandboxMessageRecord[] {
    return this.state.listMessages(channelId, page);
  }

  postMessage(
    channel: SandboxChannelRecord,
    author: SandboxMessageAuthor,
    draft: MessageDraft,
    files: UploadedFile[],
  ): SandboxMessageRecord {
    return this.writer.post(channel, author, draft, files);
  }

  editMessage(message: SandboxMessageRecord, draft: MessageDraft, files: UploadedFile[]): SandboxMessageRecord {
    return this.writer.edit(message, draft, files);
  }

  deleteMessage(message: SandboxMessageRecord): void {
    this.state.removeMessage(message.channel_id, message.id);
  }

  messageContext(base: string = this.defaultBase()): MessageContext {
    return {
      base,
      botUserId: this.botUserId,
      user: (id) => this.state.users.get(id),
      webhook: (id) => this.state.webhooks.get(id),
      message: (channelId, messageId) => this.state.message(channelId, messageId),
    };
  }

  attachment(channelId: string, attachmentId: string): SandboxAttachmentRecord | undefined {
    return this.state.attachment(channelId, attachmentId);
  }

  // ---- reactions -----------------------------------------------------------------------------------

  /** The emoji a reaction route names (Unicode, or `name:id` of a guild the bot is in); 10014 Unknown Emoji otherwise. */
  reactionEmoji(raw: string): SandboxReactionEmoji {
    const emoji = readReactionEmoji(raw, this.guildsOf(this.botUserId));
    if (!emoji) throw DiscordErrors.unknownEmoji();
    return emoji;
  }

  /**
   * A user (the bot, or a member in a simulation) reacts, by Discord's rules: Read Message History in the channel,
   * Add Reactions too when the emoji is new on the message (joining a reaction needs only the first), and at most
   * 20 distinct reactions per message (30010). Reacting twice with one emoji changes nothing.
   */
  addReaction(channel: SandboxChannelRecord, message: SandboxMessageRecord, emoji: SandboxReactionEmoji, userId: string): void {
    const permissions = channel.guild_id ? channelPermissions(this.requireGuild(channel.guild_id), channel, userId) : ALL_DM;
    if (!hasPermission(permissions, Permission.ReadMessageHistory)) throw DiscordErrors.missingPermissions();
    const reactions = (message.reactions ??= []);
    const existing = reactions.find((r) => sameEmoji(r.emoji, emoji));
    if (existing) {
      if (!existing.user_ids.includes(userId)) existing.user_ids.push(userId);
      return;
    }
    if (!hasPermission(permissions, Permission.AddReactions)) throw DiscordErrors.missingPermissions();
    if (reactions.length >= MESSAGE_LIMITS.reactions) throw DiscordErrors.maximumReactions();
    reactions.push({ emoji, user_ids: [userId] });
  }

  /** A user's reaction goes (the reaction with it when it was the last); none there changes nothing, as on Discord. */
  removeReaction(message: SandboxMessageRecord, emoji: SandboxReactionEmoji, userId: string): void {
    const reaction = message.reactions?.find((r) => sameEmoji(r.emoji, emoji));
    if (!reaction) return;
    reaction.user_ids = reaction.user_ids.filter((id) => id !== userId);
    if (reaction.user_ids.length === 0) message.reactions = message.reactions!.filter((r) => r !== reaction);
  }

  /** Who reacted with the emoji, in id order after `after`, at most `limit`. */
  reactors(message: SandboxMessageRecord, emoji: SandboxReactionEmoji, after: string, limit: number): SandboxUserRecord[] {
    const ids = message.reactions?.find((r) => sameEmoji(r.emoji, emoji))?.user_ids ?? [];
    return [...ids]
      .filter((id) => BigInt(id) > BigInt(after))
      .sort((a, b) => (BigInt(a) < BigInt(b) ? -1 : 1))
      .slice(0, limit)
      .flatMap((id) => {
        const user = this.state.users.get(id);
        return user ? [user] : [];
      });
  }

  // ---- member roles --------------------------------------------------------------------------------

  /**
   * Add Guild Member Role / Remove Guild Member Role as `actorId` (the bot): it needs Manage Roles, and may hand out
   * or take away only roles below its own highest one, never a managed role (a bot's, boosters') nor @everyone:
   * 50013 Missing Permissions, as Discord answers. Unknown Member or Unknown Role first. Adding a role the member
   * has, or removing one they lack, changes nothing.
   */
  changeMemberRole(guildId: string, userId: string, roleId: string, add: boolean, actorId: string = this.botUserId): void {
    const guild = this.requireGuild(guildId);
    if (!hasPermission(guildPermissions(guild, actorId), Permission.ManageRoles)) throw DiscordErrors.missingPermissions();
    const member = guild.members.find((m) => m.user_id === userId);
    if (!member) throw DiscordErrors.unknownMember();
    const role = guild.roles.find((r) => r.id === roleId);
    if (!role) throw DiscordErrors.unknownRole();
    if (role.id === guild.id || role.managed) throw DiscordErrors.missingPermissions();
    if (guild.owner_id !== actorId && role.position >= this.highestRolePosition(guild, actorId)) throw DiscordErrors.missingPermissions();
    if (add && !member.roles.includes(roleId)) member.roles.push(roleId);
    if (!add) member.roles = member.roles.filter((id) => id !== roleId);
  }

  /** The position of a member's highest role (@everyone's 0 when they have none). */
  highestRolePosition(guild: SandboxGuildRecord, userId: string): number {
    const member = guild.members.find((m) => m.user_id === userId);
    return (member?.roles ?? []).reduce((top, id) => Math.max(top, guild.roles.find((r) => r.id === id)?.position ?? 0), 0);
  }

  // ---- the bot's guild profile ---------------------------------------------------------------------

  /**
   * Modify Current Member, once its body is read (member-profile.ts): a nickname needs Change Nickname (50013 Missing
   * Permissions otherwise, and nothing is stored); then every field given is stored at once, images under their hash.
   */
  modifyCurrentMember(guildId: string, change: MemberProfileChange): SandboxMemberRecord {
    const guild = this.requireGuild(guildId);
    const member = guild.members.find((m) => m.user_id === this.botUserId);
    if (!member) throw DiscordErrors.missingAccess();
    if (change.nick !== undefined && !hasPermission(guildPermissions(guild, this.botUserId), Permission.ChangeNickname))
      throw DiscordErrors.missingPermissions();
    if (change.nick !== undefined) member.nick = change.nick;
    if (change.bio !== undefined) member.bio = change.bio;
    for (const kind of ['avatar', 'banner'] as const) {
      const image = change[kind];
      if (image === undefined) continue;
      member[kind] = image?.hash ?? null;
      this.state.setMemberImage(guildId, this.botUserId, kind, image);
    }
    return member;
  }

  /** A member's current guild avatar or banner, when `hash` is still its hash (the CDN serves nothing else). */
  memberImage(guildId: string, userId: string, kind: SandboxMemberImageKind, hash: string): SandboxMemberImage | undefined {
    const image = this.state.memberImage(guildId, userId, kind);
    return image?.hash === hash ? image : undefined;
  }

  // ---- authentication and rate limits --------------------------------------------------------------

  authenticate(authorization: string | undefined): SandboxCaller | undefined {
    return this.tokens.authenticate(authorization);
  }

  /** Signs a user in without the authorize page (tests, scripts): returns a Bearer access token. */
  issueAccessToken(username: string, scopes: readonly string[] = DEFAULT_USER_SCOPES): string {
    const user = this.userByUsername(username);
    if (!user || user.bot) throw new Error(`The Discord sandbox has no user named ${username}`);
    return this.tokens.issueAccessToken(user, scopes);
  }

  setGuildsRateLimit(limit: number, windowMs: number): void {
    this.rateLimits.setGuildsLimit(limit, windowMs);
  }

  get guildsRateLimit(): RateLimitPolicy {
    return this.rateLimits.guildsLimit;
  }

  takeRateLimit(key: string, policy: 'userGuilds' | 'route'): RateLimitState {
    return this.rateLimits.take(key, policy);
  }

  /** How many route rate-limit windows the sandbox keeps (bounded, expired ones swept). */
  get rateLimitWindowCount(): number {
    return this.rateLimits.windowCount;
  }

  /** Absolute base of the sandbox for links in answers (webhook and attachment URLs). */
  baseUrl(req: HttpRequest): string {
    const base = this.options.publicUrl ?? `${req.protocol}://${req.headers.host ?? 'localhost'}/${SANDBOX_ROUTE_PREFIX}`;
    this.lastBase = base;
    return base;
  }

  // ---- internals -----------------------------------------------------------------------------------

  private defaultBase(): string {
    return this.options.publicUrl ?? this.lastBase ?? `http://localhost/${SANDBOX_ROUTE_PREFIX}`;
  }

  private requireGuild(guildId: string): SandboxGuildRecord {
    const guild = this.state.guilds.get(guildId);
    if (!guild) throw DiscordErrors.unknownGuild();
    return guild;
  }
}
