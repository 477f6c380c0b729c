// Issue 10: access levels as data. AntiNuke's row of schemas/sections.json names its levels (guild owner > extra owners
// > whitelisted), its schema names in x-access the capability each property needs, and the generic settings routes
// enforce both over real HTTP: every cell of the spec's table of who may do what, for five people in one guild.
import { sections } from '@guildhall/generated/sections';
import { validateSettingsResponse } from '@guildhall/generated/validators';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SANDBOX_GUILDS, SANDBOX_MEMBER_IDS, SANDBOX_USERS } from '@guildhall/sandbox-discord/seed';
import type { TestBrowser } from './support/browser.js';
import { startTestApp, tempDataDir } from './support/app.js';

const GUILD = SANDBOX_GUILDS.community.id;
const SETTINGS = `/api/guild/${GUILD}/settings/antinuke`;
const ALL = ['view', 'editSettings', 'manageModules', 'manageWhitelist', 'manageExtraOwners', 'manageBypassRole'] as const;
type Capability = (typeof ALL)[number];

// The spec's words for a locked setting and a refused save; the table's own messages for what the spec leaves to us.
const DENIED = {
  editSettings: 'You do not have permission to modify antinuke settings.',
  manageModules: 'You do not have permission to modify protection modules.',
  manageWhitelist: 'Only the guild owner and extra owners can manage the whitelist',
  manageExtraOwners: 'Only the guild owner can manage extra owners',
  manageBypassRole: 'Only the guild owner and extra owners can manage the bypass role',
};
const NO_ACCESS = `Access denied: ${sections.antinuke.access!.none.message}`;
const NO_MANAGE = 'You need the Manage Server or Administrator permission in this server.';

/** The five people of Guildhall Community (the sandbox's seed) and what each is to AntiNuke once it is set up below. */
const PEOPLE = {
  owner: 'demo-owner', // owns the guild (Discord)
  extraOwner: 'demo-extra', // in extraowners; a plain member in Discord (no Manage Server)
  whitelisted: 'demo-member', // in whitelist; a plain member
  admin: 'demo-admin', // Manage Server through a role, on no level
  member: 'ethan.nguyen', // a plain member, on no level
} as const;
type Person = keyof typeof PEOPLE;

/** GET per person: the level, its badge, and the capabilities the spec's table gives it. */
const READS: Record<Person, { status: number; level?: string; label?: string; capabilities?: Capability[] }> = {
  owner: { status: 200, level: 'owner', label: 'Guild Owner', capabilities: [...ALL] },
  extraOwner: { status: 200, level: 'extra_owner', label: 'Extra Owner', capabilities: ALL.filter((c) => c !== 'manageExtraOwners') },
  whitelisted: { status: 200, level: 'whitelist', label: 'Whitelisted', capabilities: ['view'] },
  admin: { status: 403 },
  member: { status: 403 },
};

const AVA = SANDBOX_MEMBER_IDS['ava.chen']!;
/** One change per x-access group: a property of that group changed, everything else as stored. */
const CHANGES: Record<Exclude<Capability, 'view'>, { property: string; change: (s: any) => void }> = {
  editSettings: { property: 'enabled', change: (s) => (s.enabled = !s.enabled) },
  manageModules: { property: 'modules', change: (s) => (s.modules = { ...s.modules, anti_ban: !s.modules.anti_ban }) },
  manageWhitelist: { property: 'whitelist', change: (s) => (s.whitelist = [...s.whitelist, AVA]) },
  manageExtraOwners: { property: 'extraowners', change: (s) => (s.extraowners = [...s.extraowners, AVA]) },
  manageBypassRole: {
    property: 'bypass_permissions',
    change: (s) => (s.bypass_permissions = { ...s.bypass_permissions, can_ban: !s.bypass_permissions.can_ban }),
  },
};

/** Every cell: who saves a change of which group, and what they get (200, or 403 with that message). */
const WRITES: Record<Person, Record<keyof typeof CHANGES, 200 | string>> = {
  owner: { editSettings: 200, manageModules: 200, manageWhitelist: 200, manageExtraOwners: 200, manageBypassRole: 200 },
  extraOwner: {
    editSettings: 200,
    manageModules: 200,
    manageWhitelist: 200,
    manageExtraOwners: DENIED.manageExtraOwners,
    manageBypassRole: 200,
  },
  // Whitelisted users can only read: each change is refused with its group's message.
  whitelisted: {
    editSettings: DENIED.editSettings,
    manageModules: DENIED.manageModules,
    manageWhitelist: DENIED.manageWhitelist,
    manageExtraOwners: DENIED.manageExtraOwners,
    manageBypassRole: DENIED.manageBypassRole,
  },
  admin: {
    editSettings: NO_ACCESS,
    manageModules: NO_ACCESS,
    manageWhitelist: NO_ACCESS,
    manageExtraOwners: NO_ACCESS,
    manageBypassRole: NO_ACCESS,
  },
  member: {
    editSettings: NO_ACCESS,
    manageModules: NO_ACCESS,
    manageWhitelist: NO_ACCESS,
    manageExtraOwners: NO_ACCESS,
    manageBypassRole: NO_ACCESS,
  },
};

/**
 * The guild's read-only views (subject `any` in the operations table, /stats included since issue 30): whoever a level
 * admits gets them.
 */
const GUILD_VIEWS: Record<Person, { summary: number; channels: number; roles: number; stats: number }> = {
  owner: { summary: 200, channels: 200, roles: 200, stats: 200 },
  extraOwner: { summary: 200, channels: 200, roles: 200, stats: 200 },
  whitelisted: { summary: 200, channels: 200, roles: 200, stats: 200 },
  admin: { summary: 200, channels: 200, roles: 200, stats: 200 },
  member: { summary: 403, channels: 403, roles: 403, stats: 403 },
};

describe('AntiNuke access levels over real HTTP (issue 10)', () => {
  const data = tempDataDir();
  let app: Awaited<ReturnType<typeof startTestApp>>;
  const browsers = {} as Record<Person, TestBrowser>;

  const stored = async () => {
    const { body } = await browsers.owner.json(SETTINGS);
    return { version: body.version as number, settings: body.settings as Record<string, any> };
  };
  const save = (who: Person, version: number, settings: unknown) =>
    browsers[who].json(SETTINGS, { method: 'PUT', json: { version, settings } });

  beforeAll(async () => {
    app = await startTestApp({ DATA_DIR: data.dir });
    for (const [person, username] of Object.entries(PEOPLE) as [Person, string][]) {
      browsers[person] = app.browser();
      await browsers[person].signIn(username);
      await browsers[person].json('/api/user'); // primes the XSRF-TOKEN cookie
    }
    const { version, settings } = await stored();
    const setUp = await save('owner', version, {
      ...settings,
      extraowners: [SANDBOX_USERS.demoExtra.id],
      whitelist: [SANDBOX_USERS.demoMember.id],
    });
    expect(setUp.status).toBe(200);
  });
  afterAll(async () => {
    await app?.close();
    data.remove();
  });

  describe('GET: each person’s level and capabilities, or No Access', () => {
    for (const [person, expected] of Object.entries(READS) as [Person, (typeof READS)[Person]][]) {
      it(`${person} (${PEOPLE[person]}): ${expected.status} ${expected.level ?? 'No Access'}`, async () => {
        const { status, body } = await browsers[person].json(SETTINGS);
        expect(status).toBe(expected.status);
        if (expected.status !== 200) {
          expect(body).toEqual({ success: false, error: NO_ACCESS });
          return;
        }
        expect(validateSettingsResponse(body)).toBe(true);
        const granted = new Set(expected.capabilities);
        expect(body.access).toEqual({
          level: expected.level,
          label: expected.label,
          message: expect.any(String),
          capabilities: Object.fromEntries(ALL.map((c) => [c, granted.has(c)])),
          denied: Object.fromEntries(Object.entries(DENIED).filter(([c]) => !granted.has(c as Capability))),
        });
        expect(body.settings.extraowners).toEqual([SANDBOX_USERS.demoExtra.id]);
      });
    }

    it('a Manage Server admin on no level gets No Access, the modal’s 403 with the reason', async () => {
      const { status, body } = await browsers.admin.json(SETTINGS);
      expect(status).toBe(403);
      expect(body.error).toBe('Access denied: Only the guild owner, extra owners and whitelisted users can open AntiNuke.');
      // The same admin still manages the guild's other sections.
      expect((await browsers.admin.json(`/api/guild/${GUILD}/settings/basic`)).status).toBe(200);
    });

    it('a section without levels answers without access', async () => {
      const { body } = await browsers.owner.json(`/api/guild/${GUILD}/settings/basic`);
      expect(body).not.toHaveProperty('access');
    });
  });

  describe('PUT: a change to each x-access group, by each person (every cell)', () => {
    for (const [person, row] of Object.entries(WRITES) as [Person, (typeof WRITES)[Person]][]) {
      for (const [group, expected] of Object.entries(row) as [keyof typeof CHANGES, 200 | string][]) {
        it(`${person} changes ${group}: ${expected === 200 ? '200' : `403 ${expected}`}`, async () => {
          const before = await stored();
          const changed = structuredClone(before.settings);
          CHANGES[group].change(changed);
          const { status, body } = await save(person, before.version, changed);
          if (expected === 200) {
            expect(status).toBe(200);
            expect(body.version).toBe(before.version + 1);
            expect((await stored()).settings).toEqual(changed);
            // Put it back for the next cell (as the owner).
            expect((await save('owner', body.version, before.settings)).status).toBe(200);
            return;
          }
          expect(status).toBe(403);
          expect(body.success).toBe(false);
          expect(body.error).toBe(expected);
          // A refused change names its field; No Access (the guard's 403) names none.
          if (expected !== NO_ACCESS) {
            expect(sections.antinuke.propertyAccess[CHANGES[group].property]).toBe(group);
            expect(body.fieldErrors).toEqual([{ path: `/settings/${CHANGES[group].property}`, message: expected }]);
          }
          expect(await stored()).toEqual(before);
        });
      }
    }
  });

  describe('PUT: what is compared, and with what', () => {
    it('an extra owner may send extra owners unchanged while changing what they may', async () => {
      const before = await stored();
      const { status, body } = await save('extraOwner', before.version, {
        ...before.settings,
        auto_recovery: !before.settings.auto_recovery,
      });
      expect(status).toBe(200);
      expect(body.settings.extraowners).toEqual(before.settings.extraowners);
      expect(body.access.level).toBe('extra_owner');
      expect((await save('owner', body.version, before.settings)).status).toBe(200);
    });

    it('defaults count as the stored value: leaving out an unchanged property is no change', async () => {
      const before = await stored();
      const { extraowners: _omitted, ...rest } = before.settings;
      // Leaving out extraowners means []: a change of extra owners, which an extra owner may not make (nor remove themself).
      const removed = await save('extraOwner', before.version, rest);
      expect(removed.status).toBe(403);
      expect(removed.body.error).toBe(DENIED.manageExtraOwners);
      // bypass_role null is its default: a body without it changes nothing there.
      const { bypass_role: _role, ...withoutRole } = before.settings;
      const same = await save('extraOwner', before.version, { ...withoutRole, enabled: !before.settings.enabled });
      expect(same.status).toBe(200);
      expect((await save('owner', same.body.version, before.settings)).status).toBe(200);
    });

    it('a whitelisted user can only read: even a save of the stored document is refused', async () => {
      const before = await stored();
      const { status, body } = await save('whitelisted', before.version, before.settings);
      expect(status).toBe(403);
      expect(body.error).toBe(DENIED.editSettings);
      expect(await stored()).toEqual(before);
    });

    it('a stale version is a 409 whoever asks, before any comparison', async () => {
      const before = await stored();
      const changed = { ...before.settings, extraowners: [] };
      const { status, body } = await save('extraOwner', before.version - 1, changed);
      expect(status).toBe(409);
      expect(body.version).toBe(before.version);
      expect(await stored()).toEqual(before);
    });
  });

  describe('the guild’s own routes the page needs', () => {
    for (const [person, expected] of Object.entries(GUILD_VIEWS) as [Person, (typeof GUILD_VIEWS)[Person]][]) {
      it(`${person}: summary ${expected.summary}, channels ${expected.channels}, roles ${expected.roles}, stats ${expected.stats}`, async () => {
        const base = `/api/guild/${GUILD}`;
        const got = {
          summary: (await browsers[person].json(base)).status,
          channels: (await browsers[person].json(`${base}/channels`)).status,
          roles: (await browsers[person].json(`${base}/roles`)).status,
          stats: (await browsers[person].json(`${base}/stats`)).status,
        };
        expect(got).toEqual(expected);
      });
    }

    it('refuses the others with the guild’s reason', async () => {
      const { body } = await browsers.member.json(`/api/guild/${GUILD}`);
      expect(body).toEqual({ success: false, error: NO_MANAGE });
    });
  });

  describe('validation: 400 with the field’s path, nothing saved', () => {
    const cases: [string, (s: any) => void, string, string][] = [
      [
        'a 16-digit user id',
        (s) => (s.whitelist = ['1234567890123456']),
        '/settings/whitelist/0',
        'Invalid user ID format. Please enter a valid Discord user ID.',
      ],
      [
        'a 20-digit user id',
        (s) => (s.whitelist = ['12345678901234567890']),
        '/settings/whitelist/0',
        'Invalid user ID format. Please enter a valid Discord user ID.',
      ],
      ['a duplicate id', (s) => (s.whitelist = [AVA, AVA]), '/settings/whitelist', 'User is already in the whitelist.'],
      ['a duplicate extra owner', (s) => (s.extraowners = [AVA, AVA]), '/settings/extraowners', 'User is already an extra owner.'],
      [
        'an unknown module',
        (s) => (s.module_punishments = { anti_nuke: 'BAN' }),
        '/settings/module_punishments/anti_nuke',
        'Unknown module: anti_nuke',
      ],
      [
        'an unknown module switch',
        (s) => (s.modules = { ...s.modules, anti_spam: true }),
        '/settings/modules/anti_spam',
        'Unknown module: anti_spam',
      ],
      ['an unknown punishment', (s) => (s.punishment = 'JAIL'), '/settings/punishment', 'Choose Ban, Kick, Timeout or None'],
      [
        'an unknown module punishment',
        (s) => (s.module_punishments = { anti_ban: 'JAIL' }),
        '/settings/module_punishments/anti_ban',
        'Choose Ban, Kick, Timeout or None',
      ],
    ];
    for (const [what, change, path, message] of cases) {
      it(`${what}: 400 at ${path}`, async () => {
        const before = await stored();
        const bad = structuredClone(before.settings);
        change(bad);
        const { status, body } = await save('owner', before.version, bad);
        expect(status).toBe(400);
        expect(body.fieldErrors).toContainEqual({ path, message });
        expect(await stored()).toEqual(before);
      });
    }
  });
});
