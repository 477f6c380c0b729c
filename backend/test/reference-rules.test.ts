// The reference check's rules asked directly (backend/src/references/): which ids a schema marks (the walk through
// $ref, allOf/anyOf/oneOf, if/then/else, maps and tuples), what a clone's mapping makes of a document, and what a
// manager is told of an id that is not this server's or a channel of the wrong type, with Discord stood in for by a
// list of channels and roles. Small made-up schemas show the shapes the published ones do not use yet; over HTTP,
// references.test.ts shows the check on every write path (issue 34).
import { describe, expect, it, vi } from 'vitest';
import { publishedSchemas } from '@guildhall/generated/schemas';
import type { DiscordService } from '../src/discord/discord.service.js';
import { ApiError } from '../src/http/api-error.js';
import { GuildReferences, type CheckedDocument } from '../src/references/guild-references.js';
import { applyMapping, type Mapped } from '../src/references/mapping.js';
import { findReferences, type FoundReference, type Schema } from '../src/references/schema-walk.js';

const GUILD = '300000000000000000';
/** This server's channels, one of each type, and its role. */
const TEXT = '300000000000000010';
const VOICE = '300000000000000012';
const CATEGORY = '300000000000000014';
const ANNOUNCEMENT = '300000000000000015';
const THREAD = '300000000000000111';
const STAGE = '300000000000000113';
const FORUM = '300000000000000115';
const MEDIA = '300000000000000116';
const ROLE = '300000000000000200';
/** Another server's channel and role. */
const FOREIGN_CHANNEL = '400000000000000010';
const FOREIGN_ROLE = '400000000000000200';

const CHANNEL_TYPES: Record<string, number> = {
  [TEXT]: 0,
  [VOICE]: 2,
  [CATEGORY]: 4,
  [ANNOUNCEMENT]: 5,
  [THREAD]: 11,
  [STAGE]: 13,
  [FORUM]: 15,
  [MEDIA]: 16,
};

/** Fields marked as the published schemas mark them: x-reference with its words (the generator refuses one without). */
const CHANNEL_WORDS = {
  'x-reference': 'This channel is not in this server',
  'x-reference-type': 'Please select a channel this field takes',
};
const ROLE_WORDS = { 'x-reference': 'This role is not in this server' };
const channelRef = (...channelTypes: number[]) => ({
  type: 'string',
  'x-reference': { kind: 'channel', channelTypes },
  'x-messages': CHANNEL_WORDS,
});
const nullableChannelRef = { ...channelRef(0), type: ['string', 'null'] };
const roleRef = { type: 'string', 'x-reference': { kind: 'role' }, 'x-messages': ROLE_WORDS };

/** What the walk found, as `kind path id` (a map key's marked `(key)`). */
const found = (schema: Schema, doc: unknown) =>
  findReferences(schema, doc).map((ref) => `${ref.kind} ${ref.path} ${ref.id}${ref.key ? ' (key)' : ''}`);

/** The check over a Discord that has this server's channels and role; its two lists are spies. */
function withDiscord() {
  const discord = {
    channels: vi.fn(async (_guildId: string) => Object.entries(CHANNEL_TYPES).map(([id, type]) => ({ id, type, name: `c${type}` }))),
    roles: vi.fn(async (_guildId: string) => [{ id: GUILD }, { id: ROLE }]),
  };
  return { discord, references: new GuildReferences(discord as unknown as DiscordService) };
}

/** The field errors of one document (prefix none), with the field `field` of `schema`. */
async function problemsOf(field: Schema, id: string) {
  const schema = { type: 'object', properties: { field } };
  return withDiscord().references.problems(GUILD, [{ schema, doc: { field: id } }]);
}

/** The 400 a call throws, as its body; null when it does not throw. */
async function refusal(run: () => Promise<void>) {
  try {
    await run();
    return null;
  } catch (err) {
    if (!(err instanceof ApiError)) throw err;
    return { status: err.getStatus(), body: err.getResponse() };
  }
}

describe('the walk finds every id a schema marks with x-reference', () => {
  it('inside allOf, anyOf and oneOf, and through a $ref to the schema’s $defs', () => {
    const schema = {
      type: 'object',
      properties: {
        log: { allOf: [{ $ref: '#/$defs/channel' }] },
        helper: { anyOf: [roleRef, { type: 'null' }] },
        alerts: { oneOf: [channelRef(5), { type: 'integer' }] },
      },
      $defs: { channel: channelRef(0) },
    };
    expect(found(schema, { log: TEXT, helper: ROLE, alerts: ANNOUNCEMENT })).toEqual([
      `channel /log ${TEXT}`,
      `role /helper ${ROLE}`,
      `channel /alerts ${ANNOUNCEMENT}`,
    ]);
  });

  it('in both branches of an if/then/else, whichever one applies to the document', () => {
    const schema = {
      type: 'object',
      properties: { enabled: { type: 'boolean' } },
      if: { properties: { enabled: { const: true } } },
      then: { properties: { channel: channelRef(0) } },
      else: { properties: { pingRole: roleRef } },
    };
    expect(found(schema, { enabled: true, channel: TEXT, pingRole: ROLE })).toEqual([`channel /channel ${TEXT}`, `role /pingRole ${ROLE}`]);
  });

  it('in a map’s values (additionalProperties), while a key the schema names keeps its own rule', () => {
    const schema = { type: 'object', properties: { pingRole: roleRef }, additionalProperties: channelRef(0) };
    expect(found(schema, { pingRole: ROLE, rules: TEXT, news: ANNOUNCEMENT })).toEqual([
      `role /pingRole ${ROLE}`,
      `channel /rules ${TEXT}`,
      `channel /news ${ANNOUNCEMENT}`,
    ]);
  });

  it('in a tuple: each of its first places by its own schema (prefixItems), the places after by items', () => {
    const schema = {
      type: 'object',
      properties: { route: { type: 'array', prefixItems: [channelRef(0), { type: 'integer' }], items: roleRef } },
    };
    expect(found(schema, { route: [TEXT, 5, ROLE, FOREIGN_ROLE] })).toEqual([
      `channel /route/0 ${TEXT}`,
      `role /route/2 ${ROLE}`,
      `role /route/3 ${FOREIGN_ROLE}`,
    ]);
  });

  it('leaves a $ref to another document alone (published schemas are self-contained): the walk neither follows it nor fails', () => {
    const schema = {
      type: 'object',
      properties: { helper: { $ref: 'https://guildhall.dev/schemas/common/role-reference.json' }, log: channelRef(0) },
    };
    expect(found(schema, { helper: ROLE, log: TEXT })).toEqual([`channel /log ${TEXT}`]);
  });

  it('takes a field’s own x-messages beside a $ref over the referenced type’s, which fill in the rest', () => {
    const schema = {
      type: 'object',
      properties: { log: { $ref: '#/$defs/channel', 'x-messages': { 'x-reference': 'The log channel is not in this server' } } },
      $defs: {
        channel: {
          ...channelRef(0),
          'x-messages': { 'x-reference': 'This channel is not in this server', 'x-reference-type': 'Please select a text channel' },
        },
      },
    };
    expect(findReferences(schema, { log: TEXT })[0]!.messages).toEqual({
      missing: 'The log channel is not in this server',
      type: 'Please select a text channel',
    });
  });
});

describe('a clone’s mapping applied to a document', () => {
  const apply = (schema: unknown, doc: Record<string, unknown>, mapping: Record<string, Mapped>) =>
    applyMapping(schema as Schema, doc, findReferences(schema as Schema, doc), (ref: FoundReference) =>
      Object.hasOwn(mapping, ref.id) ? mapping[ref.id] : undefined,
    );

  it('a category left out of the target takes its whole entry out of the list of ticket categories; the default becomes none', () => {
    const a = '500000000000000001';
    const b = '500000000000000002';
    const c = '500000000000000003';
    const doc = {
      open: [
        { id: a, name: 'Support' },
        { id: b, name: 'Billing' },
        { id: c, name: 'Other' },
      ],
      closed: [],
      defaultOpen: b,
      defaultClosed: null,
    };
    expect(apply(publishedSchemas['ticket-categories'], doc, { [b]: null })).toEqual({
      open: [
        { id: a, name: 'Support' },
        { id: c, name: 'Other' },
      ],
      closed: [],
      defaultOpen: null,
      defaultClosed: null,
    });
  });

  it('two roles left out of the additional roles both go, and only they (the later one first, so the first does not move it)', () => {
    const [r1, r2, r3] = ['500000000000000011', '500000000000000012', '500000000000000013'];
    const doc = { support_team_roles: null, additional_roles: [r1, r2, r3] };
    expect(apply(publishedSchemas['ticket-general'], doc, { [r1]: null, [r3]: null }).additional_roles).toEqual([r2]);
  });

  it('a role mapped to itself keeps its place among the role limits (its entry is not rewritten)', () => {
    const [r1, r2] = ['500000000000000021', '500000000000000022'];
    const mapped = apply(publishedSchemas['ticket-limits'], { roleLimits: { [r1]: 2, [r2]: 5 } }, { [r1]: r1 });
    expect(Object.entries(mapped.roleLimits as object)).toEqual([
      [r1, 2],
      [r2, 5],
    ]);
  });

  it('a field that takes none (anyOf a channel or null) is cleared to null, not left naming the source’s channel', () => {
    const schema = { type: 'object', properties: { log: { anyOf: [channelRef(0), { type: 'null' }] } } };
    expect(apply(schema, { log: TEXT }, { [TEXT]: null })).toEqual({ log: null });
  });

  it('in a list (through a $ref) whose items take none, cleared items become null in place, at any index', () => {
    const schema = {
      type: 'object',
      properties: { watched: { $ref: '#/$defs/channelList' } },
      $defs: { channelList: { type: 'array', items: { $ref: '#/$defs/channel' } }, channel: nullableChannelRef },
    };
    const ids = Array.from({ length: 12 }, (_, i) => `5000000000000001${String(i).padStart(2, '0')}`);
    const cleared = [0, 1, 10];
    const mapped = apply(schema, { watched: ids }, Object.fromEntries(cleared.map((i) => [ids[i]!, null])));
    expect(mapped.watched).toEqual(ids.map((id, i) => (cleared.includes(i) ? null : id)));
  });

  it('under a map keyed by role id (digits, not a list index), a cleared channel becomes null', () => {
    const schema = {
      type: 'object',
      properties: { perRole: { type: 'object', additionalProperties: { type: 'object', properties: { log: nullableChannelRef } } } },
    };
    expect(apply(schema, { perRole: { [ROLE]: { log: TEXT } } }, { [TEXT]: null })).toEqual({ perRole: { [ROLE]: { log: null } } });
  });

  it('in a field that takes a list or a map, a key that only looks like an index ("01") is the map’s, whose values take none', () => {
    const schema = {
      type: 'object',
      properties: {
        rooms: {
          anyOf: [
            { type: 'array', items: channelRef(0) },
            { type: 'object', additionalProperties: nullableChannelRef },
          ],
        },
      },
    };
    expect(apply(schema, { rooms: { '01': TEXT, lobby: VOICE } }, { [TEXT]: null })).toEqual({ rooms: { '01': null, lobby: VOICE } });
  });
});

describe('what a manager is told of an id the field may not take', () => {
  it.each([
    [0, VOICE, TEXT],
    [2, TEXT, VOICE],
    [4, TEXT, CATEGORY],
    [5, TEXT, ANNOUNCEMENT],
    [13, TEXT, STAGE],
    [15, TEXT, FORUM],
    [16, TEXT, MEDIA],
  ])(
    "a field that takes only type %i refuses a channel of another type with its schema's x-reference-type words, and takes its own",
    async (type, other, own) => {
      expect(await problemsOf(channelRef(type), other)).toEqual([{ path: '/field', message: CHANNEL_WORDS['x-reference-type'] }]);
      expect(await problemsOf(channelRef(type), own)).toEqual([]);
    },
  );

  it('a field taking text or announcement channels refuses a voice channel and takes an announcement channel; any of Discord’s types may be named', async () => {
    expect(await problemsOf(channelRef(0, 5), VOICE)).toEqual([{ path: '/field', message: CHANNEL_WORDS['x-reference-type'] }]);
    expect(await problemsOf(channelRef(0, 5), ANNOUNCEMENT)).toEqual([]);
    expect(await problemsOf(channelRef(11, 12), TEXT)).toEqual([{ path: '/field', message: CHANNEL_WORDS['x-reference-type'] }]);
    expect(await problemsOf(channelRef(11, 12), THREAD)).toEqual([]);
  });

  it("another server's channel, and another server's role or a channel in a role field, are refused with the field's x-reference words", async () => {
    expect(await problemsOf(channelRef(0), FOREIGN_CHANNEL)).toEqual([{ path: '/field', message: CHANNEL_WORDS['x-reference'] }]);
    expect(await problemsOf(roleRef, FOREIGN_ROLE)).toEqual([{ path: '/field', message: ROLE_WORDS['x-reference'] }]);
    expect(await problemsOf(roleRef, TEXT)).toEqual([{ path: '/field', message: ROLE_WORDS['x-reference'] }]);
    const worded = {
      ...channelRef(0),
      'x-messages': { 'x-reference': 'The log channel is gone', 'x-reference-type': 'Pick a text channel for the log' },
    };
    expect(await problemsOf(worded, FOREIGN_CHANNEL)).toEqual([{ path: '/field', message: 'The log channel is gone' }]);
    expect(await problemsOf(worded, VOICE)).toEqual([{ path: '/field', message: 'Pick a text channel for the log' }]);
  });

  it('makes up no words: a field marked without its x-messages (which the generator refuses) fails loudly when it would need them', async () => {
    const bare = (field: Record<string, unknown>) => {
      const { 'x-messages': _words, ...rest } = field;
      return rest;
    };
    await expect(problemsOf(bare(channelRef(0)), FOREIGN_CHANNEL)).rejects.toThrow(
      'The schema gives no x-messages "x-reference" for the channel at /field',
    );
    await expect(problemsOf(bare(channelRef(0)), VOICE)).rejects.toThrow(
      'The schema gives no x-messages "x-reference-type" for the channel at /field',
    );
    await expect(problemsOf(bare(roleRef), FOREIGN_ROLE)).rejects.toThrow(
      'The schema gives no x-messages "x-reference" for the role at /field',
    );
    expect(await problemsOf(bare(channelRef(0)), TEXT)).toEqual([]);
  });

  it('the schema’s own words win: a voice channel for the ticket panel is "Please select a text channel for the panel"', async () => {
    const problems = await withDiscord().references.problems(GUILD, [
      {
        schema: publishedSchemas['ticket-panel'] as Schema,
        doc: { channel_id: VOICE, categories: [CATEGORY, FOREIGN_CHANNEL] },
        prefix: '/item',
      },
    ]);
    expect(problems).toEqual([
      { path: '/item/channel_id', message: 'Please select a text channel for the panel' },
      { path: '/item/categories/1', message: 'This category is not in this server' },
    ]);
  });

  it("a write naming another server's role is a 400 'Some settings name channels or roles that are not in this server.' with the field's error", async () => {
    const { references } = withDiscord();
    const doc = { support_team_roles: FOREIGN_ROLE, additional_roles: [ROLE] };
    const documents: CheckedDocument[] = [{ schema: publishedSchemas['ticket-general'] as Schema, doc, prefix: '/settings' }];
    expect(await refusal(() => references.assertOwn(GUILD, documents))).toEqual({
      status: 400,
      body: {
        success: false,
        error: 'Some settings name channels or roles that are not in this server.',
        fieldErrors: [{ path: '/settings/support_team_roles', message: 'This role is not in this server' }],
      },
    });
  });
});

describe('what the check asks of Discord and of the stored document', () => {
  const schema = { type: 'object', properties: { log: channelRef(0), alerts: channelRef(0), helper: roleRef, title: { type: 'string' } } };

  it('an id already stored at the same place is not asked again (a channel Discord has since deleted stays until changed); the same id elsewhere is', async () => {
    const { references } = withDiscord();
    const doc = { log: FOREIGN_CHANNEL, alerts: FOREIGN_CHANNEL };
    const refused = [{ path: '/alerts', message: 'This channel is not in this server' }];
    expect(await references.problems(GUILD, [{ schema, doc, stored: { log: FOREIGN_CHANNEL } }])).toEqual(refused);
    const stored = vi.fn(async () => ({ log: FOREIGN_CHANNEL }));
    expect(await references.problems(GUILD, [{ schema, doc, stored }])).toEqual(refused);
    expect(stored).toHaveBeenCalledTimes(1);
    expect(await references.problems(GUILD, [{ schema, doc }])).toEqual([{ path: '/log', message: refused[0]!.message }, ...refused]);
  });

  it('a document that names no channel or role reads neither the stored document nor Discord', async () => {
    const { references, discord } = withDiscord();
    const stored = vi.fn(async () => ({ log: TEXT }));
    expect(await references.problems(GUILD, [{ schema, doc: { title: 'Hello' }, stored }])).toEqual([]);
    expect(stored).not.toHaveBeenCalled();
    expect(discord.channels).not.toHaveBeenCalled();
    expect(discord.roles).not.toHaveBeenCalled();
  });

  it("asks Discord only for the kinds the documents name: channels alone don't read the roles, a role alone doesn't read the channels", async () => {
    const channelsOnly = withDiscord();
    expect(await channelsOnly.references.problems(GUILD, [{ schema, doc: { log: TEXT } }])).toEqual([]);
    expect(channelsOnly.discord.channels).toHaveBeenCalledWith(GUILD);
    expect(channelsOnly.discord.roles).not.toHaveBeenCalled();
    const roleOnly = withDiscord();
    expect(await roleOnly.references.problems(GUILD, [{ schema, doc: { helper: ROLE } }])).toEqual([]);
    expect(roleOnly.discord.roles).toHaveBeenCalledWith(GUILD);
    expect(roleOnly.discord.channels).not.toHaveBeenCalled();
  });
});

describe('before the bot acts on a stored id (assertActable)', () => {
  const greeting = publishedSchemas.greeting as Schema;

  it("Send Preview to another server's channel is a 400 at the field, with the field's message as the error", async () => {
    const { references } = withDiscord();
    const settings = { welcome: { enabled: true, channel: FOREIGN_CHANNEL }, farewell: { enabled: false, channel: null } };
    expect(await refusal(() => references.assertActable(GUILD, greeting, settings, '/welcome/channel'))).toEqual({
      status: 400,
      body: {
        success: false,
        error: 'This channel is not in this server',
        fieldErrors: [{ path: '/welcome/channel', message: 'This channel is not in this server' }],
      },
    });
    const voice = { welcome: { enabled: true, channel: VOICE } };
    expect(await refusal(() => references.assertActable(GUILD, greeting, voice, '/welcome/channel', '/channel'))).toEqual({
      status: 400,
      body: {
        success: false,
        error: 'Please select a text channel',
        fieldErrors: [{ path: '/channel', message: 'Please select a text channel' }],
      },
    });
  });

  it("only the ids at or under the pointer are checked: the welcome channel acts though the farewell names another server's", async () => {
    const { references } = withDiscord();
    const settings = { welcome: { enabled: true, channel: TEXT }, farewell: { enabled: true, channel: FOREIGN_CHANNEL } };
    expect(await refusal(() => references.assertActable(GUILD, greeting, settings, '/welcome/channel'))).toBeNull();
  });

  it('a pointer to a list checks each of its items, the error at the list', async () => {
    const { references } = withDiscord();
    const settings = { support_team_roles: FOREIGN_ROLE, additional_roles: [ROLE, FOREIGN_ROLE] };
    expect(
      await refusal(() => references.assertActable(GUILD, publishedSchemas['ticket-general'] as Schema, settings, '/additional_roles')),
    ).toEqual({
      status: 400,
      body: {
        success: false,
        error: 'This role is not in this server',
        fieldErrors: [{ path: '/additional_roles', message: 'This role is not in this server' }],
      },
    });
    const own = { support_team_roles: FOREIGN_ROLE, additional_roles: [ROLE] };
    expect(
      await refusal(() => references.assertActable(GUILD, publishedSchemas['ticket-general'] as Schema, own, '/additional_roles')),
    ).toBeNull();
  });
});
