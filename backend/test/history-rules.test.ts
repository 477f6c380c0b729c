/**
 * The history's rules one test at a time, each making the entries it reads (history.test.ts tells the story in order,
 * so a test run alone, as mutation testing runs them, finds nothing made before it): who sees which entries and the
 * words of each refusal, the filters, which entries can be reverted and why not, an entry no table knows (issue 34).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NO_MANAGE } from '../src/guild/guild-access.service.js';
import { SANDBOX_GUILDS, SANDBOX_USERS } from '@guildhall/sandbox-discord/seed';
import type { TestBrowser } from './support/browser.js';
import { startTestApp, tempDataDir } from './support/app.js';

const GUILD = SANDBOX_GUILDS.community.id;
const CHANNEL = SANDBOX_GUILDS.community.channels.general;
const NO_ANTINUKE = 'Access denied: Only the guild owner, extra owners and whitelisted users can open AntiNuke.';
const NOT_VALID = 'The history filter is not valid.';

describe('history rules over real HTTP (PGlite + Discord sandbox)', () => {
  const data = tempDataDir();
  let app: Awaited<ReturnType<typeof startTestApp>>;
  let owner: TestBrowser;
  let admin: TestBrowser;
  let member: TestBrowser;

  const history = (query = '', browser = owner) => browser.json(`/api/guild/${GUILD}/history${query}`);
  const revert = (id: number, browser = owner) => browser.json(`/api/guild/${GUILD}/history/${id}/revert`, { method: 'POST', json: {} });
  const save = async (section: string, change: (settings: any) => void = () => undefined) => {
    const { version, settings } = (await owner.json(`/api/guild/${GUILD}/settings/${section}`)).body;
    change(settings);
    const answer = await owner.json(`/api/guild/${GUILD}/settings/${section}`, { method: 'PUT', json: { version, settings } });
    expect(answer.status).toBe(200);
  };
  const latest = async (query: string) => (await history(`${query}&limit=1`)).body.entries[0];
  const panels = `/api/guild/${GUILD}/collections/panels`;

  beforeAll(async () => {
    app = await startTestApp({ DATA_DIR: data.dir });
    [owner, admin, member] = [app.browser(), app.browser(), app.browser()];
    await owner.signIn('demo-owner');
    await admin.signIn('demo-admin');
    await member.signIn('demo-member');
  });
  afterAll(async () => {
    await app?.close();
    data.remove();
  });

  it('refuses an unknown section or collection filter with its field and words', async () => {
    expect(await history('?section=nope')).toMatchObject({
      status: 400,
      body: { error: NOT_VALID, fieldErrors: [{ path: '/section', message: 'Unknown settings section: nope' }] },
    });
    expect(await history('?collection=nope')).toMatchObject({
      status: 400,
      body: { error: NOT_VALID, fieldErrors: [{ path: '/collection', message: 'Unknown collection: nope' }] },
    });
  });

  it("filters by collection, and by one item of it, leaving the guild's other changes out", async () => {
    await save('basic', (s) => (s.prefix = '%'));
    const first = await owner.json(panels, { method: 'POST', json: { item: { channel_id: CHANNEL, title: 'First' } } });
    const second = await owner.json(panels, { method: 'POST', json: { item: { channel_id: CHANNEL, title: 'Second' } } });
    const all = (await history('?collection=panels')).body.entries;
    expect(all.length).toBeGreaterThanOrEqual(2);
    expect(all.every((e: any) => e.collection === 'panels' && e.section === null)).toBe(true);
    const one = (await history(`?collection=panels&itemId=${second.body.id}`)).body.entries;
    expect(one.map((e: any) => [e.itemId, e.action])).toEqual([[second.body.id, 'create']]);
    expect(all.map((e: any) => e.itemId)).toContain(first.body.id);
    // The free plan holds two panels: make room for the tests after this one.
    for (const panel of [first, second]) expect((await owner.json(`${panels}/${panel.body.id}`, { method: 'DELETE' })).status).toBe(200);
  });

  it('shows someone who manages nothing only the sections their level opens, and says why for the rest', async () => {
    await save('antinuke', (s) => (s.whitelist = [SANDBOX_USERS.demoMember.id]));
    await save('basic', (s) => (s.prefix = '&'));
    const basic = await latest('?section=basic');
    const seen = (await history('', member)).body.entries;
    expect(seen.length).toBeGreaterThan(0);
    expect(seen.every((e: any) => e.section === 'antinuke')).toBe(true);
    expect(await history('?section=basic', member)).toMatchObject({ status: 403, body: { error: NO_MANAGE } });
    expect(await history('?collection=panels', member)).toMatchObject({ status: 403, body: { error: NO_MANAGE } });
    expect(await revert(basic.id, member)).toMatchObject({ status: 403, body: { error: NO_MANAGE } });
    // A manager on no AntiNuke level: AntiNuke's own reason.
    expect(await history('?section=antinuke', admin)).toMatchObject({ status: 403, body: { error: NO_ANTINUKE } });
  });

  it('lists a save that changed nothing, with no change to revert', async () => {
    await save('moderation', (s) => (s.max_warnings = 4));
    await save('moderation');
    const unchanged = await latest('?section=moderation');
    expect(unchanged).toMatchObject({ action: 'save', changes: [], revertible: false });
  });

  it('names a field behind a shared schema ($ref) by the titles along the path', async () => {
    await save('greeting', (s) => (s.welcome.embed = { ...s.welcome.embed, title: 'Hello' }));
    const entry = await latest('?section=greeting');
    expect(entry.changes).toContainEqual(expect.objectContaining({ path: '/welcome/embed/title', after: 'Hello' }));
    const label = entry.changes.find((c: any) => c.path === '/welcome/embed/title').label;
    expect(label).toBe('Welcome Message › Welcome embed › Embed title');
  });

  it('reverts a revert of an item; a creation, and an update of a deleted item, cannot be reverted and say why', async () => {
    const created = await owner.json(panels, { method: 'POST', json: { item: { channel_id: CHANNEL, title: 'Help desk' } } });
    const { id } = created.body;
    const renamed = await owner.json(`${panels}/${id}`, {
      method: 'PUT',
      json: { version: 1, item: { ...created.body.item, title: 'Support' } },
    });
    // A later update of another field moves the server's own updated_at again: the first update still reverts, its
    // server-owned fields left out of the inverse (they would conflict).
    await owner.json(`${panels}/${id}`, { method: 'PUT', json: { version: 2, item: { ...renamed.body.item, button_label: 'Ask us' } } });
    const [, update, creation] = (await history(`?collection=panels&itemId=${id}`)).body.entries;
    expect(update).toMatchObject({ action: 'update', version: 2 });
    const reverted = await revert(update.id);
    expect(reverted.status).toBe(200);
    expect(reverted.body.entry).toMatchObject({ action: 'revert', revertOf: update.id, itemId: id, revertible: true });
    expect((await owner.json(`${panels}/${id}`)).body.item).toMatchObject({ title: 'Help desk', button_label: 'Ask us' });
    const again = await revert(reverted.body.entry.id);
    expect(again).toMatchObject({ status: 200, body: { entry: { action: 'revert', revertOf: reverted.body.entry.id } } });
    expect((await owner.json(`${panels}/${id}`)).body.item.title).toBe('Support');

    expect(await revert(creation.id)).toMatchObject({ status: 400, body: { error: 'This change cannot be reverted.' } });
    expect((await owner.json(`${panels}/${id}`, { method: 'DELETE' })).status).toBe(200);
    expect(await revert(update.id)).toMatchObject({
      status: 400,
      body: { error: 'This change cannot be reverted: the item no longer exists.' },
    });
    const [deletion] = (await history(`?collection=panels&itemId=${id}`)).body.entries;
    expect(deletion.action).toBe('delete');
    expect(await revert(deletion.id)).toMatchObject({ status: 400, body: { error: 'This change cannot be reverted.' } });
  });

  it('lists an entry whose key no table knows (a retired section) by its key, and cannot revert it', async () => {
    const author = { userId: SANDBOX_USERS.demoOwner.id, userName: 'demo-owner', avatar: null };
    const written = await app.storage.settings.put(GUILD, 'retired-section', { colour: 'red' }, 0, { author, action: 'save' });
    expect(written.ok).toBe(true);
    const entries = (await history('')).body.entries;
    const retired = entries.find((e: any) => e.title === 'retired-section');
    expect(retired).toMatchObject({ section: null, collection: null, revertible: false });
    expect(retired.changes).toContainEqual({ path: '/colour', label: '/colour', after: 'red' });
    // Only a manager sees it: it belongs to no section a level opens.
    expect((await history('', member)).body.entries.some((e: any) => e.title === 'retired-section')).toBe(false);
    expect(await revert(retired.id)).toMatchObject({ status: 400, body: { error: 'This change cannot be reverted.' } });
  });
});
