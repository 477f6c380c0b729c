import { parseRoleMenuCustomId, type RoleChange, type RoleMenuChoice } from '@guildhall/common/role-menu';
import { DiscordErrors } from './discord-errors.js';
import type { DiscordSandboxService } from './sandbox.service.js';
import { reactionPath, sameEmoji } from './reaction-emoji.js';
import type { JsonObject, SandboxGuildRecord, SandboxMessageRecord } from './sandbox.types.js';
import { isSnowflake } from './snowflake.js';
import { botClients, discordError, reasonOf, simulationError, type JsonCall } from './simulation-calls.js';

/** What the person did in the viewer, as a demo member: clicked a button, submitted the select, or clicked a reaction. */
export type RoleMenuAction =
  { type: 'button'; customId: string } | { type: 'select'; customId: string; values: string[] } | { type: 'reaction'; emoji: string };

export interface RoleMenuSimulationRequest {
  userId: string;
  channelId: string;
  messageId: string;
  action: RoleMenuAction;
}

export interface SimulatedRole {
  id: string;
  name: string;
  color: number;
}

/** What the viewer shows: the member's roles before and after, what the menu decided and the private reply. */
export interface SimulatedRoleMenuChoice {
  userId: string;
  userName: string;
  menuId: string;
  /** For a reaction: whether the member's click added it or took it back. */
  reaction?: 'added' | 'removed';
  before: SimulatedRole[];
  after: SimulatedRole[];
  added: string[];
  removed: string[];
  refused: boolean;
  /** The bot's private (ephemeral) reply, null when the menu's reply is off. */
  reply: string | null;
  /** Role changes Discord refused, with its reason (a role above the bot's, say). */
  failed: { roleId: string; code?: number; reason: string }[];
}

const ROLE_MENUS = 'role-menus';
const NOT_A_MENU = 'This message has no role menu of the dashboard on it: deploy one, then try again.';
const NOT_ON_MESSAGE = 'The message has no such button or select menu.';
const REFUSED = 'Discord refused the role change';

/**
 * A member uses a deployed role menu, and the bot does what it does then, over real HTTP as the bot would: it reads
 * the member from Discord (here, the sandbox), asks the app's bot API what the choice changes (`choose`, the
 * dashboard's own rules), applies each role added or removed through Discord's member-role routes (so Discord's rules
 * apply: a role above the bot's is refused), and reads the member again. The menu is named by the component's
 * custom_id, or, for a reaction, found among the guild's menus by the message it is on (the bot API's collection read).
 * A reaction is recorded as the member's (added, or taken back when they had it) before the bot asks.
 */
export class RoleMenuSimulator {
  /** The body of the viewer's request, or a 400 saying what is wrong with it. */
  static read(body: unknown): RoleMenuSimulationRequest {
    const b = (body && typeof body === 'object' ? body : {}) as Record<string, unknown>;
    const action = (b['action'] && typeof b['action'] === 'object' ? b['action'] : {}) as Record<string, unknown>;
    for (const key of ['userId', 'channelId', 'messageId'] as const)
      if (!isSnowflake(b[key])) throw simulationError(400, `${key} must be a Discord id.`);
    const text = (key: string) => (typeof action[key] === 'string' && action[key].length <= 100 ? action[key] : undefined);
    let parsed: RoleMenuAction | undefined;
    if (action['type'] === 'button' && text('customId')) parsed = { type: 'button', customId: text('customId')! };
    else if (action['type'] === 'select' && text('customId') && Array.isArray(action['values']))
      parsed = { type: 'select', customId: text('customId')!, values: action['values'].filter((v): v is string => typeof v === 'string') };
    else if (action['type'] === 'reaction' && text('emoji')) parsed = { type: 'reaction', emoji: text('emoji')! };
    if (!parsed)
      throw simulationError(
        400,
        'action must be a button or select (with its customId, a select with its values) or a reaction (with its emoji).',
      );
    return { userId: b['userId'] as string, channelId: b['channelId'] as string, messageId: b['messageId'] as string, action: parsed };
  }

  constructor(private readonly sandbox: DiscordSandboxService) {}

  async simulate(guildId: string, request: RoleMenuSimulationRequest): Promise<SimulatedRoleMenuChoice> {
    const { app, discord } = botClients(this.sandbox, 'Simulate role menu');
    const guild = this.sandbox.guild(guildId);
    if (!guild) throw DiscordErrors.unknownGuild();
    if (!this.sandbox.hasBot(guildId)) throw simulationError(403, 'The bot is not in this guild: invite it before using a role menu.');
    const channel = this.sandbox.channel(request.channelId);
    if (!channel || channel.guild_id !== guildId) throw DiscordErrors.unknownChannel();
    const message = this.sandbox.message(channel.id, request.messageId);
    if (!message || message.author.type !== 'user' || message.author.user_id !== this.sandbox.botUserId)
      throw DiscordErrors.unknownMessage();
    const { userId } = request;
    const user = this.sandbox.user(userId);
    if (!user || user.bot || !this.sandbox.member(guildId, userId)) throw DiscordErrors.unknownMember();

    const before = await this.memberRoles(discord, guildId, userId);
    let menuId: string;
    let choice: RoleMenuChoice;
    let reaction: SimulatedRoleMenuChoice['reaction'];
    const { action } = request;
    if (action.type === 'reaction') {
      const emoji = this.sandbox.reactionEmoji(action.emoji);
      menuId = await this.menuOnMessage(app, guildId, message.id);
      const had = message.reactions?.some((r) => sameEmoji(r.emoji, emoji) && r.user_ids.includes(userId)) ?? false;
      if (had) this.sandbox.removeReaction(message, emoji, userId);
      else this.sandbox.addReaction(channel, message, emoji, userId);
      reaction = had ? 'removed' : 'added';
      choice = { type: had ? 'reaction-remove' : 'reaction-add', emoji: reactionPath(emoji) };
    } else {
      const component = findComponent(message, action.customId);
      const parsed = parseRoleMenuCustomId(action.customId);
      if (!component || !parsed) throw simulationError(400, NOT_ON_MESSAGE);
      menuId = parsed.menuId;
      if (action.type === 'button') {
        if (component['type'] !== 2 || !parsed.roleId) throw simulationError(400, NOT_ON_MESSAGE);
        choice = { type: 'button', roleId: parsed.roleId };
      } else {
        if (component['type'] !== 3 || parsed.roleId) throw simulationError(400, NOT_ON_MESSAGE);
        choice = { type: 'select', roleIds: selectedValues(component, action.values) };
      }
    }

    const asked = await app(`/guilds/${guildId}/role-menus/${encodeURIComponent(menuId)}/choose`, {
      method: 'POST',
      body: JSON.stringify({ userId, roles: before, choice }),
    });
    if (asked.status === 404) throw simulationError(404, NOT_A_MENU);
    if (asked.status !== 200) throw simulationError(502, `The bot API refused the choice (${asked.status}): ${reasonOf(asked.body)}`);
    const change = asked.body as RoleChange;

    const failed: SimulatedRoleMenuChoice['failed'] = [];
    const apply = async (roleId: string, method: 'PUT' | 'DELETE') => {
      const res = await discord(`/guilds/${guildId}/members/${userId}/roles/${roleId}`, { method });
      if (res.status !== 204) failed.push({ roleId, ...discordError(res.body, REFUSED) });
    };
    for (const roleId of change.remove) await apply(roleId, 'DELETE');
    for (const roleId of change.add) await apply(roleId, 'PUT');
    const after = await this.memberRoles(discord, guildId, userId);

    return {
      userId,
      userName: user.username,
      menuId,
      ...(reaction ? { reaction } : {}),
      before: rolesOf(guild, before),
      after: rolesOf(guild, after),
      added: change.add.filter((id) => !failed.some((f) => f.roleId === id)),
      removed: change.remove.filter((id) => !failed.some((f) => f.roleId === id)),
      refused: change.refused,
      reply: change.reply,
      failed,
    };
  }

  /** The member's role ids, as Discord answers the member. */
  private async memberRoles(discord: JsonCall, guildId: string, userId: string): Promise<string[]> {
    const res = await discord(`/guilds/${guildId}/members/${userId}`);
    if (res.status !== 200) throw simulationError(502, 'Discord did not answer the member.');
    return (res.body as { roles: string[] }).roles;
  }

  /** The guild's role menu deployed on the message, through the bot API's read of the role-menus collection. */
  private async menuOnMessage(app: JsonCall, guildId: string, messageId: string): Promise<string> {
    const res = await app(`/guilds/${guildId}/collections/${ROLE_MENUS}`);
    if (res.status !== 200) throw simulationError(502, `The bot API refused the role menus read (${res.status}): ${reasonOf(res.body)}`);
    const items = (res.body as { items: { id: string; item: { message_id?: string | null } }[] }).items;
    const menu = items.find((entry) => entry.item.message_id === messageId);
    if (!menu) throw simulationError(404, NOT_A_MENU);
    return menu.id;
  }
}

/** A button or select of the message (in its action rows) by custom_id. */
function findComponent(message: SandboxMessageRecord, customId: string): JsonObject | undefined {
  for (const row of message.components) {
    const children = Array.isArray(row['components']) ? (row['components'] as JsonObject[]) : [];
    const found = children.find((c) => c['custom_id'] === customId);
    if (found) return found;
  }
  return undefined;
}

/** Discord's client lets a member submit only the select's own options, between its min and max values. */
function selectedValues(select: JsonObject, values: unknown): string[] {
  const options = (select['options'] as { value: string }[]).map((o) => o.value);
  const chosen = Array.isArray(values) ? [...new Set(values.filter((v): v is string => typeof v === 'string'))] : [];
  const min = Number(select['min_values'] ?? 1);
  const max = Number(select['max_values'] ?? 1);
  if (chosen.some((v) => !options.includes(v)) || chosen.length < min || chosen.length > max)
    throw simulationError(400, `Choose between ${min} and ${max} of the select menu's options.`);
  return chosen;
}

function rolesOf(guild: SandboxGuildRecord, ids: readonly string[]): SimulatedRole[] {
  return [...guild.roles]
    .filter((r) => ids.includes(r.id))
    .sort((a, b) => b.position - a.position)
    .map((r) => ({ id: r.id, name: r.name, color: r.color }));
}
