import 'reflect-metadata';
import { publishedSchemas } from '@guildhall/generated/schemas';
import { sections } from '@guildhall/generated/sections';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DiscordSandboxService } from '@guildhall/sandbox-discord/sandbox.service';
import { SANDBOX_GUILDS } from '@guildhall/sandbox-discord/seed';
import type { TestBrowser } from './support/browser.js';
import { startTestApp, tempDataDir } from './support/app.js';

/**
 * Issue 11, item 3: the Ticket categories calls over real HTTP (PGlite + the Discord sandbox). The categories are the
 * `ticket-categories` section: every change is a versioned save, judged by the same schema as the generic PUT.
 */
type App = Awaited<ReturnType<typeof startTestApp>>;
type Json = Record<string, any>;
const GUILD = SANDBOX_GUILDS.community.id;
const CHANNELS = SANDBOX_GUILDS.community.channels;
const OTHER_GUILD_CATEGORY = SANDBOX_GUILDS.pixelPainters.channels.voiceCategory;
const PATH = `/api/guild/${GUILD}/tickets/categories`;
const SETTINGS = `/api/guild/${GUILD}/settings/ticket-categories`;
const EMPTY = { ...sections['ticket-categories'].defaults, open: [], closed: [], defaultOpen: null, defaultClosed: null };
const schema = publishedSchemas['ticket-categories'] as Json;

describe('ticket categories over real HTTP (PGlite + Discord sandbox)', () => {
  const data = tempDataDir();
  let app: App;
  let owner: TestBrowser;
  let sandbox: DiscordSandboxService;

  const view = async () => (await owner.json(PATH)).body as Json;
  const stored = async () => (await owner.json(SETTINGS)).body as { version: number; settings: Json };
  const add = (json: unknown) => owner.json(PATH, { method: 'POST', json });
  const remove = (id: string, type: string) => owner.json(`${PATH}/${id}?type=${type}`, { method: 'DELETE' });
  const setDefault = (json: unknown) => owner.json(`${PATH}/default`, { method: 'PATCH', json });
  /** The bot's own view of Discord: the sandbox's REST API with the bot token. */
  const discord = (method: string, route: string) =>
    fetch(`${app.config.discord.apiBase}/v10${route}`, { method, headers: { authorization: `Bot ${app.config.discord.botToken}` } });
  /** Saves the section through the generic PUT (a known starting point for each test). */
  const reset = async (settings: Json = EMPTY) => {
    const { version } = await stored();
    const saved = await owner.json(SETTINGS, { method: 'PUT', json: { version, settings } });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  };
  /** A refusal: 400 with fieldErrors naming `path`, and nothing stored changed (document and version). */
  const expectRefused = async (call: () => Promise<{ status: number; body: any }>, path: string) => {
    const before = await stored();
    const { status, body } = await call();
    expect(status, JSON.stringify(body)).toBe(400);
    expect(body.success).toBe(false);
    expect(typeof body.error).toBe('string');
    expect(body.fieldErrors.map((e: { path: string }) => e.path)).toContain(path);
    expect(await stored()).toEqual(before);
    return body as { error: string; fieldErrors: { path: string; message: string }[] };
  };

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

  it("lists the guild's live category channels in Discord's order, with empty lists at first (version 0)", async () => {
    const { status, body } = await owner.json(PATH);
    expect(status).toBe(200);
    expect(body).toMatchObject({ success: true, version: 0, categories: EMPTY, missing: [] });
    const live = sandbox
      .channelsOf(GUILD)
      .filter((c) => c.type === 4)
      .sort((a, b) => a.position - b.position)
      .map((c) => ({ id: c.id, name: c.name }));
    expect(live.length).toBeGreaterThanOrEqual(2);
    expect(body.channels).toEqual(live);
  });

  it('adds an existing category; the first of a list becomes its default, and each change is a new version', async () => {
    await reset();
    const before = (await stored()).version;
    const first = await add({ type: 'open', categoryId: CHANNELS.communityCategory, categoryName: null });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.categories).toEqual({
      ...EMPTY,
      open: [{ id: CHANNELS.communityCategory, name: 'Community' }],
      defaultOpen: CHANNELS.communityCategory,
    });
    expect(first.body.version).toBe(before + 1);
    const second = await add({ type: 'open', categoryId: CHANNELS.staffCategory });
    expect(second.body.categories.open.map((c: Json) => c.id)).toEqual([CHANNELS.communityCategory, CHANNELS.staffCategory]);
    expect(second.body.categories.defaultOpen).toBe(CHANNELS.communityCategory);
    expect((await stored()).settings).toEqual(second.body.categories);
    expect((await stored()).version).toBe(before + 2);
  });

  it('with both an id and a name, the existing category is used and nothing is created', async () => {
    await reset();
    const count = sandbox.channelsOf(GUILD).length;
    const { status, body } = await add({ type: 'closed', categoryId: CHANNELS.staffCategory, categoryName: 'Ignored' });
    expect(status).toBe(200);
    expect(body.categories.closed).toEqual([{ id: CHANNELS.staffCategory, name: 'Staff' }]);
    expect(body.categories.defaultClosed).toBe(CHANNELS.staffCategory);
    expect(sandbox.channelsOf(GUILD).length).toBe(count);
  });

  it('adds by name: the bot creates a category channel on Discord, which the bot reads back', async () => {
    await reset();
    const { status, body } = await add({ type: 'closed', categoryId: null, categoryName: '  Resolved Tickets  ' });
    expect(status, JSON.stringify(body)).toBe(200);
    const [created] = body.categories.closed;
    expect(created.name).toBe('Resolved Tickets');
    expect(body.categories.defaultClosed).toBe(created.id);
    expect(body.channels).toContainEqual({ id: created.id, name: 'Resolved Tickets' });
    const read = await discord('GET', `/channels/${created.id}`);
    expect(read.status).toBe(200);
    expect(await read.json()).toMatchObject({ id: created.id, type: 4, guild_id: GUILD, name: 'Resolved Tickets' });
    expect((await view()).channels).toContainEqual({ id: created.id, name: 'Resolved Tickets' });
  });

  it('refuses a category already used in either list, naming categoryId', async () => {
    await reset();
    await add({ type: 'open', categoryId: CHANNELS.communityCategory });
    const again = await expectRefused(() => add({ type: 'open', categoryId: CHANNELS.communityCategory }), '/categoryId');
    expect(again.error).toBe('This category is already used as an open or closed category');
    await expectRefused(() => add({ type: 'closed', categoryId: CHANNELS.communityCategory }), '/categoryId');
  });

  it("refuses another guild's category, a text channel, an unknown id and a blank name, and creates nothing", async () => {
    await reset();
    const count = sandbox.channelsOf(GUILD).length;
    for (const categoryId of [OTHER_GUILD_CATEGORY, CHANNELS.general, '1100000000000099999']) {
      const refused = await expectRefused(() => add({ type: 'open', categoryId }), '/categoryId');
      expect(refused.error).toBe('This channel is not a category of this server. Refresh the list and pick another.');
    }
    await expectRefused(() => add({ type: 'open', categoryId: null, categoryName: '   ' }), '/categoryName');
    await expectRefused(() => add({ type: 'open' }), '/categoryName');
    expect(sandbox.channelsOf(GUILD).length).toBe(count);
  });

  it('refuses bad bodies with field paths into the body: type, id shape, name bound, unknown fields', async () => {
    await reset();
    await expectRefused(() => add({ type: 'archived', categoryId: CHANNELS.staffCategory }), '/type');
    await expectRefused(() => add({ categoryId: CHANNELS.staffCategory }), '/type');
    await expectRefused(() => add({ type: 'open', categoryId: '42' }), '/categoryId');
    await expectRefused(() => add({ type: 'open', categoryId: 1100000000000000000 }), '/categoryId');
    const max = schema.$defs.category.properties.name.maxLength as number;
    expect(max).toBe(100);
    await expectRefused(() => add({ type: 'open', categoryName: 'x'.repeat(max + 1) }), '/categoryName');
    await expectRefused(() => add({ type: 'open', categoryId: CHANNELS.staffCategory, surprise: 1 }), '/surprise');
    await expectRefused(() => setDefault({ type: 'open', categoryId: CHANNELS.staffCategory, extra: true }), '/extra');
    await expectRefused(() => setDefault({ type: 'open' }), '/categoryId');
    await expectRefused(() => remove(CHANNELS.staffCategory, 'both'), '/type');
    await expectRefused(() => owner.json(`${PATH}/${CHANNELS.staffCategory}`, { method: 'DELETE' }), '/type');
  });

  it('a full list refuses one more, before any channel is created on Discord', async () => {
    const max = schema.properties.open.maxItems as number;
    expect(max).toBe(50);
    // A list's categories are category channels of this server (the engine checks every id).
    const open = Array.from({ length: max }, (_, i) => {
      const { id, name } = sandbox.createChannel(GUILD, { type: 4, name: `c${i}`, parent_id: null, topic: null });
      return { id, name: name! };
    });
    await reset({ ...EMPTY, open, defaultOpen: open[0]!.id });
    const count = sandbox.channelsOf(GUILD).length;
    const refused = await expectRefused(() => add({ type: 'open', categoryName: 'One Too Many' }), '/type');
    expect(refused.error).toBe(`At most ${max} open categories`);
    await expectRefused(() => add({ type: 'open', categoryId: CHANNELS.staffCategory }), '/type');
    expect(sandbox.channelsOf(GUILD).length).toBe(count);
    // The closed list is another list: it still takes one.
    expect((await add({ type: 'closed', categoryId: CHANNELS.staffCategory })).status).toBe(200);
  });

  it('sets the default of a list, and refuses a category that is not in it', async () => {
    await reset();
    await add({ type: 'open', categoryId: CHANNELS.communityCategory });
    await add({ type: 'open', categoryId: CHANNELS.staffCategory });
    await add({ type: 'closed', categoryId: CHANNELS.voiceCategory });
    const { status, body } = await setDefault({ type: 'open', categoryId: CHANNELS.staffCategory });
    expect(status).toBe(200);
    expect(body.categories.defaultOpen).toBe(CHANNELS.staffCategory);
    expect((await stored()).settings.defaultOpen).toBe(CHANNELS.staffCategory);
    const refused = await expectRefused(() => setDefault({ type: 'closed', categoryId: CHANNELS.staffCategory }), '/categoryId');
    expect(refused.error).toBe('The default category must be one of the categories in its list');
  });

  it('removes a category; removing the default stars the first remaining one, then none', async () => {
    await reset();
    await add({ type: 'open', categoryId: CHANNELS.communityCategory });
    await add({ type: 'open', categoryId: CHANNELS.staffCategory });
    await add({ type: 'open', categoryId: CHANNELS.voiceCategory });
    await setDefault({ type: 'open', categoryId: CHANNELS.staffCategory });
    let res = await remove(CHANNELS.voiceCategory, 'open');
    expect(res.status).toBe(200);
    expect(res.body.categories).toMatchObject({ defaultOpen: CHANNELS.staffCategory });
    res = await remove(CHANNELS.staffCategory, 'open');
    expect(res.body.categories).toEqual({
      ...EMPTY,
      open: [{ id: CHANNELS.communityCategory, name: 'Community' }],
      defaultOpen: CHANNELS.communityCategory,
    });
    res = await remove(CHANNELS.communityCategory, 'open');
    expect(res.body.categories).toEqual(EMPTY);
    expect((await stored()).settings).toEqual(EMPTY);
    // Not in that list: 404, nothing changes.
    const before = await stored();
    expect((await remove(CHANNELS.communityCategory, 'closed')).status).toBe(404);
    expect(await stored()).toEqual(before);
  });

  it('the generic PUT refuses an inconsistent document with field paths, and keeps what was saved', async () => {
    await reset();
    await add({ type: 'open', categoryId: CHANNELS.communityCategory });
    const before = await stored();
    const put = (settings: Json) => owner.json(SETTINGS, { method: 'PUT', json: { version: before.version, settings } });
    const community = { id: CHANNELS.communityCategory, name: 'Community' };
    const staff = { id: CHANNELS.staffCategory, name: 'Staff' };
    const cases: [Json, string][] = [
      [{ ...before.settings, closed: [community] }, '/settings/closed/0/id'],
      [{ ...before.settings, open: [community, staff, community] }, '/settings/open/2/id'],
      [{ ...before.settings, defaultOpen: CHANNELS.staffCategory }, '/settings/defaultOpen'],
      [{ ...before.settings, defaultClosed: CHANNELS.communityCategory }, '/settings/defaultClosed'],
      [{ ...before.settings, open: [{ ...community, name: '' }] }, '/settings/open/0/name'],
      [{ ...before.settings, open: [{ ...community, name: 'x'.repeat(101) }] }, '/settings/open/0/name'],
      [{ ...before.settings, open: [{ id: '12', name: 'x' }] }, '/settings/open/0/id'],
      [{ ...before.settings, open: [{ ...community, colour: 'red' }] }, '/settings/open/0/colour'],
      [{ ...before.settings, surprise: true }, '/settings/surprise'],
    ];
    for (const [settings, path] of cases) {
      const { status, body } = await put(settings);
      expect(status, path).toBe(400);
      expect(
        body.fieldErrors.map((e: { path: string }) => e.path),
        JSON.stringify(body.fieldErrors),
      ).toContain(path);
      expect(await stored()).toEqual(before);
    }
    // The same document made consistent is kept.
    const fixed = { ...before.settings, open: [community, staff], defaultOpen: CHANNELS.staffCategory };
    expect((await put(fixed)).status).toBe(200);
    expect((await stored()).settings).toEqual(fixed);
  });

  it('flags a listed category that was deleted on Discord as missing', async () => {
    await reset();
    const created = (await add({ type: 'open', categoryName: 'Short Lived' })).body.categories.open[0].id as string;
    await add({ type: 'closed', categoryId: CHANNELS.staffCategory });
    expect((await view()).missing).toEqual([]);
    const deleted = await discord('DELETE', `/channels/${created}`);
    expect(deleted.status).toBe(200);
    const after = await view();
    expect(after.missing).toEqual([created]);
    expect(after.categories.open.map((c: Json) => c.id)).toEqual([created]);
    expect(after.channels.map((c: Json) => c.id)).not.toContain(created);
    // It cannot become a default again...
    await add({ type: 'open', categoryId: CHANNELS.communityCategory });
    await setDefault({ type: 'open', categoryId: CHANNELS.communityCategory });
    const refused = await expectRefused(() => setDefault({ type: 'open', categoryId: created }), '/categoryId');
    expect(refused.error).toBe('This category no longer exists on Discord. Remove it, or pick another as the default.');
    // ...but it can still be removed from the list.
    expect((await remove(created, 'open')).body.missing).toEqual([]);
  });

  it('answers 502 with the reason when Discord refuses to create the category', async () => {
    await reset();
    const guild = sandbox.guild(GUILD)!;
    const botRole = guild.roles.find((r) => r.tags?.bot_id === sandbox.botUserId)!;
    const granted = botRole.permissions;
    botRole.permissions = (BigInt(granted) & ~(1n << 4n)).toString(); // without Manage Channels
    try {
      const before = await stored();
      const { status, body } = await add({ type: 'open', categoryName: 'Needs Permission' });
      expect(status).toBe(502);
      expect(body.error).toContain('Missing Permissions');
      expect(await stored()).toEqual(before);
    } finally {
      botRole.permissions = granted;
    }
  });

  describe('access', () => {
    it('401 signed out, on every call', async () => {
      const anonymous = app.browser();
      await anonymous.json('/api/user');
      expect((await anonymous.json(PATH)).status).toBe(401);
      expect((await anonymous.json(PATH, { method: 'POST', json: { type: 'open', categoryId: CHANNELS.staffCategory } })).status).toBe(401);
      expect(
        (await anonymous.json(`${PATH}/default`, { method: 'PATCH', json: { type: 'open', categoryId: CHANNELS.staffCategory } })).status,
      ).toBe(401);
      expect((await anonymous.json(`${PATH}/${CHANNELS.staffCategory}?type=open`, { method: 'DELETE' })).status).toBe(401);
    });

    it('403 for a member who cannot manage the guild, and for a change without the CSRF header', async () => {
      await reset();
      const member = app.browser();
      await member.signIn('demo-member');
      await member.json('/api/user');
      expect((await member.json(PATH)).status).toBe(403);
      const before = await stored();
      expect((await member.json(PATH, { method: 'POST', json: { type: 'open', categoryId: CHANNELS.staffCategory } })).status).toBe(403);
      expect(
        (await member.json(`${PATH}/default`, { method: 'PATCH', json: { type: 'open', categoryId: CHANNELS.staffCategory } })).status,
      ).toBe(403);
      expect(
        (await owner.json(PATH, { method: 'POST', csrf: false, json: { type: 'open', categoryId: CHANNELS.staffCategory } })).status,
      ).toBe(403);
      expect(await stored()).toEqual(before);
    });
  });
});
