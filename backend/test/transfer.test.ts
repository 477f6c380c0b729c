/**
 * Export, import and clone (issue 14 item 4) over real HTTP against a real app (PGlite + the Discord sandbox): an
 * export imported into a fresh guild gives identical settings in every section; a document with one invalid section
 * changes nothing; the dry run previews the changes with the schema's labels; clone lists the channel and role
 * references the target lacks, then applies a mapping (null clears); guilds the user cannot manage answer 403.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { validateWith } from '@guildhall/generated/field-errors';
import { sectionNames, sections } from '@guildhall/generated/sections';
import { validateGuildCloneResponse, validateGuildExport, validateGuildImportResponse } from '@guildhall/generated/validators';
import { SANDBOX_GUILDS, SANDBOX_USERS } from '@guildhall/sandbox-discord/seed';
import type { TestBrowser } from './support/browser.js';
import { startTestApp, tempDataDir } from './support/app.js';

type App = Awaited<ReturnType<typeof startTestApp>>;
const COMMUNITY = SANDBOX_GUILDS.community;
const PIXEL = SANDBOX_GUILDS.pixelPainters;
const RETRO = SANDBOX_GUILDS.retroArcade;
const NIGHT_OWLS = SANDBOX_GUILDS.nightOwls;

describe('export, import and clone over real HTTP (PGlite + Discord sandbox)', () => {
  const data = tempDataDir();
  let app: App;
  let owner: TestBrowser;
  let admin: TestBrowser;

  const settingsOf = async (guildId: string, section: string, browser = owner) =>
    (await browser.json(`/api/guild/${guildId}/settings/${section}`)).body as { version: number; settings: any };
  const save = async (guildId: string, section: string, settings: unknown) => {
    const { status, body } = await owner.json(`/api/guild/${guildId}/settings/${section}`, {
      method: 'PUT',
      json: { version: (await settingsOf(guildId, section)).version, settings },
    });
    expect(status, JSON.stringify(body)).toBe(200);
  };
  const versions = async (guildId: string) =>
    Object.fromEntries(await Promise.all(sectionNames.map(async (name) => [name, (await settingsOf(guildId, name)).version] as const)));
  const exportOf = async (guildId: string, browser = owner) => browser.json(`/api/guild/${guildId}/export`);
  const importInto = (guildId: string, json: unknown, browser = owner) =>
    browser.json(`/api/guild/${guildId}/import`, { method: 'POST', json });
  const cloneFrom = (guildId: string, json: unknown, browser = owner) =>
    browser.json(`/api/guild/${guildId}/clone`, { method: 'POST', json });

  beforeAll(async () => {
    app = await startTestApp({ DATA_DIR: data.dir });
    owner = app.browser();
    await owner.signIn('demo-owner');
    await owner.json('/api/user');
    admin = app.browser();
    await admin.signIn('demo-admin');
    await admin.json('/api/user');
    // Something other than the defaults in several sections of the source guild.
    await save(COMMUNITY.id, 'basic', { prefix: '!', invite_tracking: true, flag_translation: false });
    const greeting = (await settingsOf(COMMUNITY.id, 'greeting')).settings;
    await save(COMMUNITY.id, 'greeting', {
      ...greeting,
      welcome: { ...greeting.welcome, enabled: true, channel: COMMUNITY.channels.welcome },
    });
    const general = (await settingsOf(COMMUNITY.id, 'ticket-general')).settings;
    await save(COMMUNITY.id, 'ticket-general', {
      ...general,
      support_team_roles: COMMUNITY.roles.moderator,
      additional_roles: [COMMUNITY.roles.regular],
    });
  });
  afterAll(async () => {
    await app?.close();
    data.remove();
  });

  it('exports every section with the export schema, schema versions and a download name', async () => {
    const { status, body, res } = await exportOf(COMMUNITY.id);
    expect(status).toBe(200);
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="guildhall-${COMMUNITY.id}.json"`);
    expect(body.$schema).toBe('https://guildhall.dev/schemas/api/guild-export.json');
    expect(body.guild).toEqual({ id: COMMUNITY.id, name: COMMUNITY.name });
    expect(Object.keys(body.sections).sort()).toEqual([...sectionNames].sort());
    for (const name of sectionNames) expect(body.schemaVersions[name]).toBe(sections[name].schemaVersion);
    expect(body.sections.basic.prefix).toBe('!');
    expect(validateWith(validateGuildExport, body)).toMatchObject({ ok: true });
    // The published schema is the one the document names.
    const schema = await owner.json('/api/schemas/guild-export');
    expect(schema.body.$id).toBe(body.$schema);
  });

  it('refuses an export of another server whose channels and roles the target lacks: 400 at each, nothing written (issue 24)', async () => {
    const exported = (await exportOf(COMMUNITY.id)).body;
    const before = await versions(PIXEL.id);
    const { status, body } = await importInto(PIXEL.id, { document: exported });
    expect(status).toBe(400);
    expect(body.fieldErrors).toEqual(
      expect.arrayContaining([
        { path: '/document/sections/greeting/welcome/channel', message: 'This channel is not in this server' },
        { path: '/document/sections/ticket-general/support_team_roles', message: 'This role is not in this server' },
        { path: '/document/sections/ticket-general/additional_roles/0', message: 'This role is not in this server' },
      ]),
    );
    expect(await versions(PIXEL.id)).toEqual(before);
  });

  it('export -> import into a fresh guild gives identical settings in every section, in one history entry per section', async () => {
    const exported = (await exportOf(COMMUNITY.id)).body;
    // The target's own channel and roles where the source named its own (clone maps them; a file is edited).
    exported.sections.greeting.welcome.channel = PIXEL.channels.general;
    exported.sections['ticket-general'].support_team_roles = PIXEL.roles.curator;
    exported.sections['ticket-general'].additional_roles = [PIXEL.roles.artist];
    const before = await versions(PIXEL.id);
    const { status, body } = await importInto(PIXEL.id, { document: exported });
    expect(status, JSON.stringify(body)).toBe(200);
    expect(body.sections.sort()).toEqual([...sectionNames].sort());
    for (const name of sectionNames) {
      const now = await settingsOf(PIXEL.id, name);
      expect(now.settings, name).toEqual(exported.sections[name]);
      expect(now.version, name).toBe(before[name] + 1);
    }
    const history = await app.storage.history.list(PIXEL.id, { limit: 100 });
    expect(history.filter((entry) => entry.action === 'import')).toHaveLength(sectionNames.length);
    expect(history[0]!.author).toMatchObject({ userName: expect.any(String) });
  });

  it('changes nothing when one section of the document is invalid: 400 with the section in the path', async () => {
    const exported = (await exportOf(COMMUNITY.id)).body;
    exported.sections.basic.prefix = '?';
    exported.sections.greeting.welcome.channel = 'not-a-channel';
    const before = await versions(PIXEL.id);
    const { status, body } = await importInto(PIXEL.id, { document: exported });
    expect(status).toBe(400);
    expect(body.success).toBe(false);
    expect(body.fieldErrors.map((e: { path: string }) => e.path)).toContain('/document/sections/greeting/welcome/channel');
    expect(await versions(PIXEL.id)).toEqual(before);
    expect((await settingsOf(PIXEL.id, 'basic')).settings.prefix).toBe('!');
  });

  it('previews an import (dry run) with the fields’ labels, and writes nothing', async () => {
    const exported = (await exportOf(PIXEL.id)).body;
    exported.sections.basic.prefix = '$';
    exported.schemaVersions.basic = 'older';
    const before = await versions(PIXEL.id);
    const { status, body } = await importInto(PIXEL.id, { document: exported, dryRun: true });
    expect(status).toBe(200);
    expect(body.sections).toBeUndefined();
    expect(validateWith(validateGuildImportResponse, body)).toMatchObject({ ok: true });
    const basic = body.preview.find((p: { section: string }) => p.section === 'basic');
    expect(basic).toEqual({
      section: 'basic',
      title: 'Server Settings',
      schemaVersionChanged: true,
      changes: [{ path: '/prefix', label: 'Bot prefix', before: '!', after: '$' }],
    });
    expect(body.preview.find((p: { section: string }) => p.section === 'moderation').changes).toEqual([]);
    expect(await versions(PIXEL.id)).toEqual(before);
  });

  it('imports what the caller may change and reports the AntiNuke section it skipped, unchanged (issue 24)', async () => {
    const exported = (await exportOf(COMMUNITY.id)).body;
    // demo-admin manages the server but has no AntiNuke level: their export leaves AntiNuke out.
    const adminExport = (await exportOf(COMMUNITY.id, admin)).body;
    expect(adminExport.sections.antinuke).toBeUndefined();
    exported.sections.antinuke.enabled = !exported.sections.antinuke.enabled;
    exported.sections.basic.prefix = '%';
    const before = await versions(COMMUNITY.id);
    const antinuke = (await settingsOf(COMMUNITY.id, 'antinuke')).settings;
    const { status, body } = await importInto(COMMUNITY.id, { document: exported }, admin);
    expect(status, JSON.stringify(body)).toBe(200);
    expect(validateWith(validateGuildImportResponse, body)).toMatchObject({ ok: true });
    expect(body.sections).not.toContain('antinuke');
    expect(body.sections).toContain('basic');
    expect(body.preview.find((p: { section: string }) => p.section === 'antinuke')).toMatchObject({
      skipped: expect.stringMatching(/^Access denied: /),
    });
    expect(body.preview.find((p: { section: string }) => p.section === 'basic').skipped).toBeUndefined();
    expect((await settingsOf(COMMUNITY.id, 'antinuke')).settings).toEqual(antinuke);
    expect((await versions(COMMUNITY.id)).antinuke).toBe(before.antinuke);
    expect((await settingsOf(COMMUNITY.id, 'basic')).settings.prefix).toBe('%');
    await save(COMMUNITY.id, 'basic', { ...(await settingsOf(COMMUNITY.id, 'basic')).settings, prefix: '!' });
  });

  it('lets a whitelisted manager import the export they just downloaded: AntiNuke skipped and named, the rest written (issue 24)', async () => {
    const antinuke = (await settingsOf(COMMUNITY.id, 'antinuke')).settings;
    await save(COMMUNITY.id, 'antinuke', { ...antinuke, whitelist: [...antinuke.whitelist, SANDBOX_USERS.demoAdmin.id] });
    try {
      const exported = (await exportOf(COMMUNITY.id, admin)).body;
      expect(exported.sections.antinuke).toBeDefined();
      const before = await versions(COMMUNITY.id);
      const { status, body } = await importInto(COMMUNITY.id, { document: exported }, admin);
      expect(status, JSON.stringify(body)).toBe(200);
      // Dashboard Access is the owner's and Administrators' only (issue 30): not in a Manage Server manager's export.
      expect(exported.sections['dashboard-access']).toBeUndefined();
      expect(body.sections).toEqual(sectionNames.filter((name) => name !== 'antinuke' && name !== 'dashboard-access'));
      expect(body.preview.find((p: { section: string }) => p.section === 'antinuke').skipped).toEqual(expect.any(String));
      const after = await versions(COMMUNITY.id);
      expect(after.antinuke).toBe(before.antinuke);
      expect(after.basic).toBe(before.basic + 1);
    } finally {
      await save(COMMUNITY.id, 'antinuke', antinuke);
    }
  });

  it('clone lists channel and role references the target lacks, with names and paths, and writes nothing', async () => {
    const before = await versions(PIXEL.id);
    const { status, body } = await cloneFrom(COMMUNITY.id, { targetGuildId: PIXEL.id, sections: ['greeting', 'ticket-general'] });
    expect(status, JSON.stringify(body)).toBe(200);
    expect(body.applied).toBe(false);
    expect(validateWith(validateGuildCloneResponse, body)).toMatchObject({ ok: true });
    expect(body.unmapped.channels).toEqual([{ id: COMMUNITY.channels.welcome, name: 'welcome', paths: ['/greeting/welcome/channel'] }]);
    const byId = (a: { id: string }, b: { id: string }) => a.id.localeCompare(b.id);
    expect([...body.unmapped.roles].sort(byId)).toEqual([
      { id: COMMUNITY.roles.moderator, name: expect.any(String), paths: ['/ticket-general/support_team_roles'] },
      { id: COMMUNITY.roles.regular, name: expect.any(String), paths: ['/ticket-general/additional_roles/0'] },
    ]);
    expect(await versions(PIXEL.id)).toEqual(before);
  });

  it('clone applies a mapping: ids replaced, null clears the reference (a list item goes), one history entry per section', async () => {
    const { status, body } = await cloneFrom(COMMUNITY.id, {
      targetGuildId: PIXEL.id,
      sections: ['greeting', 'ticket-general'],
      mapping: {
        channels: { [COMMUNITY.channels.welcome]: PIXEL.channels.general },
        roles: { [COMMUNITY.roles.moderator]: PIXEL.roles.curator, [COMMUNITY.roles.regular]: null },
      },
    });
    expect(status, JSON.stringify(body)).toBe(200);
    expect(body.applied).toBe(true);
    expect(body.unmapped).toEqual({ channels: [], roles: [] });
    expect((await settingsOf(PIXEL.id, 'greeting')).settings.welcome.channel).toBe(PIXEL.channels.general);
    const general = (await settingsOf(PIXEL.id, 'ticket-general')).settings;
    expect(general.support_team_roles).toBe(PIXEL.roles.curator);
    // The regular role was cleared: its list item went.
    expect(general.additional_roles).toEqual([]);
    const [latest] = await app.storage.history.list(PIXEL.id, { limit: 1 });
    expect(latest!.action).toBe('clone');

    // A role mapped to null clears a nullable reference.
    const cleared = await cloneFrom(COMMUNITY.id, {
      targetGuildId: PIXEL.id,
      sections: ['ticket-general'],
      mapping: { roles: { [COMMUNITY.roles.moderator]: null, [COMMUNITY.roles.regular]: null } },
    });
    expect(cleared.body.applied).toBe(true);
    expect((await settingsOf(PIXEL.id, 'ticket-general')).settings.support_team_roles).toBeNull();

    // Clearing a channel an enabled welcome message needs leaves the copy invalid: 400 at that field, nothing written.
    const before = await versions(PIXEL.id);
    const invalid = await cloneFrom(COMMUNITY.id, {
      targetGuildId: PIXEL.id,
      sections: ['greeting'],
      mapping: { channels: { [COMMUNITY.channels.welcome]: null } },
    });
    expect(invalid.status).toBe(400);
    expect(invalid.body.fieldErrors.map((e: { path: string }) => e.path)).toContain('/greeting/welcome/channel');
    expect(await versions(PIXEL.id)).toEqual(before);
  });

  it('clone refuses a mapping to an id the target does not have (400) and an unknown section (400)', async () => {
    const bad = await cloneFrom(COMMUNITY.id, {
      targetGuildId: PIXEL.id,
      sections: ['greeting'],
      mapping: { channels: { [COMMUNITY.channels.welcome]: COMMUNITY.channels.general } },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.fieldErrors[0].path).toBe(`/mapping/channels/${COMMUNITY.channels.welcome}`);
    const unknown = await cloneFrom(COMMUNITY.id, { targetGuildId: PIXEL.id, sections: ['nope'] });
    expect(unknown.status).toBe(400);
    expect(unknown.body.fieldErrors[0].path).toBe('/sections/0');
  });

  it('answers 403 for a guild the user cannot manage, on either side of a clone, and for export and import', async () => {
    const before = await versions(COMMUNITY.id);
    expect((await cloneFrom(COMMUNITY.id, { targetGuildId: NIGHT_OWLS.id, sections: ['basic'] })).status).toBe(403);
    expect((await cloneFrom(NIGHT_OWLS.id, { targetGuildId: COMMUNITY.id, sections: ['basic'] })).status).toBe(403);
    expect((await exportOf(NIGHT_OWLS.id)).status).toBe(403);
    const exported = (await exportOf(COMMUNITY.id)).body;
    expect((await importInto(NIGHT_OWLS.id, { document: exported })).status).toBe(403);
    // demo-admin manages Community, and Retro Arcade as Administrator, but is not in Pixel Painters.
    const notMember = await cloneFrom(COMMUNITY.id, { targetGuildId: PIXEL.id, sections: ['basic'] }, admin);
    expect([403, 404]).toContain(notMember.status);
    expect(await versions(COMMUNITY.id)).toEqual(before);
    const allowed = await cloneFrom(COMMUNITY.id, { targetGuildId: RETRO.id, sections: ['basic'], dryRun: true }, admin);
    expect(allowed.status, JSON.stringify(allowed.body)).toBe(200);
    expect(allowed.body.applied).toBe(false);
  });

  describe('clone carries collection items (issue 28): a role menu copied as a new, undeployed item', () => {
    const menusOf = async (guildId: string) =>
      (await owner.json(`/api/guild/${guildId}/collections/role-menus`)).body as {
        items: { id: string; version: number; item: any }[];
        cap: number;
      };
    const createMenu = async (guildId: string, item: unknown) => {
      const { status, body } = await owner.json(`/api/guild/${guildId}/collections/role-menus`, { method: 'POST', json: { item } });
      expect(status, JSON.stringify(body)).toBe(201);
      return body as { id: string; version: number; item: any };
    };
    const menu = {
      title: 'Colour roles',
      channel_id: COMMUNITY.channels.general,
      kind: 'buttons',
      options: [
        { role_id: COMMUNITY.roles.regular, label: 'Regular' },
        { role_id: COMMUNITY.roles.eventHost, label: 'Event host' },
      ],
      required_roles: [COMMUNITY.roles.regular],
    };
    let source: { id: string; item: any };

    beforeAll(async () => {
      source = await createMenu(COMMUNITY.id, menu);
      // Deployed in the source: the copy must not carry its message.
      await app.storage.records.update('role-menus', source.id, { ...source.item, message_id: '1100000000000099999', deployed: true });
    });

    it('lists the channel and roles the target lacks at /role-menus/<index>/..., previews the item, and writes nothing', async () => {
      const before = await menusOf(PIXEL.id);
      const { status, body } = await cloneFrom(COMMUNITY.id, {
        targetGuildId: PIXEL.id,
        items: [{ collection: 'role-menus', id: source.id }],
        dryRun: true,
      });
      expect(status, JSON.stringify(body)).toBe(200);
      expect(validateWith(validateGuildCloneResponse, body)).toMatchObject({ ok: true });
      expect(body.applied).toBe(false);
      expect(body.preview).toEqual([]);
      expect(body.items).toEqual([{ collection: 'role-menus', collectionTitle: 'Role Menus', sourceId: source.id, title: 'Colour roles' }]);
      expect(body.unmapped.channels).toEqual([{ id: COMMUNITY.channels.general, name: 'general', paths: ['/role-menus/0/channel_id'] }]);
      const byId = (a: { id: string }, b: { id: string }) => a.id.localeCompare(b.id);
      expect([...body.unmapped.roles].sort(byId)).toEqual(
        [
          {
            id: COMMUNITY.roles.regular,
            name: expect.any(String),
            paths: ['/role-menus/0/options/0/role_id', '/role-menus/0/required_roles/0'],
          },
          { id: COMMUNITY.roles.eventHost, name: expect.any(String), paths: ['/role-menus/0/options/1/role_id'] },
        ].sort(byId),
      );
      expect(await menusOf(PIXEL.id)).toEqual(before);
    });

    it('applies a mapping: a new item of the target, not deployed, its ids mapped, recorded as a clone', async () => {
      const before = await menusOf(PIXEL.id);
      const { status, body } = await cloneFrom(COMMUNITY.id, {
        targetGuildId: PIXEL.id,
        items: [{ collection: 'role-menus', id: source.id }],
        mapping: {
          channels: { [COMMUNITY.channels.general]: PIXEL.channels.showcase },
          roles: { [COMMUNITY.roles.regular]: PIXEL.roles.artist, [COMMUNITY.roles.eventHost]: null },
        },
      });
      expect(status, JSON.stringify(body)).toBe(200);
      expect(validateWith(validateGuildCloneResponse, body)).toMatchObject({ ok: true });
      expect(body.applied).toBe(true);
      expect(body.unmapped).toEqual({ channels: [], roles: [] });
      const newId = body.items[0].id;
      expect(newId).toEqual(expect.any(String));
      expect(newId).not.toBe(source.id);
      const after = await menusOf(PIXEL.id);
      expect(after.items).toHaveLength(before.items.length + 1);
      const copy = after.items.find((entry) => entry.id === newId)!;
      expect(copy.version).toBe(1);
      expect(copy.item).toMatchObject({
        title: 'Colour roles',
        channel_id: PIXEL.channels.showcase,
        // The option whose role was cleared went; the other names the target's role.
        options: [{ role_id: PIXEL.roles.artist, label: 'Regular' }],
        required_roles: [PIXEL.roles.artist],
        message_id: null,
        deployed: false,
      });
      expect(copy.item.created_at).not.toBe(source.item.created_at);
      // The source is untouched, still deployed.
      expect((await owner.json(`/api/guild/${COMMUNITY.id}/collections/role-menus/${source.id}`)).body.item.deployed).toBe(true);
      const [latest] = await app.storage.history.list(PIXEL.id, { limit: 1 });
      expect(latest).toMatchObject({ scope: 'records', key: 'role-menus', itemId: newId, action: 'clone', version: 1 });
      // Sections and items in one request: both written.
      const both = await cloneFrom(COMMUNITY.id, {
        targetGuildId: PIXEL.id,
        sections: ['basic'],
        items: [{ collection: 'role-menus', id: source.id }],
        mapping: {
          channels: { [COMMUNITY.channels.general]: PIXEL.channels.general },
          roles: { [COMMUNITY.roles.regular]: PIXEL.roles.curator, [COMMUNITY.roles.eventHost]: PIXEL.roles.artist },
        },
      });
      expect(both.status, JSON.stringify(both.body)).toBe(200);
      expect(both.body.applied).toBe(true);
      expect((await menusOf(PIXEL.id)).items).toHaveLength(before.items.length + 2);
      expect((await settingsOf(PIXEL.id, 'basic')).settings.prefix).toBe((await settingsOf(COMMUNITY.id, 'basic')).settings.prefix);
    });

    it('refuses a channel mapped to a channel of the wrong type with the schema’s message, and writes nothing', async () => {
      const before = await menusOf(PIXEL.id);
      const { status, body } = await cloneFrom(COMMUNITY.id, {
        targetGuildId: PIXEL.id,
        items: [{ collection: 'role-menus', id: source.id }],
        mapping: {
          channels: { [COMMUNITY.channels.general]: PIXEL.channels.drawingRoom },
          roles: { [COMMUNITY.roles.regular]: PIXEL.roles.artist, [COMMUNITY.roles.eventHost]: PIXEL.roles.curator },
        },
      });
      expect(status, JSON.stringify(body)).toBe(400);
      expect(body.fieldErrors).toEqual([
        { path: '/role-menus/0/channel_id', message: 'Please select a text or announcement channel for the menu' },
      ]);
      expect(await menusOf(PIXEL.id)).toEqual(before);
    });

    it('refuses another guild’s item id, an unknown id and an item named twice (400 at /items/<i>), and an empty request', async () => {
      const theirs = await createMenu(PIXEL.id, { title: 'Pixel menu', channel_id: PIXEL.channels.general });
      const before = await menusOf(RETRO.id);
      const other = await cloneFrom(COMMUNITY.id, {
        targetGuildId: PIXEL.id,
        items: [
          { collection: 'role-menus', id: theirs.id },
          { collection: 'role-menus', id: 'no-such-item' },
        ],
      });
      expect(other.status).toBe(400);
      expect(other.body.fieldErrors).toEqual([
        { path: '/items/0/id', message: 'Role Menus: no such item in this server' },
        { path: '/items/1/id', message: 'Role Menus: no such item in this server' },
      ]);
      const twice = await cloneFrom(COMMUNITY.id, {
        targetGuildId: PIXEL.id,
        items: [
          { collection: 'role-menus', id: source.id },
          { collection: 'role-menus', id: source.id },
        ],
      });
      expect(twice.status).toBe(400);
      expect(twice.body.fieldErrors).toEqual([{ path: '/items/1', message: 'This item is already in the list' }]);
      const nothing = await cloneFrom(COMMUNITY.id, { targetGuildId: PIXEL.id });
      expect(nothing.status).toBe(400);
      expect(nothing.body.fieldErrors).toEqual([{ path: '/items', message: 'Choose at least one section or item to copy' }]);
      const empty = await cloneFrom(COMMUNITY.id, { targetGuildId: PIXEL.id, sections: [], items: [] });
      expect(empty.status).toBe(400);
      expect(empty.body.fieldErrors).toEqual([
        { path: '/sections', message: 'Choose at least one section or item to copy' },
        { path: '/items', message: 'Choose at least one section or item to copy' },
      ]);
      const unknown = await cloneFrom(COMMUNITY.id, { targetGuildId: PIXEL.id, items: [{ collection: 'nope', id: source.id }] });
      expect(unknown.status).toBe(400);
      expect(unknown.body.fieldErrors[0].path).toBe('/items/0/collection');
      expect(await menusOf(RETRO.id)).toEqual(before);
    });

    it('holds a cloned ticket panel to the target’s plan limit: the 403 a create there gets, nothing written', async () => {
      const panel = { title: 'Support', channel_id: COMMUNITY.channels.general };
      const created = await owner.json(`/api/guild/${COMMUNITY.id}/collections/panels`, { method: 'POST', json: { item: panel } });
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      const panelsOf = async () => (await owner.json(`/api/guild/${PIXEL.id}/collections/panels`)).body.items as unknown[];
      let refused: { status: number; body: unknown } | undefined;
      for (let i = 0; i < 10 && !refused; i += 1) {
        const res = await owner.json(`/api/guild/${PIXEL.id}/collections/panels`, {
          method: 'POST',
          json: { item: { title: `Panel ${i}`, channel_id: PIXEL.channels.general } },
        });
        if (res.status !== 201) refused = res;
      }
      expect(refused?.status).toBe(403);
      const before = await panelsOf();
      const { status, body } = await cloneFrom(COMMUNITY.id, {
        targetGuildId: PIXEL.id,
        items: [{ collection: 'panels', id: created.body.id }],
        mapping: { channels: { [COMMUNITY.channels.general]: PIXEL.channels.general } },
      });
      expect(status).toBe(403);
      expect(body).toEqual(refused!.body);
      expect(await panelsOf()).toEqual(before);
    });

    it('refuses at the target’s item cap with the engine’s own answer, and writes nothing, sections included', async () => {
      const { items, cap } = await menusOf(PIXEL.id);
      for (let i = items.length; i < cap; i += 1) await createMenu(PIXEL.id, { title: `Menu ${i}`, channel_id: PIXEL.channels.general });
      const create = await owner.json(`/api/guild/${PIXEL.id}/collections/role-menus`, {
        method: 'POST',
        json: { item: { title: 'One more', channel_id: PIXEL.channels.general } },
      });
      expect(create.status).toBe(409);
      const sectionsBefore = await versions(PIXEL.id);
      const { status, body } = await cloneFrom(COMMUNITY.id, {
        targetGuildId: PIXEL.id,
        sections: ['basic'],
        items: [{ collection: 'role-menus', id: source.id }],
        mapping: {
          channels: { [COMMUNITY.channels.general]: PIXEL.channels.general },
          roles: { [COMMUNITY.roles.regular]: PIXEL.roles.artist, [COMMUNITY.roles.eventHost]: PIXEL.roles.curator },
        },
      });
      expect(status).toBe(409);
      expect(body).toEqual(create.body);
      expect((await menusOf(PIXEL.id)).items).toHaveLength(cap);
      expect(await versions(PIXEL.id)).toEqual(sectionsBefore);
      // The dry run says so too, before anything is mapped.
      const dry = await cloneFrom(COMMUNITY.id, {
        targetGuildId: PIXEL.id,
        items: [{ collection: 'role-menus', id: source.id }],
        dryRun: true,
      });
      expect(dry.status).toBe(409);
    });
  });

  it('needs the CSRF header for import and clone', async () => {
    const exported = (await exportOf(COMMUNITY.id)).body;
    expect((await owner.json(`/api/guild/${PIXEL.id}/import`, { method: 'POST', json: { document: exported }, csrf: false })).status).toBe(
      403,
    );
  });
});
