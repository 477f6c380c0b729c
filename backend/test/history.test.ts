/**
 * Configuration history (issue 14) over real HTTP against a real app (PGlite + the Discord sandbox): every save and
 * item write recorded with its author and the changed fields by the schema's titles, the timeline's filters, and revert:
 * the inverse of one change over the current document, its conflicts with later changes and their resolutions, and the
 * same access rules as a save.
 */
import { sections } from '@guildhall/generated/sections';
import { validateHistoryListResponse, validateHistoryRevertConflict, validateHistoryRevertResponse } from '@guildhall/generated/validators';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SANDBOX_GUILDS, SANDBOX_USERS } from '@guildhall/sandbox-discord/seed';
import type { TestBrowser } from './support/browser.js';
import { startTestApp, tempDataDir } from './support/app.js';

const GUILD: string = SANDBOX_GUILDS.community.id;
const OTHER = SANDBOX_GUILDS.pixelPainters.id;
const NOT_MINE = SANDBOX_GUILDS.nightOwls.id; // demo-owner is a plain member there
const CHANNEL = SANDBOX_GUILDS.community.channels.general;
const OWNER = SANDBOX_USERS.demoOwner;
const ADMIN = SANDBOX_USERS.demoAdmin;
const CONFLICT = 'Later changes touched the same fields. Choose what to keep for each.';

const valid = (validate: (value: unknown) => boolean, value: unknown) => {
  expect(validate(value), JSON.stringify((validate as unknown as { errors?: unknown }).errors)).toBe(true);
};

describe('configuration history over real HTTP (PGlite + Discord sandbox)', () => {
  const data = tempDataDir();
  let app: Awaited<ReturnType<typeof startTestApp>>;
  let owner: TestBrowser;
  let admin: TestBrowser;
  let whitelisted: TestBrowser;

  const history = (query = '', browser = owner, guild = GUILD) => browser.json(`/api/guild/${guild}/history${query}`);
  const revert = (id: number, body: unknown = {}, browser = owner, guild = GUILD) =>
    browser.json(`/api/guild/${guild}/history/${id}/revert`, { method: 'POST', json: body });
  const settingsOf = async (section: string, browser = owner) => (await browser.json(`/api/guild/${GUILD}/settings/${section}`)).body;
  const save = async (section: string, change: (settings: any) => void, browser = owner) => {
    const { version, settings } = await settingsOf(section);
    change(settings);
    const answer = await browser.json(`/api/guild/${GUILD}/settings/${section}`, { method: 'PUT', json: { version, settings } });
    expect(answer.status).toBe(200);
    return answer.body;
  };
  const latest = async (section: string) => (await history(`?section=${section}&limit=1`)).body.entries[0];

  beforeAll(async () => {
    app = await startTestApp({ DATA_DIR: data.dir });
    owner = app.browser();
    admin = app.browser();
    whitelisted = app.browser();
    await owner.signIn('demo-owner');
    await admin.signIn('demo-admin');
    await whitelisted.signIn('demo-member');
    for (const browser of [owner, admin, whitelisted]) await browser.json('/api/user');
  });
  afterAll(async () => {
    await app?.close();
    data.remove();
  });

  it('records two saves as two entries, newest first, with the author, the version and each field by its title', async () => {
    await save('basic', (s) => (s.prefix = '!'));
    await save('basic', (s) => {
      s.prefix = '?';
      s.invite_tracking = !s.invite_tracking;
    });
    const { status, body } = await history('?section=basic');
    expect(status).toBe(200);
    valid(validateHistoryListResponse, body);
    expect(body).toMatchObject({ success: true, retention: 500, nextBefore: null });
    const [second, first] = body.entries;
    expect(first).toMatchObject({
      section: 'basic',
      collection: null,
      itemId: null,
      title: 'Server Settings',
      version: 1,
      action: 'save',
      revertOf: null,
      revertible: true,
      author: { userId: OWNER.id, userName: expect.any(String) },
    });
    expect(first.author.userName).not.toBe('');
    // The first save of a section changed its defaults: only what differs from them is shown.
    expect(first.changes).toEqual([{ path: '/prefix', label: 'Bot prefix', before: '.', after: '!' }]);
    expect(second).toMatchObject({ version: 2, action: 'save' });
    expect(second.changes).toEqual(
      expect.arrayContaining([
        { path: '/prefix', label: 'Bot prefix', before: '!', after: '?' },
        { path: '/invite_tracking', label: 'Invite tracking', before: false, after: true },
      ]),
    );
    expect(second.id).toBeGreaterThan(first.id);
  });

  it('labels nested fields with the titles along the path', async () => {
    await save('greeting', (s) => (s.welcome.channel = CHANNEL));
    const entry = await latest('greeting');
    expect(entry.changes).toContainEqual({
      path: '/welcome/channel',
      label: 'Welcome Message › Welcome channel',
      before: null,
      after: CHANNEL,
    });
  });

  it('filters by section and by author, and pages with before', async () => {
    // Each test makes the entries it reads, so it passes alone too (as a mutation run runs it).
    await save('basic', (s) => (s.prefix = '?'));
    await save('moderation', (s) => (s.max_warnings = 5), admin);
    const byAdmin = (await history(`?userId=${ADMIN.id}`)).body.entries;
    expect(byAdmin.length).toBeGreaterThan(0);
    expect(byAdmin.every((e: any) => e.author.userId === ADMIN.id && e.section === 'moderation')).toBe(true);
    const basics = (await history('?section=basic')).body.entries;
    expect(basics.every((e: any) => e.section === 'basic')).toBe(true);
    const page = (await history('?limit=1')).body;
    expect(page.entries).toHaveLength(1);
    const next = (await history(`?limit=1&before=${page.nextBefore}`)).body;
    expect(next.entries[0].id).toBeLessThan(page.entries[0].id);
  });

  it('refuses a malformed or unknown filter with 400 and the field', async () => {
    for (const query of [
      '?limit=0',
      '?limit=101',
      '?before=x',
      '?userId=12',
      '?section=nope',
      '?collection=nope',
      '?itemId=a',
      '?what=1',
    ]) {
      const { status, body } = await history(query);
      expect(status, query).toBe(400);
      expect(body.error, query).toBe('The history filter is not valid.');
      expect(body.fieldErrors.length, query).toBeGreaterThan(0);
    }
    // The words of the filter's declaration in schemas/operations.json.
    expect((await history('?limit=0&what=1')).body.fieldErrors).toEqual([
      { path: '/what', message: 'Unknown parameter: what' },
      { path: '/limit', message: 'Must be a whole number from 1 to 100' },
    ]);
  });

  it('reverts a change no later change touched: a new version with the old value, recorded as a revert of it', async () => {
    await save('basic', (s) => (s.flag_translation = true));
    const target = await latest('basic');
    await save('basic', (s) => (s.prefix = '$'));
    const before = await settingsOf('basic');
    const { status, body } = await revert(target.id);
    expect(status).toBe(200);
    valid(validateHistoryRevertResponse, body);
    expect(body.version).toBe(before.version + 1);
    expect(body.entry).toMatchObject({ action: 'revert', revertOf: target.id, section: 'basic', version: body.version });
    expect(body.entry.changes).toEqual([{ path: '/flag_translation', label: 'Flag translation', before: true, after: false }]);
    const after = await settingsOf('basic');
    expect(after.settings).toMatchObject({ flag_translation: false, prefix: '$' });
    expect((await latest('basic')).id).toBe(body.entry.id);
  });

  it('shows the conflict with a later change to the same field and saves nothing until the user chooses', async () => {
    await save('basic', (s) => (s.prefix = 'a'));
    await save('basic', (s) => (s.prefix = 'b'));
    const target = await latest('basic');
    expect(target.changes).toContainEqual(expect.objectContaining({ path: '/prefix', before: 'a', after: 'b' }));
    await save('basic', (s) => (s.prefix = 'c'));
    const stored = await settingsOf('basic');

    const refused = await revert(target.id);
    expect(refused.status).toBe(409);
    valid(validateHistoryRevertConflict, refused.body);
    expect(refused.body).toEqual({
      success: false,
      error: CONFLICT,
      conflicts: [{ path: '/prefix', label: 'Bot prefix', expected: 'b', current: 'c', reverted: 'a' }],
    });
    expect(await settingsOf('basic')).toEqual(stored);

    const kept = await revert(target.id, { resolutions: { '/prefix': 'keep' } });
    expect(kept.status).toBe(200);
    expect((await settingsOf('basic')).settings.prefix).toBe('c');

    const applied = await revert(target.id, { resolutions: { '/prefix': 'apply' } });
    expect(applied.status).toBe(200);
    expect(applied.body.entry.changes).toEqual([{ path: '/prefix', label: 'Bot prefix', before: 'c', after: 'a' }]);
    expect((await settingsOf('basic')).settings.prefix).toBe('a');
  });

  it("reverts a section's first save to its defaults, again and again", async () => {
    const defaults = await settingsOf('levels');
    expect(defaults.version).toBe(0);
    await save('levels', (s) => (s.ranking = !s.ranking));
    const first = await latest('levels');
    expect(first).toMatchObject({
      version: 1,
      changes: [{ path: '/ranking', before: defaults.settings.ranking, after: !defaults.settings.ranking }],
    });
    for (const round of [1, 2]) {
      const { status } = await revert(first.id);
      expect({ round, status }).toEqual({ round, status: 200 });
      expect((await settingsOf('levels')).settings).toEqual(defaults.settings);
    }
  });

  it('refuses an invalid resolution with 400, and one for a field the change did not touch', async () => {
    await save('basic', (s) => (s.prefix = '+'));
    const target = await latest('basic');
    const bad = await revert(target.id, { resolutions: { '/prefix': 'maybe' } });
    expect(bad.status).toBe(400);
    expect(bad.body.fieldErrors.length).toBeGreaterThan(0);
    const stray = await revert(target.id, { resolutions: { '/not/touched': 'keep' } });
    expect(stray.status).toBe(400);
    expect(stray.body.error).toBe('A resolution names a field the change did not touch.');
    expect(stray.body.fieldErrors).toEqual([{ path: '/resolutions/~1not~1touched', message: 'This change did not touch that field.' }]);
    expect((await revert(target.id, { other: 1 })).status).toBe(400);
  });

  it("answers 404 for an unknown entry and for another guild's, and 403 in a guild the user may not manage", async () => {
    await save('basic', (s) => (s.prefix = '-'));
    const target = await latest('basic');
    // The same words whether the entry is another guild's or no one's: nothing tells the two apart.
    const notFound = { status: 404, body: { success: false, error: 'No such change in this server’s history.' } };
    expect(await revert(target.id, {}, owner, OTHER)).toMatchObject(notFound);
    expect(await revert(999_999_999)).toMatchObject(notFound);
    expect((await revert('abc' as unknown as number)).status).toBe(404);
    expect((await history('', owner, NOT_MINE)).status).toBe(403);
    expect((await revert(target.id, {}, owner, NOT_MINE)).status).toBe(403);
  });

  it("applies AntiNuke's field rules: a whitelisted user may see its history but reverting an owner's field is 403", async () => {
    const setUp = await save('antinuke', (s) => {
      s.whitelist = [SANDBOX_USERS.demoMember.id];
    });
    expect(setUp.version).toBeGreaterThan(0);
    await save('antinuke', (s) => (s.enabled = !s.enabled));
    const target = await latest('antinuke');
    const stored = await settingsOf('antinuke');

    // demo-member manages nothing: the timeline shows them AntiNuke's entries only.
    const seen = (await history('', whitelisted)).body.entries;
    expect(seen.length).toBeGreaterThan(0);
    expect(seen.every((e: any) => e.section === 'antinuke')).toBe(true);
    // demo-admin manages the guild but is on no AntiNuke level: everything but AntiNuke.
    expect((await history('', admin)).body.entries.some((e: any) => e.section === 'antinuke')).toBe(false);
    expect((await history('?section=antinuke', admin)).status).toBe(403);

    const refused = await revert(target.id, {}, whitelisted);
    expect(refused.status).toBe(403);
    expect(refused.body.error).toBe('You do not have permission to modify antinuke settings.');
    expect((await revert(target.id, {}, admin)).status).toBe(403);
    expect(await settingsOf('antinuke')).toEqual(stored);
  });

  it('records collection item writes and reverts an item update', async () => {
    const base = `/api/guild/${GUILD}/collections/panels`;
    const created = await owner.json(base, { method: 'POST', json: { item: { channel_id: CHANNEL, title: 'Help desk' } } });
    expect(created.status).toBe(201);
    const { id } = created.body;
    const updated = await owner.json(`${base}/${id}`, {
      method: 'PUT',
      json: { version: 1, item: { ...created.body.item, title: 'Support' } },
    });
    expect(updated.status).toBe(200);

    const entries = (await history(`?collection=panels&itemId=${id}`)).body.entries;
    valid(validateHistoryListResponse, { success: true, entries, nextBefore: null, retention: 500 });
    expect(entries.map((e: any) => [e.action, e.version, e.revertible])).toEqual([
      ['update', 2, true],
      ['create', 1, false],
    ]);
    expect(entries[0]).toMatchObject({ collection: 'panels', section: null, itemId: id, title: 'Ticket Panels' });
    expect(entries[0].changes).toContainEqual({ path: '/title', label: 'Panel title', before: 'Help desk', after: 'Support' });

    const reverted = await revert(entries[0].id);
    expect(reverted.status).toBe(200);
    expect(reverted.body).toMatchObject({
      version: 3,
      entry: { action: 'revert', revertOf: entries[0].id, collection: 'panels', itemId: id },
    });
    expect((await owner.json(`${base}/${id}`)).body.item.title).toBe('Help desk');
    expect((await revert(entries[1].id)).status).toBe(400);

    expect((await owner.json(`${base}/${id}`, { method: 'DELETE' })).status).toBe(200);
    const afterDelete = (await history(`?collection=panels&itemId=${id}`)).body.entries;
    expect(afterDelete[0]).toMatchObject({ action: 'delete', version: 0, revertible: false });
    // Once the item is gone its updates cannot be reverted either, and say so.
    expect(afterDelete.find((e: any) => e.id === entries[0].id)).toMatchObject({ revertible: false });
    expect((await revert(entries[0].id)).status).toBe(400);
  });

  /** `count` AntiNuke saves by the owner, each moving `enabled`, as fast as the API takes them. */
  const antinukeSaves = async (guild: string, count: number) => {
    let { version, settings } = (await owner.json(`/api/guild/${guild}/settings/antinuke`)).body;
    for (let n = 0; n < count; n++) {
      settings = { ...settings, enabled: !settings.enabled };
      const answer = await owner.json(`/api/guild/${guild}/settings/antinuke`, { method: 'PUT', json: { version, settings } });
      expect(answer.status).toBe(200);
      version = answer.body.version;
    }
  };

  it("keeps each section's own 500 changes: a burst of AntiNuke saves no longer pushes another section's out", async () => {
    const put = async (guild: string, section: string, change: (settings: any) => void) => {
      const { version, settings } = (await owner.json(`/api/guild/${guild}/settings/${section}`)).body;
      change(settings);
      const answer = await owner.json(`/api/guild/${guild}/settings/${section}`, { method: 'PUT', json: { version, settings } });
      expect(answer.status).toBe(200);
    };
    await put(OTHER, 'basic', (s) => (s.prefix = '$'));
    const [basic] = (await history('?section=basic&limit=1', owner, OTHER)).body.entries;
    // As many as a guild kept in all before: the basic save was the first to go.
    await antinukeSaves(OTHER, 500);
    const after = await history('?section=basic', owner, OTHER);
    expect(after.body.entries.map((e: any) => e.id)).toEqual([basic.id]);
    expect(after.body.retention).toBe(500);
    expect((await history('?section=antinuke&limit=100', owner, OTHER)).body.entries).toHaveLength(100);
  });

  it('reads a page of the timeline in one history query, however many entries the caller may not see lie on top', async () => {
    const { version, settings } = await settingsOf('moderation', admin);
    const saved = await admin.json(`/api/guild/${GUILD}/settings/moderation`, {
      method: 'PUT',
      json: { version, settings: { ...settings, max_warnings: settings.max_warnings === 7 ? 8 : 7 } },
    });
    expect(saved.status).toBe(200);
    await antinukeSaves(GUILD, 300);

    const store = app.storage.history;
    const list = store.list;
    const reads: unknown[] = [];
    store.list = (guildId, filter) => {
      reads.push(filter);
      return list(guildId, filter);
    };
    const settingsStore = app.storage.settings;
    const get = settingsStore.get;
    const sectionReads: string[] = [];
    settingsStore.get = (guildId, section) => {
      sectionReads.push(section);
      return get(guildId, section);
    };
    try {
      // demo-admin manages the guild but is on no AntiNuke level: the 300 AntiNuke entries are not theirs to see.
      const page = await history('?limit=1', admin);
      expect(page.status).toBe(200);
      expect(page.body.entries).toHaveLength(1);
      expect(page.body.entries[0]).toMatchObject({ section: 'moderation', version: saved.body.version, author: { userId: ADMIN.id } });
      expect(reads).toHaveLength(1);
      // Whether they may see a section with access levels is read from its document, once each.
      const leveled = Object.values(sections)
        .filter((def) => def.access)
        .map((def) => def.storageKey);
      expect(sectionReads.sort()).toEqual(leveled.sort());
    } finally {
      store.list = list;
      settingsStore.get = get;
    }
  });

  it('needs the CSRF header to revert', async () => {
    await save('basic', (s) => (s.prefix = '$'));
    const target = await latest('basic');
    const { status } = await owner.json(`/api/guild/${GUILD}/history/${target.id}/revert`, { method: 'POST', json: {}, csrf: false });
    expect(status).toBe(403);
  });
});
