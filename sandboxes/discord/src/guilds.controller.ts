import { Delete, Get, HttpCode, Patch, Post, Put, Req } from '@nestjs/common';
import { SNOWFLAKE } from '@guildhall/common/discord/ids';
import { BotOnly } from './auth.js';
import { DiscordErrors, FieldError, FormErrors } from './discord-errors.js';
import { QueryReader, botGuild, queryBoolean, snowflakeParam } from './http-helpers.js';
import { readMemberProfile } from './member-profile.js';
import { ALL_PERMISSIONS, Permission, hasPermission } from './permissions.js';
import { RateLimitBucket } from './rate-limit.interceptor.js';
import { DiscordRestController } from './rest-controller.js';
import { DiscordSandboxService } from './sandbox.service.js';
import type { SandboxChannelRecord, SandboxChannelType, SandboxGuildRecord, SandboxRoleRecord } from './sandbox.types.js';
import { channelJson, guildJson, memberJson, roleJson, rolesJson } from './serializers.js';
import { type HttpRequest } from '@guildhall/backend/http/http-types';

type RoleInput = Omit<SandboxRoleRecord, 'id' | 'position' | 'managed' | 'flags' | 'icon' | 'tags'>;

/** Body of POST guilds/:id/roles with Discord's defaults (name "new role", @everyone's permissions). */
function readRoleBody(raw: unknown, guild: SandboxGuildRecord): RoleInput {
  const errors = new FormErrors();
  const body = (raw && typeof raw === 'object' ? raw : {}) as Record<string, unknown>;
  let name = 'new role';
  if (body['name'] !== undefined && body['name'] !== null) {
    if (typeof body['name'] !== 'string') errors.add(['name'], ...FieldError.string(body['name']));
    else if (body['name'].length > 100) errors.add(['name'], ...FieldError.maxLength(100));
    else if (body['name'].length > 0) name = body['name'];
  }
  let permissions = guild.roles.find((r) => r.id === guild.id)?.permissions ?? '0';
  const rawPermissions = body['permissions'];
  if (rawPermissions !== undefined && rawPermissions !== null) {
    const text = typeof rawPermissions === 'number' && Number.isSafeInteger(rawPermissions) ? String(rawPermissions) : rawPermissions;
    if (typeof text !== 'string' || !/^\d{1,20}$/.test(text)) errors.add(['permissions'], ...FieldError.integer(rawPermissions));
    else permissions = (BigInt(text) & ALL_PERMISSIONS).toString();
  }
  const primary = (body['colors'] as Record<string, unknown> | undefined)?.['primary_color'] ?? body['color'];
  let color = 0;
  if (primary !== undefined && primary !== null) {
    if (typeof primary !== 'number' || !Number.isInteger(primary)) errors.add(['color'], ...FieldError.integer(primary));
    else if (primary > 0xffffff) errors.add(['color'], ...FieldError.max(0xffffff));
    else if (primary < 0) errors.add(['color'], ...FieldError.min(0));
    else color = primary;
  }
  const flag = (key: 'hoist' | 'mentionable') => {
    const value = body[key];
    if (value === undefined || value === null) return false;
    if (typeof value !== 'boolean') errors.add([key], ...FieldError.boolean(value));
    return value === true;
  };
  const hoist = flag('hoist');
  const mentionable = flag('mentionable');
  let unicodeEmoji: string | null = null;
  if (typeof body['unicode_emoji'] === 'string') {
    if (body['unicode_emoji'].length > 100) errors.add(['unicode_emoji'], ...FieldError.maxLength(100));
    else unicodeEmoji = body['unicode_emoji'];
  }
  errors.throwIfAny();
  return { name, permissions, color, hoist, mentionable, unicode_emoji: unicodeEmoji };
}

type ChannelInput = Pick<SandboxChannelRecord, 'type' | 'name' | 'parent_id' | 'topic'>;
const CREATABLE_CHANNEL_TYPES = [0, 2, 4, 5] as const;

/** Body of POST guilds/:id/channels: name (1-100) required; type text unless given; text channel names as Discord makes them. */
function readChannelBody(raw: unknown, sandbox: DiscordSandboxService, guildId: string): ChannelInput {
  const errors = new FormErrors();
  const body = (raw && typeof raw === 'object' ? raw : {}) as Record<string, unknown>;
  let type: SandboxChannelType = 0;
  if (body['type'] !== undefined && body['type'] !== null) {
    if (!CREATABLE_CHANNEL_TYPES.includes(body['type'] as 0)) errors.add(['type'], ...FieldError.choices(CREATABLE_CHANNEL_TYPES));
    else type = body['type'] as SandboxChannelType;
  }
  let name = '';
  const rawName = body['name'];
  if (rawName === undefined || rawName === null) errors.add(['name'], ...FieldError.required);
  else if (typeof rawName !== 'string') errors.add(['name'], ...FieldError.string(rawName));
  else if (rawName.length < 1) errors.add(['name'], ...FieldError.minLength(1));
  else if (rawName.length > 100) errors.add(['name'], ...FieldError.maxLength(100));
  // Discord lowercases text channel names and joins words with dashes; categories and voice keep theirs.
  else name = type === 0 || type === 5 ? rawName.toLowerCase().trim().replace(/\s+/g, '-') : rawName;
  let parentId: string | null = null;
  const rawParent = body['parent_id'];
  if (rawParent !== undefined && rawParent !== null) {
    const parent = typeof rawParent === 'string' ? sandbox.channel(rawParent) : undefined;
    if (typeof rawParent !== 'string' || !SNOWFLAKE.test(rawParent)) errors.add(['parent_id'], ...FieldError.snowflake(rawParent));
    else if (type === 4 || parent?.guild_id !== guildId || parent.type !== 4)
      errors.add(['parent_id'], 'CHANNEL_PARENT_INVALID', 'Category does not exist');
    else parentId = rawParent;
  }
  let topic: string | null = null;
  if (typeof body['topic'] === 'string') {
    if (body['topic'].length > 1024) errors.add(['topic'], ...FieldError.maxLength(1024));
    else topic = body['topic'];
  }
  errors.throwIfAny();
  return { type, name, parent_id: parentId, topic };
}

@DiscordRestController()
export class SandboxGuildsController {
  constructor(private readonly sandbox: DiscordSandboxService) {}

  @Get('guilds/:guild_id')
  @BotOnly()
  @RateLimitBucket({ route: 'GET /guilds/:guild_id', major: 'guild_id' })
  guild(@Req() req: HttpRequest) {
    return guildJson(botGuild(this.sandbox, snowflakeParam(req, 'guild_id')), queryBoolean(req, 'with_counts'));
  }

  @Get('guilds/:guild_id/channels')
  @BotOnly()
  @RateLimitBucket({ route: 'GET /guilds/:guild_id/channels', major: 'guild_id' })
  channels(@Req() req: HttpRequest) {
    const guild = botGuild(this.sandbox, snowflakeParam(req, 'guild_id'));
    return this.sandbox.channelsOf(guild.id).map((c) => channelJson(c));
  }

  /** Create Guild Channel: needs Manage Channels, as on Discord. */
  @Post('guilds/:guild_id/channels')
  @HttpCode(201)
  @BotOnly()
  @RateLimitBucket({ route: 'POST /guilds/:guild_id/channels', major: 'guild_id' })
  createChannel(@Req() req: HttpRequest) {
    const guild = botGuild(this.sandbox, snowflakeParam(req, 'guild_id'));
    if (!hasPermission(this.sandbox.permissionsOf(guild.id, this.sandbox.botUserId), Permission.ManageChannels))
      throw DiscordErrors.missingPermissions();
    return channelJson(this.sandbox.createChannel(guild.id, readChannelBody(req.body, this.sandbox, guild.id)));
  }

  @Get('guilds/:guild_id/roles')
  @BotOnly()
  @RateLimitBucket({ route: 'GET /guilds/:guild_id/roles', major: 'guild_id' })
  roles(@Req() req: HttpRequest) {
    return rolesJson(botGuild(this.sandbox, snowflakeParam(req, 'guild_id')).roles);
  }

  @Post('guilds/:guild_id/roles')
  @HttpCode(200)
  @BotOnly()
  @RateLimitBucket({ route: 'POST /guilds/:guild_id/roles', major: 'guild_id' })
  createRole(@Req() req: HttpRequest) {
    const guild = botGuild(this.sandbox, snowflakeParam(req, 'guild_id'));
    const botPermissions = this.sandbox.permissionsOf(guild.id, this.sandbox.botUserId);
    if (!hasPermission(botPermissions, Permission.ManageRoles)) throw DiscordErrors.missingPermissions();
    const input = readRoleBody(req.body, guild);
    // A bot can only hand out permissions it holds itself.
    if ((BigInt(input.permissions) & ~botPermissions) !== 0n) throw DiscordErrors.missingPermissions();
    return roleJson(this.sandbox.createRole(guild.id, input));
  }

  @Get('guilds/:guild_id/members')
  @BotOnly()
  @RateLimitBucket({ route: 'GET /guilds/:guild_id/members', major: 'guild_id' })
  members(@Req() req: HttpRequest) {
    const guild = botGuild(this.sandbox, snowflakeParam(req, 'guild_id'));
    const query = new QueryReader(req);
    const limit = query.int('limit', { min: 1, max: 1000, fallback: 1 });
    const after = query.snowflake('after') ?? '0';
    query.done();
    return [...guild.members]
      .sort((a, b) => (BigInt(a.user_id) < BigInt(b.user_id) ? -1 : 1))
      .filter((m) => BigInt(m.user_id) > BigInt(after))
      .slice(0, limit)
      .flatMap((m) => {
        const user = this.sandbox.user(m.user_id);
        return user ? [memberJson(m, user)] : [];
      });
  }

  /** Prefix match on username, display name or nickname, case-insensitive, like Discord's search. */
  @Get('guilds/:guild_id/members/search')
  @BotOnly()
  @RateLimitBucket({ route: 'GET /guilds/:guild_id/members/search', major: 'guild_id' })
  searchMembers(@Req() req: HttpRequest) {
    const guild = botGuild(this.sandbox, snowflakeParam(req, 'guild_id'));
    const query = new QueryReader(req);
    const text = query.string('query', { min: 1, max: 100, required: true }) ?? '';
    const limit = query.int('limit', { min: 1, max: 1000, fallback: 1 });
    query.done();
    const prefix = text.toLowerCase();
    return guild.members
      .flatMap((m) => {
        const user = this.sandbox.user(m.user_id);
        return user ? [{ m, user }] : [];
      })
      .filter(({ m, user }) => [user.username, user.global_name, m.nick].some((name) => name?.toLowerCase().startsWith(prefix)))
      .slice(0, limit)
      .map(({ m, user }) => memberJson(m, user));
  }

  /**
   * Modify Current Member: the bot's own nickname, guild avatar, banner and bio in this guild, all or none
   * (member-profile.ts reads the body, the service stores it). Answers the member as Get Guild Member does.
   */
  @Patch('guilds/:guild_id/members/@me')
  @HttpCode(200)
  @BotOnly()
  @RateLimitBucket({ route: 'PATCH /guilds/:guild_id/members/@me', major: 'guild_id' })
  modifyCurrentMember(@Req() req: HttpRequest) {
    const guild = botGuild(this.sandbox, snowflakeParam(req, 'guild_id'));
    const member = this.sandbox.modifyCurrentMember(guild.id, readMemberProfile(req.body));
    return memberJson(member, this.sandbox.botUser);
  }

  @Get('guilds/:guild_id/members/:user_id')
  @BotOnly()
  @RateLimitBucket({ route: 'GET /guilds/:guild_id/members/:user_id', major: 'guild_id' })
  member(@Req() req: HttpRequest) {
    const guild = botGuild(this.sandbox, snowflakeParam(req, 'guild_id'));
    const userId = snowflakeParam(req, 'user_id');
    const user = this.sandbox.user(userId);
    if (!user) throw DiscordErrors.unknownUser();
    const member = guild.members.find((m) => m.user_id === userId);
    if (!member) throw DiscordErrors.unknownMember();
    return memberJson(member, user);
  }

  /** Add Guild Member Role: 204; the rules (Manage Roles, below the bot's highest role, not managed) are the service's. */
  @Put('guilds/:guild_id/members/:user_id/roles/:role_id')
  @HttpCode(204)
  @BotOnly()
  @RateLimitBucket({ route: 'PUT /guilds/:guild_id/members/:user_id/roles/:role_id', major: 'guild_id' })
  addMemberRole(@Req() req: HttpRequest): void {
    this.changeMemberRole(req, true);
  }

  /** Remove Guild Member Role: 204, by the same rules. */
  @Delete('guilds/:guild_id/members/:user_id/roles/:role_id')
  @HttpCode(204)
  @BotOnly()
  @RateLimitBucket({ route: 'DELETE /guilds/:guild_id/members/:user_id/roles/:role_id', major: 'guild_id' })
  removeMemberRole(@Req() req: HttpRequest): void {
    this.changeMemberRole(req, false);
  }

  private changeMemberRole(req: HttpRequest, add: boolean): void {
    const guild = botGuild(this.sandbox, snowflakeParam(req, 'guild_id'));
    const userId = snowflakeParam(req, 'user_id');
    const roleId = snowflakeParam(req, 'role_id');
    this.sandbox.changeMemberRole(guild.id, userId, roleId, add);
  }
}
