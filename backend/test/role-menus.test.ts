import 'reflect-metadata';
import { SNOWFLAKE } from '@guildhall/common/discord/ids';
import { parseRoleMenuCustomId } from '@guildhall/common/role-menu';
import { collections } from '@guildhall/generated/collections';
import { openapi } from '@guildhall/generated/openapi';
import { fillRefusal, refusals } from '@guildhall/generated/refusals';
import { Ajv2020 } from 'ajv/dist/2020.js';
import * as discord from 'discord-api-spec/zod';
import { PermissionFlagsBits as P } from 'discord-api-types/v10';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DiscordSandboxService } from '@guildhall/sandbox-discord/sandbox.service';
import { DiscordService } from '../src/discord/discord.service.js';
import { SANDBOX_GUILDS, SANDBOX_USERS } from '@guildhall/sandbox-discord/seed';
import type { TestBrowser } from './support/browser.js';
import { startTestApp, tempDataDir } from './support/app.js';

// Role menus over real HTTP (issue 28): the item schema's limits through the collections API, the engine's reference
// check (another guild's channel or role, a managed role or @everyone where members are given it), the pre-flight of
// every menu from the guild as the Discord sandbox has it, and Deploy / Redeploy read back through the sandbox's
// Discord API with the bot token.

type App = Awaited<ReturnType<typeof startTestApp>>;
const GUILD: string = SANDBOX_GUILDS.community.id;
const CHANNELS = SANDBOX_GUILDS.community.channels;
const ROLES = SANDBOX_GUILDS.community.roles;
const OTHER = SANDBOX_GUILDS.pixelPainters;
const MENUS = collections['role-menus'];

const ajv = new Ajv2020({ strict: false, validateFormats: false, allErrors: true });
/** Validates an answer against a component of the OpenAPI document (what is served is what is documented). */
const documented = (name: string, answer: unknown) => {
  const validate = ajv.compile({
    $ref: `#/components/schemas/${name}`,
    components: (openapi as unknown as { components: object }).components,
  });
  return { valid: validate(structuredClone(answer)), errors: validate.errors ?? null };
};

/** Discord writes +00:00; the package's datetime check wants Z for the same instant (as in sandbox.conformance.test.ts). */
function withUtcTimestamps(value: unknown): unknown {
  if (typeof value === 'string')
    return /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?\+00:00$/.test(value) ? value.replace(/\+00:00$/, 'Z') : value;
  if (Array.isArray(value)) return value.map(withUtcTimestamps);
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, withUtcTimestamps(v)]));
  return value;
}
/** Problems Discord's own message schema (discord-api-spec) finds in a message; [] when it conforms. */
const messageProblems = (message: unknown): string[] => {
  const result = discord.MessageResponseSchema.safeParse(withUtcTimestamps(message));
  return result.success ? [] : result.error.issues.map((i) => `/${i.path.join('/')} ${i.message}`);
};

type Item = Record<string, any>;
type Warning = { code: string; message: string; fix: string; blocking: boolean; path?: string };
/** Role ids of the right shape the guild does not have (the schema's limits are checked before the guild is asked). */
const fakeRole = (i: number) => `11000000000000${String(90000 + i)}`;
const emoji = (i: number) => String.fromCodePoint(0x1f600 + i);
const button = (roleId: string, label: string, row = 1) => ({ role_id: roleId, label, row });

describe('role menus over real HTTP (PGlite + Discord sandbox)', () => {
  const data = tempDataDir();
  let app: App;
  let owner: TestBrowser;
  let sandbox: DiscordSandboxService;

  const base = `/api/guild/${GUILD}`;
  const save = (item: Item, guild = GUILD) => owner.json(`/api/guild/${guild}/collections/role-menus`, { method: 'POST', json: { item } });
  const create = async (item: Item, guild = GUILD) => {
    const res = await save(item, guild);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body as { id: string; version: number; item: Item };
  };
  const getMenu = (id: string) => owner.json(`${base}/collections/role-menus/${id}`);
  const update = async (id: string, change: (item: Item) => Item) => {
    const current = (await getMenu(id)).body;
    const res = await owner.json(`${base}/collections/role-menus/${id}`, {
      method: 'PUT',
      json: { version: current.version, item: change(current.item) },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  };
  const preflight = async (browser = owner) => browser.json(`${base}/role-menus/preflight`);
  const warningsOf = async (id: string): Promise<Warning[]> => {
    const { status, body } = await preflight();
    expect(status).toBe(200);
    return body.menus[id];
  };
  const deploy = (id: string, browser = owner, csrf = true) => browser.json(`${base}/role-menus/${id}/deploy`, { method: 'POST', csrf });
  /** The bot calls the sandbox's Discord API, as it would call Discord. */
  const asBot = async (method: string, path: string, json?: unknown) => {
    const res = await fetch(`${app.config.discord.apiBase}/v10${path}`, {
      method,
      headers: { authorization: `Bot ${app.config.discord.botToken}`, ...(json ? { 'content-type': 'application/json' } : {}) },
      ...(json ? { body: JSON.stringify(json) } : {}),
    });
    const text = await res.text();
    return { status: res.status, body: text ? JSON.parse(text) : undefined };
  };
  const readMessage = (channelId: string, messageId: string) => asBot('GET', `/channels/${channelId}/messages/${messageId}`);
  const postedCount = () => sandbox.allPostedMessages().length;
  const guildRecord = () => sandbox.guild(GUILD)!;
  const roleRecord = (id: string) => guildRecord().roles.find((r) => r.id === id)!;
  /** Runs `body` with the sandbox's guild changed by `change` (undone after, whatever happens). */
  const withGuild = async (change: () => () => void, body: () => Promise<void>) => {
    const undo = change();
    try {
      await body();
    } finally {
      undo();
    }
  };
  /** A role of the guild above the bot's highest role, for the length of `body`. */
  const withRoleAboveBot = (roleId: string, body: () => Promise<void>) =>
    withGuild(() => {
      const role = roleRecord(roleId);
      const before = role.position;
      role.position = roleRecord(ROLES.bot).position + 1;
      return () => (role.position = before);
    }, body);
  /** The bot's role's permission overwrite in a channel, for the length of `body`. */
  const withBotOverwrite = (channelId: string, overwrite: { allow?: bigint[]; deny?: bigint[] }, body: () => Promise<void>) =>
    withGuild(() => {
      const channel = sandbox.channel(channelId)!;
      const before = channel.permission_overwrites;
      const bits = (flags: bigint[] = []) => flags.reduce((all, flag) => all | flag, 0n).toString();
      channel.permission_overwrites = [
        ...before.filter((o) => o.id !== ROLES.bot),
        { id: ROLES.bot, type: 0, allow: bits(overwrite.allow), deny: bits(overwrite.deny) },
      ];
      return () => (channel.permission_overwrites = before);
    }, body);

  const buttons = (extra: Item = {}) => ({
    title: 'Colours',
    channel_id: CHANNELS.general,
    kind: 'buttons',
    options: [button(ROLES.regular, 'Regular'), button(ROLES.eventHost, 'Events', 2)],
    ...extra,
  });

  beforeAll(async () => {
    app = await startTestApp({ DATA_DIR: data.dir });
    sandbox = app.app.get(DiscordSandboxService);
    owner = app.browser();
    await owner.signIn('demo-owner');
    await owner.json('/api/user'); // primes the XSRF-TOKEN cookie
  });
  afterAll(async () => {
    await app?.close();
    data.remove();
  });

  describe("the item schema's limits, through the collections API", () => {
    const refused = async (item: Item, path: string, message: string) => {
      const { status, body } = await save({ title: 'Too much', channel_id: CHANNELS.general, ...item });
      expect(status, path).toBe(400);
      expect(body.fieldErrors, path).toContainEqual({ path, message });
    };

    it('refuses a 21st reaction, a 26th button or select option, a 6th button in a row, and fewer choices above most', async () => {
      const reactions = Array.from({ length: 21 }, (_, i) => ({ role_id: fakeRole(i), emoji: emoji(i) }));
      await refused({ kind: 'reactions', options: reactions }, '/item/options', 'A message holds at most 20 different reactions');
      const many = Array.from({ length: 26 }, (_, i) => button(fakeRole(i), `B${i}`, (i % 5) + 1));
      await refused({ kind: 'buttons', options: many }, '/item/options', 'A menu holds at most 25 options');
      await refused({ kind: 'select', options: many }, '/item/options', 'A menu holds at most 25 options');
      const row = Array.from({ length: 6 }, (_, i) => button(fakeRole(i), `B${i}`, 3));
      await refused(
        { kind: 'buttons', options: row },
        '/item/options/5/row',
        'A row holds at most 5 buttons: move this one to another row',
      );
      await refused(
        { kind: 'select', min_values: 3, max_values: 2 },
        '/item/min_values',
        'Fewest choices must not be more than most choices',
      );
    });

    it('takes what the limits allow: 20 reactions pass the schema (the guild then names ids it lacks), 5 buttons in a row, as many fewest as most', async () => {
      const twenty = Array.from({ length: 20 }, (_, i) => ({ role_id: fakeRole(i), emoji: emoji(i) }));
      const { status, body } = await save({ title: 'Twenty', channel_id: CHANNELS.general, kind: 'reactions', options: twenty });
      expect(status).toBe(400);
      expect(body.fieldErrors).toHaveLength(20);
      expect(body.fieldErrors[19]).toEqual({ path: '/item/options/19/role_id', message: 'This role is not in this server' });
      const extra = [];
      for (const name of ['Row four', 'Row five']) extra.push((await asBot('POST', `/guilds/${GUILD}/roles`, { name })).body.id as string);
      const roles = [ROLES.regular, ROLES.eventHost, ROLES.moderator, ...extra];
      const fits = await create({
        title: 'Full row',
        channel_id: CHANNELS.general,
        kind: 'buttons',
        options: roles.map((id, i) => button(id, `B${i}`, 5)),
        min_values: 2,
        max_values: 2,
      });
      expect(fits.item.options).toHaveLength(5);
    });
  });

  describe("the engine's reference check", () => {
    it("refuses another guild's channel and role, a voice channel and a role the guild does not have, at their paths", async () => {
      const cases: [Item, string, string][] = [
        [{ channel_id: OTHER.channels.general }, '/item/channel_id', 'This channel is not in this server'],
        [{ channel_id: CHANNELS.lounge }, '/item/channel_id', 'Please select a text or announcement channel for the menu'],
        [{ options: [button(OTHER.roles.bot, 'Theirs')] }, '/item/options/0/role_id', 'This role is not in this server'],
        [{ required_roles: [OTHER.roles.everyone] }, '/item/required_roles/0', 'This role is not in this server'],
      ];
      for (const [change, path, message] of cases) {
        const { status, body } = await save(buttons(change));
        expect(status, path).toBe(400);
        expect(body, path).toMatchObject({ success: false, fieldErrors: [{ path, message }] });
      }
    });

    it("refuses the bot's managed role, a booster role and @everyone as an option's role, but takes them as required roles", async () => {
      const message = 'This role is managed by an integration or is @everyone: members cannot be given it';
      for (const roleId of [ROLES.bot, ROLES.booster, ROLES.everyone]) {
        const { status, body } = await save(buttons({ options: [button(ROLES.regular, 'Fine'), button(roleId, 'Not given')] }));
        expect(status, roleId).toBe(400);
        expect(body.fieldErrors, roleId).toEqual([{ path: '/item/options/1/role_id', message }]);
      }
      // Members are not given a required role: any of the guild's roles may be one.
      const ok = await create(buttons({ required_roles: [ROLES.booster, ROLES.everyone] }));
      expect(ok.item.required_roles).toEqual([ROLES.booster, ROLES.everyone]);
      // An update checks it too.
      const { status, body } = await owner.json(`${base}/collections/role-menus/${ok.id}`, {
        method: 'PUT',
        json: { version: ok.version, item: { ...ok.item, options: [button(ROLES.bot, 'Bot')] } },
      });
      expect(status).toBe(400);
      expect(body.fieldErrors).toEqual([{ path: '/item/options/0/role_id', message }]);
    });
  });

  describe('the pre-flight', () => {
    it('lists every menu of the guild by id, with no warning for a menu that will work, in the documented shape', async () => {
      const fine = await create(buttons());
      const { status, body } = await preflight();
      expect(status).toBe(200);
      expect(body.success).toBe(true);
      expect(body.menus[fine.id]).toEqual([]);
      expect(documented('RoleMenuPreflight', body)).toEqual({ valid: true, errors: null });
      const ids = ((await owner.json(`${base}/collections/role-menus`)).body.items as { id: string }[]).map((i) => i.id);
      expect(Object.keys(body.menus)).toEqual(ids);
    });

    it("reads the guild's channels, roles and the bot's member once per call, however many menus there are", async () => {
      for (const title of ['One', 'Two', 'Three']) await create(buttons({ title }));
      const discordService = app.app.get(DiscordService);
      const calls: string[] = [];
      const originals = {
        channels: discordService.channels,
        roles: discordService.roles,
        member: discordService.member,
        guild: discordService.guild,
      };
      for (const name of Object.keys(originals) as (keyof typeof originals)[]) {
        const original = originals[name] as (...args: unknown[]) => unknown;
        (discordService as unknown as Record<string, unknown>)[name] = (...args: unknown[]) => {
          calls.push(name);
          return original.apply(discordService, args);
        };
      }
      try {
        const { status, body } = await preflight();
        expect(status).toBe(200);
        expect(Object.keys(body.menus).length).toBeGreaterThanOrEqual(3);
      } finally {
        Object.assign(discordService, originals);
      }
      expect(calls.sort()).toEqual(['channels', 'guild', 'member', 'roles']);
    });

    it("warns of a role at or above the bot's highest role, blocking, at the option's role", async () => {
      const menu = await create(buttons({ options: [button(ROLES.regular, 'Regular'), button(ROLES.moderator, 'Mods')] }));
      await withRoleAboveBot(ROLES.moderator, async () => {
        expect(await warningsOf(menu.id)).toEqual([
          {
            code: 'role_above_bot',
            message: "@Moderator is at or above the bot's highest role (@Guildhall): the bot cannot give it.",
            fix: "Move the bot's role above @Moderator in Server Settings > Roles, or choose a lower role.",
            blocking: true,
            path: '/options/1/role_id',
          },
        ]);
      });
      expect(await warningsOf(menu.id)).toEqual([]);
    });

    it('warns of a managed role or @everyone stored before the engine refused them, and of a role deleted since', async () => {
      const record = await app.storage.records.insert(MENUS.storageKey, {
        guildId: GUILD,
        data: {
          ...MENUS.defaults,
          channel_id: CHANNELS.general,
          options: [button(ROLES.booster, 'Boost'), button(ROLES.everyone, 'All', 2)],
        },
      });
      const unassignable = await warningsOf(record.id);
      expect(unassignable.map((w) => [w.code, w.path, w.blocking, w.message])).toEqual([
        [
          'role_unassignable',
          '/options/0/role_id',
          true,
          '@Server Booster is managed by an integration or is @everyone: members cannot be given it.',
        ],
        [
          'role_unassignable',
          '/options/1/role_id',
          true,
          '@everyone is managed by an integration or is @everyone: members cannot be given it.',
        ],
      ]);
      expect(unassignable[0]!.fix).toBe(refusals.roleMenuRoleUnassignableFix);

      // A role the bot creates, saved in a menu, then deleted in Discord.
      const created = await asBot('POST', `/guilds/${GUILD}/roles`, { name: 'Short-lived' });
      expect(created.status).toBe(200);
      const menu = await create(buttons({ options: [button(ROLES.regular, 'Regular'), button(created.body.id, 'Gone soon')] }));
      expect(await warningsOf(menu.id)).toEqual([]);
      guildRecord().roles = guildRecord().roles.filter((r) => r.id !== created.body.id);
      expect(await warningsOf(menu.id)).toEqual([
        {
          code: 'role_deleted',
          message: 'The role of option 2 no longer exists.',
          fix: 'Choose another role for option 2, or remove it.',
          blocking: true,
          path: '/options/1/role_id',
        },
      ]);
    });

    it('warns of the channel deleted since, and of a channel that is no longer of a type the menu takes', async () => {
      const created = await asBot('POST', `/guilds/${GUILD}/channels`, { name: 'roles-here', type: 0 });
      expect(created.status).toBe(201);
      const menu = await create(buttons({ channel_id: created.body.id }));
      expect(await warningsOf(menu.id)).toEqual([]);
      expect((await asBot('DELETE', `/channels/${created.body.id}`)).status).toBe(200);
      expect(await warningsOf(menu.id)).toEqual([
        {
          code: 'channel_deleted',
          message: refusals.roleMenuChannelDeleted,
          fix: refusals.roleMenuChannelDeletedFix,
          blocking: true,
          path: '/channel_id',
        },
      ]);

      const typed = await asBot('POST', `/guilds/${GUILD}/channels`, { name: 'was-text', type: 0 });
      const other = await create(buttons({ channel_id: typed.body.id }));
      sandbox.channel(typed.body.id)!.type = 2;
      expect(await warningsOf(other.id)).toEqual([
        {
          code: 'channel_type',
          message: 'Please select a text or announcement channel for the menu',
          fix: refusals.roleMenuChannelTypeFix,
          blocking: true,
          path: '/channel_id',
        },
      ]);
    });

    it('warns, without blocking, that a deployed message was deleted; Deploy then posts it anew', async () => {
      const menu = await create(buttons());
      const first = await deploy(menu.id);
      expect(first.status).toBe(200);
      expect((await asBot('DELETE', `/channels/${CHANNELS.general}/messages/${first.body.message_id}`)).status).toBe(204);
      expect(await warningsOf(menu.id)).toEqual([
        { code: 'message_gone', message: refusals.roleMenuMessageGone, fix: refusals.roleMenuMessageGoneFix, blocking: false },
      ]);
      const again = await deploy(menu.id);
      expect(again.status).toBe(200);
      expect(again.body).toMatchObject({ redeployed: false });
      expect(again.body.message_id).not.toBe(first.body.message_id);
      expect(await warningsOf(menu.id)).toEqual([]);
    });

    it('warns when the bot lacks Manage Roles in the server, for every menu, blocking', async () => {
      const menu = await create(buttons());
      await withGuild(
        () => {
          const role = roleRecord(ROLES.bot);
          const before = role.permissions;
          role.permissions = (BigInt(before) & ~P.ManageRoles).toString();
          return () => (role.permissions = before);
        },
        async () => {
          const { body } = await preflight();
          expect(body.menus[menu.id]).toEqual([
            {
              code: 'bot_missing_permission',
              message: refusals.roleMenuBotLacksManageRoles,
              fix: refusals.roleMenuBotLacksManageRolesFix,
              blocking: true,
            },
          ]);
          for (const warnings of Object.values(body.menus) as Warning[][])
            expect(warnings.map((w) => w.code)).toContain('bot_missing_permission');
        },
      );
    });

    it("warns of each permission the bot lacks in the channel, computed from the channel's overwrites", async () => {
      const channel = (refusal: string) => fillRefusal(refusal, { channel: 'media' });
      const fix = fillRefusal(refusals.roleMenuBotLacksChannelPermissionFix, { channel: 'media' });
      const lacking = (message: string) => ({
        code: 'bot_missing_permission',
        message: channel(message),
        fix,
        blocking: true,
        path: '/channel_id',
      });
      const reactions = await create({
        title: 'React',
        channel_id: CHANNELS.media,
        kind: 'reactions',
        options: [{ role_id: ROLES.regular, emoji: '🔴' }],
      });
      const plain = await create(buttons({ channel_id: CHANNELS.media, embed: {}, content: 'Pick one' }));
      await withBotOverwrite(CHANNELS.media, { deny: [P.SendMessages, P.EmbedLinks, P.AddReactions, P.ReadMessageHistory] }, async () => {
        expect(await warningsOf(reactions.id)).toEqual([
          lacking(refusals.roleMenuBotLacksSendMessages),
          lacking(refusals.roleMenuBotLacksReadMessageHistory),
          lacking(refusals.roleMenuBotLacksEmbedLinks),
          lacking(refusals.roleMenuBotLacksAddReactions),
        ]);
        // No embed and no reactions: neither permission is needed.
        expect(await warningsOf(plain.id)).toEqual([
          lacking(refusals.roleMenuBotLacksSendMessages),
          lacking(refusals.roleMenuBotLacksReadMessageHistory),
        ]);
      });
      // Unable to see the channel, the bot lacks everything there: that one is named.
      await withBotOverwrite(CHANNELS.media, { deny: [P.ViewChannel] }, async () => {
        expect(await warningsOf(plain.id)).toEqual([lacking(refusals.roleMenuBotLacksViewChannel)]);
      });
      // #announcements denies @everyone Send Messages and allows it to the bot's role: nothing to say.
      const announcements = await create(buttons({ channel_id: CHANNELS.announcements }));
      expect(await warningsOf(announcements.id)).toEqual([]);
    });

    it('warns of a menu without options and of a reaction menu with nothing to show, blocking', async () => {
      const empty = await create(buttons({ options: [] }));
      expect(await warningsOf(empty.id)).toEqual([
        { code: 'no_options', message: refusals.roleMenuNoOptions, fix: refusals.roleMenuNoOptionsFix, blocking: true, path: '/options' },
      ]);
      const blank = await create({
        title: 'Blank',
        channel_id: CHANNELS.general,
        kind: 'reactions',
        content: '',
        embed: {},
        options: [{ role_id: ROLES.regular, emoji: '🔴' }],
      });
      expect(await warningsOf(blank.id)).toEqual([
        {
          code: 'empty_message',
          message: refusals.roleMenuEmptyMessage,
          fix: refusals.roleMenuEmptyMessageFix,
          blocking: true,
          path: '/content',
        },
      ]);
    });

    it("informs, without blocking, that a select's choices are clamped to its options", async () => {
      const select = await create({
        title: 'Pick',
        channel_id: CHANNELS.general,
        kind: 'select',
        min_values: 1,
        max_values: 5,
        options: [
          { role_id: ROLES.regular, label: 'Regular' },
          { role_id: ROLES.eventHost, label: 'Events' },
        ],
      });
      expect(await warningsOf(select.id)).toEqual([
        {
          code: 'select_clamped',
          message: 'The menu has 2 options: members choose between 1 and 2 of them, not 1 to 5.',
          fix: refusals.roleMenuSelectClampedFix,
          blocking: false,
          path: '/max_values',
        },
      ]);
    });

    it('needs a signed-in manager of the guild', async () => {
      const member = app.browser();
      await member.signIn('demo-member');
      expect((await preflight(member)).status).toBe(403);
      expect((await preflight(app.browser())).status).toBe(401);
    });
  });

  describe('Deploy', () => {
    it("posts a button menu whose custom_ids name the menu and each role, as Discord's message schema describes, and keeps the message id", async () => {
      const menu = await create(
        buttons({ content: 'Choose a colour', options: [button(ROLES.regular, 'Regular'), button(ROLES.eventHost, 'Events', 2)] }),
      );
      const { status, body } = await deploy(menu.id);
      expect(status).toBe(200);
      expect(body).toMatchObject({
        success: true,
        id: menu.id,
        version: 2,
        channel_id: CHANNELS.general,
        redeployed: false,
        warnings: [],
        item: { ...menu.item, message_id: body.message_id, deployed: true, updated_at: expect.any(String) },
      });
      expect(body.message_id).toMatch(SNOWFLAKE);
      expect(documented('RoleMenuDeployResponse', body)).toEqual({ valid: true, errors: null });
      expect((await getMenu(menu.id)).body).toMatchObject({ version: 2, item: { message_id: body.message_id, deployed: true } });

      const message = (await readMessage(CHANNELS.general, body.message_id)).body;
      expect(message.author).toMatchObject({ id: SANDBOX_USERS.bot.id, bot: true });
      expect(message.content).toBe('Choose a colour');
      expect(message.embeds[0]).toMatchObject({ title: 'Pick your roles' });
      expect(
        message.components.map((row: Item) => row.components.map((c: Item) => [c.type, c.label, parseRoleMenuCustomId(c.custom_id)])),
      ).toEqual([
        [[2, 'Regular', { menuId: menu.id, roleId: ROLES.regular }]],
        [[2, 'Events', { menuId: menu.id, roleId: ROLES.eventHost }]],
      ]);
      expect(messageProblems(message)).toEqual([]);
      // The check can fail: a drifted id does not pass.
      expect(messageProblems({ ...message, id: Number(message.id) })).not.toEqual([]);
    });

    it("posts a select menu with its options and bounds clamped to them, and says so in the deploy's warnings", async () => {
      const menu = await create({
        title: 'Pick',
        channel_id: CHANNELS.general,
        kind: 'select',
        placeholder: 'Your roles',
        max_values: 25,
        options: [
          { role_id: ROLES.regular, label: 'Regular', description: 'Been here a while', emoji: '⭐' },
          { role_id: ROLES.eventHost, label: 'Events' },
        ],
      });
      const { status, body } = await deploy(menu.id);
      expect(status).toBe(200);
      expect(body.warnings.map((w: Warning) => w.code)).toEqual(['select_clamped']);
      const message = (await readMessage(CHANNELS.general, body.message_id)).body;
      const [select] = message.components[0].components;
      expect(select).toMatchObject({
        type: 3,
        custom_id: `rolemenu:${menu.id}`,
        placeholder: 'Your roles',
        min_values: 0,
        max_values: 2,
        options: [
          { label: 'Regular', value: ROLES.regular, description: 'Been here a while', emoji: { name: '⭐' } },
          { label: 'Events', value: ROLES.eventHost },
        ],
      });
      expect(messageProblems(message)).toEqual([]);
    });

    it('Redeploy edits the same message in place with the saved changes, content cleared included', async () => {
      const menu = await create(buttons({ content: 'Before' }));
      const first = (await deploy(menu.id)).body;
      await update(menu.id, (item) => ({ ...item, content: '', options: [button(ROLES.moderator, 'Mods', 3)] }));
      const posted = postedCount();
      const again = await deploy(menu.id);
      expect(again.status).toBe(200);
      expect(again.body).toMatchObject({ redeployed: true, message_id: first.message_id, version: 4 });
      expect(postedCount()).toBe(posted);
      const message = (await readMessage(CHANNELS.general, first.message_id)).body;
      expect(message.content).toBe('');
      expect(message.components).toHaveLength(1);
      expect(message.components[0].components[0]).toMatchObject({ label: 'Mods', custom_id: `rolemenu:${menu.id}:${ROLES.moderator}` });
      expect(message.edited_timestamp).toEqual(expect.any(String));
    });

    it("adds a reaction menu's reactions as the bot, and on Redeploy takes back its own that are no longer options", async () => {
      const wave = `<:guildhall_wave:${BigInt(GUILD) + 301n}>`;
      const menu = await create({
        title: 'React',
        channel_id: CHANNELS.general,
        kind: 'reactions',
        content: 'React for a role',
        options: [
          { role_id: ROLES.regular, emoji: '🔴' },
          { role_id: ROLES.eventHost, emoji: wave },
        ],
      });
      const first = await deploy(menu.id);
      expect(first.status, JSON.stringify(first.body)).toBe(200);
      const reactionsOf = async () =>
        ((await readMessage(CHANNELS.general, first.body.message_id)).body.reactions ?? []).map((r: Item) => [
          r.emoji.name,
          r.emoji.id,
          r.count,
          r.me,
        ]);
      expect(await reactionsOf()).toEqual([
        ['🔴', null, 1, true],
        ['guildhall_wave', String(BigInt(GUILD) + 301n), 1, true],
      ]);
      const message = (await readMessage(CHANNELS.general, first.body.message_id)).body;
      expect(message.components).toEqual([]);
      expect(messageProblems(message)).toEqual([]);

      await update(menu.id, (item) => ({
        ...item,
        options: [
          { role_id: ROLES.eventHost, emoji: wave },
          { role_id: ROLES.moderator, emoji: '🔵' },
        ],
      }));
      const again = await deploy(menu.id);
      expect(again.status, JSON.stringify(again.body)).toBe(200);
      expect(again.body).toMatchObject({ redeployed: true, message_id: first.body.message_id });
      expect(await reactionsOf()).toEqual([
        ['guildhall_wave', String(BigInt(GUILD) + 301n), 1, true],
        ['🔵', null, 1, true],
      ]);
      // Turned into a button menu, it keeps none of the bot's reactions.
      await update(menu.id, (item) => ({ ...item, kind: 'buttons', options: [button(ROLES.moderator, 'Mods')] }));
      expect((await deploy(menu.id)).status).toBe(200);
      expect(await reactionsOf()).toEqual([]);
    });

    it("passes on Discord's refusal of a reaction as 502 with its reason, keeping the posted message for Redeploy", async () => {
      const menu = await create({
        title: 'Unknown emoji',
        channel_id: CHANNELS.general,
        kind: 'reactions',
        content: 'React',
        options: [{ role_id: ROLES.regular, emoji: '<:nowhere:1100000000000099999>' }],
      });
      const { status, body } = await deploy(menu.id);
      expect(status).toBe(502);
      expect(body).toEqual({ success: false, error: 'Discord request failed: Unknown Emoji' });
      const stored = (await getMenu(menu.id)).body.item;
      expect(stored).toMatchObject({ deployed: true, message_id: expect.stringMatching(SNOWFLAKE) });
      await update(menu.id, (item) => ({ ...item, options: [{ role_id: ROLES.regular, emoji: '🔴' }] }));
      const again = await deploy(menu.id);
      expect(again.status).toBe(200);
      expect(again.body).toMatchObject({ redeployed: true, message_id: stored.message_id });
    });

    it('refuses with 409, the first blocking message and every warning while one blocks, and posts nothing', async () => {
      const menu = await create(buttons({ max_values: 25, options: [button(ROLES.moderator, 'Mods')] }));
      const posted = postedCount();
      await withRoleAboveBot(ROLES.moderator, async () => {
        const { status, body } = await deploy(menu.id);
        expect(status).toBe(409);
        expect(body).toEqual({
          success: false,
          error: "@Moderator is at or above the bot's highest role (@Guildhall): the bot cannot give it.",
          warnings: await warningsOf(menu.id),
        });
        expect(body.warnings[0]).toMatchObject({ code: 'role_above_bot', blocking: true });
        expect(documented('RoleMenuDeployRefusal', body)).toEqual({ valid: true, errors: null });
      });
      expect(postedCount()).toBe(posted);
      expect((await getMenu(menu.id)).body).toMatchObject({ version: 1, item: { message_id: null, deployed: false } });
      expect((await deploy(menu.id)).status).toBe(200);
    });

    it("answers 404 for another guild's menu and an unknown one, and posts nothing", async () => {
      const foreign = await create({ title: 'Theirs', channel_id: OTHER.channels.general, options: [] }, OTHER.id);
      const posted = postedCount();
      for (const id of [foreign.id, 'no-such-menu']) {
        const { status, body } = await deploy(id);
        expect(status, id).toBe(404);
        expect(body).toMatchObject({ success: false });
      }
      expect(postedCount()).toBe(posted);
    });

    it('needs a signed-in manager of the guild and the CSRF header', async () => {
      const menu = await create(buttons());
      const posted = postedCount();
      expect((await deploy(menu.id, owner, false)).status).toBe(403);
      const anonymous = app.browser();
      await anonymous.json('/api/user');
      expect((await deploy(menu.id, anonymous)).status).toBe(401);
      const member = app.browser();
      await member.signIn('demo-member');
      await member.json('/api/user');
      expect((await deploy(menu.id, member)).status).toBe(403);
      expect(postedCount()).toBe(posted);
      expect((await getMenu(menu.id)).body.version).toBe(1);
    });
  });
});
