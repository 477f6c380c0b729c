/**
 * The app's settings over real HTTP with DATABASE_URL naming a MongoDB (issue 15): the same answers as on PostgreSQL
 * (save, read back, 400, 409, history, a collection), data and sessions that outlive a restart, and one winner among
 * 50 saves racing from one version. The MongoDB is the npm wire server, or the real one at MONGODB_TEST_URL
 * (scripts/support/mongo-wire-server.mjs); each run gets a database of its own.
 */
import { randomUUID } from 'node:crypto';
import { collections } from '@guildhall/generated/collections';
import { sections } from '@guildhall/generated/sections';
import { validateHistoryListResponse } from '@guildhall/generated/validators';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMongoForTests, type TestMongo } from '../../scripts/support/mongo-wire-server.mjs';
import { SANDBOX_GUILDS, SANDBOX_USERS } from '@guildhall/sandbox-discord/seed';
import type { TestBrowser } from './support/browser.js';
import { startTestApp, tempDataDir } from './support/app.js';

type App = Awaited<ReturnType<typeof startTestApp>>;
const GUILD: string = SANDBOX_GUILDS.community.id;
/** The race runs on a guild of its own, so its version 0 is not the one the other tests moved on. */
const RACE_GUILD: string = SANDBOX_GUILDS.pixelPainters.id;
const CHANNEL = SANDBOX_GUILDS.community.channels.general;
const OWNER = SANDBOX_USERS.demoOwner;
const PANELS = collections.panels;
const CONCURRENT_SAVES = 50;

describe('the app on MongoDB (DATABASE_URL=mongodb://...) over real HTTP', () => {
  // DATA_DIR stays empty: nothing may fall back to PGlite unnoticed, and nothing is written into the repository.
  const data = tempDataDir();
  let mongo: TestMongo;
  let databaseUrl: string;
  let app: App;
  let owner: TestBrowser;

  const start = () => startTestApp({ DATA_DIR: data.dir, DATABASE_URL: databaseUrl });
  const settingsUrl = (section: string, guild = GUILD) => `/api/guild/${guild}/settings/${section}`;
  const put = (browser: TestBrowser, section: string, body: unknown, guild = GUILD) =>
    browser.json(settingsUrl(section, guild), { method: 'PUT', json: body });
  const signedIn = async (username = 'demo-owner') => {
    const browser = app.browser();
    await browser.signIn(username);
    // Primes the XSRF-TOKEN cookie and the guild list every later write is checked against.
    expect((await browser.json('/api/user')).status).toBe(200);
    return browser;
  };

  beforeAll(async () => {
    mongo = await startMongoForTests();
    databaseUrl = mongo.url(`guildhall-app-${randomUUID()}`);
    app = await start();
    owner = await signedIn();
  });
  afterAll(async () => {
    await app?.close();
    await mongo?.stop();
    data.remove();
  });

  it('answers ready on /readyz and names MongoDB as its storage', async () => {
    expect(app.storage.kind).toBe('mongodb');
    const ready = await fetch(`${app.url}/readyz`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({ status: 'ready', storage: 'mongodb' });
  });

  it('an owner saves Server Settings from version 0 and reads them back at version 1', async () => {
    const before = await owner.json(settingsUrl('basic'));
    expect(before.body).toMatchObject({ success: true, section: 'basic', version: 0, settings: { prefix: '.' } });

    const settings = { ...sections.basic.defaults, prefix: '!', flag_translation: true, invite_tracking: false };
    const saved = await put(owner, 'basic', { version: 0, settings });
    expect(saved.status).toBe(200);
    expect(saved.body).toEqual({ success: true, section: 'basic', version: 1, settings });
    expect((await owner.json(settingsUrl('basic'))).body).toEqual({ success: true, section: 'basic', version: 1, settings });
  });

  it('an invalid save is refused with 400 and its field errors, and the saved settings stay as they were', async () => {
    const stored = (await owner.json(settingsUrl('basic'))).body;
    const refused = await put(owner, 'basic', { version: stored.version, settings: { ...stored.settings, prefix: 'much too long' } });
    expect(refused.status).toBe(400);
    expect(refused.body.success).toBe(false);
    expect(refused.body.error).toEqual(expect.any(String));
    expect(refused.body.fieldErrors).toEqual(expect.arrayContaining([expect.objectContaining({ path: '/settings/prefix' })]));
    expect((await owner.json(settingsUrl('basic'))).body).toEqual(stored);
  });

  it('a save from a stale version is refused with 409 and the current settings, and nothing is overwritten', async () => {
    const stored = (await owner.json(settingsUrl('basic'))).body;
    expect(stored.version).toBeGreaterThan(0);
    const stale = await put(owner, 'basic', { version: stored.version - 1, settings: { ...stored.settings, prefix: 'lost' } });
    expect(stale.status).toBe(409);
    expect(stale.body).toEqual({
      success: false,
      error: 'These settings were changed elsewhere since you loaded them.',
      section: 'basic',
      version: stored.version,
      settings: stored.settings,
    });
    expect((await owner.json(settingsUrl('basic'))).body).toEqual(stored);
  });

  it('the history lists a settings save with its author, version and changed field', async () => {
    const stored = (await owner.json(settingsUrl('moderation'))).body;
    const saved = await put(owner, 'moderation', { version: stored.version, settings: { ...stored.settings, max_warnings: 5 } });
    expect(saved.status).toBe(200);

    const listed = await owner.json(`/api/guild/${GUILD}/history?section=moderation`);
    expect(listed.status).toBe(200);
    expect(validateHistoryListResponse(structuredClone(listed.body))).toBe(true);
    expect(listed.body.entries).toHaveLength(1);
    expect(listed.body.entries[0]).toMatchObject({
      section: 'moderation',
      version: saved.body.version,
      action: 'save',
      author: { userId: OWNER.id },
      changes: [expect.objectContaining({ path: '/max_warnings', before: stored.settings.max_warnings, after: 5 })],
    });
    // The basic saves of the tests above are there too, each once, under their own section.
    const basic = (await owner.json(`/api/guild/${GUILD}/history?section=basic`)).body.entries;
    expect(basic.map((entry: { version: number }) => entry.version)).toEqual([1]);
  });

  it('an owner creates a ticket panel, finds it in the list, deletes it, and the list no longer has it', async () => {
    const base = `/api/guild/${GUILD}/collections/panels`;
    const created = await owner.json(base, { method: 'POST', json: { item: { channel_id: CHANNEL, title: 'Help desk' } } });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      success: true,
      version: 1,
      item: { ...PANELS.defaults, created_at: expect.any(String), updated_at: expect.any(String), title: 'Help desk', channel_id: CHANNEL },
    });
    const { id } = created.body;

    const listed = await owner.json(base);
    expect(listed.status).toBe(200);
    expect(listed.body.items).toEqual([{ id, version: 1, item: created.body.item }]);
    expect((await owner.json(`${base}/${id}`)).body).toEqual(created.body);

    expect(await owner.json(`${base}/${id}`, { method: 'DELETE' })).toMatchObject({ status: 200, body: { success: true } });
    expect((await owner.json(`${base}/${id}`)).status).toBe(404);
    expect((await owner.json(base)).body.items).toEqual([]);
    const entries = (await owner.json(`/api/guild/${GUILD}/history?collection=panels&itemId=${id}`)).body.entries;
    expect(entries.map((entry: { action: string }) => entry.action)).toEqual(['delete', 'create']);
  });

  it(`${CONCURRENT_SAVES} saves sent at once from the same version: one is taken, the others answer 409, and the winner's settings are stored`, async () => {
    // Five signed-in devices of the owner, ten saves each, each save with a prefix of its own (w0 ... w49).
    const devices = await Promise.all(Array.from({ length: 5 }, () => signedIn()));
    const bodies = Array.from({ length: CONCURRENT_SAVES }, (_, i) => ({
      version: 0,
      settings: { ...sections.basic.defaults, prefix: `w${i}`, flag_translation: i % 2 === 0, invite_tracking: i % 3 === 0 },
    }));
    // Every request is on the wire before any answer is awaited.
    const pending = bodies.map((body, i) => put(devices[i % devices.length]!, 'basic', body, RACE_GUILD));
    const answers = await Promise.all(pending);

    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    expect(statuses.filter((status) => status === 409)).toHaveLength(CONCURRENT_SAVES - 1);
    const winner = bodies[statuses.indexOf(200)]!;
    expect(answers[statuses.indexOf(200)]!.body).toEqual({ success: true, section: 'basic', version: 1, settings: winner.settings });
    // Each refusal shows what is stored now: the winner's save.
    for (const answer of answers.filter((a) => a.status === 409)) {
      expect(answer.body).toMatchObject({ success: false, version: 1, settings: winner.settings });
    }

    expect((await owner.json(settingsUrl('basic', RACE_GUILD))).body).toEqual({
      success: true,
      section: 'basic',
      version: 1,
      settings: winner.settings,
    });
    // Only the save that was taken is in the history: a refused save leaves no entry.
    const history = (await owner.json(`/api/guild/${RACE_GUILD}/history?section=basic`)).body.entries;
    expect(history).toHaveLength(1);
    expect(history[0]).toMatchObject({
      version: 1,
      action: 'save',
      changes: expect.arrayContaining([expect.objectContaining({ path: '/prefix', after: winner.settings.prefix })]),
    });
  }, 120_000);

  it('a restart on the same DATABASE_URL keeps the saved settings and the session signed in before it', async () => {
    const before = (await owner.json(settingsUrl('basic'))).body;
    expect(before.version).toBeGreaterThan(0);
    await app.close();

    app = await start();
    expect(app.storage.kind).toBe('mongodb');
    // The same cookies against the new process: the session (and its CSRF token) live in the database.
    const returning = app.browser();
    for (const [name, value] of owner.cookies) returning.cookies.set(name, value);
    const user = await returning.json('/api/user');
    expect(user.status).toBe(200);
    expect(user.body.username).toBe('demo-owner');
    expect((await returning.json(settingsUrl('basic'))).body).toEqual(before);
    const next = await put(returning, 'basic', { version: before.version, settings: { ...before.settings, prefix: '>>' } });
    expect(next.status).toBe(200);
    expect(next.body.version).toBe(before.version + 1);

    // Someone signing in afresh reads what was saved before and after the restart.
    owner = await signedIn();
    expect((await owner.json(settingsUrl('basic'))).body).toEqual(next.body);
    expect((await owner.json(settingsUrl('moderation'))).body).toMatchObject({ version: 1, settings: { max_warnings: 5 } });
  }, 60_000);
});
