// Issue 30: Dashboard Access, enforced by the server. Over real HTTP (PGlite, the Discord sandbox), for a member holding
// a granted role and for a member granted directly: {no grant, read, write, expired, revoked, one subject} × every
// operation of the OpenAPI document that acts on a guild (each section's read and save, each collection's routes, each
// operation of the operations table with its subject, the read-only views of subject `any`) answers 403 in the schema's
// words exactly where the grants do not allow it, and gets past the access check everywhere else. AntiNuke and Dashboard
// Access are never opened by a grant; nobody grants more than they have.
import { allows, GRANTABLE_SUBJECTS, type GrantLevel } from '@guildhall/common/dashboard-access';
import { collectionNames, collections } from '@guildhall/generated/collections';
import { openapi } from '@guildhall/generated/openapi';
import { fillRefusal, refusals } from '@guildhall/generated/refusals';
import { publishedSchemas } from '@guildhall/generated/schemas';
import { sectionNames, sections } from '@guildhall/generated/sections';
import { SANDBOX_GUILDS, SANDBOX_MEMBER_IDS, SANDBOX_USERS } from '@guildhall/sandbox-discord/seed';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NO_MANAGE } from '../src/guild/guild-access.service.js';
import type { TestBrowser } from './support/browser.js';
import {
  DIRECT_MEMBER,
  GRANT_GUILD,
  GRANTED_ROLE,
  grant,
  grantAs,
  MANAGE_SERVER_MANAGER,
  OWNER,
  ROLE_HOLDER,
  saveGrants,
  settingsPath,
  signIn,
  startGrantsApp,
} from './support/grants.js';
import { instancesOnPostgres } from './support/instances.js';
import { buyPremium } from './support/payments.js';

const HOUR = 3_600_000;
/** An id no route's object has: a route that finds nothing answers 404 (or 400), never 403, once access is granted. */
const NOBODY = '1100000000000000999';
const ANTINUKE_NONE = `Access denied: ${sections.antinuke.access!.none.message}`;
const SUBJECT_ANY = 'any';

/** A section's or collection's title, as the refusals name it. */
const titleOf = (subject: string) =>
  (sections as Record<string, { title: string }>)[subject]?.title ?? (collections as Record<string, { title: string }>)[subject]!.title;

/** One call of the API on the guild, with the subject whose grant it needs (a GET: read; any other method: write). */
interface Cell {
  method: string;
  route: string;
  path: string;
  subject: string;
  body?: unknown;
}

type Operation = { 'x-guildhall-subject'?: string; security?: unknown };

/**
 * Every operation of the OpenAPI document that acts on the guild (its path names {guildId}, or the embed builder's,
 * whose guild is in the body): a settings route's subject is its section, a collection route's its collection, any
 * other its `x-guildhall-subject`; one with no subject is for managers only (none today, which the test asserts).
 */
function cellsOf(served: (method: string, path: string) => boolean): { cells: Cell[]; unserved: string[] } {
  const cells: Cell[] = [];
  const unserved: string[] = [];
  const paths = (openapi as unknown as { paths: Record<string, Record<string, Operation>> }).paths;
  for (const [route, item] of Object.entries(paths)) {
    const onGuild = route.startsWith('/api/guild/{guildId}');
    const bodyGuild = route.startsWith('/api/embed/');
    if (!onGuild && !bodyGuild) continue;
    for (const [lower, operation] of Object.entries(item)) {
      if (typeof operation !== 'object' || !('responses' in operation)) continue;
      const method = lower.toUpperCase();
      const settings = /^\/api\/guild\/\{guildId\}\/settings\/([a-z0-9-]+)$/.exec(route)?.[1];
      const collection = /^\/api\/guild\/\{guildId\}\/collections\/([a-z0-9-]+)/.exec(route)?.[1];
      const subject = settings ?? collection ?? operation['x-guildhall-subject'];
      if (bodyGuild && subject === undefined) continue; // send-webhook: a webhook URL, no guild
      if (!served(method, route.replace(/\{[A-Za-z]+\}/g, NOBODY))) {
        unserved.push(`${method} ${route}`);
        continue;
      }
      expect({ route, method, subject }).toEqual({ route, method, subject: expect.any(String) });
      const sectionsOfRoute = subject === '{section}' ? sectionNames : [undefined];
      for (const section of sectionsOfRoute) {
        const path = route
          .replace('{guildId}', GRANT_GUILD)
          .replace('{section}', section ?? '')
          .replace(/\{field\}/g, 'avatar')
          .replace(/\{[A-Za-z]+\}/g, NOBODY);
        cells.push({ method, route, path, subject: section ?? subject!, ...(method === 'GET' ? {} : { body: bodyOf(route, method) }) });
      }
    }
  }
  return { cells, unserved };
}

/** The smallest body each kind of call takes: the embed builder's names the guild; a collection's an item that is no item. */
function bodyOf(route: string, method: string): unknown {
  const channelId = SANDBOX_GUILDS.community.channels.general;
  // The embed builder validates its body before it asks who may use the guild in it: each gets a valid one.
  if (route === '/api/embed/get-by-id') return { guildId: GRANT_GUILD, channelId, messageId: NOBODY };
  if (route === '/api/embed/send-channel') return { guildId: GRANT_GUILD, channelId, embeds: [{ title: 'Access check' }] };
  if (route.startsWith('/api/embed/')) return { guildId: GRANT_GUILD, channelId, messageId: NOBODY, embeds: [{ title: 'Access check' }] };
  if (route.includes('/collections/') && (method === 'POST' || method === 'PUT')) return { version: 1, item: 'not an item' };
  if (route.includes('/settings/') && method === 'PUT') return { version: 0, settings: 'not settings' };
  return {};
}

/** What a caller holding `levels` gets from a cell: through the access check, or 403 with these words. */
function expected(levels: ReadonlyMap<string, GrantLevel>, cell: Cell): { through: true } | { status: 403; error: string } {
  const need: GrantLevel = cell.method === 'GET' ? 'read' : 'write';
  if (cell.subject === SUBJECT_ANY) return levels.size > 0 ? { through: true } : { status: 403, error: NO_MANAGE };
  if (cell.subject === 'antinuke') return { status: 403, error: ANTINUKE_NONE };
  if (sections[cell.subject as keyof typeof sections]?.policy === 'administrators')
    return { status: 403, error: refusals.accessAdministratorsOnly };
  const held = levels.get(cell.subject);
  if (allows(held, need)) return { through: true };
  if (levels.size === 0) return { status: 403, error: NO_MANAGE };
  return { status: 403, error: fillRefusal(held ? refusals.accessReadOnly : refusals.accessNone, { section: titleOf(cell.subject) }) };
}

/** Runs every cell as `browser`: the statuses and words that differ from what `levels` give, as readable lines. */
async function mismatches(browser: TestBrowser, cells: readonly Cell[], levels: ReadonlyMap<string, GrantLevel>): Promise<string[]> {
  const wrong: string[] = [];
  for (const cell of cells) {
    const res = await browser.json(cell.path, { method: cell.method, ...(cell.body === undefined ? {} : { json: cell.body }) });
    const want = expected(levels, cell);
    const error = (res.body as { error?: string } | null)?.error;
    const ok =
      'through' in want ? res.status !== 403 && res.status !== 401 && res.status < 500 : res.status === 403 && error === want.error;
    if (!ok) wrong.push(`${cell.method} ${cell.route} [${cell.subject}]: ${res.status} ${error ?? ''} (wanted ${JSON.stringify(want)})`);
  }
  return wrong;
}

const every = (level: GrantLevel) => new Map(GRANTABLE_SUBJECTS.map((subject) => [subject as string, level]));
const none = new Map<string, GrantLevel>();

/** The two ways to be granted: through a role one holds, or by one's own id. */
const GRANTEES = [
  {
    kind: 'a member holding the granted role',
    username: ROLE_HOLDER.username,
    grants: (g: ReturnType<typeof grant>) => ({ roles: [g] }),
    id: GRANTED_ROLE,
  },
  {
    kind: 'a member granted directly',
    username: DIRECT_MEMBER.username,
    grants: (g: ReturnType<typeof grant>) => ({ members: [g] }),
    id: DIRECT_MEMBER.id,
  },
] as const;

describe('Dashboard Access over real HTTP: every route answers as the grants say', () => {
  let env: Awaited<ReturnType<typeof startGrantsApp>>;
  let owner: TestBrowser;
  let cells: Cell[];

  beforeAll(async () => {
    env = await startGrantsApp();
    owner = await env.as(OWNER);
    // Paid for good, so no cell answers 403 for a plan (saved embeds, the embed builder) whatever the clock says.
    await buyPremium(owner, GRANT_GUILD, 'unlimited', 'lifetime');
    // What Nest and Fastify serve, as patterns (`:param` for any one segment) a concrete path is matched against.
    const served = env.app.routes.map((r) => ({
      method: r.method.toUpperCase(),
      pattern: new RegExp(`^${r.path.replace(/:[A-Za-z]+/g, '[^/]+')}$`),
    }));
    const found = cellsOf((method, path) => served.some((r) => r.method === method && r.pattern.test(path)));
    cells = found.cells;
    // Known: issue 29's routes are in the table but not built yet on this branch; they join the matrix once served.
    expect(found.unserved.filter((op) => !/personalizer|images/.test(op))).toEqual([]);
  });
  afterAll(async () => {
    await env?.close();
  });

  it('covers every section and every collection of the tables, and every subject the operations table names', () => {
    const subjects = new Set(cells.map((cell) => cell.subject));
    for (const name of [...sectionNames.filter((s) => s !== 'personalizer'), ...collectionNames]) expect(subjects).toContain(name);
    for (const subject of GRANTABLE_SUBJECTS.filter((s) => s !== 'personalizer')) expect(subjects).toContain(subject);
    expect(subjects).toContain(SUBJECT_ANY);
    // Reads and writes of each: a GET and another method per section and collection.
    for (const name of collectionNames)
      expect(new Set(cells.filter((c) => c.subject === name).map((c) => c.method)).size).toBeGreaterThan(2);
  });

  for (const grantee of GRANTEES) {
    describe(grantee.kind, () => {
      let member: TestBrowser;
      beforeAll(async () => {
        member = await env.as(grantee.username);
      });

      it('no grant: every route of the guild answers 403, with the managers’ words', async () => {
        await grantAs(owner, {});
        expect(await mismatches(member, cells, none)).toEqual([]);
      });

      it('read on all settings: reads pass, every write is 403 read-only naming the section; AntiNuke and Dashboard Access stay shut', async () => {
        await grantAs(owner, grantee.grants(grant(grantee.id, 'read')));
        expect(await mismatches(member, cells, every('read'))).toEqual([]);
      });

      it('write on all settings: every route of a grantable subject gets through; AntiNuke and Dashboard Access stay shut', async () => {
        await grantAs(owner, grantee.grants(grant(grantee.id, 'write')));
        expect(await mismatches(member, cells, every('write'))).toEqual([]);
      });

      it('write on one subject at a time: that one gets through, every other answers 403 naming its section', async () => {
        for (const subject of GRANTABLE_SUBJECTS) {
          await grantAs(owner, grantee.grants(grant(grantee.id, 'write', { subjects: [subject] })));
          const levels = new Map<string, GrantLevel>([[subject, 'write']]);
          expect({ subject, wrong: await mismatches(member, cells, levels) }).toEqual({ subject, wrong: [] });
        }
      });

      it('expired: a grant past its expires_at (the app’s clock moved on) opens nothing', async () => {
        const expires = new Date(env.clock.now().getTime() + HOUR).toISOString().replace(/\.\d{3}Z$/, '.000Z');
        await grantAs(owner, grantee.grants(grant(grantee.id, 'write', { expires_at: expires })));
        const before = await member.json(settingsPath('basic'));
        expect(before.status).toBe(200);
        env.clock.advance(2 * HOUR);
        try {
          expect(await mismatches(member, cells, none)).toEqual([]);
        } finally {
          env.clock.reset();
        }
      });

      it('revoked: once the owner removes the grant, nothing is open any more', async () => {
        await grantAs(owner, grantee.grants(grant(grantee.id, 'write')));
        expect((await member.json(settingsPath('greeting'))).status).toBe(200);
        await grantAs(owner, {});
        expect(await mismatches(member, cells, none)).toEqual([]);
      });
    });
  }

  describe('what a grantee is told', () => {
    it('the settings GET and the collections list carry the grant; the guild summary lists the grants and says not a manager', async () => {
      await grantAs(owner, {
        roles: [grant(GRANTED_ROLE, 'read', { subjects: ['greeting', collectionNames[0]!] })],
        members: [grant(ROLE_HOLDER.id, 'write', { subjects: ['levels'] })],
      });
      const member = await env.as(ROLE_HOLDER.username);
      expect((await member.json(settingsPath('greeting'))).body).toMatchObject({ success: true, section: 'greeting', grant: 'read' });
      expect((await member.json(settingsPath('levels'))).body).toMatchObject({ success: true, section: 'levels', grant: 'write' });
      const list = await member.json(`/api/guild/${GRANT_GUILD}/collections/${collectionNames[0]}`);
      expect(list.body).toMatchObject({ success: true, grant: 'read' });
      const summary = await member.json(`/api/guild/${GRANT_GUILD}`);
      expect(summary.body).toEqual({
        success: true,
        guild: expect.objectContaining({ id: GRANT_GUILD }),
        manager: false,
        grants: { greeting: 'read', levels: 'write', [collectionNames[0]!]: 'read' },
      });
      // A manager's answers carry no grant.
      expect((await owner.json(settingsPath('greeting'))).body.grant).toBeUndefined();
      expect((await owner.json(`/api/guild/${GRANT_GUILD}`)).body).toMatchObject({ manager: true });
      expect((await owner.json(`/api/guild/${GRANT_GUILD}`)).body.grants).toBeUndefined();
    });

    it('a grantee with write saves a section: 200, recorded as theirs', async () => {
      await grantAs(owner, { roles: [grant(GRANTED_ROLE, 'write', { subjects: ['levels'] })] });
      const member = await env.as(ROLE_HOLDER.username);
      const current = await member.json(settingsPath('levels'));
      const saved = await member.json(settingsPath('levels'), {
        method: 'PUT',
        json: { version: current.body.version, settings: current.body.settings },
      });
      expect(saved.status).toBe(200);
      expect(saved.body.grant).toBe('write');
      const history = await owner.json(`/api/guild/${GRANT_GUILD}/history?section=levels`);
      expect(history.body.entries[0]).toMatchObject({ author: { userId: ROLE_HOLDER.id } });
    });
  });

  describe('who may change grants', () => {
    it('a grantee with write on everything cannot grant themselves more: 403 with the administrators’ words', async () => {
      await grantAs(owner, { roles: [grant(GRANTED_ROLE, 'write')] });
      const member = await env.as(ROLE_HOLDER.username);
      const more = await saveGrants(member, { roles: [grant(GRANTED_ROLE, 'write')], members: [grant(ROLE_HOLDER.id, 'write')] });
      expect(more).toMatchObject({ status: 403, body: { error: refusals.accessAdministratorsOnly } });
      expect((await member.json(settingsPath('dashboard-access'))).status).toBe(403);
    });

    it('no grant can name AntiNuke or Dashboard Access: 400 at the subject, nothing saved', async () => {
      for (const subject of ['antinuke', 'dashboard-access']) {
        const refused = await saveGrants(owner, { roles: [grant(GRANTED_ROLE, 'write', { subjects: [subject as never] })] });
        expect(refused.status).toBe(400);
        expect(refused.body.fieldErrors).toContainEqual({ path: '/settings/roles/0/subjects/0', message: expect.any(String) });
      }
    });

    it('a Manage Server manager may manage the guild but not its Dashboard Access: 403 on read and save', async () => {
      const manager = await env.as(MANAGE_SERVER_MANAGER);
      expect((await manager.json(settingsPath('basic'))).status).toBe(200);
      expect((await manager.json(settingsPath('dashboard-access'))).body).toEqual({
        success: false,
        error: refusals.accessAdministratorsOnly,
      });
      expect((await saveGrants(manager, { roles: [grant(GRANTED_ROLE, 'read')] })).status).toBe(403);
    });

    describe('an Administrator who is not the owner (demo-admin in Retro Arcade, Admin role)', () => {
      const arcade = SANDBOX_GUILDS.retroArcade;
      const schema = publishedSchemas['dashboard-access'] as any;
      const ROLE_ABOVE = schema.properties.roles.items.properties.id['x-messages']['x-reference-above-caller'];
      const MEMBER_ABOVE = schema.properties.members.items.properties.id['x-messages']['x-reference-above-caller'];
      const NOT_MEMBER = schema.properties.members.items.properties.id['x-messages']['x-reference'];

      it('grants to a role below their highest role, not to one above it (the bot’s) nor their own: 400 at the field', async () => {
        const admin = await env.as(MANAGE_SERVER_MANAGER);
        expect((await saveGrants(admin, { roles: [grant(arcade.roles.highScorer, 'read')] }, arcade.id)).status).toBe(200);
        for (const role of [arcade.roles.bot, arcade.roles.admin]) {
          const refused = await saveGrants(admin, { roles: [grant(arcade.roles.highScorer, 'read'), grant(role, 'read')] }, arcade.id);
          expect(refused).toMatchObject({ status: 400, body: { fieldErrors: [{ path: '/settings/roles/1/id', message: ROLE_ABOVE }] } });
        }
      });

      it('grants to a member below them (no role), not to themselves (their highest role is not below their own)', async () => {
        const admin = await env.as(MANAGE_SERVER_MANAGER);
        const below = SANDBOX_MEMBER_IDS['marisol.vega']!;
        expect((await saveGrants(admin, { members: [grant(below, 'read')] }, arcade.id)).status).toBe(200);
        const self = await saveGrants(admin, { members: [grant(below, 'read'), grant(SANDBOX_USERS.demoAdmin.id, 'read')] }, arcade.id);
        expect(self).toMatchObject({ status: 400, body: { fieldErrors: [{ path: '/settings/members/1/id', message: MEMBER_ABOVE }] } });
      });

      it('a grant kept from before is not judged again (the owner granted the bot’s role; the Administrator edits its note)', async () => {
        const arcadeOwner = await signIn(env.app, 'marisol.vega');
        await grantAs(arcadeOwner, { roles: [grant(arcade.roles.bot, 'read')] }, arcade.id);
        const admin = await env.as(MANAGE_SERVER_MANAGER);
        expect((await saveGrants(admin, { roles: [grant(arcade.roles.bot, 'read', { note: 'kept' })] }, arcade.id)).status).toBe(200);
      });

      it('a member id that is not a member of the server: 400 at the field with the schema’s words', async () => {
        const refused = await saveGrants(owner, { members: [grant(NOBODY, 'read')] });
        expect(refused).toMatchObject({ status: 400, body: { fieldErrors: [{ path: '/settings/members/0/id', message: NOT_MEMBER }] } });
      });
    });
  });

  describe('outside the guild', () => {
    it('signed out: 401', async () => {
      const anonymous = env.app.browser();
      expect((await anonymous.json(settingsPath('greeting'))).status).toBe(401);
      expect((await anonymous.json(`/api/guild/${GRANT_GUILD}`)).status).toBe(401);
    });

    it('a grant in one guild opens nothing in another: 403 (a member there) or 404 (an unknown server)', async () => {
      await grantAs(owner, { members: [grant(DIRECT_MEMBER.id, 'write')] });
      const member = await env.as(DIRECT_MEMBER.username);
      expect((await member.json(settingsPath('greeting', SANDBOX_GUILDS.pixelPainters.id))).status).toBe(403);
      expect((await member.json(settingsPath('greeting', NOBODY))).status).toBe(404);
    });
  });
});

describe('Dashboard Access: a revoke reaches another instance sharing the database within READ_CACHE_TTL_MS', () => {
  const READ_CACHE_TTL_MS = 300;
  const instances = instancesOnPostgres(READ_CACHE_TTL_MS);

  it('the member loses access on the other instance once its cached read of the grants has expired', async () => {
    const owner = await signIn(instances.first, OWNER);
    const member = await signIn(instances.second, DIRECT_MEMBER.username);
    await grantAs(owner, { members: [grant(DIRECT_MEMBER.id, 'read', { subjects: ['greeting'] })] });
    // Read once the cached copy of the old (empty) grants has expired there.
    await new Promise((resolve) => setTimeout(resolve, READ_CACHE_TTL_MS + 50));
    expect((await member.json(settingsPath('greeting'))).status).toBe(200);
    await grantAs(owner, {});
    await new Promise((resolve) => setTimeout(resolve, READ_CACHE_TTL_MS + 50));
    expect((await member.json(settingsPath('greeting'))).body).toEqual({ success: false, error: NO_MANAGE });
  });
});
