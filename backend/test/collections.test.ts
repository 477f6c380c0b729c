import 'reflect-metadata';
import { collections } from '@guildhall/generated/collections';
import { openapi } from '@guildhall/generated/openapi';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DiscordSandboxService } from '@guildhall/sandbox-discord/sandbox.service';
import { SANDBOX_GUILDS } from '@guildhall/sandbox-discord/seed';
import type { TestBrowser } from './support/browser.js';
import { startTestApp, tempDataDir } from './support/app.js';
import { buyPremium } from './support/payments.js';

type App = Awaited<ReturnType<typeof startTestApp>>;
/** Resolves once the clock is past a stamp (stamps are whole milliseconds): waited for, not slept. */
const millisecondAfter = async (stamp: string) => {
  while (Date.now() <= Date.parse(stamp)) await new Promise((resolve) => setImmediate(resolve));
};
const GUILD: string = SANDBOX_GUILDS.community.id;
const OTHER = SANDBOX_GUILDS.pixelPainters.id;
const CHANNEL = SANDBOX_GUILDS.community.channels.general;
const PANELS = collections.panels;
/** Validates an answer against a component of the OpenAPI document (what is served is what is documented). */
const ajv = new Ajv2020({ strict: false, validateFormats: false, allErrors: true });
const documented = (name: string, answer: unknown) => {
  const validate = ajv.compile({
    $ref: `#/components/schemas/${name}`,
    components: (openapi as unknown as { components: object }).components,
  });
  return { valid: validate(structuredClone(answer)), errors: validate.errors ?? null };
};
const base = (guild: string = GUILD) => `/api/guild/${guild}/collections/panels`;

describe('collections over real HTTP: the panels collection (PGlite + Discord sandbox)', () => {
  const data = tempDataDir();
  let app: App;
  let owner: TestBrowser;

  const create = (item: unknown, guild = GUILD) => owner.json(base(guild), { method: 'POST', json: { item } });
  const get = (id: string, guild = GUILD) => owner.json(`${base(guild)}/${id}`);
  const put = (id: string, version: unknown, item: unknown, guild = GUILD) =>
    owner.json(`${base(guild)}/${id}`, { method: 'PUT', json: { version, item } });

  beforeAll(async () => {
    app = await startTestApp({ DATA_DIR: data.dir });
    owner = app.browser();
    await owner.signIn('demo-owner');
    await owner.json('/api/user'); // primes the XSRF-TOKEN cookie
    // The free tier allows 2 panels (plan-limits.test.ts): on Unlimited only the table's item cap bounds them.
    for (const guild of [GUILD, OTHER]) await buyPremium(owner, guild, 'unlimited', 'lifetime');
  });
  afterAll(async () => {
    await app?.close();
    data.remove();
  });

  it("has the panels row: the spec's defaults, a cap from the table and the duplicate rule", () => {
    expect(PANELS).toMatchObject({ itemCap: 100, policy: 'manage-guild', duplicate: { title: '{title} (Copy)' } });
    expect(PANELS.serverOwned).toEqual(['message_id', 'deployed', 'created_at', 'updated_at']);
    expect(PANELS.defaults).toMatchObject({
      title: 'Support Ticket',
      description: 'Please use the button below to create a ticket',
      color: '#068ADD',
      button_label: 'Create Ticket',
      button_emoji: '🎫',
      ticket_name_format: 'ticket-{username}',
      close_button: true,
      close_button_label: 'Close Ticket',
      close_button_emoji: '🔒',
      transcript: true,
      auto_delete: false,
      auto_delete_time: 60,
      support_team_view: true,
      max_duration: 72,
      footer: 'You can only have 1 open ticket at a time!',
      open_title: 'Ticket Created',
      open_description: 'Thank you for creating a ticket! Our support team will be with you shortly.',
      open_color: '#43B581',
      message_id: null,
      deployed: false,
    });
  });

  it('creates, reads, updates with its version, answers 409 to a stale save, duplicates and deletes', async () => {
    const created = await create({ channel_id: CHANNEL, title: 'Help desk' });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      success: true,
      version: 1,
      item: { ...PANELS.defaults, created_at: expect.any(String), updated_at: expect.any(String), title: 'Help desk', channel_id: CHANNEL },
    });
    const { id } = created.body;
    expect(id).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(Date.parse(created.body.item.created_at)).toBeGreaterThan(Date.now() - 60_000);

    expect((await get(id)).body).toEqual(created.body);
    const listed = await owner.json(base());
    expect(listed.status).toBe(200);
    expect(listed.body).toMatchObject({ success: true, cap: 100 });
    expect(listed.body.items).toContainEqual({ id, version: 1, item: created.body.item });

    expect(documented('TicketPanelResponse', created.body)).toEqual({ valid: true, errors: null });
    expect(documented('TicketPanelListResponse', listed.body)).toEqual({ valid: true, errors: null });
    expect(documented('TicketPanelCreateRequest', { item: { channel_id: CHANNEL } })).toEqual({ valid: true, errors: null });

    const saved = await put(id, 1, { ...created.body.item, title: 'Help desk 2', max_duration: 24 });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ success: true, id, version: 2, item: { title: 'Help desk 2', max_duration: 24 } });

    // A save based on version 1 now is stale: 409 with the current item, and nothing written.
    const stale = await put(id, 1, { ...created.body.item, title: 'Lost edit' });
    expect(stale.status).toBe(409);
    expect(stale.body).toMatchObject({ success: false, id, version: 2, item: { title: 'Help desk 2' } });
    expect(stale.body.error).toMatch(/changed elsewhere/);
    expect((await get(id)).body).toMatchObject({ version: 2, item: { title: 'Help desk 2' } });

    // Duplicate: '{title} (Copy)', new id, version 1, not deployed, a new created_at.
    await app.storage.records.update(PANELS.storageKey, id, { ...saved.body.item, message_id: '1100000000000010555', deployed: true });
    const deployed = (await get(id)).body;
    expect(deployed.item).toMatchObject({ message_id: '1100000000000010555', deployed: true });
    await millisecondAfter(deployed.item.created_at);
    const copy = await owner.json(`${base()}/${id}/duplicate`, { method: 'POST' });
    expect(copy.status).toBe(201);
    expect(copy.body).toMatchObject({
      success: true,
      version: 1,
      item: {
        ...deployed.item,
        title: 'Help desk 2 (Copy)',
        message_id: null,
        deployed: false,
        created_at: expect.any(String),
        updated_at: expect.any(String),
      },
    });
    expect(copy.body.id).not.toBe(id);
    expect(copy.body.item.created_at).not.toBe(deployed.item.created_at);

    const deleted = await owner.json(`${base()}/${id}`, { method: 'DELETE' });
    expect(deleted).toMatchObject({ status: 200, body: { success: true } });
    expect((await get(id)).status).toBe(404);
    expect((await owner.json(`${base()}/${id}`, { method: 'DELETE' })).status).toBe(404);
    expect((await put(id, 3, deployed.item)).status).toBe(404);
    expect((await get(copy.body.id)).status).toBe(200);
  });

  it("keeps message_id, deployed, created_at and updated_at the server's: a client's values are ignored", async () => {
    const created = await create({
      channel_id: CHANNEL,
      message_id: '1100000000000010999',
      deployed: true,
      created_at: '2000-01-01T00:00:00.000Z',
    });
    expect(created.status).toBe(201);
    expect(created.body.item).toMatchObject({ message_id: null, deployed: false });
    expect(created.body.item.created_at).not.toBe('2000-01-01T00:00:00.000Z');
    const { id, item } = created.body;
    // Even values that would not validate are ignored, not refused.
    const saved = await put(id, 1, { ...item, message_id: 'nonsense', deployed: 'yes', created_at: 42, title: 'Renamed' });
    expect(saved.status).toBe(200);
    expect(saved.body.item).toEqual({ ...item, title: 'Renamed', updated_at: expect.any(String) });
  });

  it("never shows or changes another guild's item: its id answers 404 under this guild", async () => {
    const theirs = await create({ channel_id: SANDBOX_GUILDS.pixelPainters.channels.general, title: 'Theirs' }, OTHER);
    expect(theirs.status).toBe(201);
    const { id, item } = theirs.body;
    for (const res of [
      await get(id),
      await put(id, 1, { ...item, title: 'Hijacked' }),
      await owner.json(`${base()}/${id}/duplicate`, { method: 'POST' }),
      await owner.json(`${base()}/${id}`, { method: 'DELETE' }),
    ]) {
      expect(res.status).toBe(404);
      expect(JSON.stringify(res.body)).not.toContain('Theirs');
    }
    expect((await owner.json(base())).body.items.map((e: { id: string }) => e.id)).not.toContain(id);
    expect((await get(id, OTHER)).body).toMatchObject({ version: 1, item: { title: 'Theirs' } });
  });

  it('refuses to duplicate an item whose copy would outgrow its title bound: 400 at /item/title, nothing created', async () => {
    const long = await create({ channel_id: CHANNEL, title: 'x'.repeat(250) });
    expect(long.status).toBe(201);
    const count = (await owner.json(base())).body.items.length;
    const copy = await owner.json(`${base()}/${long.body.id}/duplicate`, { method: 'POST' });
    expect(copy.status).toBe(400);
    expect(copy.body).toMatchObject({ success: false, error: 'The copy would not be a valid item.' });
    expect(copy.body.fieldErrors).toContainEqual({ path: '/item/title', message: 'Panel title must be at most 256 characters' });
    expect((await owner.json(base())).body.items).toHaveLength(count);
  });

  it('stamps updated_at on every save: set at create, moved by an update, its own on a copy; a client cannot set it', async () => {
    const made = await create({ channel_id: CHANNEL, title: 'Stamped', updated_at: '2000-01-01T00:00:00.000Z' });
    expect(made.status).toBe(201);
    const first = made.body.item.updated_at as string;
    expect(first).toBe(made.body.item.created_at);
    await millisecondAfter(first);
    const saved = await put(made.body.id, made.body.version, { ...made.body.item, title: 'Stamped again', updated_at: null });
    expect(saved.status).toBe(200);
    expect(Date.parse(saved.body.item.updated_at)).toBeGreaterThan(Date.parse(first));
    expect(saved.body.item.created_at).toBe(made.body.item.created_at);
    const copy = await owner.json(`${base()}/${made.body.id}/duplicate`, { method: 'POST' });
    expect(Date.parse(copy.body.item.updated_at)).toBeGreaterThan(Date.parse(saved.body.item.updated_at) - 1);
    expect(copy.body.item.updated_at).toBe(copy.body.item.created_at);
  });

  it('answers 404 for an unknown collection and an unknown item', async () => {
    expect((await owner.json(`/api/guild/${GUILD}/collections/nope`)).status).toBe(404);
    expect((await owner.json(`/api/guild/${GUILD}/collections/nope`, { method: 'POST', json: { item: {} } })).status).toBe(404);
    expect((await owner.json(`/api/guild/${GUILD}/collections/__proto__`)).status).toBe(404);
    expect((await get('no-such-item')).status).toBe(404);
  });

  it("stops at the table's cap: create and duplicate answer 409, and a delete makes room", async () => {
    const guild = SANDBOX_GUILDS.pixelPainters.id;
    const have = await app.storage.records.count(PANELS.storageKey, { guildId: guild });
    const item = { ...PANELS.defaults, channel_id: SANDBOX_GUILDS.pixelPainters.channels.general };
    for (let n = have; n < PANELS.itemCap - 1; n++) await app.storage.records.insert(PANELS.storageKey, { guildId: guild, data: item });
    const last = await create(item, guild);
    expect(last.status).toBe(201);
    const over = await create(item, guild);
    expect(over.status).toBe(409);
    expect(over.body).toMatchObject({ success: false, cap: 100 });
    expect(over.body.error).toBe('This server already has the most ticket panels allowed (100).');
    expect((await owner.json(`${base(guild)}/${last.body.id}/duplicate`, { method: 'POST' })).status).toBe(409);
    expect((await owner.json(base(guild))).body.items).toHaveLength(100);
    expect((await owner.json(`${base(guild)}/${last.body.id}`, { method: 'DELETE' })).status).toBe(200);
    expect((await create(item, guild)).status).toBe(201);
  });

  it('refuses the signed out (401), a member without Manage Server (403) and a write without the CSRF header (403)', async () => {
    const anonymous = app.browser();
    expect((await anonymous.json(base())).status).toBe(401);
    const member = app.browser();
    await member.signIn('demo-member');
    await member.json('/api/user');
    expect((await member.json(base())).status).toBe(403);
    expect((await member.json(base(), { method: 'POST', json: { item: { channel_id: CHANNEL } } })).status).toBe(403);
    const before = (await owner.json(base())).body.items.length;
    const noCsrf = await owner.json(base(), { method: 'POST', json: { item: { channel_id: CHANNEL } }, csrf: false });
    expect(noCsrf.status).toBe(403);
    expect((await owner.json(base())).body.items).toHaveLength(before);
    const admin = app.browser();
    await admin.signIn('demo-admin');
    await admin.json('/api/user');
    expect((await admin.json(base())).status).toBe(200);
  });

  describe('validation at both edges of every bound: 400 with paths into the body, nothing written', () => {
    let id: string;
    let item: Record<string, unknown>;
    const categories: string[] = [];
    const tooMany: string[] = [];
    beforeAll(async () => {
      const created = await create({ channel_id: CHANNEL });
      ({ id, item } = created.body);
      // Ticket categories must be category channels of this server: 25 of them, as the bot would make.
      const sandbox = app.app.get(DiscordSandboxService);
      for (let n = 0; n < 25; n++)
        categories.push(sandbox.createChannel(GUILD, { type: 4, name: `tickets-${n}`, parent_id: null, topic: null }).id);
      tooMany.push(...categories, SANDBOX_GUILDS.community.channels.staffCategory);
    });

    const text = (n: number, c = 'a') => c.repeat(n);
    // [property, a value at the bound (accepted), a value past it (refused), the message of the refusal]
    const edges: [string, unknown, unknown, string?][] = [
      ['title', text(256), text(257), 'Panel title must be at most 256 characters'],
      ['title', 'a', '', 'Panel title is required'],
      ['title', ' x ', '   ', 'Panel title is required'],
      ['description', text(4096), text(4097)],
      ['description', '', 42],
      ['footer', text(2048), text(2049)],
      ['open_title', text(256), text(257)],
      ['open_description', text(4096), text(4097)],
      ['open_footer', text(2048), text(2049)],
      ['button_label', text(80), text(81)],
      ['button_label', 'a', ''],
      ['close_button_label', text(80), text(81)],
      ['button_emoji', '🎫🔒', '🎫🔒🎫'],
      ['close_button_emoji', 'ab', 'abc'],
      ['welcome_message', text(2000), text(2001)],
      ['ticket_name_format', text(100), text(101)],
      ['ticket_name_format', 'a', ''],
      ['auto_delete_time', 1, 0, 'Auto delete time must be between 1 and 10080 minutes'],
      ['auto_delete_time', 10080, 10081, 'Auto delete time must be between 1 and 10080 minutes'],
      ['auto_delete_time', 60, 1.5],
      ['max_duration', 1, 0, 'Maximum duration must be between 1 and 720 hours'],
      ['max_duration', 720, 721],
      ['color', '#abcdef', '#abcdeg', 'Must be a colour such as #068ADD'],
      ['color', '#ABCDEF', '#ABCDEF0'],
      ['open_color', '#000000', 'red'],
      // Any id of the right shape is one of this server's text channels or is refused (test/references.test.ts).
      ['channel_id', CHANNEL, '1234567890123456', 'Please select a channel for the panel'],
      ['channel_id', CHANNEL, '123456789012345678901', 'Please select a channel for the panel'],
      ['channel_id', CHANNEL, null, 'Please select a channel for the panel'],
      ['channel_id', CHANNEL, SANDBOX_GUILDS.community.channels.staffCategory, 'Please select a text channel for the panel'],
      ['footerIcon', `https://example.com/${text(2028)}`, `https://example.com/${text(2029)}`],
      ['footerIcon', '', 'not a url', 'Please enter a valid URL'],
      ['image', 'http://example.com/a.png', 'ftp://example.com/a.png', 'Please enter a valid URL'],
      ['thumbnail', 'https://x.y/z', 'https://x y', 'Please enter a valid URL'],
      // Hosts Discord's URL parser refuses are refused on save, not by Discord at deploy (a 502).
      ['image', 'https://cdn.example-host.com:8443/a.png?x#y', 'https://[x]/a.png', 'Please enter a valid URL'],
      ['thumbnail', 'https://x.y/z', 'https://1.2.3.4.5/z', 'Please enter a valid URL'],
      ['footerIcon', 'https://my_site.io/i.png', 'http://xn--0.io/i.png', 'Please enter a valid URL'],
      ['open_footerIcon', '', 'x', 'Please enter a valid URL'],
      ['open_image', '', 'x', 'Please enter a valid URL'],
      ['open_thumbnail', '', 'x', 'Please enter a valid URL'],
      ['close_button', false, 'no'],
      ['transcript', false, 1],
      ['auto_delete', true, null],
      ['support_team_view', false, 'true'],
      ['auto_deploy', true, 0],
      ['required_inputs', ['a', 'b', 'c', 'd', text(100)], ['a', 'b', 'c', 'd', 'e', 'f']],
      ['required_inputs', [text(100)], [text(101)]],
      // 25 of this server's categories (made in beforeAll), and one more.
      ['categories', categories, tooMany],
      ['categories', [], ['1']],
      ['categories', [], [SANDBOX_GUILDS.community.channels.general]],
    ];

    it.each(edges.map(([property, good, bad, message], n) => ({ n, property, good, bad, message })))(
      "$property (#$n): the bound's value is accepted on create and save, the one past it refused",
      async ({ property, good, bad, message }) => {
        const accepted = await create({ ...item, [property]: good });
        expect(accepted.status, JSON.stringify(accepted.body)).toBe(201);
        expect(accepted.body.item[property]).toEqual(good);

        const before = (await get(id)).body;
        const refusedCreate = await create({ ...item, [property]: bad });
        expect(refusedCreate.status).toBe(400);
        const path = `/item/${property}`;
        expect(refusedCreate.body.fieldErrors.map((e: { path: string }) => e.path.slice(0, path.length))).toContain(path);
        if (message) expect(refusedCreate.body.fieldErrors).toContainEqual({ path, message });
        const refusedSave = await put(id, before.version, { ...item, [property]: bad });
        expect(refusedSave.status).toBe(400);
        expect(refusedSave.body.fieldErrors.map((e: { path: string }) => e.path.slice(0, path.length))).toContain(path);
        expect((await get(id)).body).toEqual(before);
        // The accepted value saves too.
        const saved = await put(id, before.version, { ...item, [property]: good });
        expect(saved.status).toBe(200);
        expect((await put(id, saved.body.version, item)).status).toBe(200);
      },
    );

    it('refuses a missing channel, an unknown property and a malformed envelope, naming each field', async () => {
      const count = (await owner.json(base())).body.items.length;
      const { channel_id: _channel, ...noChannel } = item;
      expect((await create(noChannel)).body.fieldErrors).toContainEqual({
        path: '/item/channel_id',
        message: 'Please select a channel for the panel',
      });
      const unknown = await create({ ...item, colour: '#000000' });
      expect(unknown.status).toBe(400);
      expect(unknown.body.fieldErrors).toContainEqual({ path: '/item/colour', message: 'Unknown field: colour' });
      const extra = await owner.json(base(), { method: 'POST', json: { item, version: 1 } });
      expect(extra.body.fieldErrors).toContainEqual({ path: '/version', message: 'Unknown field: version' });
      expect((await owner.json(base(), { method: 'POST', json: [item] })).status).toBe(400);
      expect((await owner.json(base(), { method: 'POST', json: {} })).body.fieldErrors).toContainEqual({
        path: '/item',
        message: 'item is required',
      });
      expect((await owner.json(base())).body.items).toHaveLength(count);

      const before = (await get(id)).body;
      for (const version of [undefined, 0, -1, 1.5, '1', 2_147_483_647]) {
        const res = await put(id, version, item);
        expect(res.status).toBe(400);
        expect(res.body.fieldErrors.map((e: { path: string }) => e.path)).toContain('/version');
      }
      const both = await put(id, 'x', { ...item, title: '' });
      expect(both.body.fieldErrors.map((e: { path: string }) => e.path)).toEqual(expect.arrayContaining(['/version', '/item/title']));
      expect((await get(id)).body).toEqual(before);
    });
  });
});
