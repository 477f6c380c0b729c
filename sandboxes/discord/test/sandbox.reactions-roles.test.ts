/**
 * What reaction-role menus need from Discord (issue 28), through the client Guildhall uses (@discordjs/rest): the bot
 * reacts, removes its own or a member's reaction, lists who reacted; messages carry their reactions; members get and
 * lose roles, within Discord's rules (Manage Roles, below the bot's highest role, never managed roles nor @everyone).
 */
import { DiscordAPIError, REST } from '@discordjs/rest';
import { Routes, type APIGuildMember, type APIMessage, type APIUser } from 'discord-api-types/v10';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { SANDBOX_GUILDS, SANDBOX_MEMBER_IDS, SANDBOX_USERS } from '../src/seed.js';
import { startDiscordSandbox, type RunningDiscordSandbox } from '../src/standalone.js';

const community = SANDBOX_GUILDS.community;
const channelId = community.channels.botCommands;
const MEMBER = SANDBOX_USERS.demoMember.id;

describe('Discord sandbox: reactions and member roles', () => {
  let sandbox: RunningDiscordSandbox;
  let rest: REST;

  beforeAll(async () => {
    sandbox = await startDiscordSandbox({ guildsRateLimit: { limit: 1000, windowMs: 1000 } });
    rest = new REST({ api: sandbox.api, version: '10', retries: 0 }).setToken(sandbox.botToken);
  });
  beforeEach(() => sandbox.service.reset());
  afterAll(async () => {
    rest?.clearHashSweeper();
    rest?.clearHandlerSweeper();
    await sandbox?.close();
  });

  async function rejection(call: Promise<unknown>): Promise<DiscordAPIError> {
    try {
      await call;
    } catch (error) {
      if (error instanceof DiscordAPIError) return error;
      throw error;
    }
    throw new Error('expected the call to be refused');
  }

  const post = async () => (await rest.post(Routes.channelMessages(channelId), { body: { content: 'Pick your colour' } })) as APIMessage;
  const read = async (id: string) => (await rest.get(Routes.channelMessage(channelId, id))) as APIMessage;
  const react = (id: string, emoji: string) => rest.put(Routes.channelMessageOwnReaction(channelId, id, encodeURIComponent(emoji)));
  const botRole = () => sandbox.service.guild(community.id)!.roles.find((r) => r.tags?.bot_id === SANDBOX_USERS.bot.id)!;

  describe('reactions', () => {
    it('the bot reacts with a Unicode and a custom emoji: the message shows each with its count and `me`', async () => {
      const message = await post();
      expect(message).not.toHaveProperty('reactions');
      await react(message.id, '🔴');
      await react(message.id, 'guildhall_wave:1100000000000010301');
      await react(message.id, '🔴'); // twice: still one reaction by the bot
      const { reactions } = await read(message.id);
      expect(reactions).toEqual([
        { emoji: { id: null, name: '🔴' }, count: 1, count_details: { burst: 0, normal: 1 }, burst_colors: [], me_burst: false, me: true },
        {
          emoji: { id: '1100000000000010301', name: 'guildhall_wave', animated: false },
          count: 1,
          count_details: { burst: 0, normal: 1 },
          burst_colors: [],
          me_burst: false,
          me: true,
        },
      ]);
    });

    it('a member joins the reaction: the count grows, `me` stays the bot’s, and GET reactions lists both users by id', async () => {
      const message = await post();
      await react(message.id, '👍🏽');
      const record = sandbox.service.message(channelId, message.id)!;
      const channel = sandbox.service.channel(channelId)!;
      sandbox.service.addReaction(channel, record, sandbox.service.reactionEmoji('👍🏽'), MEMBER);
      expect((await read(message.id)).reactions).toMatchObject([{ emoji: { name: '👍🏽' }, count: 2, me: true }]);
      const users = (await rest.get(Routes.channelMessageReaction(channelId, message.id, encodeURIComponent('👍🏽')))) as APIUser[];
      expect(users.map((u) => u.id)).toEqual([MEMBER, SANDBOX_USERS.bot.id].sort((a, b) => (BigInt(a) < BigInt(b) ? -1 : 1)));
      const after = (await rest.get(Routes.channelMessageReaction(channelId, message.id, encodeURIComponent('👍🏽')), {
        query: new URLSearchParams({ after: users[0]!.id, limit: '1' }),
      })) as APIUser[];
      expect(after.map((u) => u.id)).toEqual([users[1]!.id]);
      // Nobody reacted with another emoji: an empty list.
      expect(await rest.get(Routes.channelMessageReaction(channelId, message.id, encodeURIComponent('🔵')))).toEqual([]);
    });

    it('the bot removes its own reaction, then a member’s: the reaction goes with its last user', async () => {
      const message = await post();
      await react(message.id, '🟢');
      const record = sandbox.service.message(channelId, message.id)!;
      sandbox.service.addReaction(sandbox.service.channel(channelId)!, record, sandbox.service.reactionEmoji('🟢'), MEMBER);
      await rest.delete(Routes.channelMessageOwnReaction(channelId, message.id, encodeURIComponent('🟢')));
      expect((await read(message.id)).reactions).toMatchObject([{ count: 1, me: false }]);
      await rest.delete(Routes.channelMessageUserReaction(channelId, message.id, encodeURIComponent('🟢'), MEMBER));
      expect(await read(message.id)).not.toHaveProperty('reactions');
      // Removing a reaction that is not there changes nothing and succeeds, as on Discord.
      await rest.delete(Routes.channelMessageOwnReaction(channelId, message.id, encodeURIComponent('🟢')));
    });

    it('a malformed emoji or a custom one of no guild of the bot: 400 Unknown Emoji (10014)', async () => {
      const message = await post();
      for (const emoji of ['notanemoji', 'ab', 'wave:1999999999999999999', '🔴🔵']) {
        const refused = await rejection(react(message.id, emoji));
        expect({ emoji, status: refused.status, code: refused.code, message: refused.message }).toEqual({
          emoji,
          status: 400,
          code: 10014,
          message: 'Unknown Emoji',
        });
      }
    });

    it('an unknown message: 404 Unknown Message (10008)', async () => {
      const refused = await rejection(react('1100000000000099999', '🔴'));
      expect({ status: refused.status, code: refused.code }).toEqual({ status: 404, code: 10008 });
    });

    it('at most 20 distinct reactions on a message: the 21st is 30010, joining an existing one still works', async () => {
      const message = await post();
      const emoji = [
        '😀',
        '😁',
        '😂',
        '🤣',
        '😃',
        '😄',
        '😅',
        '😆',
        '😉',
        '😊',
        '😋',
        '😎',
        '😍',
        '😘',
        '🥰',
        '😗',
        '😙',
        '😚',
        '🙂',
        '🤗',
      ];
      for (const e of emoji) await react(message.id, e);
      const refused = await rejection(react(message.id, '🤩'));
      expect({ status: refused.status, code: refused.code, message: refused.message }).toEqual({
        status: 400,
        code: 30010,
        message: 'Maximum number of reactions reached (20)',
      });
      const record = sandbox.service.message(channelId, message.id)!;
      sandbox.service.addReaction(sandbox.service.channel(channelId)!, record, sandbox.service.reactionEmoji('😀'), MEMBER);
      expect((await read(message.id)).reactions).toHaveLength(20);
    });

    it('without Add Reactions in the channel the bot cannot start a reaction (50013), but may join one', async () => {
      const message = await post();
      const record = sandbox.service.message(channelId, message.id)!;
      sandbox.service.addReaction(sandbox.service.channel(channelId)!, record, sandbox.service.reactionEmoji('🔵'), MEMBER);
      sandbox.service.channel(channelId)!.permission_overwrites.push({ id: botRole().id, type: 0, allow: '0', deny: String(1n << 6n) });
      const refused = await rejection(react(message.id, '🔴'));
      expect({ status: refused.status, code: refused.code }).toEqual({ status: 403, code: 50013 });
      await react(message.id, '🔵');
      expect((await read(message.id)).reactions).toMatchObject([{ emoji: { name: '🔵' }, count: 2, me: true }]);
    });

    it('in a DM the bot reacts and takes its reaction back, but cannot remove the other person’s (50003)', async () => {
      const dm = (await rest.post(Routes.userChannels(), { body: { recipient_id: MEMBER } })) as { id: string };
      const message = (await rest.post(Routes.channelMessages(dm.id), { body: { content: 'Hi' } })) as APIMessage;
      await rest.put(Routes.channelMessageOwnReaction(dm.id, message.id, encodeURIComponent('👋')));
      const record = sandbox.service.message(dm.id, message.id)!;
      expect(record.reactions!.map((r) => r.user_ids)).toEqual([[SANDBOX_USERS.bot.id]]);
      const refused = await rejection(rest.delete(Routes.channelMessageUserReaction(dm.id, message.id, encodeURIComponent('👋'), MEMBER)));
      expect({ status: refused.status, code: refused.code }).toEqual({ status: 403, code: 50003 });
      await rest.delete(Routes.channelMessageOwnReaction(dm.id, message.id, encodeURIComponent('👋')));
      expect(record.reactions).toEqual([]);
    });

    it('removing a member’s reaction needs Manage Messages (50013)', async () => {
      const message = await post();
      sandbox.service.channel(channelId)!.permission_overwrites.push({ id: botRole().id, type: 0, allow: '0', deny: String(1n << 13n) });
      const refused = await rejection(
        rest.delete(Routes.channelMessageUserReaction(channelId, message.id, encodeURIComponent('🔴'), MEMBER)),
      );
      expect({ status: refused.status, code: refused.code }).toEqual({ status: 403, code: 50013 });
    });
  });

  describe('member roles', () => {
    const roles = community.roles;
    const memberRoles = async (userId = MEMBER) => ((await rest.get(Routes.guildMember(community.id, userId))) as APIGuildMember).roles;

    it('the seeded guild has self-assignable roles below the bot, one ordinary role above it, a managed role and @everyone', () => {
      const guild = sandbox.service.guild(community.id)!;
      const bot = botRole().position;
      const byId = (id: string) => guild.roles.find((r) => r.id === id)!;
      for (const id of [roles.red, roles.green, roles.blue])
        expect(byId(id)).toMatchObject({ managed: false, position: expect.any(Number) });
      expect([roles.red, roles.green, roles.blue].map((id) => byId(id).position < bot)).toEqual([true, true, true]);
      expect(byId(roles.staff)).toMatchObject({ name: 'Staff', managed: false });
      expect(byId(roles.staff).position).toBeGreaterThan(bot);
      expect(byId(roles.booster).managed).toBe(true);
      expect(byId(roles.everyone).name).toBe('@everyone');
      expect(new Set(guild.roles.map((r) => r.id)).size).toBe(guild.roles.length);
      expect(guild.members.find((m) => m.user_id === MEMBER)!.roles).toEqual([]);
    });

    it('PUT adds a role and DELETE removes it (204): the member object shows each change', async () => {
      await rest.put(Routes.guildMemberRole(community.id, MEMBER, roles.red));
      await rest.put(Routes.guildMemberRole(community.id, MEMBER, roles.blue));
      await rest.put(Routes.guildMemberRole(community.id, MEMBER, roles.red)); // again: no duplicate
      expect(await memberRoles()).toEqual([roles.red, roles.blue]);
      await rest.delete(Routes.guildMemberRole(community.id, MEMBER, roles.red));
      await rest.delete(Routes.guildMemberRole(community.id, MEMBER, roles.green)); // not held: nothing changes
      expect(await memberRoles()).toEqual([roles.blue]);
    });

    it('refuses with 50013 a role above the bot’s, the bot’s own role, a managed role and @everyone; the member keeps theirs', async () => {
      for (const roleId of [roles.staff, roles.bot, roles.booster, roles.everyone]) {
        for (const method of ['put', 'delete'] as const) {
          const refused = await rejection(rest[method](Routes.guildMemberRole(community.id, MEMBER, roleId)));
          expect({ roleId, method, status: refused.status, code: refused.code, message: refused.message }).toEqual({
            roleId,
            method,
            status: 403,
            code: 50013,
            message: 'Missing Permissions',
          });
        }
      }
      expect(await memberRoles()).toEqual([]);
    });

    it('a role at the bot’s own position is refused too, one just below is granted', async () => {
      const guild = sandbox.service.guild(community.id)!;
      const green = guild.roles.find((r) => r.id === roles.green)!;
      green.position = botRole().position;
      expect((await rejection(rest.put(Routes.guildMemberRole(community.id, MEMBER, roles.green)))).code).toBe(50013);
      green.position = botRole().position - 1;
      await rest.put(Routes.guildMemberRole(community.id, MEMBER, roles.green));
      expect(await memberRoles()).toEqual([roles.green]);
    });

    it('a bot without Manage Roles: 50013 for every role', async () => {
      const role = botRole();
      role.permissions = (BigInt(role.permissions) & ~(1n << 28n)).toString();
      const refused = await rejection(rest.put(Routes.guildMemberRole(community.id, MEMBER, roles.red)));
      expect({ status: refused.status, code: refused.code }).toEqual({ status: 403, code: 50013 });
      expect(await memberRoles()).toEqual([]);
    });

    it('Unknown Role (10011) and Unknown Member (10007)', async () => {
      const role = await rejection(rest.put(Routes.guildMemberRole(community.id, MEMBER, '1100000000000099999')));
      expect({ status: role.status, code: role.code, message: role.message }).toEqual({
        status: 404,
        code: 10011,
        message: 'Unknown Role',
      });
      const notMember = SANDBOX_MEMBER_IDS['viktor.petrov']!;
      expect(sandbox.service.member(SANDBOX_GUILDS.pixelPainters.id, notMember)).toBeUndefined();
      const member = await rejection(
        rest.put(Routes.guildMemberRole(SANDBOX_GUILDS.pixelPainters.id, notMember, SANDBOX_GUILDS.pixelPainters.roles.artist)),
      );
      expect({ status: member.status, code: member.code, message: member.message }).toEqual({
        status: 404,
        code: 10007,
        message: 'Unknown Member',
      });
    });
  });
});
