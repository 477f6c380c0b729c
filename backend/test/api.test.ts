import { openapi } from '@guildhall/generated/openapi';
import { publishedSchemas } from '@guildhall/generated/schemas';
import { collectionNames } from '@guildhall/generated/collections';
import { sectionNames, sections } from '@guildhall/generated/sections';
import type { SectionName } from '@guildhall/generated/types';
import { validateSettingsPutRequest, validateSettingsResponse, validatorsById } from '@guildhall/generated/validators';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import operations from '../../schemas/operations.json' with { type: 'json' };
import type { TestBrowser } from './support/browser.js';
import { SANDBOX_GUILDS } from '@guildhall/sandbox-discord/seed';
import { startTestApp, tempDataDir } from './support/app.js';
import { buyPremium } from './support/payments.js';
import { sampleItem } from './support/collection-items.js';
import { createHmac } from 'node:crypto';

type App = Awaited<ReturnType<typeof startTestApp>>;
interface Guild {
  id: string;
  name: string;
  settingsUrl: string;
  owner: boolean;
}

/**
 * One app for the file. Its suites work in guilds of their own: the first in Guildhall Community (and Quiet Library,
 * without the bot), the contract in Pixel Painters, which it needs untouched (every section read at its defaults).
 */
const data = tempDataDir();
let app: App;
beforeAll(async () => {
  app = await startTestApp({ DATA_DIR: data.dir });
});
afterAll(async () => {
  await app?.close();
  data.remove();
});

describe('Guildhall API over real HTTP (PGlite + Discord sandbox)', () => {
  let owner: TestBrowser;
  let ownerGuilds: Guild[];
  let managed: Guild; // owned by demo-owner, bot present
  let botless: Guild; // owned by demo-owner, bot absent

  beforeAll(async () => {
    owner = app.browser();
    await owner.signIn('demo-owner');
    ownerGuilds = (await owner.json('/api/user')).body.guilds;
    managed = ownerGuilds.find((g) => g.settingsUrl.startsWith('/manage/'))!;
    expect(managed.id).toBe(SANDBOX_GUILDS.community.id);
    // Where the bot is absent, settingsUrl is the invite on the configured authorize page (here the sandbox's).
    botless = ownerGuilds.find((g) => g.settingsUrl.startsWith(app.config.discord.authorizeUrl))!;
  });

  describe('sign-in', () => {
    it('signs in through the sandbox: login -> authorize -> callback -> /api/user', async () => {
      const browser = app.browser();
      const login = await browser.request('/api/login');
      expect(login.status).toBe(302);
      const authorize = new URL(login.headers.get('location')!);
      expect(authorize.pathname).toBe('/sandbox/discord/oauth2/authorize');
      expect(authorize.searchParams.get('scope')).toBe('identify email guilds');
      expect(authorize.searchParams.get('state')).toBeTruthy();
      expect(authorize.searchParams.get('code_challenge_method')).toBe('S256');

      const callback = await browser.signIn('demo-owner');
      expect(callback.status).toBe(302);
      expect(callback.headers.get('location')).toBe('/selector');
      const sessionCookie = callback.headers.getSetCookie().find((c) => c.startsWith('guildhall.sid='))!;
      expect(sessionCookie).toMatch(/HttpOnly/i);
      expect(sessionCookie).toMatch(/SameSite=Lax/i);

      const { status, body } = await browser.json('/api/user');
      expect(status).toBe(200);
      expect(body).toMatchObject({ success: true, username: 'demo-owner', discord_id: body.id });
      expect(JSON.stringify(body)).not.toMatch(/access|refresh|token/i);
      expect(body.guilds.length).toBeGreaterThan(1);
      for (const g of body.guilds) expect(Object.keys(g)).toEqual(expect.arrayContaining(['id', 'name', 'iconURL', 'settingsUrl']));
    });

    it('returns to a same-site path given at login, and refuses other sites', async () => {
      const browser = app.browser();
      expect((await browser.signIn('demo-owner', '/manage/123/basic')).headers.get('location')).toBe('/manage/123/basic');
      expect((await app.browser().signIn('demo-owner', 'https://evil.example/')).headers.get('location')).toBe('/selector');
      expect((await app.browser().signIn('demo-owner', '//evil.example/')).headers.get('location')).toBe('/selector');
    });

    it('answers 401 to /api/user when signed out', async () => {
      const { status, body } = await app.browser().json('/api/user');
      expect(status).toBe(401);
      expect(body).toEqual({ success: false, error: 'You are not signed in.' });
    });

    /** The session id inside the signed guildhall.sid cookie (`s:<sid>.<signature>`). */
    const sessionId = (browser: TestBrowser) => decodeURIComponent(browser.cookies.get('guildhall.sid')!).slice(2).split('.')[0]!;

    it('logout (POST with the CSRF header) ends the session on the server and deletes its row', async () => {
      const browser = app.browser();
      await browser.signIn('demo-admin');
      const cookie = browser.cookies.get('guildhall.sid')!;
      const sid = sessionId(browser);
      expect((await browser.json('/api/user')).status).toBe(200);
      expect(await app.storage.sessions.get(sid)).not.toBeNull();
      expect((await browser.json('/api/logout', { method: 'POST' })).body).toEqual({ success: true });
      expect((await browser.json('/api/user')).status).toBe(401);
      expect(await app.storage.sessions.get(sid)).toBeNull();
      // The old cookie, replayed, no longer signs anyone in.
      const replay = app.browser();
      replay.cookies.set('guildhall.sid', cookie);
      expect((await replay.json('/api/user')).status).toBe(401);
    });

    it('another site cannot sign anyone out: GET /api/logout only leads to the page that asks, a POST needs the CSRF header', async () => {
      const browser = app.browser();
      await browser.signIn('demo-admin');
      expect((await browser.json('/api/user')).status).toBe(200);

      // A link or an <img> elsewhere: the browser sends the cookie with a top-level GET (SameSite=Lax).
      const linked = await browser.request('/api/logout', { headers: { 'sec-fetch-site': 'cross-site' } });
      expect(linked.status).toBe(302);
      expect(linked.headers.get('location')).toBe('/logout');
      expect((await browser.json('/api/user')).status).toBe(200);

      // A form posted from elsewhere cannot read the XSRF-TOKEN cookie, so it sends no header (or a made-up one).
      const posted = await browser.json('/api/logout', { method: 'POST', csrf: false });
      expect(posted.status).toBe(403);
      expect(posted.body).toEqual({ success: false, error: 'Missing or invalid CSRF token. Reload the page and try again.' });
      const forged = await browser.json('/api/logout', { method: 'POST', csrf: false, headers: { 'x-xsrf-token': 'made.up' } });
      expect(forged.status).toBe(403);
      expect((await browser.json('/api/user')).status).toBe(200);
      expect(await app.storage.sessions.get(sessionId(browser))).not.toBeNull();

      expect((await browser.json('/api/logout', { method: 'POST' })).status).toBe(200);
      expect((await browser.json('/api/user')).status).toBe(401);
    });

    it("refuses another session's anti-forgery token, and one from before signing in, even after accepting each for its own", async () => {
      // A body that is not a settings update: past the CSRF check it is a 400, and nothing is saved either way.
      const put = (browser: TestBrowser, token: string) =>
        browser.json(`/api/guild/${managed.id}/settings/basic`, {
          method: 'PUT',
          csrf: false,
          headers: { 'x-xsrf-token': token },
          json: { settings: 'none' },
        });
      const tokenOf = (browser: TestBrowser) => decodeURIComponent(browser.cookies.get('XSRF-TOKEN')!);
      const other = app.browser();
      await other.signIn('demo-admin');
      await other.json('/api/user');
      const othersToken = tokenOf(other);
      const anonymous = app.browser();
      await anonymous.json('/api/user');
      const anonymousToken = tokenOf(anonymous);
      // Each token is good where it belongs (the server remembers it as valid there)...
      expect((await put(other, othersToken)).status).toBe(400);
      expect((await anonymous.json('/api/logout', { method: 'POST' })).status).toBe(200);

      // ...and refused with anyone else's session, in the header and the cookie alike.
      const browser = app.browser();
      await browser.signIn('demo-owner');
      for (const token of [othersToken, anonymousToken]) {
        browser.cookies.set('XSRF-TOKEN', encodeURIComponent(token));
        const refused = await put(browser, token);
        expect(refused.status).toBe(403);
        expect(refused.body.error).toBe('Missing or invalid CSRF token. Reload the page and try again.');
      }
    });

    it('refuses a callback whose state does not match', async () => {
      const browser = app.browser();
      const login = await browser.request('/api/login');
      const authorize = new URL(login.headers.get('location')!);
      authorize.searchParams.set('login_as', 'demo-owner');
      authorize.searchParams.set('state', 'forged-state');
      const approved = await browser.request(authorize.toString());
      const callback = await browser.request(approved.headers.get('location')!);
      expect(callback.status).toBe(302);
      expect(callback.headers.get('location')).toBe('/login?error=state');
      expect((await browser.json('/api/user')).status).toBe(401);
    });

    it('refuses a callback from another browser (no state in its session)', async () => {
      const victim = app.browser();
      const login = await app.browser().request('/api/login');
      const authorize = new URL(login.headers.get('location')!);
      authorize.searchParams.set('login_as', 'demo-owner');
      const approved = await app.browser().request(authorize.toString());
      const callback = await victim.request(approved.headers.get('location')!);
      expect(callback.headers.get('location')).toMatch(/^\/login\?error=/);
      expect((await victim.json('/api/user')).status).toBe(401);
    });
  });

  describe('guild access', () => {
    it('lists only guilds the user may manage, with the invite link where the bot is absent', async () => {
      expect(managed).toBeDefined();
      expect(botless).toBeDefined();
      expect(botless.settingsUrl).toContain('guild_id=' + botless.id);
      const member = app.browser();
      await member.signIn('demo-member');
      const { body } = await member.json('/api/user');
      expect(body.guilds).toEqual([]);
    });

    it('gives demo-member 403 on the owner guild settings, with the reason', async () => {
      const member = app.browser();
      await member.signIn('demo-member');
      const { status, body } = await member.json(`/api/guild/${managed.id}/settings/basic`);
      expect(status).toBe(403);
      expect(body.success).toBe(false);
      expect(body.error).toMatch(/Manage Server|not a member/);
    });

    it('gives demo-admin (Manage Server, not owner) 200', async () => {
      const admin = app.browser();
      await admin.signIn('demo-admin');
      const guilds: Guild[] = (await admin.json('/api/user')).body.guilds;
      const notOwned = guilds.find((g) => !g.owner && g.settingsUrl.startsWith('/manage/'))!;
      expect(notOwned).toBeDefined();
      const { status, body } = await admin.json(`/api/guild/${notOwned.id}/settings/basic`);
      expect(status).toBe(200);
      expect(body.success).toBe(true);
    });

    it('refuses a guild without the bot with 403 and says why', async () => {
      const { status, body } = await owner.json(`/api/guild/${botless.id}/settings/basic`);
      expect(status).toBe(403);
      expect(body.error).toBe('Guildhall is not in this server. Invite the bot first.');
    });

    it('answers 404 for an unknown guild and 401 when signed out', async () => {
      expect((await owner.json('/api/guild/123456789012345678/settings/basic')).status).toBe(404);
      expect((await owner.json('/api/guild/not-a-guild/settings/basic')).status).toBe(404);
      expect((await app.browser().json(`/api/guild/${managed.id}/settings/basic`)).status).toBe(401);
    });

    it('lists channels, roles and the member count of a managed guild', async () => {
      const channels = await owner.json(`/api/guild/${managed.id}/channels`);
      expect(channels.status).toBe(200);
      expect(channels.body.channels.some((c: { type: number }) => c.type === 0)).toBe(true);
      const roles = await owner.json(`/api/guild/${managed.id}/roles`);
      expect(roles.body.roles.some((r: { managed: boolean }) => r.managed)).toBe(true);
      const stats = await owner.json(`/api/guild/${managed.id}/stats`);
      expect(stats.body.stats.memberCount).toBeGreaterThanOrEqual(30);
    });
  });

  describe('settings', () => {
    const put = (browser: TestBrowser, guildId: string, section: string, body: unknown, csrf = true) =>
      browser.json(`/api/guild/${guildId}/settings/${section}`, { method: 'PUT', json: body, csrf });

    it('reads defaults from the schema before anything is saved', async () => {
      const { body } = await owner.json(`/api/guild/${managed.id}/settings/moderation`);
      expect(body).toEqual({
        success: true,
        section: 'moderation',
        version: 0,
        settings: sections.moderation.defaults,
      });
      // The spec's defaults, in the schema.
      expect(body.settings).toMatchObject({ max_warnings: 3, max_warn_action: 'timeout', modlog_channel: null });
      expect((await owner.json(`/api/guild/${managed.id}/settings/basic`)).body.settings.prefix).toBe('.');
    });

    it('refuses a PUT without the CSRF header with 403', async () => {
      const { status, body } = await put(owner, managed.id, 'basic', { version: 0, settings: { prefix: '!' } }, false);
      expect(status).toBe(403);
      expect(body.error).toMatch(/CSRF/);
    });

    it.each([
      ['basic', { prefix: '123456' }, '/prefix'],
      ['moderation', { max_warnings: 0 }, '/max_warnings'],
      ['moderation', { max_warnings: 11 }, '/max_warnings'],
      ['moderation', { max_warnings: 'three' }, '/max_warnings'],
      ['basic', { prefix: '!', surprise: true }, '/surprise'],
      ['levels', { ranking: 'yes' }, '/ranking'],
    ])('answers 400 for %s %j with a field error at %s', async (section, settings, path) => {
      const { status, body } = await put(owner, managed.id, section as string, { version: 0, settings });
      expect(status).toBe(400);
      expect(body.success).toBe(false);
      expect(typeof body.error).toBe('string');
      expect(body.fieldErrors).toEqual(expect.arrayContaining([expect.objectContaining({ path: `/settings${path}` })]));
      for (const e of body.fieldErrors) expect(e.message).toEqual(expect.any(String));
    });

    it('answers 400 for a body that is not a settings update, and for broken JSON', async () => {
      expect((await put(owner, managed.id, 'basic', { settings: {} })).status).toBe(400);
      const raw = await owner.request(`/api/guild/${managed.id}/settings/basic`, {
        method: 'PUT',
        body: '{"version":',
        headers: { 'content-type': 'application/json' },
      });
      expect(raw.status).toBe(400);
      expect(await raw.json()).toMatchObject({ success: false });
    });

    it('answers 404 for an unknown section, whatever the body of a PUT', async () => {
      expect((await owner.json(`/api/guild/${managed.id}/settings/nonsense`)).status).toBe(404);
      expect((await put(owner, managed.id, 'nonsense', { version: 0, settings: { prefix: '!' } })).status).toBe(404);
      const invalid = await put(owner, managed.id, 'nonsense', { settings: 'none' });
      expect(invalid.status).toBe(404);
      expect(invalid.body.error).toBe('Unknown settings section: nonsense');
    });

    it('saves a valid document and reads it back equal, then refuses a second save from the same version with 409', async () => {
      // The owner's other managed guild (Pixel Painters) is the contract suite's, which reads every section's defaults.
      const guild = managed;
      const before = (await owner.json(`/api/guild/${guild.id}/settings/levels`)).body;
      const settings = {
        ...sections.levels.defaults,
        ranking: true,
        levelup_message: 'GG {member:mention}, level {level}!',
        levelup_channel: null,
      };
      const saved = await put(owner, guild.id, 'levels', { version: before.version, settings });
      expect(saved.status).toBe(200);
      expect(saved.body).toEqual({ success: true, section: 'levels', version: before.version + 1, settings });
      expect((await owner.json(`/api/guild/${guild.id}/settings/levels`)).body).toEqual({
        success: true,
        section: 'levels',
        version: before.version + 1,
        settings,
      });

      const stale = await put(owner, guild.id, 'levels', { version: before.version, settings: { ...settings, ranking: false } });
      expect(stale.status).toBe(409);
      expect(stale.body).toMatchObject({ success: false, version: before.version + 1, settings });
      expect((await owner.json(`/api/guild/${guild.id}/settings/levels`)).body.settings.ranking).toBe(true);
    });

    it('answers a settings read with the headers of every other API answer, however it is written', async () => {
      // What differs per answer (or per connection) is left out; everything else must be the same.
      const perAnswer = ['date', 'content-length', 'content-type', 'set-cookie', 'connection', 'keep-alive'];
      const headersOf = (res: Response) => Object.fromEntries([...res.headers].filter(([name]) => !perAnswer.includes(name)));
      const user = await owner.request('/api/user');
      await user.body?.cancel();
      const reference = headersOf(user);
      expect(reference).toMatchObject({ 'cache-control': 'no-store', 'x-content-type-options': 'nosniff' });
      const url = `/api/guild/${managed.id}/settings/moderation`;

      // The usual read: the session's anti-forgery token is there, so nothing is set.
      const read = await owner.request(url);
      const text = await read.text();
      expect(read.headers.getSetCookie()).toEqual([]);
      expect(headersOf(read)).toEqual(reference);
      expect(read.headers.get('content-type')).toBe('application/json; charset=utf-8');
      expect(read.headers.get('content-length')).toBe(String(Buffer.byteLength(text)));
      const head = await owner.request(url, { method: 'HEAD' });
      expect(head.status).toBe(200);
      expect(headersOf(head)).toEqual(reference);
      expect(head.headers.get('content-length')).toBe(String(Buffer.byteLength(text)));

      // A browser without the token gets one with the same answer.
      const tokenless = app.browser();
      tokenless.cookies.set('guildhall.sid', owner.cookies.get('guildhall.sid')!);
      const issued = await tokenless.request(url);
      expect(issued.status).toBe(200);
      expect(await issued.text()).toBe(text);
      expect(issued.headers.getSetCookie()).toEqual([expect.stringMatching(/^XSRF-TOKEN=/)]);
      expect(headersOf(issued)).toEqual(reference);

      // Its refusals and errors too.
      for (const [browser, path, status] of [
        [owner, `/api/guild/${managed.id}/settings/nonsense`, 404],
        [owner, `/api/guild/${botless.id}/settings/moderation`, 403],
        [app.browser(), url, 401],
      ] as const) {
        const res = await browser.request(path);
        await res.body?.cancel();
        expect({ path, status: res.status, headers: headersOf(res) }).toEqual({ path, status, headers: reference });
      }
    });

    it('keeps what was saved when a later save is invalid', async () => {
      const current = (await owner.json(`/api/guild/${managed.id}/settings/basic`)).body;
      const ok = await put(owner, managed.id, 'basic', {
        version: current.version,
        settings: { prefix: '?', flag_translation: true, invite_tracking: true },
      });
      expect(ok.status).toBe(200);
      expect((await put(owner, managed.id, 'basic', { version: ok.body.version, settings: { prefix: 'toolong' } })).status).toBe(400);
      expect((await owner.json(`/api/guild/${managed.id}/settings/basic`)).body).toMatchObject({
        version: ok.body.version,
        settings: { prefix: '?' },
      });
    });
  });

  describe('published schemas and health', () => {
    it('serves every schema and the OpenAPI document', async () => {
      const list = await app.browser().json('/api/schemas');
      const names = list.body.schemas.map((s: { name: string }) => s.name);
      expect(names).toEqual(expect.arrayContaining(['basic', 'moderation', 'levels']));
      const basic = await app.browser().request('/api/schemas/basic');
      expect(basic.headers.get('content-type')).toMatch(/application\/schema\+json/);
      expect(((await basic.json()) as any).properties.prefix.maxLength).toBe(5);
      const openapi = await app.browser().json('/api/openapi.json');
      expect(openapi.body.openapi).toMatch(/^3\.1/);
      expect(Object.keys(openapi.body.paths)).toEqual(expect.arrayContaining(['/api/guild/{guildId}/settings/basic']));
    });

    it('answers /healthz and /readyz, with security headers', async () => {
      const health = await fetch(`${app.url}/healthz`);
      expect(await health.json()).toEqual({ status: 'ok' });
      expect(health.headers.get('x-content-type-options')).toBe('nosniff');
      expect(health.headers.get('content-security-policy')).toBeTruthy();
      expect(health.headers.get('x-powered-by')).toBeNull();
      const ready = await fetch(`${app.url}/readyz`);
      expect(ready.status).toBe(200);
      expect(((await ready.json()) as any).storage).toBe('pglite');
    });
  });
});

/** What every JSON answer says it is: a client (or a proxy) may go by it. */
const JSON_TYPE = 'application/json; charset=utf-8';

describe('API contract: the operations table matches the running API', () => {
  let owner: TestBrowser;
  let guildId: string;
  let transcriptId: string;
  /** The bot API's credential (operations with `access: bot`): the sandbox made it for this process. */
  let bot: Record<string, string>;
  const itemIds: Record<string, string> = {};
  let entryId: number;
  /** An order of the owner's, for the routes with {orderId}. */
  let orderId: string;
  beforeAll(async () => {
    bot = { authorization: `Bot ${app.config.botApiToken}` };
    owner = app.browser();
    await owner.signIn('demo-owner');
    // A guild the owner manages that the suite above leaves alone.
    guildId = (await owner.json('/api/user')).body.guilds.find(
      (g: Guild) => g.id === SANDBOX_GUILDS.pixelPainters.id && g.settingsUrl.startsWith('/manage/'),
    ).id;
    // Something for the routes that name a transcript ({id}) to find.
    const uploaded = await app.browser().json(`/api/bot/v1/guilds/${guildId}/transcripts`, {
      method: 'POST',
      headers: bot,
      json: {
        ticketId: '0001',
        channelName: 'ticket-demo-member',
        openedBy: { id: '1100000000000000103', username: 'demo-member' },
        openedAt: '2026-11-22T15:00:00.000Z',
        closedAt: '2026-11-22T16:00:00.000Z',
        messages: [],
      },
    });
    transcriptId = uploaded.body.transcript.id;
    // Saved embeds are Custom Embeds, a premium feature: the guild buys a plan (and the order serves {orderId}).
    orderId = await buyPremium(owner, guildId, 'unlimited', 'lifetime');
    // An item of each collection, for the routes with {itemId}.
    for (const name of collectionNames) {
      const created = await owner.json(`/api/guild/${guildId}/collections/${name}`, {
        method: 'POST',
        json: { item: sampleItem(name, SANDBOX_GUILDS.pixelPainters.channels.general) }, // #general, a text channel
      });
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      itemIds[name] = created.body.id;
    }
    // A history entry for the routes with {entryId}: the item creation just recorded (not revertible: a 400, not a 404).
    entryId = (await owner.json(`/api/guild/${guildId}/history?limit=1`)).body.entries[0].id;
  });

  type Validator = ((d: unknown) => boolean) & { errors?: unknown };
  const validators = validatorsById as Record<string, Validator>;
  /** How the generator names a schema's type (scripts/generate/lib/json.mjs): "AntiNuke preflight" -> "AntinukePreflight". */
  const pascal = (title: string) =>
    title
      .split(/[^A-Za-z0-9]+/)
      .filter(Boolean)
      .map((word) => word[0]!.toUpperCase() + word.slice(1).toLowerCase())
      .join('');
  const validatorForType = (typeName: string) => {
    const schema = Object.values(publishedSchemas).find((s) => pascal(String((s as { title?: string }).title)) === typeName) as {
      $id: string;
    };
    return validators[schema.$id]!;
  };
  const expectValid = (what: string, validate: Validator, body: unknown) =>
    expect({ what, valid: validate(structuredClone(body)), errors: validate.errors ?? null }).toMatchObject({ valid: true });
  /** A settings answer: the generic envelope, this section's name, and a document valid against the section's schema. */
  const expectSettingsAnswer = (section: SectionName, body: { section: string; settings: unknown }) => {
    expectValid(`${section} envelope`, validateSettingsResponse, body);
    expect(body.section).toBe(section);
    expectValid(`${section} settings`, validators[sections[section].schemaId]!, body.settings);
  };
  /** Where an OpenAPI path points for this test's guild (every parameter filled with something that exists). */
  const concrete = (route: string) =>
    route
      .replace('{guildId}', guildId)
      .replace('{name}', 'basic')
      // An image upload names a section's image field (any other answers 404 before its body is read).
      .replace('{section}/images/{field}', 'personalizer/images/avatar')
      .replace('{section}', 'joindms')
      .replace('{collection}', 'role-menus')
      .replace('{menuId}', itemIds['role-menus'] ?? '')
      .replace('{scheduleId}', itemIds['scheduled-messages'] ?? '')
      .replace('{id}', transcriptId)
      // Deploy's body may be empty (the panel's own channel); that channel here is a category, so an empty body is 400.
      .replace('{panelId}', itemIds.panels ?? '')
      .replace('{entryId}', String(entryId))
      .replace('{orderId}', orderId)
      .replace(/\/collections\/([^/]+)\/\{itemId\}/, (_m, name: string) => `/collections/${name}/${itemIds[name]}`);
  type Row = { path: string; method: string; operationId: string; response?: string; parameters?: Parameter[] };
  type Parameter = { name: string; in: string; schema?: { examples?: string[] } };
  const rows = operations.operations as Row[];
  /** The query a GET needs to answer 200 (search-users' q, users' ids): each query parameter's first example. */
  const exampleQuery = (op: Row) => {
    const query = new URLSearchParams();
    for (const param of op.parameters ?? []) {
      const example = param.schema?.examples?.[0];
      if (param.in === 'query' && example !== undefined) query.set(param.name, example);
    }
    return query.size ? `?${query}` : '';
  };
  const documented = () =>
    Object.entries(openapi.paths as Record<string, Record<string, unknown>>).flatMap(([route, item]) =>
      Object.keys(item)
        .filter((key) => key !== 'parameters')
        .map((method) => ({
          method,
          route,
          body: 'requestBody' in (item[method] as object),
          bot: ((item[method] as { security?: object[] }).security ?? []).some((requirement) => 'bot' in requirement),
          provider: ((item[method] as { security?: object[] }).security ?? []).some((requirement) => 'provider' in requirement),
        })),
    );
  /**
   * What a route needs besides the owner's session: the bot's credential for the bot API, the payment provider's
   * signature over the body (`json` as TestBrowser sends it; none: no bytes) for its webhook.
   */
  const credentials = (op: { bot: boolean; provider?: boolean }, init: { json?: unknown } = {}) => {
    if (op.bot) return { headers: bot };
    if (!op.provider) return {};
    const raw = init.json === undefined ? '' : JSON.stringify(init.json);
    return { headers: { 'x-razorpay-signature': createHmac('sha256', app.config.payments.webhookSecret).update(raw).digest('hex') } };
  };

  it("takes only the payment provider's signature on its webhook: 401 without it, with a wrong one, or with a session", async () => {
    const providerOps = documented().filter((op) => op.provider);
    expect(providerOps.map((op) => op.route)).toEqual(['/api/payments/webhook']);
    for (const op of providerOps) {
      for (const [client, headers] of [
        [app.browser(), {}],
        [owner, {}],
        [app.browser(), { 'x-razorpay-signature': 'f'.repeat(64) }],
      ] as const) {
        const res = await client.request(concrete(op.route), {
          method: 'POST',
          headers,
          json: { event: 'payment_link.paid', payload: {} },
        });
        expect({ ...op, status: res.status, body: await res.json() }).toEqual({
          ...op,
          status: 401,
          body: { success: false, error: 'Invalid webhook signature' },
        });
      }
    }
  });

  it('takes only the bot credential on every bot operation: 401 without it, 401 with a user session and its CSRF header', async () => {
    const botOps = documented().filter((op) => op.bot);
    expect(botOps.length).toBeGreaterThan(0);
    for (const op of botOps) {
      expect(op.route.startsWith('/api/bot/v1/')).toBe(true);
      for (const client of [app.browser(), owner]) {
        const res = await client.request(concrete(op.route), {
          method: op.method.toUpperCase(),
          ...(op.method === 'get' ? {} : { json: {} }),
        });
        expect({ ...op, status: res.status }).toEqual({ ...op, status: 401 });
        await res.body?.cancel();
      }
    }
  });

  it('answers every JSON GET operation of the table with a body valid against its response schema', async () => {
    const gets = rows.filter((op) => op.method === 'get' && op.response);
    expect(gets.length).toBeGreaterThan(8);
    for (const op of gets) {
      // The bot's reads answer the bot's credential only.
      const asBot = op.path.startsWith('/api/bot/') ? { headers: bot } : {};
      const { status, body, res } = await owner.json(concrete(op.path) + exampleQuery(op), asBot);
      expect({ op: op.operationId, status }).toEqual({ op: op.operationId, status: 200 });
      expect({ op: op.operationId, type: res.headers.get('content-type') }).toEqual({ op: op.operationId, type: JSON_TYPE });
      expectValid(op.operationId, validatorForType(op.response!), body);
    }
  });

  it('reads and saves every section of the sections table, each answer valid against its schemas', async () => {
    expect(sectionNames.length).toBeGreaterThan(0);
    for (const section of sectionNames) {
      const url = `/api/guild/${guildId}/settings/${section}`;
      const read = await owner.json(url);
      expect({ section, status: read.status }).toEqual({ section, status: 200 });
      expect({ section, type: read.res.headers.get('content-type') }).toEqual({ section, type: JSON_TYPE });
      expectSettingsAnswer(section, read.body);
      expect(read.body.settings).toEqual(sections[section].defaults);

      const body = { version: read.body.version, settings: read.body.settings };
      expectValid(`${section} PUT body`, validateSettingsPutRequest, body);
      const saved = await owner.json(url, { method: 'PUT', json: body });
      expect({ section, status: saved.status }).toEqual({ section, status: 200 });
      expect({ section, type: saved.res.headers.get('content-type') }).toEqual({ section, type: JSON_TYPE });
      expectSettingsAnswer(section, saved.body);
      expect(saved.body.version).toBe(read.body.version + 1);
      expect((await owner.json(url)).body).toEqual(saved.body);
    }
  });

  it('validates every request body the same way: an empty or missing body is 400 with the fields it lacks', async () => {
    // Writes that take no body (signing out, which would also end this test's session; creating the bypass role) are
    // swept below.
    // A revert's body is optional: {} reverts without resolutions (history.test.ts); so is a deploy's: {} posts the
    // panel in its own channel (ticket-panels-deploy.test.ts).
    const optionalBody = ['/api/guild/{guildId}/history/{entryId}/revert', '/api/guild/{guildId}/tickets/panels/{panelId}/deploy'];
    const writes = documented()
      .filter((op) => op.method !== 'get' && op.body && !optionalBody.includes(op.route))
      .map(({ method, route, bot, provider }) => ({ method, route, bot, provider }));
    expect(
      documented()
        .filter((op) => op.method !== 'get' && !op.body)
        .map((op) => op.route),
    ).toEqual(expect.arrayContaining(['/api/logout']));
    expect(writes.length).toBeGreaterThan(sectionNames.length);
    for (const op of writes) {
      for (const init of [{ json: {} }, {}]) {
        const res = await owner.request(concrete(op.route), { method: op.method.toUpperCase(), ...credentials(op, init), ...init });
        const body = (await res.json()) as { success: boolean; error: unknown; fieldErrors: { path: string; message: string }[] };
        expect({ ...op, status: res.status }).toEqual({ ...op, status: 400 });
        expect(body.success).toBe(false);
        expect(body.error).toEqual(expect.any(String));
        expect(body.fieldErrors.length).toBeGreaterThan(0);
        for (const error of body.fieldErrors) expect(error).toEqual({ path: expect.stringMatching(/^\//), message: expect.any(String) });
      }
    }
  });

  it('documents every route Nest serves, and serves every documented operation', async () => {
    // The route table: what Nest registered (the Discord sandbox's routes are Discord's, not ours).
    const served = app.routes.filter((route) => !route.path.startsWith('/sandbox'));
    expect(served.length).toBeGreaterThan(10);
    const ops = documented();
    const pattern = (path: string) => new RegExp(`^${path.replace(/:\w+/g, '[^/]+')}$`);
    for (const route of served) {
      const matches = ops.filter((op) => op.method === route.method && pattern(route.path).test(op.route.replace(/\{(\w+)\}/g, ':$1')));
      expect({ route, documented: matches.length > 0 }).toEqual({ route, documented: true });
    }
    for (const op of ops) {
      const matches = served.filter((route) => route.method === op.method && pattern(route.path).test(concrete(op.route)));
      expect({ op, served: matches.length > 0 }).toEqual({ op, served: true });
    }

    // And over HTTP: no documented operation meets "no such route" (writes send an empty body: 400, never 404).
    const signOut = { method: 'post', route: '/api/logout', body: false, bot: false, provider: false };
    const sweep = ops.filter((op) => op.method !== signOut.method || op.route !== signOut.route);
    // Deletes last (a collection item's DELETE removes the item the other {itemId} routes use), then signing out.
    const ordered = [...sweep.filter((op) => op.method !== 'delete'), ...sweep.filter((op) => op.method === 'delete')];
    for (const op of [...ordered, signOut]) {
      const res = await owner.request(concrete(op.route), {
        method: op.method.toUpperCase(),
        ...credentials(op, op.method === 'get' ? {} : { json: {} }),
        ...(op.method === 'get' ? {} : { json: {} }),
      });
      expect({ ...op, status: res.status }).not.toMatchObject({ status: 404 });
      await res.body?.cancel();
    }
  });
});
