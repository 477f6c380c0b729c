/**
 * Dashboard Access on the guild-wide surfaces (issue 30) over real HTTP against a real app (PGlite + the Discord
 * sandbox): for a member granted through a role they hold and a member granted directly, in every state of a grant
 * (none, read, write, expired, revoked), every section and collection of the generated tables on the history (list,
 * revert), export, import and clone; then the server selector's listing and labels, the history of grant changes
 * (authored, revertible), and the bot API's reading of grants and its change feed.
 */
import { GRANTABLE_SUBJECTS, type GrantLevel } from '@guildhall/common/dashboard-access';
import { collectionNames, collections } from '@guildhall/generated/collections';
import { validateWith } from '@guildhall/generated/field-errors';
import { fillRefusal, refusals } from '@guildhall/generated/refusals';
import { publishedSchemas } from '@guildhall/generated/schemas';
import { sectionNames, sections, type SectionDefinition } from '@guildhall/generated/sections';
import type { CollectionName, DashboardSubject } from '@guildhall/generated/types';
import * as validators from '@guildhall/generated/validators';
import { SANDBOX_GUILDS, SANDBOX_USERS } from '@guildhall/sandbox-discord/seed';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NO_MANAGE } from '../src/guild/guild-access.service.js';
import type { TestBrowser } from './support/browser.js';
import { buyPremium } from './support/payments.js';
import {
  DIRECT_MEMBER,
  GRANTED_ROLE,
  grant as grantOf,
  MANAGE_SERVER_MANAGER,
  OWNER,
  ROLE_HOLDER,
  startGrantsApp,
  type GrantsApp,
} from './support/grants.js';
import { FeedReader } from './support/feed-reader.js';

type Doc = Record<string, any>;
const COMMUNITY = SANDBOX_GUILDS.community;
/** A clone's target where the direct grantee may only read (the refusal of a target they may not write). */
const TARGET = SANDBOX_GUILDS.pixelPainters;
const HOUR = 60 * 60 * 1000;
const ACCESS = sections['dashboard-access'];
/** The words of a grant to a role at or above its granter's highest (the role field's x-messages). */
const ROLE_ABOVE_CALLER: string = (publishedSchemas[ACCESS.schemaName] as any).properties.roles.items.properties.id['x-messages'][
  'x-reference-above-caller'
];

/** Every subject of the tables: sections, then collections (history, export, import and clone name both). */
type Subject = { kind: 'section'; name: string; title: string } | { kind: 'collection'; name: CollectionName; title: string };
const SUBJECTS: Subject[] = [
  ...sectionNames.map((name) => ({ kind: 'section' as const, name, title: sections[name].title })),
  ...collectionNames.map((name) => ({ kind: 'collection' as const, name, title: collections[name].title })),
];
const grantable = (name: string) => (GRANTABLE_SUBJECTS as readonly string[]).includes(name);

/**
 * The grantees: one through a role (ava.chen holds Moderator in Community, without Manage Server; she owns Cozy Cafe,
 * the target of her clones) and one granted by id (demo-member, a plain member of Community, granted write on
 * everything in Pixel Painters, the target of theirs).
 */
const GRANTEES = [
  {
    kind: 'role',
    username: ROLE_HOLDER.username,
    grant: (level: GrantLevel, subjects: readonly string[], expires_at = '') => ({
      roles: [grantOf(GRANTED_ROLE, level, { subjects: subjects as DashboardSubject[], expires_at })],
      members: [],
    }),
    target: { guild: SANDBOX_GUILDS.cozyCafe.id, grants: null },
  },
  {
    kind: 'member',
    username: DIRECT_MEMBER.username,
    grant: (level: GrantLevel, subjects: readonly string[], expires_at = '') => ({
      roles: [],
      members: [grantOf(DIRECT_MEMBER.id, level, { subjects: subjects as DashboardSubject[], expires_at })],
    }),
    target: {
      guild: SANDBOX_GUILDS.pixelPainters.id,
      grants: { roles: [], members: [grantOf(DIRECT_MEMBER.id, 'write')] },
    },
  },
] as const;

/** An item of each collection (what its schema requires on top of its defaults): a collection added fails tsc here. */
const ITEMS: Record<CollectionName, Doc> = {
  panels: { channel_id: COMMUNITY.channels.general },
  embeds: { name: 'Rules', message: { embeds: [{ title: 'Rules' }] } },
  'role-menus': { channel_id: COMMUNITY.channels.general },
  'scheduled-messages': {
    channel_id: COMMUNITY.channels.general,
    message: { embeds: [{ title: 'Reminder' }] },
    plan: { kind: 'daily', timeZone: 'UTC' },
  },
};
/** What a section holds before the test changes it, where its defaults leave nothing to change (an empty list). */
const SEEDED: Partial<Record<string, Doc>> = {
  'ticket-categories': { open: [{ id: COMMUNITY.channels.staffCategory, name: 'Staff' }] },
};

/** The document with its first changeable value changed so that `valid` still holds: a change any section can take. */
function changed(doc: Doc, valid: (candidate: Doc) => boolean): Doc {
  const leaves = function* (value: unknown, path: (string | number)[]): Generator<(string | number)[]> {
    if (Array.isArray(value)) for (const [i, v] of value.entries()) yield* leaves(v, [...path, i]);
    else if (value && typeof value === 'object') for (const [k, v] of Object.entries(value)) yield* leaves(v, [...path, k]);
    else if (['boolean', 'number', 'string'].includes(typeof value)) yield path;
  };
  for (const path of leaves(doc, [])) {
    const parent = path.slice(0, -1).reduce<any>((o, k) => o[k], doc);
    const value = parent[path.at(-1)!];
    const options = typeof value === 'boolean' ? [!value] : typeof value === 'number' ? [value + 1, value - 1] : [`${value}x`, 'x'];
    for (const option of options) {
      const candidate = structuredClone(doc);
      path.slice(0, -1).reduce<any>((o, k) => o[k], candidate)[path.at(-1)!] = option;
      if (valid(candidate)) return candidate;
    }
  }
  throw new Error('nothing in this document can change');
}

describe('Dashboard Access on history, export, import and clone over real HTTP (PGlite + Discord sandbox)', () => {
  let env: Awaited<ReturnType<typeof startGrantsApp>>;
  let app: GrantsApp;
  let owner: TestBrowser;
  const itemIds = {} as Record<CollectionName, string>;
  const now = () => env.clock.now();

  const url = (path: string, guild: string = COMMUNITY.id) => `/api/guild/${guild}${path}`;
  const settingsOf = async (section: string, guild: string = COMMUNITY.id) => (await owner.json(url(`/settings/${section}`, guild))).body;
  const saveAs = async (browser: TestBrowser, section: string, settings: Doc, guild: string = COMMUNITY.id) => {
    const { version } = await settingsOf(section, guild);
    const answer = await browser.json(url(`/settings/${section}`, guild), { method: 'PUT', json: { version, settings } });
    expect(answer.status, `${section}: ${JSON.stringify(answer.body)}`).toBe(200);
    return answer.body;
  };
  const grant = (settings: Doc, guild: string = COMMUNITY.id) => saveAs(owner, ACCESS.name, settings, guild);
  const revoke = () => grant({ roles: [], members: [] });
  const versionOf = async (section: string) =>
    (await app.storage.settings.get(COMMUNITY.id, sections[section as 'basic'].storageKey))?.version ?? 0;
  const filterOf = (s: Subject) => (s.kind === 'section' ? `section=${s.name}` : `collection=${s.name}`);
  /** The newest change of a subject that can be reverted, as the owner's timeline shows it. */
  const latestRevertible = async (s: Subject): Promise<number> => {
    const { body } = await owner.json(url(`/history?${filterOf(s)}&limit=100`));
    const entry = body.entries.find((e: { revertible: boolean }) => e.revertible);
    expect(entry, `${s.name} has a change to revert`).toBeDefined();
    return entry.id;
  };

  beforeAll(async () => {
    env = await startGrantsApp();
    app = env.app;
    owner = await env.as(OWNER);
    // Saved embeds are a premium feature: both guilds on a plan that has it, so items exist and can be copied.
    await buyPremium(owner, COMMUNITY.id, 'standard');
    await buyPremium(owner, TARGET.id, 'standard');
    // A change to revert in every section (grants in Dashboard Access are its changes) and on an item of every collection.
    for (const name of sectionNames) {
      if (name === ACCESS.name) continue;
      const start = { ...(await settingsOf(name)).settings, ...SEEDED[name] };
      await saveAs(owner, name, start);
      await saveAs(
        owner,
        name,
        changed(start, (doc) => validators.validateSection(name, doc).ok),
      );
    }
    for (const name of collectionNames) {
      const created = await owner.json(url(`/collections/${name}`), { method: 'POST', json: { item: ITEMS[name] } });
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      itemIds[name] = created.body.id;
      const validate = (validators as unknown as Record<string, (v: unknown) => boolean>)[collections[name].validator]!;
      const item = changed(created.body.item, (doc) => validateWith(validate as never, doc).ok);
      const updated = await owner.json(url(`/collections/${name}/${created.body.id}`), {
        method: 'PUT',
        json: { version: created.body.version, item },
      });
      expect(updated.status, JSON.stringify(updated.body)).toBe(200);
    }
  }, 60_000);
  afterAll(async () => {
    await env?.close();
  });

  /**
   * What the member may do with a subject when holding `level` on `granted` (grantable subjects only): a grantee's
   * refusals name the subject in the schema's words; AntiNuke answers by its own levels and Dashboard Access by its
   * administrators rule, whatever the grants.
   */
  const expectation = (s: Subject, granted: ReadonlySet<string>, level: GrantLevel) => {
    const held = grantable(s.name) && granted.has(s.name) ? level : undefined;
    const refusal = (need: GrantLevel) => {
      if (s.name === ACCESS.name) return refusals.accessAdministratorsOnly;
      const levels = s.kind === 'section' ? (sections[s.name as 'antinuke'] as SectionDefinition).access : null;
      if (levels) return `Access denied: ${levels.none.message}`;
      return fillRefusal(held && need === 'write' ? refusals.accessReadOnly : refusals.accessNone, { section: s.title });
    };
    return { read: held !== undefined, write: held === 'write', refusal };
  };

  /** Every cell of one grant state with grants in force: `level` on the subjects of `granted`, nothing on the others. */
  const cellsWithGrants = async (member: TestBrowser, target: string, granted: ReadonlySet<string>, level: GrantLevel) => {
    const writable = new Set<string>();
    for (const s of SUBJECTS) {
      const may = expectation(s, granted, level);
      if (may.write) writable.add(s.name);
      // History: the subject's timeline, and a revert of its latest change (a stray resolution is a 400 once allowed).
      const list = await member.json(url(`/history?${filterOf(s)}`));
      if (may.read) {
        expect(list.status, `${s.name} history: ${JSON.stringify(list.body)}`).toBe(200);
        expect(list.body.entries.length, s.name).toBeGreaterThan(0);
        for (const entry of list.body.entries) expect(entry[s.kind], s.name).toBe(s.name);
      } else expect(list, `${s.name} history`).toMatchObject({ status: 403, body: { error: may.refusal('read') } });
      const entry = await latestRevertible(s);
      const probe = await member.json(url(`/history/${entry}/revert`), { method: 'POST', json: { resolutions: { '/probe': 'keep' } } });
      if (may.write) expect(probe.status, `${s.name} revert: ${JSON.stringify(probe.body)}`).toBe(400);
      else expect(probe, `${s.name} revert`).toMatchObject({ status: 403, body: { error: may.refusal(may.read ? 'write' : 'read') } });
      if (may.write) {
        // A real revert, then the revert of it: the subject is back as it was, both changes the member's.
        const reverted = await member.json(url(`/history/${entry}/revert`), { method: 'POST', json: {} });
        expect(reverted.status, `${s.name} revert: ${JSON.stringify(reverted.body)}`).toBe(200);
        const back = await member.json(url(`/history/${reverted.body.entry.id}/revert`), { method: 'POST', json: {} });
        expect(back.status, `${s.name} revert back: ${JSON.stringify(back.body)}`).toBe(200);
        expect(back.body.entry.author.userName).toBe(reverted.body.entry.author.userName);
      }
    }
    // The whole timeline holds only what the member may read.
    const timeline = await member.json(url('/history?limit=100'));
    expect(timeline.status).toBe(200);
    for (const entry of timeline.body.entries) {
      const name = entry.section ?? entry.collection;
      expect(
        expectation(
          SUBJECTS.find((s) => s.name === name)!,
          granted,
          level,
        ).read,
        `${name} in the timeline`,
      ).toBe(true);
    }

    // Export: exactly the readable sections and collections.
    const readable = (kind: Subject['kind']) =>
      SUBJECTS.filter((s) => s.kind === kind && expectation(s, granted, level).read).map((s) => s.name);
    const exported = await member.json(url('/export'));
    expect(exported.status).toBe(200);
    expect(Object.keys(exported.body.sections).sort()).toEqual(readable('section').sort());
    expect(Object.keys(exported.body.schemaVersions).sort()).toEqual(readable('section').sort());
    expect(Object.keys(exported.body.collections).sort()).toEqual(readable('collection').sort());
    expect(validateWith(validators.validateGuildExport, exported.body)).toMatchObject({ ok: true });

    // Import of the owner's whole export: exactly the writable sections written, the others reported with the reason.
    const document = (await owner.json(url('/export'))).body;
    const before = Object.fromEntries(await Promise.all(sectionNames.map(async (name) => [name, await versionOf(name)] as const)));
    const imported = await member.json(url('/import'), { method: 'POST', json: { document } });
    expect(imported.status, JSON.stringify(imported.body)).toBe(200);
    expect(validateWith(validators.validateGuildImportResponse, imported.body)).toMatchObject({ ok: true });
    expect([...imported.body.sections].sort()).toEqual(sectionNames.filter((name) => writable.has(name)).sort());
    for (const row of imported.body.preview) {
      const s = SUBJECTS.find((subject) => subject.kind === 'section' && subject.name === row.section)!;
      const may = expectation(s, granted, level);
      if (may.write) expect(row.skipped, row.section).toBeUndefined();
      else expect(row.skipped, row.section).toBe(may.refusal(may.read ? 'write' : 'read'));
      // A section the member may not read shows none of its stored values.
      if (!may.read) expect(row.changes, row.section).toEqual([]);
      expect(await versionOf(row.section), row.section).toBe(before[row.section]! + (may.write ? 1 : 0));
    }

    // Clone to a guild where the member may write everything: read on what is copied from here is what counts.
    for (const s of SUBJECTS) {
      const may = expectation(s, granted, level);
      const what = s.kind === 'section' ? { sections: [s.name] } : { items: [{ collection: s.name, id: itemIds[s.name] }] };
      const cloned = await member.json(url('/clone'), { method: 'POST', json: { targetGuildId: target, dryRun: true, ...what } });
      if (may.read) {
        expect(cloned.status, `${s.name} clone: ${JSON.stringify(cloned.body)}`).toBe(200);
        expect(cloned.body.applied, s.name).toBe(false);
      } else expect(cloned, `${s.name} clone`).toMatchObject({ status: 403, body: { error: may.refusal('read') } });
    }
  };

  /** Every cell when the member holds no grant in force: every surface answers the managers' refusal. */
  const cellsWithout = async (member: TestBrowser, target: string) => {
    const refused = { status: 403, body: { success: false, error: NO_MANAGE } };
    for (const s of SUBJECTS) {
      expect(await member.json(url(`/history?${filterOf(s)}`)), `${s.name} history`).toMatchObject(refused);
      const entry = await latestRevertible(s);
      expect(await member.json(url(`/history/${entry}/revert`), { method: 'POST', json: {} }), `${s.name} revert`).toMatchObject(refused);
      const what = s.kind === 'section' ? { sections: [s.name] } : { items: [{ collection: s.name, id: itemIds[s.name] }] };
      const cloned = await member.json(url('/clone'), { method: 'POST', json: { targetGuildId: target, dryRun: true, ...what } });
      expect(cloned, `${s.name} clone`).toMatchObject(refused);
    }
    expect(await member.json(url('/history'))).toMatchObject(refused);
    expect(await member.json(url('/export'))).toMatchObject(refused);
    const document = (await owner.json(url('/export'))).body;
    const before = await Promise.all(sectionNames.map(versionOf));
    expect(await member.json(url('/import'), { method: 'POST', json: { document } })).toMatchObject(refused);
    expect(await Promise.all(sectionNames.map(versionOf))).toEqual(before);
  };

  /** The grantable subjects in two halves: each state is checked with each half granted, the other half not. */
  const halves = [GRANTABLE_SUBJECTS.filter((_, i) => i % 2 === 0), GRANTABLE_SUBJECTS.filter((_, i) => i % 2 === 1)];

  for (const grantee of GRANTEES) {
    describe(`a member granted ${grantee.kind === 'role' ? 'through a role they hold' : 'directly'} (${grantee.username})`, () => {
      let member: TestBrowser;
      beforeAll(async () => {
        member = await env.as(grantee.username);
        const { guild, grants } = grantee.target;
        // The target takes saved embeds too (a premium feature), bought by whoever manages it.
        if (grants) await grant(grants, guild);
        else await buyPremium(member, guild, 'standard');
      }, 60_000);
      afterAll(async () => {
        await revoke();
        if (grantee.target.grants) await grant({ roles: [], members: [] }, grantee.target.guild);
      });

      it('no grant: history, revert, export, import and clone all refuse, for every section and collection', async () => {
        await revoke();
        await cellsWithout(member, grantee.target.guild);
      }, 60_000);

      for (const level of ['read', 'write'] as const) {
        it(`${level}: each subject granted (each half in turn) opens as ${level} allows, the others refuse in the schema's words`, async () => {
          for (const half of halves) {
            await grant(grantee.grant(level, half));
            await cellsWithGrants(member, grantee.target.guild, new Set(half), level);
          }
        }, 120_000);
      }

      it('expired: a grant of everything opens nothing once its expiry has passed on the app clock', async () => {
        await grant(grantee.grant('write', ['*'], new Date(now().getTime() + HOUR).toISOString()));
        expect((await member.json(url('/export'))).status).toBe(200);
        env.clock.advance(2 * HOUR);
        try {
          await cellsWithout(member, grantee.target.guild);
        } finally {
          env.clock.advance(-2 * HOUR);
          await revoke();
        }
      }, 60_000);

      it('revoked: once the owner removes a grant of everything, nothing opens', async () => {
        await grant(grantee.grant('write', ['*']));
        expect((await member.json(url('/export'))).status).toBe(200);
        await revoke();
        await cellsWithout(member, grantee.target.guild);
      }, 60_000);
    });
  }

  it('clone needs write on the target: a member who may only read there is refused in its words', async () => {
    const member = await env.as(DIRECT_MEMBER.username);
    await grant(GRANTEES[1].grant('read', ['*']));
    await grant(GRANTEES[1].grant('read', ['basic']), TARGET.id);
    try {
      const cloned = await member.json(url('/clone'), {
        method: 'POST',
        json: { targetGuildId: TARGET.id, dryRun: true, sections: ['basic'] },
      });
      expect(cloned).toMatchObject({
        status: 403,
        body: { error: fillRefusal(refusals.accessReadOnly, { section: sections.basic.title }) },
      });
      const items = await member.json(url('/clone'), {
        method: 'POST',
        json: { targetGuildId: TARGET.id, dryRun: true, items: [{ collection: 'panels', id: itemIds.panels }] },
      });
      expect(items).toMatchObject({
        status: 403,
        body: { error: fillRefusal(refusals.accessNone, { section: collections.panels.title }) },
      });
    } finally {
      await revoke();
      await grant({ roles: [], members: [] }, TARGET.id);
    }
  });

  describe('the server selector (/api/user)', () => {
    let member: TestBrowser;
    const communityOf = async (browser: TestBrowser) => {
      const { status, body } = await browser.json('/api/user');
      expect(status).toBe(200);
      expect(validateWith(validators.validateUser, body)).toMatchObject({ ok: true });
      return (body.guilds as Doc[]).find((g) => g.id === COMMUNITY.id);
    };
    beforeAll(async () => {
      member = await env.as(GRANTEES[0].username);
    });
    afterAll(() => revoke());

    it('does not list a guild where the member holds no grant in force', async () => {
      await revoke();
      expect(await communityOf(member)).toBeUndefined();
      await grant(GRANTEES[0].grant('read', ['basic'], new Date(now().getTime() - HOUR).toISOString()));
      expect(await communityOf(member)).toBeUndefined();
    });

    it("lists it with what they may read, in the table's order, labelled with their level, sent to the first page", async () => {
      for (const [level, words] of [
        ['read', refusals.accessLevelRead],
        ['write', refusals.accessLevelWrite],
      ] as const) {
        for (const half of halves) {
          await grant(GRANTEES[0].grant(level, half));
          const listed = await communityOf(member);
          const first = sectionNames.find((name) => half.includes(name as never))!;
          expect(listed, `${level} ${half.join(',')}`).toMatchObject({
            sections: SUBJECTS.filter((s) => half.includes(s.name as never)).map((s) => s.name),
            accessLabel: words,
            settingsUrl: `/manage/${COMMUNITY.id}/${sections[first].path}`,
          });
        }
      }
    });

    it('says both words when the member holds read on some subjects and write on others', async () => {
      const role = GRANTEES[0].grant('read', ['basic']).roles;
      await grant({ roles: role, members: [grantOf(ROLE_HOLDER.id, 'write', { subjects: ['levels'] })] });
      expect(await communityOf(member)).toMatchObject({
        sections: ['basic', 'levels'],
        accessLabel: `${refusals.accessLevelRead}, ${refusals.accessLevelWrite}`,
      });
    });

    it('sends a member who may open collections only to the dashboard', async () => {
      await grant(GRANTEES[0].grant('write', [...collectionNames]));
      expect(await communityOf(member)).toMatchObject({
        sections: [...collectionNames],
        settingsUrl: `/manage/${COMMUNITY.id}/dashboard`,
        accessLabel: refusals.accessLevelWrite,
      });
    });

    it('lists the guilds a manager manages as before: no sections, no label', async () => {
      await grant(GRANTEES[0].grant('write', ['*']));
      const managed = await communityOf(owner);
      expect(managed).toMatchObject({ settingsUrl: `/manage/${COMMUNITY.id}/dashboard` });
      expect(managed).not.toHaveProperty('sections');
      expect(managed).not.toHaveProperty('accessLabel');
    });
  });

  it('keeps a Manage Server manager out of the grants on every surface: not in the history, export, nor written by an import', async () => {
    const manager = await env.as(MANAGE_SERVER_MANAGER);
    await grant(GRANTEES[1].grant('read', ['basic']));
    const refused = { status: 403, body: { error: refusals.accessAdministratorsOnly } };
    expect(await manager.json(url(`/history?section=${ACCESS.name}`))).toMatchObject(refused);
    const entry = (await owner.json(url(`/history?section=${ACCESS.name}&limit=1`))).body.entries[0];
    expect(await manager.json(url(`/history/${entry.id}/revert`), { method: 'POST', json: {} })).toMatchObject(refused);
    const timeline = await manager.json(url('/history?limit=100'));
    expect(timeline.body.entries.some((e: { section: string | null }) => e.section === ACCESS.name)).toBe(false);
    expect((await manager.json(url('/export'))).body.sections).not.toHaveProperty(ACCESS.name);
    // The owner's file, grants included: the manager's import leaves them as they are and says why.
    const document = (await owner.json(url('/export'))).body;
    document.sections[ACCESS.name] = GRANTEES[1].grant('write', ['*']);
    const before = await versionOf(ACCESS.name);
    const imported = await manager.json(url('/import'), { method: 'POST', json: { document } });
    expect(imported.status, JSON.stringify(imported.body)).toBe(200);
    expect(imported.body.sections).not.toContain(ACCESS.name);
    expect(imported.body.preview.find((row: { section: string }) => row.section === ACCESS.name)).toMatchObject({
      skipped: refusals.accessAdministratorsOnly,
      changes: [],
    });
    expect(await versionOf(ACCESS.name)).toBe(before);
    expect((await settingsOf(ACCESS.name)).settings.members[0].level).toBe('read');
    await revoke();
  });

  it('holds an Administrator who is not the owner to roles below theirs on import, as on a save', async () => {
    const retro = SANDBOX_GUILDS.retroArcade;
    const administrator = await env.as(MANAGE_SERVER_MANAGER); // demo-admin: Administrator through a role there
    const document = (await administrator.json(url('/export', retro.id))).body;
    expect(document.sections).toHaveProperty(ACCESS.name);
    document.sections[ACCESS.name] = { roles: [grantOf(retro.roles.admin, 'read')], members: [] };
    const refused = await administrator.json(url('/import', retro.id), { method: 'POST', json: { document } });
    expect(refused).toMatchObject({
      status: 400,
      body: { fieldErrors: [{ path: `/document/sections/${ACCESS.name}/roles/0/id`, message: ROLE_ABOVE_CALLER }] },
    });
    document.sections[ACCESS.name] = { roles: [grantOf(retro.roles.highScorer, 'read')], members: [] };
    const imported = await administrator.json(url('/import', retro.id), { method: 'POST', json: { document } });
    expect(imported.status, JSON.stringify(imported.body)).toBe(200);
    expect(imported.body.sections).toContain(ACCESS.name);
  });

  it('records every grant change in the history with its author, and a revert of it takes the access away', async () => {
    const member = await env.as(GRANTEES[1].username);
    await revoke();
    await grant(GRANTEES[1].grant('write', ['basic']));
    expect((await member.json(url('/settings/basic'))).status).toBe(200);
    const { body } = await owner.json(url(`/history?section=${ACCESS.name}&limit=1`));
    const [entry] = body.entries;
    expect(entry).toMatchObject({ section: ACCESS.name, action: 'save', revertible: true, author: { userId: SANDBOX_USERS.demoOwner.id } });
    expect(entry.changes.map((c: { path: string }) => c.path)).toEqual(['/members']);
    const reverted = await owner.json(url(`/history/${entry.id}/revert`), { method: 'POST', json: {} });
    expect(reverted.status, JSON.stringify(reverted.body)).toBe(200);
    expect((await settingsOf(ACCESS.name)).settings.members).toEqual([]);
    expect(await member.json(url('/settings/basic'))).toMatchObject({ status: 403, body: { error: NO_MANAGE } });
    // A grantee never sees the grants' history, nor reverts it.
    await grant(GRANTEES[1].grant('write', ['*']));
    expect(await member.json(url(`/history?section=${ACCESS.name}`))).toMatchObject({
      status: 403,
      body: { error: refusals.accessAdministratorsOnly },
    });
    expect(await member.json(url(`/history/${entry.id}/revert`), { method: 'POST', json: {} })).toMatchObject({
      status: 403,
      body: { error: refusals.accessAdministratorsOnly },
    });
    await revoke();
  });

  it('lets the bot read the grants through its settings read, and sends grant changes on its change feed', async () => {
    const bot = { authorization: `Bot ${app.config.botApiToken}` };
    const feed = new FeedReader(`${app.url}/api/bot/v1/changes?guildIds=${COMMUNITY.id}`, bot);
    try {
      await feed.ready();
      const grants = GRANTEES[0].grant('read', ['basic', 'levels']);
      const saved = await grant(grants);
      const read = await fetch(`${app.url}/api/bot/v1/guilds/${COMMUNITY.id}/settings/${ACCESS.name}`, { headers: bot });
      expect(read.status).toBe(200);
      const answer = await read.json();
      expect(answer).toMatchObject({ success: true, section: ACCESS.name, version: saved.version, settings: grants });
      expect(validateWith(validators.validateSettingsResponse, answer)).toMatchObject({ ok: true });
      await feed.waitFor(() => feed.changes().some((e) => e.data.section === ACCESS.name && e.data.version === saved.version));
      const event = feed.changes().find((e) => e.data.section === ACCESS.name && e.data.version === saved.version)!;
      expect(event.data).toMatchObject({ guildId: COMMUNITY.id, action: 'save', settings: grants });
    } finally {
      feed.close();
      await revoke();
    }
  });
});
