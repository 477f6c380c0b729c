import 'reflect-metadata';
import { OverwriteType, PermissionFlagsBits as P } from 'discord-api-types/v10';
import { describe, expect, it } from 'vitest';
import type { DiscordMember, DiscordRole } from '../src/discord/discord.types.js';
import { allows, channelPermissions } from '../src/role-menus/channel-permissions.js';

// The bot's permissions in a channel, Discord's way: the guild's (@everyone OR its roles; owner and Administrator see
// all), then the channel's @everyone overwrite, its roles' overwrites together, its own overwrite; nothing without
// View Channel. Each case changes one thing from a bot that may see and post.

const GUILD = { id: '1100000000000090000', owner_id: '1100000000000090001' };
const BOT = '1100000000000090002';
const BOT_ROLE = '1100000000000090201';
const OTHER_ROLE = '1100000000000090202';
const bits = (...flags: bigint[]) => flags.reduce((all, flag) => all | flag, 0n).toString();
const role = (id: string, permissions: string, position: number): DiscordRole =>
  ({ id, name: id, permissions, position, managed: false }) as unknown as DiscordRole;
const roles = (everyone: string, bot: string, other = '0') => [
  role(GUILD.id, everyone, 0),
  role(BOT_ROLE, bot, 2),
  role(OTHER_ROLE, other, 1),
];
const member = (ids = [BOT_ROLE, OTHER_ROLE]) => ({ roles: ids }) as DiscordMember;
const overwrite = (id: string, type: OverwriteType, allow: bigint[], deny: bigint[] = []) => ({
  id,
  type,
  allow: bits(...allow),
  deny: bits(...deny),
});
const SEE_AND_POST = bits(P.ViewChannel, P.SendMessages);

const inChannel = (
  overwrites: ReturnType<typeof overwrite>[],
  everyone = SEE_AND_POST,
  bot = bits(P.ManageRoles),
  userId = BOT,
  guild = GUILD,
) => channelPermissions(guild, roles(everyone, bot), member(), userId, { permission_overwrites: overwrites });
const can = (permissions: ReturnType<typeof inChannel>, flag: bigint) => allows(permissions, flag);

describe("the bot's permissions in a channel, computed Discord's way", () => {
  it("starts from the guild's: @everyone OR the member's roles, with no overwrites", () => {
    const p = inChannel([]);
    expect([can(p, P.ViewChannel), can(p, P.SendMessages), can(p, P.ManageRoles), can(p, P.AddReactions)]).toEqual([
      true,
      true,
      true,
      false,
    ]);
  });

  it("applies @everyone's overwrite first: its deny takes away, its allow gives", () => {
    const p = inChannel([overwrite(GUILD.id, OverwriteType.Role, [P.AddReactions], [P.SendMessages])]);
    expect([can(p, P.SendMessages), can(p, P.AddReactions)]).toEqual([false, true]);
  });

  it("then the member's roles' overwrites together: an allow of one role beats a deny of another, and wins over @everyone's deny", () => {
    const p = inChannel([
      overwrite(GUILD.id, OverwriteType.Role, [], [P.SendMessages, P.EmbedLinks]),
      overwrite(BOT_ROLE, OverwriteType.Role, [P.SendMessages]),
      overwrite(OTHER_ROLE, OverwriteType.Role, [], [P.SendMessages]),
    ]);
    expect([can(p, P.SendMessages), can(p, P.EmbedLinks)]).toEqual([true, false]);
  });

  it('ignores the overwrites of roles the member lacks and of other members', () => {
    const p = channelPermissions(GUILD, roles(SEE_AND_POST, '0'), member([BOT_ROLE]), BOT, {
      permission_overwrites: [
        overwrite(OTHER_ROLE, OverwriteType.Role, [], [P.SendMessages]),
        overwrite('1100000000000090003', OverwriteType.Member, [], [P.ViewChannel]),
      ],
    });
    expect([can(p, P.ViewChannel), can(p, P.SendMessages)]).toEqual([true, true]);
  });

  it("applies the member's own overwrite last, over its roles'", () => {
    const p = inChannel([
      overwrite(BOT_ROLE, OverwriteType.Role, [P.AddReactions], [P.SendMessages]),
      overwrite(BOT, OverwriteType.Member, [P.SendMessages], [P.AddReactions]),
    ]);
    expect([can(p, P.SendMessages), can(p, P.AddReactions)]).toEqual([true, false]);
  });

  it('gives nothing in a channel the member cannot see', () => {
    const p = inChannel([overwrite(BOT_ROLE, OverwriteType.Role, [], [P.ViewChannel])]);
    expect(p).toEqual({ all: false, bits: 0n });
    expect(can(p, P.SendMessages)).toBe(false);
  });

  it('lets Administrator (from any role) and the owner through every overwrite', () => {
    const deniedAll = [
      overwrite(GUILD.id, OverwriteType.Role, [], [P.ViewChannel, P.SendMessages]),
      overwrite(BOT, OverwriteType.Member, [], [P.ViewChannel]),
    ];
    const admin = inChannel(deniedAll, SEE_AND_POST, bits(P.Administrator));
    expect([admin.all, can(admin, P.SendMessages), can(admin, P.AddReactions)]).toEqual([true, true, true]);
    const owner = inChannel(deniedAll, SEE_AND_POST, '0', BOT, { ...GUILD, owner_id: BOT });
    expect([owner.all, can(owner, P.ViewChannel)]).toEqual([true, true]);
    const neither = inChannel(deniedAll);
    expect([neither.all, can(neither, P.ViewChannel)]).toEqual([false, false]);
  });
});
