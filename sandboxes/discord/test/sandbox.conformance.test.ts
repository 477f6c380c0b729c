import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import * as discord from 'discord-api-spec/zod';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { SANDBOX_GUILDS, SANDBOX_MEMBER_IDS, SANDBOX_USERS } from '../src/seed.js';
import { startDiscordSandbox, type RunningDiscordSandbox } from '../src/standalone.js';

// Every REST route Guildhall uses is called on the sandbox and its answer validated against Discord's own schemas,
// taken from the npm package discord-api-spec (generated daily from Discord's OpenAPI document), so the suite runs in
// any clone. Which schema applies is not chosen by hand: the package's `Paths` type says, per method, path and status,
// which response it declares, and the Zod Mini schema of that name validates the answer. A shape that drifts from
// Discord fails here.

type HttpMethod = 'get' | 'post' | 'put' | 'patch' | 'delete';
/** A 1x1 PNG: Modify Current Member takes only real images. */
const ONE_PIXEL_PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';
type Schema = z.ZodMiniType;

const schemas = discord as unknown as Record<string, Schema | undefined>;

/** The package's TypeScript declarations (beside its JS entry point), where `Paths` lists each operation's responses. */
function packageDeclarations(): ts.SourceFile {
  const dirs = createRequire(import.meta.url).resolve.paths('discord-api-spec') ?? [];
  const file = dirs.map((dir) => path.join(dir, 'discord-api-spec/build/discord-api-spec.ts')).find((f) => existsSync(f));
  if (!file) throw new Error('discord-api-spec is not installed (npm install)');
  return ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest);
}

const declarations = packageDeclarations();
const paths = declarations.statements.find((s): s is ts.InterfaceDeclaration => ts.isInterfaceDeclaration(s) && s.name.text === 'Paths');
if (!paths) throw new Error('discord-api-spec no longer exports a Paths interface');

function member(node: ts.TypeElement[] | ts.NodeArray<ts.TypeElement>, name: string): ts.TypeNode | undefined {
  for (const m of node) {
    if (ts.isPropertySignature(m) && m.name && (ts.isStringLiteral(m.name) || ts.isIdentifier(m.name)) && m.name.text === name)
      return m.type;
  }
  return undefined;
}

function members(type: ts.TypeNode | undefined): ts.NodeArray<ts.TypeElement> {
  if (!type || !ts.isTypeLiteralNode(type)) throw new Error(`Expected an object type, got ${type?.getText(declarations)}`);
  return type.members;
}

/** The Zod Mini schema for a declared response type: `FooResponse` is `FooResponseSchema`; unions, arrays and null follow. */
function zodFor(type: ts.TypeNode): Schema {
  if (ts.isParenthesizedTypeNode(type)) return zodFor(type.type);
  if (ts.isArrayTypeNode(type)) return z.array(zodFor(type.elementType));
  if (ts.isUnionTypeNode(type)) {
    const [first, ...rest] = type.types.map(zodFor);
    return rest.length ? z.union([first!, ...rest]) : first!;
  }
  if (ts.isLiteralTypeNode(type) && type.literal.kind === ts.SyntaxKind.NullKeyword) return z.null();
  if (ts.isTypeReferenceNode(type) && ts.isIdentifier(type.typeName)) {
    const schema = schemas[`${type.typeName.text}Schema`];
    if (!schema) throw new Error(`discord-api-spec/zod has no ${type.typeName.text}Schema`);
    return schema;
  }
  throw new Error(`Unexpected response type ${type.getText(declarations)}`);
}

/** The statuses the spec declares for method + path ("200", "204", "429", "4XX", ...), with their types. */
function declaredResponses(method: HttpMethod, specPath: string): Map<string, ts.TypeNode> {
  const operation = member(members(member(paths!.members, specPath)), method);
  if (!operation) throw new Error(`The spec has no ${method.toUpperCase()} ${specPath}`);
  const responses = members(member(members(operation), 'responses'));
  return new Map(responses.map((r) => [(r.name as ts.StringLiteral).text, (r as ts.PropertySignature).type!]));
}

function declaredStatuses(method: HttpMethod, specPath: string): string[] {
  return [...declaredResponses(method, specPath).keys()];
}

const validators = new Map<string, Schema>();

/** The response schema the spec declares for method + path + status (a 4xx without its own entry falls to "4XX"). */
function responseSchema(method: HttpMethod, specPath: string, status: number): Schema {
  const key = `${method} ${specPath} ${status}`;
  const cached = validators.get(key);
  if (cached) return cached;
  const declared = declaredResponses(method, specPath);
  const type = declared.get(String(status)) ?? declared.get(`${String(status)[0]}XX`);
  if (!type) throw new Error(`The spec declares no ${status} for ${method.toUpperCase()} ${specPath}`);
  if (type.kind === ts.SyntaxKind.UnknownKeyword) throw new Error(`${method.toUpperCase()} ${specPath} ${status} has no body to validate`);
  const schema = zodFor(type);
  validators.set(key, schema);
  return schema;
}

/**
 * The package's `z.iso.datetime()` refuses an offset, but Discord writes its timestamps with one
 * (2026-11-22T15:30:23.726000+00:00), and so does the sandbox. The same instant in UTC's `Z` form is what the
 * package means to accept; nothing else changes, so every other drift still fails.
 */
function withUtcTimestamps(value: unknown): unknown {
  if (typeof value === 'string')
    return /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?\+00:00$/.test(value) ? value.replace(/\+00:00$/, 'Z') : value;
  if (Array.isArray(value)) return value.map(withUtcTimestamps);
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, withUtcTimestamps(v)]));
  return value;
}

function problems(schema: Schema, body: unknown): string[] {
  const result = schema.safeParse(withUtcTimestamps(body));
  return result.success ? [] : result.error.issues.map((i) => `/${i.path.join('/')} ${i.message}`);
}

function expectConforms(method: HttpMethod, specPath: string, status: number, body: unknown): void {
  expect(problems(responseSchema(method, specPath, status), body), `${method.toUpperCase()} ${specPath} ${status}`).toEqual([]);
}

/**
 * Discord's document types a 400's field-error codes as numbers (InnerErrors._errors are Error objects, `code`
 * a number), but Discord sends strings such as "BASE_TYPE_MAX_LENGTH", as the spec's README notes. The practice
 * form is the package's own ErrorSchema with that one field changed; the 400 test also checks that the package's
 * ErrorResponseSchema accepts the same body once its codes are numbers, so nothing else is excused.
 */
type PracticeErrorDetails = { [key: string]: PracticeErrorDetails } | { _errors: Array<{ code: string; message: string }> };
const practiceErrorDetails: z.ZodMiniType<PracticeErrorDetails> = z.union([
  z.record(
    z.string(),
    z.lazy(() => practiceErrorDetails),
  ),
  z.object({ _errors: z.array(z.object({ code: z.string(), message: z.string() })) }),
]);
const PracticeErrorResponseSchema = z.intersection(discord.ErrorSchema, z.object({ errors: z.optional(practiceErrorDetails) }));

function withNumericFieldCodes(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withNumericFieldCodes);
  if (value && typeof value === 'object')
    return Object.fromEntries(
      Object.entries(value).map(([k, v]) => [
        k,
        k === '_errors' ? (v as Array<{ message: string }>).map((e) => ({ ...e, code: 0 })) : withNumericFieldCodes(v),
      ]),
    );
  return value;
}

describe('Discord sandbox conformance with Discord OpenAPI spec', () => {
  let sandbox: RunningDiscordSandbox;
  let ownerToken: string;
  const community = SANDBOX_GUILDS.community;

  async function call(
    method: HttpMethod,
    route: string,
    { auth = 'bot', body, query }: { auth?: 'bot' | 'owner' | 'none'; body?: unknown; query?: Record<string, string> } = {},
  ) {
    const url = new URL(`${sandbox.api}/v10${route}`);
    for (const [k, v] of Object.entries(query ?? {})) url.searchParams.set(k, v);
    const headers: Record<string, string> = {};
    if (auth === 'bot') headers['authorization'] = `Bot ${sandbox.botToken}`;
    if (auth === 'owner') headers['authorization'] = `Bearer ${ownerToken}`;
    if (body !== undefined) headers['content-type'] = 'application/json';
    const res = await fetch(url, { method: method.toUpperCase(), headers, ...(body !== undefined ? { body: JSON.stringify(body) } : {}) });
    const text = await res.text();
    return { status: res.status, body: text ? (JSON.parse(text) as any) : undefined, headers: res.headers };
  }

  /** Calls the sandbox and checks status and body against the spec's operation for specPath. */
  async function conforms(
    method: HttpMethod,
    specPath: string,
    route: string,
    options: Parameters<typeof call>[2] & { status?: number } = {},
  ) {
    const res = await call(method, route, options);
    const status = options.status ?? 200;
    expect(res.status, `${method.toUpperCase()} ${route}: ${JSON.stringify(res.body)}`).toBe(status);
    expect(declaredStatuses(method, specPath)).toContain(String(status));
    expectConforms(method, specPath, status, res.body);
    return res.body;
  }

  beforeAll(async () => {
    sandbox = await startDiscordSandbox({ guildsRateLimit: { limit: 1000, windowMs: 1000 } });
    ownerToken = sandbox.service.issueAccessToken('demo-owner', ['identify', 'email', 'guilds']);
  });
  afterAll(async () => {
    await sandbox?.close();
  });

  it('the validator itself rejects drifted shapes (so this suite can fail)', async () => {
    const me = (await call('get', '/users/@me', { auth: 'owner' })).body;
    const drifted = [
      { ...me, id: Number(me.id) },
      (({ global_name: _, ...rest }) => rest)(me),
      { ...me, avatar: undefined },
      { ...me, locale: 'klingon' },
    ];
    const schema = responseSchema('get', '/users/@me', 200);
    for (const [i, body] of drifted.entries()) expect(problems(schema, JSON.parse(JSON.stringify(body))), `drift ${i}`).not.toEqual([]);
    expect(problems(schema, me)).toEqual([]);
  });

  it('drifted messages, guilds and error bodies fail too, and only +00:00 is read as Z', async () => {
    const channel = community.channels.general;
    const [message] = (await call('get', `/channels/${channel}/messages`, { query: { limit: '1' } })).body;
    const messageSchema = responseSchema('get', '/channels/{channel_id}/messages/{message_id}', 200);
    expect(problems(messageSchema, message)).toEqual([]);
    expect(message.timestamp).toMatch(/\+00:00$/);
    for (const drift of [
      { ...message, id: Number(message.id) },
      (({ channel_id: _, ...rest }) => rest)(message),
      { ...message, timestamp: message.timestamp.replace('+00:00', '+02:00') },
      { ...message, timestamp: 'yesterday' },
      { ...message, author: { ...message.author, id: 42 } },
    ])
      expect(problems(messageSchema, drift)).not.toEqual([]);
    const guild = (await call('get', `/guilds/${community.id}`)).body;
    expect(problems(responseSchema('get', '/guilds/{guild_id}', 200), { ...guild, roles: undefined })).not.toEqual([]);
    expect(problems(responseSchema('get', '/guilds/{guild_id}', 404), { message: 'Unknown Guild', code: '10004' })).not.toEqual([]);
    expect(problems(responseSchema('get', '/users/@me/guilds', 429), { message: 'You are being rate limited.', code: 0 })).not.toEqual([]);
  });

  describe('users', () => {
    it('GET users/@me for a user with the email scope', async () => {
      const me = await conforms('get', '/users/@me', '/users/@me', { auth: 'owner' });
      expect(me.id).toBe(SANDBOX_USERS.demoOwner.id);
      expect(me.email).toBe('demo-owner@example.com');
    });

    it('GET users/@me for the bot', async () => {
      const me = await conforms('get', '/users/@me', '/users/@me');
      expect(me.bot).toBe(true);
    });

    it('GET users/@me/guilds for a user, with and without counts', async () => {
      const withCounts = await conforms('get', '/users/@me/guilds', '/users/@me/guilds', { auth: 'owner', query: { with_counts: 'true' } });
      expect(withCounts.length).toBeGreaterThanOrEqual(3);
      expect(withCounts[0].approximate_member_count).toBeTypeOf('number');
      const plain = await conforms('get', '/users/@me/guilds', '/users/@me/guilds', { auth: 'owner' });
      expect(plain[0]).not.toHaveProperty('approximate_member_count');
    });

    it('GET users/@me/guilds for the bot', async () => {
      const guilds = await conforms('get', '/users/@me/guilds', '/users/@me/guilds');
      expect(guilds.map((g: { id: string }) => g.id)).not.toContain(SANDBOX_GUILDS.quietLibrary.id);
    });

    it('GET users/{user_id}', async () => {
      await conforms('get', '/users/{user_id}', `/users/${SANDBOX_MEMBER_IDS['ava.chen']}`);
      await conforms('get', '/users/{user_id}', `/users/${SANDBOX_USERS.bot.id}`);
    });

    it('POST users/@me/channels opens a DM', async () => {
      const dm = await conforms('post', '/users/@me/channels', '/users/@me/channels', {
        body: { recipient_id: SANDBOX_USERS.demoMember.id },
      });
      expect(dm.type).toBe(1);
      await conforms('get', '/channels/{channel_id}', `/channels/${dm.id}`);
    });

    it('a Join DM: POST channels/{channel_id}/messages in a DM, and 403 50007 for a member whose DMs are closed', async () => {
      const dm = await conforms('post', '/users/@me/channels', '/users/@me/channels', {
        body: { recipient_id: SANDBOX_USERS.demoMember.id },
      });
      const sent = await conforms('post', '/channels/{channel_id}/messages', `/channels/${dm.id}/messages`, {
        body: {
          content: 'Welcome!',
          embeds: [
            {
              title: 'Welcome to Guildhall Community!',
              color: 0x068add,
              thumbnail: { url: 'https://cdn.discordapp.com/embed/avatars/0.png' },
            },
          ],
        },
      });
      expect(sent).toMatchObject({ channel_id: dm.id, content: 'Welcome!' });
      const closed = await conforms('post', '/users/@me/channels', '/users/@me/channels', {
        body: { recipient_id: SANDBOX_MEMBER_IDS['zara.ali'] },
      });
      const refused = await call('post', `/channels/${closed.id}/messages`, { body: { content: 'Welcome!' } });
      expect(refused).toMatchObject({ status: 403, body: { message: 'Cannot send messages to this user', code: 50007 } });
      expectConforms('post', '/channels/{channel_id}/messages', 403, refused.body);
    });
  });

  describe('guilds', () => {
    it('GET guilds/{guild_id} with and without counts', async () => {
      const guild = await conforms('get', '/guilds/{guild_id}', `/guilds/${community.id}`, { query: { with_counts: 'true' } });
      expect(guild.approximate_member_count).toBeGreaterThanOrEqual(30);
      for (const g of [SANDBOX_GUILDS.pixelPainters, SANDBOX_GUILDS.nightOwls, SANDBOX_GUILDS.retroArcade]) {
        await conforms('get', '/guilds/{guild_id}', `/guilds/${g.id}`);
      }
    });

    it('GET guilds/{guild_id}/channels', async () => {
      const channels = await conforms('get', '/guilds/{guild_id}/channels', `/guilds/${community.id}/channels`);
      expect(new Set(channels.map((c: { type: number }) => c.type))).toEqual(new Set([0, 2, 4, 5]));
    });

    it('GET channels/{channel_id} for each kind of channel', async () => {
      for (const id of [
        community.channels.general,
        community.channels.announcements,
        community.channels.lounge,
        community.channels.information,
      ]) {
        await conforms('get', '/channels/{channel_id}', `/channels/${id}`);
      }
    });

    it('GET and POST guilds/{guild_id}/roles', async () => {
      const roles = await conforms('get', '/guilds/{guild_id}/roles', `/guilds/${community.id}/roles`);
      // The bot's own role, as Discord makes it when a bot joins: managed, and tagged with the bot's id.
      expect(roles.find((r: { managed: boolean; tags?: { bot_id?: string } }) => r.tags?.bot_id === SANDBOX_USERS.bot.id)).toMatchObject({
        managed: true,
      });
      const created = await conforms('post', '/guilds/{guild_id}/roles', `/guilds/${community.id}/roles`, {
        body: { name: 'Conformance', permissions: '2048', color: 0x3498db, hoist: true, mentionable: false },
      });
      expect(created).toMatchObject({ name: 'Conformance', permissions: '2048', color: 0x3498db, hoist: true });
    });

    it('POST guilds/{guild_id}/channels creates a category (201), GET reads it back, DELETE channels/{channel_id} removes it', async () => {
      const created = await conforms('post', '/guilds/{guild_id}/channels', `/guilds/${community.id}/channels`, {
        body: { name: 'Ticket Archive', type: 4 },
        status: 201,
      });
      expect(created).toMatchObject({ type: 4, guild_id: community.id, name: 'Ticket Archive', parent_id: null });
      const listed = await conforms('get', '/guilds/{guild_id}/channels', `/guilds/${community.id}/channels`);
      expect(listed.map((c: { id: string }) => c.id)).toContain(created.id);
      await conforms('get', '/channels/{channel_id}', `/channels/${created.id}`);
      const text = await conforms('post', '/guilds/{guild_id}/channels', `/guilds/${community.id}/channels`, {
        body: { name: 'Ticket 0001', parent_id: created.id },
        status: 201,
      });
      expect(text).toMatchObject({ type: 0, name: 'ticket-0001', parent_id: created.id });
      const deleted = await conforms('delete', '/channels/{channel_id}', `/channels/${created.id}`);
      expect(deleted).toMatchObject({ id: created.id, type: 4 });
      const gone = await call('get', `/channels/${created.id}`);
      expect(gone).toMatchObject({ status: 404, body: { message: 'Unknown Channel', code: 10003 } });
      expectConforms('get', '/channels/{channel_id}', 404, gone.body);
      // Its channel stays, without a parent, as on Discord.
      expect((await call('get', `/channels/${text.id}`)).body.parent_id).toBeNull();
      await conforms('delete', '/channels/{channel_id}', `/channels/${text.id}`);
    });

    it('POST guilds/{guild_id}/channels and DELETE channels/{channel_id} refuse as Discord does: 400 50035, 403 50013, 404', async () => {
      const invalid = await call('post', `/guilds/${community.id}/channels`, { body: { type: 4, name: 'x'.repeat(101) } });
      expect(invalid).toMatchObject({
        status: 400,
        body: { code: 50035, errors: { name: { _errors: [{ code: 'BASE_TYPE_MAX_LENGTH' }] } } },
      });
      expect(problems(PracticeErrorResponseSchema, invalid.body)).toEqual([]);
      const unnamed = await call('post', `/guilds/${community.id}/channels`, { body: { type: 4 } });
      expect(unnamed.body.errors.name._errors[0].code).toBe('BASE_TYPE_REQUIRED');
      const guild = sandbox.service.guild(SANDBOX_GUILDS.pixelPainters.id)!;
      const botRole = guild.roles.find((r) => r.tags?.bot_id === SANDBOX_USERS.bot.id)!;
      const granted = botRole.permissions;
      botRole.permissions = (BigInt(granted) & ~(1n << 4n)).toString(); // without Manage Channels
      try {
        const refused = await call('post', `/guilds/${guild.id}/channels`, { body: { name: 'Tickets', type: 4 } });
        expect(refused).toMatchObject({ status: 403, body: { message: 'Missing Permissions', code: 50013 } });
        expectConforms('post', '/guilds/{guild_id}/channels', 403, refused.body);
        const notDeleted = await call('delete', `/channels/${SANDBOX_GUILDS.pixelPainters.channels.voiceCategory}`);
        expect(notDeleted).toMatchObject({ status: 403, body: { code: 50013 } });
        expectConforms('delete', '/channels/{channel_id}', 403, notDeleted.body);
      } finally {
        botRole.permissions = granted;
      }
      const unknown = await call('delete', '/channels/1100000000000099999');
      expect(unknown).toMatchObject({ status: 404, body: { code: 10003 } });
      expectConforms('delete', '/channels/{channel_id}', 404, unknown.body);
    });

    it('GET guilds/{guild_id}/members/search and members/{user_id}', async () => {
      const found = await conforms('get', '/guilds/{guild_id}/members/search', `/guilds/${community.id}/members/search`, {
        query: { query: 'a', limit: '1000' },
      });
      expect(found.length).toBeGreaterThan(1);
      await conforms('get', '/guilds/{guild_id}/members/{user_id}', `/guilds/${community.id}/members/${SANDBOX_USERS.demoAdmin.id}`);
      await conforms('get', '/guilds/{guild_id}/members', `/guilds/${community.id}/members`, { query: { limit: '1000' } });
    });

    it('GET guilds/{guild_id}/members/search as the user search asks it (a prefix, limit 10), and paged members', async () => {
      const found = await conforms('get', '/guilds/{guild_id}/members/search', `/guilds/${community.id}/members/search`, {
        query: { query: 'ava', limit: '10' },
      });
      expect(found.map((m: { user: { username: string } }) => m.user.username)).toEqual(['ava.chen']);
      // Without a limit Discord answers one member.
      const one = await conforms('get', '/guilds/{guild_id}/members/search', `/guilds/${community.id}/members/search`, {
        query: { query: 'demo' },
      });
      expect(one).toHaveLength(1);
      const page = await conforms('get', '/guilds/{guild_id}/members', `/guilds/${community.id}/members`, {
        query: { limit: '5', after: SANDBOX_USERS.demoOwner.id },
      });
      expect(page).toHaveLength(5);
      for (const m of page) expect(BigInt(m.user.id) > BigInt(SANDBOX_USERS.demoOwner.id)).toBe(true);
    });

    it("PATCH guilds/{guild_id}/members/@me answers the bot's member with its guild avatar and banner; drifts and refusals checked", async () => {
      const guild = sandbox.service.guild(SANDBOX_GUILDS.pixelPainters.id)!;
      const route = `/guilds/${guild.id}/members/@me`;
      const specPath = '/guilds/{guild_id}/members/@me';
      const png = `data:image/png;base64,${ONE_PIXEL_PNG}`;
      const member = await conforms('patch', specPath, route, { body: { nick: 'Guildy', bio: 'Hello', avatar: png, banner: png } });
      expect(member).toMatchObject({ nick: 'Guildy', user: { id: SANDBOX_USERS.bot.id } });
      expect(member.avatar).toMatch(/^[0-9a-f]{32}$/);
      expect(member.banner).toBe(member.avatar);
      const schema = responseSchema('patch', specPath, 200);
      for (const drift of [
        { ...member, avatar: 42 },
        (({ banner: _, ...rest }) => rest)(member),
        { ...member, nick: ['Guildy'] },
        { ...member, user: { ...member.user, id: Number(member.user.id) } },
      ])
        expect(problems(schema, drift)).not.toEqual([]);
      // Every member answer carries the guild avatar and banner now (Get Guild Member's GuildMemberResponse too).
      const read = await conforms('get', '/guilds/{guild_id}/members/{user_id}', `/guilds/${guild.id}/members/${SANDBOX_USERS.bot.id}`);
      expect(read).toMatchObject({ nick: 'Guildy', avatar: member.avatar, banner: member.banner });
      const other = await conforms(
        'get',
        '/guilds/{guild_id}/members/{user_id}',
        `/guilds/${guild.id}/members/${SANDBOX_USERS.demoOwner.id}`,
      );
      expect(other).toMatchObject({ avatar: null, banner: null });

      const invalid = await call('patch', route, { body: { nick: 'n'.repeat(33), avatar: 'data:image/png;base64,aGVsbG8=' } });
      expect(invalid).toMatchObject({ status: 400, body: { code: 50035 } });
      expect(Object.keys(invalid.body.errors).sort()).toEqual(['avatar', 'nick']);
      expect(problems(PracticeErrorResponseSchema, invalid.body)).toEqual([]);
      expectConforms('patch', specPath, 400, withNumericFieldCodes(invalid.body));

      const everyone = guild.roles.find((r) => r.id === guild.id)!;
      const botRole = guild.roles.find((r) => r.tags?.bot_id === SANDBOX_USERS.bot.id)!;
      const granted = [everyone.permissions, botRole.permissions] as const;
      for (const role of [everyone, botRole]) role.permissions = (BigInt(role.permissions) & ~(1n << 26n)).toString(); // without Change Nickname
      try {
        const refused = await call('patch', route, { body: { nick: 'Guildy' } });
        expect(refused).toMatchObject({ status: 403, body: { message: 'Missing Permissions', code: 50013 } });
        expectConforms('patch', specPath, 403, refused.body);
      } finally {
        [everyone.permissions, botRole.permissions] = granted;
      }

      const reset = await conforms('patch', specPath, route, { body: { nick: null, bio: null, avatar: null, banner: null } });
      expect(reset).toMatchObject({ nick: null, avatar: null, banner: null });
    });

    it('refusals the dashboard turns into sentences match the error schema: 404 Unknown User / Member, 403 50013, 400 30005', async () => {
      const unknownUser = await call('get', '/users/1100000000000099999');
      expect(unknownUser).toMatchObject({ status: 404, body: { message: 'Unknown User', code: 10013 } });
      expectConforms('get', '/users/{user_id}', 404, unknownUser.body);
      const unknownMember = await call('get', `/guilds/${community.id}/members/1100000000000099999`);
      expect(unknownMember.status).toBe(404);
      expectConforms('get', '/guilds/{guild_id}/members/{user_id}', 404, unknownMember.body);

      const guild = sandbox.service.guild(SANDBOX_GUILDS.pixelPainters.id)!;
      const botRole = guild.roles.find((r) => r.tags?.bot_id === SANDBOX_USERS.bot.id)!;
      const granted = botRole.permissions;
      botRole.permissions = (BigInt(granted) & ~(1n << 28n)).toString(); // without Manage Roles
      try {
        const refused = await call('post', `/guilds/${guild.id}/roles`, { body: { name: 'AntiNuke Bypass', permissions: '0' } });
        expect(refused).toMatchObject({ status: 403, body: { message: 'Missing Permissions', code: 50013 } });
        expectConforms('post', '/guilds/{guild_id}/roles', 403, refused.body);
      } finally {
        botRole.permissions = granted;
      }
      const roles = guild.roles.length;
      for (let i = roles; i < 250; i++)
        sandbox.service.createRole(guild.id, {
          name: `filler ${i}`,
          permissions: '0',
          color: 0,
          hoist: false,
          mentionable: false,
          unicode_emoji: null,
        });
      try {
        const full = await call('post', `/guilds/${guild.id}/roles`, { body: { name: 'AntiNuke Bypass', permissions: '0' } });
        expect(full).toMatchObject({ status: 400, body: { message: 'Maximum number of guild roles reached (250)', code: 30005 } });
        expectConforms('post', '/guilds/{guild_id}/roles', 400, full.body);
      } finally {
        guild.roles = guild.roles.filter((r) => !r.name.startsWith('filler '));
      }
    });
  });

  describe('messages', () => {
    const rich = {
      content: 'Welcome <@1100000000000000103>!',
      embeds: [
        {
          title: 'Hello',
          description: 'A **rich** embed',
          url: 'https://guildhall.dev',
          color: 0x068add,
          timestamp: '2025-01-02T03:04:05.000Z',
          fields: [
            { name: 'Level', value: '3', inline: true },
            { name: 'XP', value: '120' },
          ],
          author: { name: 'Guildhall', icon_url: 'https://guildhall.dev/icon.png' },
          footer: { text: 'footer' },
          image: { url: 'https://guildhall.dev/banner.png' },
          thumbnail: { url: 'https://guildhall.dev/thumb.png' },
        },
      ],
      components: [
        {
          type: 1,
          components: [
            { type: 2, style: 1, label: 'Open ticket', custom_id: 'ticket:open', emoji: { name: '🎫' } },
            { type: 2, style: 5, label: 'Docs', url: 'https://guildhall.dev/docs' },
          ],
        },
        {
          type: 1,
          components: [
            {
              type: 3,
              custom_id: 'roles',
              placeholder: 'Pick roles',
              options: [
                { label: 'Red', value: 'red' },
                { label: 'Blue', value: 'blue', description: 'The blue role' },
              ],
            },
          ],
        },
        { type: 1, components: [{ type: 8, custom_id: 'channel', channel_types: [0] }] },
      ],
      nonce: 'conformance-1',
    };

    it('POST, GET (list and one) and PATCH channels/{channel_id}/messages', async () => {
      const channel = community.channels.botCommands;
      const posted = await conforms('post', '/channels/{channel_id}/messages', `/channels/${channel}/messages`, { body: rich });
      expect(posted.components[0].components[0].id).toBeTypeOf('number');
      const reply = await conforms('post', '/channels/{channel_id}/messages', `/channels/${channel}/messages`, {
        body: { content: 'A reply', message_reference: { message_id: posted.id } },
      });
      expect(reply.referenced_message.id).toBe(posted.id);
      const list = await conforms('get', '/channels/{channel_id}/messages', `/channels/${channel}/messages`, { query: { limit: '10' } });
      expect(list[0].id).toBe(reply.id);
      await conforms('get', '/channels/{channel_id}/messages/{message_id}', `/channels/${channel}/messages/${posted.id}`);
      const edited = await conforms('patch', '/channels/{channel_id}/messages/{message_id}', `/channels/${channel}/messages/${posted.id}`, {
        body: { content: 'Edited', embeds: [] },
      });
      expect(Date.parse(edited.edited_timestamp)).toBeGreaterThanOrEqual(Date.parse(edited.timestamp));
      // Seeded history written by people (not the bot) has the same shape.
      await conforms('get', '/channels/{channel_id}/messages', `/channels/${community.channels.general}/messages`);
    });

    it('DELETE channels/{channel_id}/messages/{message_id}: 204 for its own message, then 404 Unknown Message', async () => {
      const channel = community.channels.botCommands;
      const route = '/channels/{channel_id}/messages/{message_id}';
      const posted = await conforms('post', '/channels/{channel_id}/messages', `/channels/${channel}/messages`, {
        body: {
          embeds: [{ title: 'Support Ticket' }],
          components: [{ type: 1, components: [{ type: 2, style: 1, label: 'Create Ticket', custom_id: 'ticket-panel:x' }] }],
        },
      });
      const deleted = await call('delete', `/channels/${channel}/messages/${posted.id}`);
      expect(deleted).toMatchObject({ status: 204, body: undefined });
      expect(declaredStatuses('delete', route)).toContain('204');
      for (const method of ['get', 'delete'] as const) {
        const gone = await call(method, `/channels/${channel}/messages/${posted.id}`);
        expect(gone).toMatchObject({ status: 404, body: { message: 'Unknown Message', code: 10008 } });
        expectConforms(method, route, 404, gone.body);
      }
      // Someone else's message needs Manage Messages, which a plain member's bot role lacks in a guild.
      const [seeded] = (await call('get', `/channels/${community.channels.general}/messages`, { query: { limit: '1' } })).body;
      const guild = sandbox.service.guild(community.id)!;
      const botRole = guild.roles.find((r) => r.tags?.bot_id === SANDBOX_USERS.bot.id)!;
      const granted = botRole.permissions;
      botRole.permissions = (BigInt(granted) & ~(1n << 13n) & ~(1n << 3n)).toString(); // without Manage Messages, Administrator
      try {
        const refused = await call('delete', `/channels/${community.channels.general}/messages/${seeded.id}`);
        expect(refused).toMatchObject({ status: 403, body: { message: 'Missing Permissions', code: 50013 } });
        expectConforms('delete', route, 403, refused.body);
      } finally {
        botRole.permissions = granted;
      }
    });

    it('POST channels/{channel_id}/messages with Components V2', async () => {
      const body = {
        flags: 1 << 15,
        components: [
          {
            type: 17,
            accent_color: 0x068add,
            components: [
              { type: 10, content: '## Support' },
              { type: 14, divider: true, spacing: 1 },
              {
                type: 9,
                components: [{ type: 10, content: 'Need help?' }],
                accessory: { type: 2, style: 1, label: 'Open', custom_id: 'open' },
              },
              { type: 1, components: [{ type: 2, style: 2, label: 'Close', custom_id: 'close' }] },
            ],
          },
        ],
      };
      await conforms('post', '/channels/{channel_id}/messages', `/channels/${community.channels.general}/messages`, { body });
    });

    it('POST channels/{channel_id}/messages with an uploaded file (multipart, as @discordjs/rest sends it)', async () => {
      const form = new FormData();
      form.set('payload_json', JSON.stringify({ content: 'Transcript attached', attachments: [{ id: 0, description: 'Ticket #12' }] }));
      const html = '<html><body>transcript</body></html>';
      form.set('files[0]', new Blob([html], { type: 'text/html' }), 'transcript-12.html');
      const res = await fetch(`${sandbox.api}/v10/channels/${community.channels.modLog}/messages`, {
        method: 'POST',
        headers: { authorization: `Bot ${sandbox.botToken}` },
        body: form,
      });
      const body = (await res.json()) as { attachments: Array<{ url: string }> };
      expect(res.status).toBe(200);
      expectConforms('post', '/channels/{channel_id}/messages', 200, body);
      expect(body.attachments[0]).toMatchObject({ filename: 'transcript-12.html', description: 'Ticket #12', size: html.length });
      const file = await fetch(body.attachments[0].url);
      expect(await file.text()).toContain('transcript');
    });
  });

  describe('reaction roles (issue 28)', () => {
    const channel = community.channels.botCommands;
    const message = '/channels/{channel_id}/messages/{message_id}';
    const own = `${message}/reactions/{emoji_name}/@me`;
    const menu = {
      content: 'Pick your colours',
      components: [
        {
          type: 1,
          components: [
            { type: 2, style: 1, label: 'Red', custom_id: 'rolemenu:1:2', emoji: { name: '🔴' } },
            { type: 2, style: 3, label: 'Green', custom_id: 'rolemenu:1:3', emoji: { name: 'guildhall_wave', id: '1100000000000010301' } },
            { type: 2, style: 4, label: 'Blue', custom_id: 'rolemenu:1:4' },
          ],
        },
        {
          type: 1,
          components: [
            {
              type: 3,
              custom_id: 'rolemenu:1',
              placeholder: 'Choose your colours',
              min_values: 0,
              max_values: 3,
              options: [
                { label: 'Red', value: '2', description: 'A warm one', emoji: { name: '🔴' } },
                { label: 'Green', value: '3', emoji: { name: 'guildhall_wave', id: '1100000000000010301' } },
              ],
            },
          ],
        },
      ],
    };
    const post = () => conforms('post', '/channels/{channel_id}/messages', `/channels/${channel}/messages`, { body: menu });

    it('a role menu with buttons and a string select is kept as sent, with its reactions (PUT 204, GET message, GET reactions)', async () => {
      const posted = await post();
      expect(posted.components[1].components[0]).toMatchObject({ type: 3, custom_id: 'rolemenu:1', min_values: 0, max_values: 3 });
      expect(posted.components[1].components[0].options[0]).toEqual({
        label: 'Red',
        value: '2',
        description: 'A warm one',
        emoji: { name: '🔴' },
      });
      for (const emoji of ['🔴', 'guildhall_wave:1100000000000010301']) {
        const put = await call('put', `/channels/${channel}/messages/${posted.id}/reactions/${encodeURIComponent(emoji)}/@me`);
        expect(put).toMatchObject({ status: 204, body: undefined });
      }
      expect(declaredStatuses('put', own)).toContain('204');
      const read = await conforms('get', message, `/channels/${channel}/messages/${posted.id}`);
      expect(read.reactions.map((r: { count: number; me: boolean }) => [r.count, r.me])).toEqual([
        [1, true],
        [1, true],
      ]);
      const users = await conforms(
        'get',
        `${message}/reactions/{emoji_name}`,
        `/channels/${channel}/messages/${posted.id}/reactions/${encodeURIComponent('🔴')}`,
      );
      expect(users.map((u: { id: string }) => u.id)).toEqual([SANDBOX_USERS.bot.id]);
      // A drifted reaction fails: a count as text, or `me` left out.
      const schema = responseSchema('get', message, 200);
      const [first] = read.reactions;
      expect(problems(schema, { ...read, reactions: [{ ...first, count: '1' }] })).not.toEqual([]);
      expect(problems(schema, { ...read, reactions: [(({ me: _, ...rest }) => rest)(first)] })).not.toEqual([]);
      const deleted = await call('delete', `/channels/${channel}/messages/${posted.id}/reactions/${encodeURIComponent('🔴')}/@me`);
      expect(deleted).toMatchObject({ status: 204, body: undefined });
      expect(declaredStatuses('delete', own)).toContain('204');
      const others = await call(
        'delete',
        `/channels/${channel}/messages/${posted.id}/reactions/${encodeURIComponent('🔴')}/${SANDBOX_USERS.demoMember.id}`,
      );
      expect(others).toMatchObject({ status: 204, body: undefined });
      expect(declaredStatuses('delete', `${message}/reactions/{emoji_name}/{user_id}`)).toContain('204');
    });

    it('reaction refusals match the error schema: 400 Unknown Emoji, 404 Unknown Message, 400 30010 past 20 reactions', async () => {
      const posted = await post();
      const unknownEmoji = await call('put', `/channels/${channel}/messages/${posted.id}/reactions/nope/@me`);
      expect(unknownEmoji).toMatchObject({ status: 400, body: { message: 'Unknown Emoji', code: 10014 } });
      expectConforms('put', own, 400, unknownEmoji.body);
      const unknownMessage = await call(
        'put',
        `/channels/${channel}/messages/1100000000000099999/reactions/${encodeURIComponent('🔴')}/@me`,
      );
      expect(unknownMessage).toMatchObject({ status: 404, body: { message: 'Unknown Message', code: 10008 } });
      expectConforms('put', own, 404, unknownMessage.body);
      const faces = [...'😀😁😂🤣😃😄😅😆😉😊😋😎😍😘🥰😗😙😚🙂🤗'];
      for (const face of faces) await call('put', `/channels/${channel}/messages/${posted.id}/reactions/${encodeURIComponent(face)}/@me`);
      const full = await call('put', `/channels/${channel}/messages/${posted.id}/reactions/${encodeURIComponent('🤩')}/@me`);
      expect(full).toMatchObject({ status: 400, body: { code: 30010 } });
      expectConforms('put', own, 400, full.body);
    });

    it('PUT and DELETE guilds/{guild_id}/members/{user_id}/roles/{role_id}: 204, then the member shows it; refusals match', async () => {
      const route = '/guilds/{guild_id}/members/{user_id}/roles/{role_id}';
      const memberId: string = SANDBOX_USERS.demoMember.id;
      const at = (roleId: string, userId = memberId) => `/guilds/${community.id}/members/${userId}/roles/${roleId}`;
      for (const method of ['put', 'delete'] as const) {
        const done = await call(method, at(community.roles.green));
        expect(done).toMatchObject({ status: 204, body: undefined });
        expect(declaredStatuses(method, route)).toContain('204');
        const member = await conforms('get', '/guilds/{guild_id}/members/{user_id}', `/guilds/${community.id}/members/${memberId}`);
        expect(member.roles.includes(community.roles.green)).toBe(method === 'put');
        const above = await call(method, at(community.roles.staff));
        expect(above).toMatchObject({ status: 403, body: { message: 'Missing Permissions', code: 50013 } });
        expectConforms(method, route, 403, above.body);
        const unknownRole = await call(method, at('1100000000000099999'));
        expect(unknownRole).toMatchObject({ status: 404, body: { message: 'Unknown Role', code: 10011 } });
        expectConforms(method, route, 404, unknownRole.body);
        const unknownMember = await call(method, at(community.roles.green, '1100000000000099999'));
        expect(unknownMember).toMatchObject({ status: 404, body: { message: 'Unknown Member', code: 10007 } });
        expectConforms(method, route, 404, unknownMember.body);
      }
    });
  });

  describe('webhooks', () => {
    it('GET channels/{channel_id}/webhooks, POST to create, GET webhooks/{id} and webhooks/{id}/{token}', async () => {
      const list = await conforms('get', '/channels/{channel_id}/webhooks', `/channels/${community.channels.announcements}/webhooks`);
      expect(list).toHaveLength(1);
      const created = await conforms('post', '/channels/{channel_id}/webhooks', `/channels/${community.channels.general}/webhooks`, {
        body: { name: 'Announcer' },
      });
      await conforms('get', '/webhooks/{webhook_id}', `/webhooks/${created.id}`);
      const byToken = await conforms('get', '/webhooks/{webhook_id}/{webhook_token}', `/webhooks/${list[0].id}/${list[0].token}`, {
        auth: 'none',
      });
      expect(byToken).not.toHaveProperty('user');
    });

    it('POST webhooks/{id}/{token} with wait=true (200) and without (204), then GET and PATCH its message', async () => {
      const [webhook] = sandbox.service.webhooksOf(community.channels.general);
      const route = `/webhooks/${webhook!.id}/${webhook!.token}`;
      const message = await conforms('post', '/webhooks/{webhook_id}/{webhook_token}', route, {
        auth: 'none',
        query: { wait: 'true' },
        body: { content: 'From a webhook', username: 'Greeter', embeds: [{ description: 'Hi' }] },
      });
      expect(message.webhook_id).toBe(webhook!.id);
      const silent = await call('post', route, { auth: 'none', body: { content: 'No wait' } });
      expect(silent.status).toBe(204);
      expect(silent.body).toBeUndefined();
      expect(declaredStatuses('post', '/webhooks/{webhook_id}/{webhook_token}')).toContain('204');
      await conforms('get', '/webhooks/{webhook_id}/{webhook_token}/messages/{message_id}', `${route}/messages/${message.id}`, {
        auth: 'none',
      });
      await conforms('patch', '/webhooks/{webhook_id}/{webhook_token}/messages/{message_id}', `${route}/messages/${message.id}`, {
        auth: 'none',
        body: { content: 'Edited by webhook' },
      });
    });
  });

  describe('errors', () => {
    it('404 Unknown Guild matches the error schema', async () => {
      const res = await call('get', '/guilds/1100000000000099999');
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ message: 'Unknown Guild', code: 10004 });
      expectConforms('get', '/guilds/{guild_id}', 404, res.body);
    });

    it('403 Missing Access (guild without the bot) and 401 match the error schema', async () => {
      const forbidden = await call('get', `/guilds/${SANDBOX_GUILDS.quietLibrary.id}`);
      expect(forbidden).toMatchObject({ status: 403, body: { message: 'Missing Access', code: 50001 } });
      expectConforms('get', '/guilds/{guild_id}', 403, forbidden.body);
      const unauthorized = await call('get', '/users/@me', { auth: 'none' });
      expect(unauthorized).toMatchObject({ status: 401, body: { message: '401: Unauthorized', code: 0 } });
      expectConforms('get', '/users/@me', 401, unauthorized.body);
    });

    it('400 Invalid Form Body matches the error schema (with string field codes, as Discord sends them)', async () => {
      const res = await call('post', `/channels/${community.channels.general}/messages`, { body: { content: 'x'.repeat(2001) } });
      expect(res.status).toBe(400);
      expect(res.body.code).toBe(50035);
      expect(problems(PracticeErrorResponseSchema, res.body)).toEqual([]);
      expect(problems(responseSchema('post', '/channels/{channel_id}/messages', 400), withNumericFieldCodes(res.body))).toEqual([]);
      // The practice form is no looser than that: a field error without its message, or a numeric top code as a string, fails.
      expect(problems(PracticeErrorResponseSchema, { ...res.body, errors: { content: { _errors: [{ code: 'X' }] } } })).not.toEqual([]);
      expect(problems(PracticeErrorResponseSchema, { ...res.body, code: '50035' })).not.toEqual([]);
    });

    it('429 matches the rate-limited schema', async () => {
      sandbox.service.setGuildsRateLimit(1, 60_000);
      try {
        await call('get', '/users/@me/guilds', { auth: 'owner' });
        const res = await call('get', '/users/@me/guilds', { auth: 'owner' });
        expect(res.status).toBe(429);
        expectConforms('get', '/users/@me/guilds', 429, res.body);
      } finally {
        sandbox.service.setGuildsRateLimit(1000, 1000);
      }
    });

    it('an unknown route answers Discord 404 body', async () => {
      const res = await call('get', `/guilds/${community.id}/bans`);
      expect(res).toMatchObject({ status: 404, body: { message: '404: Not Found', code: 0 } });
    });
  });
});
