import 'reflect-metadata';
import { validateAntinukePreflight, validateBypassRoleResponse, validateUserSearchResponse } from '@guildhall/generated/validators';
import { PermissionFlagsBits } from 'discord-api-types/v10';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { AntinukeService } from '../src/antinuke/antinuke.service.js';
import { DiscordService } from '../src/discord/discord.service.js';
import { DiscordSandboxService } from '@guildhall/sandbox-discord/sandbox.service';
import { SANDBOX_GUILDS, SANDBOX_MEMBER_IDS, SANDBOX_USERS } from '@guildhall/sandbox-discord/seed';
import type { TestBrowser } from './support/browser.js';
import { startTestApp, tempDataDir } from './support/app.js';

type App = Awaited<ReturnType<typeof startTestApp>>;
const GUILD: string = SANDBOX_GUILDS.community.id;
const SMALL: string = SANDBOX_GUILDS.pixelPainters.id;
const UNKNOWN_ID = '1100000000000099999';

const valid = (validate: ((d: unknown) => boolean) & { errors?: unknown }, body: unknown) =>
  expect({ valid: validate(structuredClone(body)), errors: validate.errors ?? null }).toMatchObject({ valid: true });

describe('AntiNuke and Discord: user search, user lists, the bypass role, pre-flight warnings (over real HTTP)', () => {
  const data = tempDataDir();
  let app: App;
  let owner: TestBrowser;
  let sandbox: DiscordSandboxService;
  /** Sandbox requests per route shape (what the app asked Discord), counted where the sandbox meters them. */
  let calls: string[] = [];
  const count = (route: string) => calls.filter((key) => key.startsWith(`${route}|`)).length;

  beforeAll(async () => {
    app = await startTestApp({ DATA_DIR: data.dir });
    sandbox = app.app.get(DiscordSandboxService);
    const take = sandbox.takeRateLimit.bind(sandbox);
    sandbox.takeRateLimit = (key, policy) => {
      calls.push(key);
      return take(key, policy);
    };
    owner = app.browser();
    await owner.signIn('demo-owner');
    await owner.json('/api/user'); // primes the XSRF-TOKEN cookie
  });
  afterAll(async () => {
    await app?.close();
    data.remove();
  });
  beforeEach(() => {
    sandbox.reset();
    calls = [];
  });

  const search = (q: string | null, guild = GUILD, browser = owner) =>
    browser.json(`/api/guild/${guild}/search-users${q === null ? '' : `?q=${encodeURIComponent(q)}`}`);
  const resolve = (ids: string[] | null, guild = GUILD) =>
    owner.json(`/api/guild/${guild}/users${ids === null ? '' : `?ids=${ids.join(',')}`}`);

  it('every route answers 401 signed out and 403 to a member who may not manage the guild, before asking Discord', async () => {
    const routes: Array<[string, string]> = [
      ['GET', `/api/guild/${GUILD}/search-users?q=ava`],
      ['GET', `/api/guild/${GUILD}/users?ids=${SANDBOX_USERS.demoAdmin.id}`],
      ['POST', `/api/guild/${GUILD}/antinuke/create-bypass-role`],
      ['GET', `/api/guild/${GUILD}/antinuke/preflight`],
    ];
    const anonymous = app.browser();
    await anonymous.json('/api/user'); // the XSRF-TOKEN cookie, so a POST is refused for the session, not the token
    const member = app.browser();
    await member.signIn('demo-member');
    await member.json('/api/user');
    calls = [];
    for (const [method, path] of routes) {
      expect({ method, path, status: (await anonymous.json(path, { method })).status }).toEqual({ method, path, status: 401 });
      const refused = await member.json(path, { method });
      expect({ method, path, status: refused.status }).toEqual({ method, path, status: 403 });
      expect(refused.body.success).toBe(false);
    }
    expect(calls.filter((key) => /members|roles|users\/:user_id/.test(key))).toEqual([]);
  });

  describe('GET search-users', () => {
    it('suggests members by the start of their username, display name or nickname, case-insensitively', async () => {
      const { status, body } = await search('AVA');
      expect(status).toBe(200);
      valid(validateUserSearchResponse, body);
      expect(body.users).toContainEqual({
        id: SANDBOX_MEMBER_IDS['ava.chen'],
        username: 'ava.chen',
        discriminator: expect.any(String),
        avatar: expect.any(String),
        global_name: 'Ava Chen',
      });
      expect(Object.keys(body.users[0]).sort()).toEqual(['avatar', 'discriminator', 'global_name', 'id', 'username']);
      // By display name ("Ava Chen"), not only by username.
      expect((await search('ava c')).body.users.map((u: { id: string }) => u.id)).toEqual([SANDBOX_MEMBER_IDS['ava.chen']]);
      expect((await search('zzzz')).body).toEqual({ success: true, users: [] });
      expect((await search('demo-')).body.users.length).toBeGreaterThan(1);
    });

    it('looks up a user id (17 to 19 digits): the member, else any Discord user, else nobody', async () => {
      const member = await search(SANDBOX_MEMBER_IDS['ava.chen']!);
      expect(member.body.users.map((u: { username: string }) => u.username)).toEqual(['ava.chen']);
      expect(count('GET /guilds/:guild_id/members/:user_id')).toBe(1);

      const stranger = sandbox.allUsers().find((u) => !u.bot && !sandbox.member(SMALL, u.id))!;
      const outside = await search(stranger.id, SMALL);
      expect(outside.body.users).toEqual([expect.objectContaining({ id: stranger.id, username: stranger.username })]);
      expect(count('GET /users/:user_id')).toBe(1);

      expect((await search(UNKNOWN_ID)).body).toEqual({ success: true, users: [] });
    });

    it('refuses fewer than 2 characters (after trimming) and more than 100: 400 with a field error at /q', async () => {
      for (const q of [null, '', 'a', '  b  ']) {
        const { status, body } = await search(q);
        expect({ q, status, body }).toEqual({
          q,
          status: 400,
          body: {
            success: false,
            error: 'Type at least 2 characters to search.',
            fieldErrors: [{ path: '/q', message: 'Type at least 2 characters to search.' }],
          },
        });
      }
      expect((await search('x'.repeat(101))).body.fieldErrors).toEqual([{ path: '/q', message: 'Search for at most 100 characters.' }]);
      const twice = await owner.json(`/api/guild/${GUILD}/search-users?q=ab&q=cd`);
      expect(twice.status).toBe(400);
      expect(twice.body.fieldErrors).toEqual([{ path: '/q', message: 'Search for one text, not several.' }]);
      expect(count('GET /guilds/:guild_id/members/search')).toBe(0);
    });

    it('N concurrent identical searches (whatever their case and spaces) make one request to Discord, and the answer is cached', async () => {
      const answers = await Promise.all(['liam', 'LIAM', ' Liam ', 'liam', 'liAm', 'liam', 'liam', 'liam'].map((q) => search(q)));
      for (const a of answers) expect(a.body).toEqual(answers[0]!.body);
      expect(answers[0]!.body.users.map((u: { username: string }) => u.username)).toEqual(['liam_okafor']);
      expect(count('GET /guilds/:guild_id/members/search')).toBe(1);
      await search('liam');
      expect(count('GET /guilds/:guild_id/members/search')).toBe(1);
      // Another guild or another query is another request.
      await search('liam', SMALL);
      await search('lia');
      expect(count('GET /guilds/:guild_id/members/search')).toBe(3);
    });

    it('needs a session and the right to manage the guild', async () => {
      expect((await search('ava', GUILD, app.browser())).status).toBe(401);
      const member = app.browser();
      await member.signIn('demo-member');
      expect((await search('ava', GUILD, member)).status).toBe(403);
    });
  });

  describe('GET users?ids=', () => {
    it('resolves a few ids one by one, in the order asked, leaving out ids no user has', async () => {
      const { status, body } = await resolve([
        SANDBOX_USERS.demoAdmin.id,
        UNKNOWN_ID,
        SANDBOX_MEMBER_IDS['ava.chen']!,
        SANDBOX_USERS.demoAdmin.id,
      ]);
      expect(status).toBe(200);
      valid(validateUserSearchResponse, body);
      expect(body.users.map((u: { username: string }) => u.username)).toEqual(['demo-admin', 'ava.chen']);
      expect(count('GET /guilds/:guild_id/members')).toBe(0);
      // Users are cached: asking again costs Discord nothing.
      const before = calls.length;
      await resolve([SANDBOX_USERS.demoAdmin.id, UNKNOWN_ID]);
      expect(calls.length).toBe(before);
    });

    it('resolves many ids from one read of the member list, then Get User for the ids that are not members', async () => {
      const members = sandbox.guild(SMALL)!.members.map((m) => m.user_id);
      const stranger = sandbox.allUsers().find((u) => !u.bot && !members.includes(u.id))!;
      const many = Object.values(SANDBOX_MEMBER_IDS).slice(0, 20);
      const ids = [...new Set([...members, ...many, stranger.id, UNKNOWN_ID])];
      const { body } = await resolve(ids, SMALL);
      valid(validateUserSearchResponse, body);
      expect(body.users.map((u: { id: string }) => u.id)).toEqual(ids.filter((id) => id !== UNKNOWN_ID));
      expect(count('GET /guilds/:guild_id/members')).toBe(1);
      // Only non-members are looked up one by one (some already cached by the tests above, for 10 minutes).
      const notMembers = ids.filter((id) => !members.includes(id)).length;
      expect(count('GET /users/:user_id')).toBeGreaterThan(0);
      expect(count('GET /users/:user_id')).toBeLessThanOrEqual(notMembers);
      const before = calls.length;
      await resolve(ids, SMALL);
      expect(calls.length).toBe(before);
    });

    it('refuses a missing list, a malformed id and more than 250 ids: 400 with a field error at /ids', async () => {
      expect((await resolve(null)).body.fieldErrors).toEqual([
        { path: '/ids', message: 'Name the users to show: ids separated by commas.' },
      ]);
      expect((await resolve(['123'])).body).toMatchObject({
        fieldErrors: [{ path: '/ids', message: '"123" is not a user id (17 to 19 digits).' }],
      });
      const tooMany = Array.from({ length: 251 }, (_, i) => (1_100_000_000_000_100_000n + BigInt(i)).toString());
      const { status, body } = await resolve(tooMany);
      expect(status).toBe(400);
      expect(body.fieldErrors).toEqual([{ path: '/ids', message: 'At most 250 users at a time.' }]);
      expect(calls.filter((key) => !key.startsWith('GET /users/@me')).length).toBe(0);
      for (const ids of ['', ' , ', `${SANDBOX_USERS.demoAdmin.id}&ids=${SANDBOX_USERS.demoAdmin.id}`]) {
        const refused = await owner.json(`/api/guild/${GUILD}/users?ids=${ids}`);
        expect({ ids, ...refused.body }).toEqual({
          ids,
          success: false,
          error: ids === ' , ' ? '"" is not a user id (17 to 19 digits).' : 'Name the users to show: ids separated by commas.',
          fieldErrors: [
            {
              path: '/ids',
              message: ids === ' , ' ? '"" is not a user id (17 to 19 digits).' : 'Name the users to show: ids separated by commas.',
            },
          ],
        });
      }
    });

    it('counts each id once against the limit of 250, and takes ids with spaces around them', async () => {
      const distinct = Array.from({ length: 250 }, (_, i) => (1_100_000_000_000_100_000n + BigInt(i)).toString());
      const { status, body } = await resolve([...distinct, `%20${distinct[0]!}%20`]);
      expect({ status, success: body.success }).toEqual({ status: 200, success: true });
    });
  });

  describe('POST antinuke/create-bypass-role', () => {
    const create = (guild = GUILD, init: { csrf?: boolean } = {}) =>
      owner.json(`/api/guild/${guild}/antinuke/create-bypass-role`, { method: 'POST', ...init });
    const botRole = (guild: string) => sandbox.guild(guild)!.roles.find((r) => r.tags?.bot_id === sandbox.botUserId)!;

    it('has the bot create "AntiNuke Bypass" without permissions and answers the role', async () => {
      const { status, body } = await create();
      expect(status).toBe(200);
      valid(validateBypassRoleResponse, body);
      expect(body).toEqual({
        success: true,
        role: { id: expect.any(String), name: 'AntiNuke Bypass', color: 0, position: 1, managed: false },
      });
      const stored = sandbox.guild(GUILD)!.roles.find((r) => r.id === body.role.id)!;
      expect(stored).toMatchObject({ name: 'AntiNuke Bypass', permissions: '0', managed: false });
    });

    it('makes one role of a double click: concurrent requests for a guild share one creation', async () => {
      // Discord answering slowly: it answers the first creation only once the second click has reached the service
      // (or after 5 s, should it never come), so the second arrives while the first is under way.
      const discord = app.app.get(DiscordService);
      const antinuke = app.app.get(AntinukeService);
      const original = discord.createRole.bind(discord);
      const originalCreate = antinuke.createBypassRole.bind(antinuke);
      let clicks = 0;
      let bothIn!: () => void;
      const gate = new Promise<void>((resolve) => {
        bothIn = resolve;
        setTimeout(resolve, 5000).unref();
      });
      antinuke.createBypassRole = (...args) => {
        if (++clicks === 2) bothIn();
        return originalCreate(...args);
      };
      discord.createRole = async (...args) => {
        await gate;
        return original(...args);
      };
      const [first, second] = await Promise.all([create(), create()]).finally(() => {
        discord.createRole = original;
        antinuke.createBypassRole = originalCreate;
      });
      expect(clicks).toBe(2);
      expect(first.status).toBe(200);
      expect(second.body).toEqual(first.body);
      expect(sandbox.guild(GUILD)!.roles.filter((r) => r.name === 'AntiNuke Bypass')).toHaveLength(1);
      expect(count('POST /guilds/:guild_id/roles')).toBe(1);
    });

    it('says so plainly when the bot lacks Manage Roles (Discord 50013)', async () => {
      const role = botRole(SMALL);
      role.permissions = (BigInt(role.permissions) & ~PermissionFlagsBits.ManageRoles).toString();
      const { status, body } = await create(SMALL);
      expect(status).toBe(502);
      expect(body).toEqual({
        success: false,
        error: 'The bot is missing the Manage Roles permission in this server. Give its role Manage Roles, then try again.',
      });
      expect(sandbox.guild(SMALL)!.roles.some((r) => r.name === 'AntiNuke Bypass')).toBe(false);
    });

    it('says so plainly when the server has 250 roles (Discord 30005)', async () => {
      const guild = sandbox.guild(SMALL)!;
      while (guild.roles.length < 250)
        sandbox.createRole(SMALL, { name: 'filler', permissions: '0', color: 0, hoist: false, mentionable: false, unicode_emoji: null });
      const { status, body } = await create(SMALL);
      expect(status).toBe(502);
      expect(body.error).toBe('This server already has the maximum of 250 roles. Delete a role you no longer need, then try again.');
    });

    it('needs the CSRF header, a session and the right to manage the guild', async () => {
      expect((await create(GUILD, { csrf: false })).status).toBe(403);
      const anonymous = app.browser();
      await anonymous.json('/api/user');
      expect((await anonymous.json(`/api/guild/${GUILD}/antinuke/create-bypass-role`, { method: 'POST' })).status).toBe(401);
      expect(sandbox.guild(GUILD)!.roles.some((r) => r.name === 'AntiNuke Bypass')).toBe(false);
    });
  });

  describe('GET antinuke/preflight', () => {
    const store = async (settings: Record<string, unknown>, guild = GUILD) => {
      const current = await app.storage.settings.get(guild, 'antinuke');
      expect((await app.storage.settings.put(guild, 'antinuke', settings, current?.version ?? 0)).ok).toBe(true);
    };
    const preflight = async (guild = GUILD) => {
      const { status, body } = await owner.json(`/api/guild/${guild}/antinuke/preflight`);
      expect(status).toBe(200);
      valid(validateAntinukePreflight, body);
      return body.warnings as Array<{ code: string; path: string; message: string }>;
    };
    const botRole = (guild = GUILD) => sandbox.guild(guild)!.roles.find((r) => r.tags?.bot_id === sandbox.botUserId)!;
    const withoutPermission = (flag: bigint, guild = GUILD) => {
      const role = botRole(guild);
      role.permissions = (BigInt(role.permissions) & ~flag).toString();
    };

    it('has nothing to say about the defaults, nor about an enabled AntiNuke the bot can carry out', async () => {
      await store({});
      expect(await preflight()).toEqual([]);
      await store({
        enabled: true,
        log_channel: SANDBOX_GUILDS.community.channels.modLog,
        bypass_role: SANDBOX_GUILDS.community.roles.regular,
      });
      expect(await preflight()).toEqual([]);
    });

    it('warns when the log channel or the bypass role no longer exists, even while AntiNuke is off', async () => {
      await store({ enabled: false, log_channel: UNKNOWN_ID, bypass_role: UNKNOWN_ID });
      expect(await preflight()).toEqual([
        {
          code: 'log_channel_missing',
          path: '/log_channel',
          message: 'The log channel no longer exists. Pick another channel, or none to turn the log off.',
        },
        {
          code: 'bypass_role_missing',
          path: '/bypass_role',
          message: 'The bypass role no longer exists. Pick another role or create a new one.',
        },
      ]);
    });

    it("warns when the bypass role is above the bot's highest role", async () => {
      const role = sandbox.createRole(GUILD, {
        name: 'Untouchable',
        permissions: '0',
        color: 0,
        hoist: false,
        mentionable: false,
        unicode_emoji: null,
      });
      role.position = botRole().position + 1;
      await store({ bypass_role: role.id });
      expect(await preflight()).toEqual([
        {
          code: 'bypass_role_above_bot',
          path: '/bypass_role',
          message:
            "The bypass role @Untouchable is not below the bot's highest role (@Guildhall), so the bot cannot manage members who have it. Move the bot's role above it in Server Settings > Roles.",
        },
      ]);
    });

    it('warns, while AntiNuke is on, about permissions an enabled module’s punishment needs: at the setting that chose it', async () => {
      withoutPermission(PermissionFlagsBits.BanMembers | PermissionFlagsBits.ModerateMembers | PermissionFlagsBits.ManageRoles);
      await store({ enabled: false, punishment: 'BAN' });
      expect(await preflight()).toEqual([]);

      await store({
        enabled: true,
        punishment: 'BAN',
        modules: {
          anti_kick: false,
          anti_prune: false,
          anti_role: false,
          anti_channel: false,
          anti_emoji: false,
          anti_guild_update: false,
          anti_webhook: false,
          anti_integration: false,
          anti_everyone: false,
        },
        module_punishments: { anti_member_update: 'TIMEOUT', anti_kick: 'KICK' },
      });
      expect(await preflight()).toEqual([
        {
          code: 'bot_missing_permission',
          path: '/punishment',
          message:
            "The bot lacks the Ban Members permission, which the global punishment (Ban) needs for Anti Ban. Give the bot's role Ban Members, or choose another punishment.",
        },
        {
          code: 'bot_missing_permission',
          path: '/module_punishments/anti_member_update',
          message:
            "The bot lacks the Timeout Members permission, which Timeout needs for Anti Member Update. Give the bot's role Timeout Members, or choose another punishment.",
        },
        {
          code: 'bot_missing_permission',
          path: '/modules/anti_member_update',
          message:
            "The bot lacks the Manage Roles permission, which Anti Member Update needs to take dangerous roles back. Give the bot's role Manage Roles.",
        },
      ]);

      // NONE needs nothing; the bot's Kick Members covers the (disabled) Anti Kick's override anyway.
      await store({ enabled: true, punishment: 'NONE', modules: { anti_member_update: false } });
      expect(await preflight()).toEqual([]);
    });

    it('counts Administrator (from any of the bot’s roles) as every permission', async () => {
      withoutPermission(PermissionFlagsBits.BanMembers | PermissionFlagsBits.KickMembers);
      await store({ enabled: true, punishment: 'KICK' });
      const warnings = await preflight();
      expect(warnings.map((w) => [w.code, w.path])).toEqual([['bot_missing_permission', '/punishment']]);
      expect(warnings[0]!.message).toContain('Kick Members');
      expect(warnings[0]!.message).toContain('Anti Ban, Anti Kick, Anti Prune');
      const role = botRole();
      role.permissions = (BigInt(role.permissions) | PermissionFlagsBits.Administrator).toString();
      expect(await preflight()).toEqual([]);
    });
  });

  it("follows AntiNuke's access levels: extra owners as the owner, whitelisted users read, others by what they manage", async () => {
    const { version, settings } = (await owner.json(`/api/guild/${GUILD}/settings/antinuke`)).body;
    const listed = { ...settings, extraowners: [SANDBOX_USERS.demoExtra.id], whitelist: [SANDBOX_USERS.demoMember.id] };
    const saved = await owner.json(`/api/guild/${GUILD}/settings/antinuke`, { method: 'PUT', json: { version, settings: listed } });
    expect(saved.status).toBe(200);
    const routes = {
      search: ['GET', `/api/guild/${GUILD}/search-users?q=ava`],
      users: ['GET', `/api/guild/${GUILD}/users?ids=${SANDBOX_USERS.demoAdmin.id}`],
      preflight: ['GET', `/api/guild/${GUILD}/antinuke/preflight`],
      createBypassRole: ['POST', `/api/guild/${GUILD}/antinuke/create-bypass-role`],
    } as const;
    // Search and users are read-only views of the guild (like its channels): its managers, and anyone a level admits.
    // Pre-flight needs AntiNuke's view, creating the bypass role its manageBypassRole.
    const expected: Record<string, Record<keyof typeof routes, number>> = {
      'demo-owner': { search: 200, users: 200, preflight: 200, createBypassRole: 200 },
      'demo-extra': { search: 200, users: 200, preflight: 200, createBypassRole: 200 },
      'demo-member': { search: 200, users: 200, preflight: 200, createBypassRole: 403 },
      'demo-admin': { search: 200, users: 200, preflight: 403, createBypassRole: 403 },
      'ethan.nguyen': { search: 403, users: 403, preflight: 403, createBypassRole: 403 },
    };
    const seen: Record<string, Record<string, number>> = {};
    for (const username of Object.keys(expected)) {
      const browser = username === 'demo-owner' ? owner : app.browser();
      if (browser !== owner) {
        await browser.signIn(username);
        await browser.json('/api/user'); // the XSRF-TOKEN cookie
      }
      seen[username] = {};
      for (const [name, [method, path]] of Object.entries(routes)) seen[username][name] = (await browser.json(path, { method })).status;
    }
    expect(seen).toEqual(expected);
    // Last in this file (it lists people and fills the lookup caches); the lists are emptied again all the same.
    const now = (await owner.json(`/api/guild/${GUILD}/settings/antinuke`)).body;
    const emptied = { ...now.settings, extraowners: [], whitelist: [] };
    expect(
      (await owner.json(`/api/guild/${GUILD}/settings/antinuke`, { method: 'PUT', json: { version: now.version, settings: emptied } }))
        .status,
    ).toBe(200);
  });
});
