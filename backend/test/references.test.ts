/**
 * The engine's reference check (issue 24 item 1) as a property over every section of the table: for each field a schema
 * marks with `x-reference`, a foreign channel, a foreign role, a DM channel and a channel of a type the field does not
 * take (for a role field: one of the guild's channels) are refused on PUT, import, clone and revert, with a 400 field
 * error at the field's path; the guild's own ids are accepted on each. The fields are found by walking the published
 * schemas, so a new reference field is covered without touching this file. Over real HTTP (PGlite + the Discord sandbox).
 */
import { SNOWFLAKE } from '@guildhall/common/discord/ids';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collections } from '@guildhall/generated/collections';
import { validateWith } from '@guildhall/generated/field-errors';
import { publishedSchemas } from '@guildhall/generated/schemas';
import { sectionNames, sections } from '@guildhall/generated/sections';
import { validatorsById } from '@guildhall/generated/validators';
import { SANDBOX_GUILDS, SANDBOX_USERS } from '@guildhall/sandbox-discord/seed';
import type { TestBrowser } from './support/browser.js';
import { startTestApp, tempDataDir } from './support/app.js';

type App = Awaited<ReturnType<typeof startTestApp>>;
type Schema = Record<string, any>;
type Doc = Record<string, any>;
const COMMUNITY = SANDBOX_GUILDS.community;
const PIXEL = SANDBOX_GUILDS.pixelPainters;
/** An id no Discord user has (a member reference's refusal). */
const NO_USER = '1100000000000000999';

/** One place of a section's document (or a collection's item) that holds a reference: property names, `[]` for a list item, `{}` for a map key. */
interface Site {
  /** A section of the table, or `collection:<name>`. */
  section: string;
  tokens: string[];
  kind: 'channel' | 'role' | 'member';
  channelTypes?: number[];
}

const pointerOf = (tokens: readonly string[], id: string) => '/' + tokens.map((t) => (t === '[]' ? '0' : t === '{}' ? id : t)).join('/');

function resolve(root: Schema, node: Schema | undefined): Schema {
  let schema = node ?? {};
  const seen = new Set<string>();
  while (typeof schema.$ref === 'string' && !seen.has(schema.$ref)) {
    seen.add(schema.$ref);
    const target = schema.$ref
      .slice(2)
      .split('/')
      .reduce((n: any, t: string) => n?.[t], root);
    schema = { ...target, ...schema, $ref: undefined };
  }
  return schema;
}

/** What a site's document is: its schema, its defaults and its validator. */
function tableRow(section: string) {
  const def = section.startsWith('collection:')
    ? collections[section.slice('collection:'.length) as keyof typeof collections]
    : sections[section as keyof typeof sections];
  return {
    root: publishedSchemas[def.schemaName] as Schema,
    defaults: def.defaults as Doc,
    valid: (doc: Doc) => validateWith(validatorsById[def.schemaId]!, doc).ok,
  };
}

/** Every reference site of a section's schema (properties, list items, map keys; $refs followed). */
function sitesOf(section: string): Site[] {
  const { root } = tableRow(section);
  const out: Site[] = [];
  const walk = (node: Schema | undefined, tokens: string[]) => {
    const schema = resolve(root, node);
    const ref = schema['x-reference'];
    if (ref) out.push({ section, tokens, kind: ref.kind, ...(ref.channelTypes ? { channelTypes: ref.channelTypes } : {}) });
    for (const [key, child] of Object.entries<Schema>(schema.properties ?? {})) walk(child, [...tokens, key]);
    if (schema.items && typeof schema.items === 'object') walk(schema.items, [...tokens, '[]']);
    const names = resolve(root, schema.propertyNames);
    if (names['x-reference'])
      out.push({ section, tokens: [...tokens, '{}'], kind: names['x-reference'].kind, channelTypes: names['x-reference'].channelTypes });
  };
  walk(root, []);
  return out;
}

/** The smallest value a schema takes (its default where it has one). */
function minimal(root: Schema, node: Schema | undefined): unknown {
  const schema = resolve(root, node);
  if ('default' in schema) return structuredClone(schema.default);
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  if (type === 'object')
    return Object.fromEntries((schema.required ?? []).map((key: string) => [key, minimal(root, schema.properties?.[key])]));
  if (type === 'string') return 'x'.repeat(schema.minLength ?? 1);
  if (type === 'integer' || type === 'number') return schema.minimum ?? 1;
  if (type === 'boolean') return false;
  if (type === 'array') return Array.from({ length: schema.minItems ?? 0 }, () => minimal(root, schema.items));
  return null;
}

/** `doc` with `id` at the site (a list of one item, a map of one entry), objects on the way made minimal. */
function place(root: Schema, schemaNode: Schema, doc: unknown, tokens: readonly string[], id: string): unknown {
  const schema = resolve(root, schemaNode);
  if (tokens.length === 0) return id;
  const [token, ...rest] = tokens as [string, ...string[]];
  if (token === '[]') return [place(root, schema.items, minimal(root, schema.items), rest, id)];
  if (token === '{}') return { [id]: minimal(root, schema.additionalProperties) };
  const base = (doc && typeof doc === 'object' ? doc : minimal(root, schema)) as Doc;
  return { ...base, [token]: place(root, schema.properties[token], base[token], rest, id) };
}

/**
 * A valid document of the section holding `id` at the site: the defaults, a required reference they lack filled with
 * one of the guild's own (`fill`), the id placed at the site; and where a rule ties fields together (a default category
 * must be in its list) the id placed at another list site as well.
 */
function documentWith(site: Site, id: string, all: readonly Site[], fill: (site: Site) => string): Doc {
  const { root, defaults, valid } = tableRow(site.section);
  // What the schema requires beyond its defaults (a scheduled message's message and plan), at its smallest.
  let base = { ...(minimal(root, root) as Doc), ...structuredClone(defaults) };
  for (const other of all.filter((s) => s.section === site.section && s.tokens.length === 1 && !(s.tokens[0]! in defaults)))
    base = place(root, root, base, other.tokens, fill(other)) as Doc;
  base = place(root, root, base, site.tokens, id) as Doc;
  const companions = [null, ...all.filter((s) => s !== site && s.section === site.section && s.tokens.includes('[]'))];
  for (const companion of companions) {
    const doc = companion ? (place(root, root, base, companion.tokens, id) as Doc) : base;
    if (valid(doc)) return doc;
  }
  throw new Error(`no valid ${site.section} document holds an id at ${site.tokens.join('/')}`);
}

const allSites = sectionNames.flatMap(sitesOf);
const collectionSites = Object.keys(collections).flatMap((name) => sitesOf(`collection:${name}`));

describe('every x-reference field takes only its own guild’s ids, on every write path (issue 24 item 1)', () => {
  const data = tempDataDir();
  let app: App;
  let owner: TestBrowser;
  /** Per guild: an own channel of each type, an own role, and a member. */
  const own: Record<string, { byType: Map<number, string>; role: string; member: string }> = {};
  let dmChannel: string;

  const bot = (path: string, init: RequestInit = {}) =>
    fetch(`${app.url}/sandbox/discord/api/v10${path}`, {
      ...init,
      headers: { authorization: `Bot ${app.config.discord.botToken}`, 'content-type': 'application/json' },
    }).then((res) => res.json() as Promise<any>);
  const settingsOf = async (guildId: string, section: string) =>
    (await owner.json(`/api/guild/${guildId}/settings/${section}`)).body as { version: number; settings: Doc };
  const put = async (guildId: string, section: string, settings: Doc) =>
    owner.json(`/api/guild/${guildId}/settings/${section}`, {
      method: 'PUT',
      json: { version: (await settingsOf(guildId, section)).version, settings },
    });
  const reset = async (guildId: string, section: string) => {
    const res = await put(guildId, section, structuredClone(sections[section as keyof typeof sections].defaults) as Doc);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  };

  /** An id of the guild that fits the site: a channel of its first type, a role, or a member. */
  const fitting = (guildId: string, site: Site) =>
    site.kind === 'role'
      ? own[guildId]!.role
      : site.kind === 'member'
        ? own[guildId]!.member
        : own[guildId]!.byType.get(site.channelTypes![0]!)!;
  const fill = (guildId: string) => (site: Site) => fitting(guildId, site);
  /** The ids the site must refuse in COMMUNITY, each with what it is. */
  const refused = (site: Site): [string, string][] => {
    const ids: [string, string][] = [
      ['a channel of another server', [...own[PIXEL.id]!.byType.values()][0]!],
      ['a role of another server', own[PIXEL.id]!.role],
      ['a DM channel', dmChannel],
    ];
    if (site.kind === 'channel') {
      const wrong = [...own[COMMUNITY.id]!.byType].find(([type]) => !site.channelTypes!.includes(type))!;
      ids.push([`a channel of type ${wrong[0]}`, wrong[1]]);
    } else ids.push(['a channel of this server', own[COMMUNITY.id]!.byType.get(0)!]);
    if (site.kind === 'member') ids.push(['a role of this server', own[COMMUNITY.id]!.role], ['nobody', NO_USER]);
    return ids;
  };

  /**
   * A member is not mapped between servers (a person is the same everywhere): clone keeps the id, and the target's check
   * asks whether they are its member. One stored in the source behind the check (through the storage port) who is no
   * member of the target is refused; a member of both is cloned.
   */
  const cloneMember = async (site: Site) => {
    const def = sections[site.section as keyof typeof sections];
    const cloning = () =>
      owner.json(`/api/guild/${PIXEL.id}/clone`, { method: 'POST', json: { targetGuildId: COMMUNITY.id, sections: [site.section] } });
    const current = await settingsOf(PIXEL.id, site.section);
    const author = { userId: SANDBOX_USERS.demoOwner.id, userName: 'demo-owner', avatar: null };
    const stored = await app.storage.settings.put(
      PIXEL.id,
      def.storageKey,
      documentWith(site, NO_USER, allSites, fill(PIXEL.id)),
      current.version,
      {
        author,
        action: 'save',
      },
    );
    expect(stored.ok).toBe(true);
    const before = await settingsOf(COMMUNITY.id, site.section);
    const refusedClone = await cloning();
    expect(refusedClone.status, JSON.stringify(refusedClone.body)).toBe(400);
    expect(refusedClone.body.fieldErrors.length).toBeGreaterThan(0);
    expect((await settingsOf(COMMUNITY.id, site.section)).version).toBe(before.version);
    expect((await put(PIXEL.id, site.section, documentWith(site, fitting(PIXEL.id, site), allSites, fill(PIXEL.id)))).status).toBe(200);
    const { status, body } = await cloning();
    expect(status, JSON.stringify(body)).toBe(200);
    expect(body.applied).toBe(true);
    await reset(PIXEL.id, site.section);
    await reset(COMMUNITY.id, site.section);
  };

  beforeAll(async () => {
    app = await startTestApp({ DATA_DIR: data.dir, READ_CACHE_TTL_MS: '0' });
    owner = app.browser();
    await owner.signIn('demo-owner');
    await owner.json('/api/user');
    for (const guild of [COMMUNITY, PIXEL]) {
      const channels: { id: string; type: number }[] = await bot(`/guilds/${guild.id}/channels`);
      const byType = new Map<number, string>();
      for (const channel of channels) if (!byType.has(channel.type)) byType.set(channel.type, channel.id);
      // A role members can be given, so that it fits every role site (an option's role refuses managed ones and @everyone).
      const roles: { id: string; managed: boolean }[] = await bot(`/guilds/${guild.id}/roles`);
      // demo-member is a member of both guilds.
      own[guild.id] = {
        byType,
        role: roles.find((role) => role.id !== guild.id && !role.managed)!.id,
        member: SANDBOX_USERS.demoMember.id,
      };
    }
    dmChannel = (await bot('/users/@me/channels', { method: 'POST', body: JSON.stringify({ recipient_id: SANDBOX_USERS.demoMember.id }) }))
      .id;
    expect(dmChannel).toMatch(SNOWFLAKE);
  });
  afterAll(async () => {
    await app?.close();
    data.remove();
  });

  it('finds reference fields in the sections of the table, of both kinds and with their channel types', () => {
    expect(new Set(allSites.map((s) => s.section))).toEqual(
      new Set([
        'moderation',
        'levels',
        'greeting',
        'antinuke',
        'ticket-general',
        'ticket-limits',
        'ticket-categories',
        'transcripts',
        'dashboard-access',
      ]),
    );
    // Dashboard Access names members (issue 30): refused when they are not members of the guild.
    expect(allSites.some((s) => s.kind === 'member' && s.section === 'dashboard-access')).toBe(true);
    expect(allSites.some((s) => s.kind === 'role' && s.tokens.at(-1) === '{}')).toBe(true);
    expect(allSites.filter((s) => s.kind === 'channel').every((s) => s.channelTypes && s.channelTypes.length > 0)).toBe(true);
    expect(allSites.find((s) => s.section === 'ticket-categories' && s.tokens.join('/') === 'defaultOpen')?.channelTypes).toEqual([4]);
  });

  for (const site of allSites) {
    const where = `${site.section} ${site.tokens.join('/')}`;

    it(`PUT: ${where} refuses other servers' ids, DM channels and wrong types, and takes its own`, async () => {
      for (const [what, id] of refused(site)) {
        const before = await settingsOf(COMMUNITY.id, site.section);
        const { status, body } = await put(COMMUNITY.id, site.section, documentWith(site, id, allSites, fill(COMMUNITY.id)));
        expect(status, `${what}: ${JSON.stringify(body)}`).toBe(400);
        expect(body.fieldErrors, what).toContainEqual({ path: `/settings${pointerOf(site.tokens, id)}`, message: expect.any(String) });
        expect((await settingsOf(COMMUNITY.id, site.section)).version, what).toBe(before.version);
      }
      const id = fitting(COMMUNITY.id, site);
      const { status, body } = await put(COMMUNITY.id, site.section, documentWith(site, id, allSites, fill(COMMUNITY.id)));
      expect(status, JSON.stringify(body)).toBe(200);
      await reset(COMMUNITY.id, site.section);
    });

    it(`import: ${where} refuses other servers' ids, DM channels and wrong types, and takes its own`, async () => {
      const importing = (doc: Doc) =>
        owner.json(`/api/guild/${COMMUNITY.id}/import`, {
          method: 'POST',
          json: { document: { $schema: 'https://guildhall.dev/schemas/api/guild-export.json', sections: { [site.section]: doc } } },
        });
      for (const [what, id] of refused(site)) {
        const { status, body } = await importing(documentWith(site, id, allSites, fill(COMMUNITY.id)));
        expect(status, `${what}: ${JSON.stringify(body)}`).toBe(400);
        expect(body.fieldErrors, what).toContainEqual({
          path: `/document/sections/${site.section}${pointerOf(site.tokens, id)}`,
          message: expect.any(String),
        });
      }
      const { status, body } = await importing(documentWith(site, fitting(COMMUNITY.id, site), allSites, fill(COMMUNITY.id)));
      expect(status, JSON.stringify(body)).toBe(200);
      expect(body.sections).toEqual([site.section]);
      await reset(COMMUNITY.id, site.section);
    });

    it(`clone: ${where} refuses a mapping to other servers' ids, DM channels and wrong types, and takes the target's own`, async () => {
      if (site.kind === 'member') return cloneMember(site);
      const source = fitting(PIXEL.id, site);
      expect((await put(PIXEL.id, site.section, documentWith(site, source, allSites, fill(PIXEL.id)))).status).toBe(200);
      const cloning = (to: string) =>
        owner.json(`/api/guild/${PIXEL.id}/clone`, {
          method: 'POST',
          json: { targetGuildId: COMMUNITY.id, sections: [site.section], mapping: { [`${site.kind}s`]: { [source]: to } } },
        });
      for (const [what, id] of refused(site)) {
        const before = await settingsOf(COMMUNITY.id, site.section);
        const { status, body } = await cloning(id);
        expect(status, `${what}: ${JSON.stringify(body)}`).toBe(400);
        expect(body.fieldErrors.length, what).toBeGreaterThan(0);
        expect((await settingsOf(COMMUNITY.id, site.section)).version, what).toBe(before.version);
      }
      const { status, body } = await cloning(fitting(COMMUNITY.id, site));
      expect(status, JSON.stringify(body)).toBe(200);
      expect(body.applied).toBe(true);
      await reset(PIXEL.id, site.section);
      await reset(COMMUNITY.id, site.section);
    });

    it(`revert: ${where} refuses bringing back an id that is not this server's, and brings back its own`, async () => {
      const def = sections[site.section as keyof typeof sections];
      // A document stored before the check existed (or behind it): written through the storage port itself.
      const storedThenReverted = async (id: string) => {
        const current = await settingsOf(COMMUNITY.id, site.section);
        const author = { userId: SANDBOX_USERS.demoOwner.id, userName: 'demo-owner', avatar: null };
        const stored = await app.storage.settings.put(
          COMMUNITY.id,
          def.storageKey,
          documentWith(site, id, allSites, fill(COMMUNITY.id)),
          current.version,
          {
            author,
            action: 'save',
          },
        );
        expect(stored.ok).toBe(true);
        await reset(COMMUNITY.id, site.section);
        const [latest] = await app.storage.history.list(COMMUNITY.id, { scope: 'settings', key: def.storageKey, limit: 1 });
        return owner.json(`/api/guild/${COMMUNITY.id}/history/${latest!.id}/revert`, { method: 'POST', json: {} });
      };
      for (const [what, id] of refused(site)) {
        const { status, body } = await storedThenReverted(id);
        expect(status, `${what}: ${JSON.stringify(body)}`).toBe(400);
        expect(body.fieldErrors, what).toContainEqual({ path: `/settings${pointerOf(site.tokens, id)}`, message: expect.any(String) });
      }
      const { status, body } = await storedThenReverted(fitting(COMMUNITY.id, site));
      expect(status, JSON.stringify(body)).toBe(200);
      await reset(COMMUNITY.id, site.section);
    });
  }

  for (const site of collectionSites) {
    const name = site.section.slice('collection:'.length);
    const where = `${name} item ${site.tokens.join('/')}`;

    it(`create and update: ${where} refuses other servers' ids, DM channels and wrong types, and takes its own`, async () => {
      const base = `/api/guild/${COMMUNITY.id}/collections/${name}`;
      const doc = (id: string) => documentWith(site, id, collectionSites, fill(COMMUNITY.id));
      const own = fitting(COMMUNITY.id, site);
      const created = await owner.json(base, { method: 'POST', json: { item: doc(own) } });
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      const count = (await owner.json(base)).body.items.length;
      for (const [what, id] of refused(site)) {
        const path = `/item${pointerOf(site.tokens, id)}`;
        const create = await owner.json(base, { method: 'POST', json: { item: doc(id) } });
        expect(create.status, `${what}: ${JSON.stringify(create.body)}`).toBe(400);
        expect(create.body.fieldErrors, what).toContainEqual({ path, message: expect.any(String) });
        const update = await owner.json(`${base}/${created.body.id}`, { method: 'PUT', json: { version: 1, item: doc(id) } });
        expect(update.status, `${what}: ${JSON.stringify(update.body)}`).toBe(400);
        expect(update.body.fieldErrors, what).toContainEqual({ path, message: expect.any(String) });
      }
      expect((await owner.json(base)).body.items.length).toBe(count);
      const updated = await owner.json(`${base}/${created.body.id}`, { method: 'PUT', json: { version: 1, item: doc(own) } });
      expect(updated.status, JSON.stringify(updated.body)).toBe(200);
      expect((await owner.json(`${base}/${created.body.id}`, { method: 'DELETE' })).status).toBe(200);
    });
  }

  it('finds the reference fields of collection items too', () => {
    expect(collectionSites.map((s) => `${s.section} ${s.tokens.join('/')}`)).toEqual(
      expect.arrayContaining(['collection:panels channel_id', 'collection:panels categories/[]']),
    );
  });
});
