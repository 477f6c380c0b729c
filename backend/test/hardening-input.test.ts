/**
 * Input PostgreSQL or the JavaScript stack cannot take (issue 9, items 1-3), over real HTTP: every write route the
 * OpenAPI document names, and every text and number field of its request schema (walked from the schema, never
 * listed here), answers 400 with the field's JSON Pointer and leaves what is stored as it was.
 */
import { openapi } from '@guildhall/generated/openapi';
import { publishedSchemas, schemasById } from '@guildhall/generated/schemas';
import { collectionNames } from '@guildhall/generated/collections';
import { sectionNames } from '@guildhall/generated/sections';
import { validatorsById } from '@guildhall/generated/validators';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import operations from '../../schemas/operations.json' with { type: 'json' };
import { MAX_BODY_DEPTH } from '../src/http/body-parser.js';
import { CSRF_REFUSED } from '../src/http/csrf.js';
import { CONTACT_COLLECTION } from '../src/public/contact.service.js';
import { SANDBOX_GUILDS } from '@guildhall/sandbox-discord/seed';
import { MAX_SETTINGS_VERSION } from '../src/storage/storage.port.js';
import type { TestBrowser } from './support/browser.js';
import { startTestApp, tempDataDir } from './support/app.js';
import { buyPremium } from './support/payments.js';
import { sampleItem } from './support/collection-items.js';
import { createHmac } from 'node:crypto';

type App = Awaited<ReturnType<typeof startTestApp>>;
type Schema = { [keyword: string]: unknown };
type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

const GUILD = SANDBOX_GUILDS.community.id;
const CHANNEL = SANDBOX_GUILDS.community.channels.general;
const UNSAFE_TEXT = 'Text cannot contain the character U+0000 or invalid Unicode.';
const TOO_DEEP = 'The request is nested too deeply.';
/** PostgreSQL's integer, the type of the column a settings document's version lives in. */
const INT4_MAX = 2 ** 31 - 1;
/** The issue's figure: about 3,250 nested arrays (6.5 KB) overflowed the stack. */
const ISSUE_DEPTH = 3250;

// The write routes: every operation of the OpenAPI document with a request body (operations.json's rows with a
// `request`, one settings PUT per section, and each collection's create and save), each with the schema of its body.
interface WriteRoute {
  method: string;
  path: string;
  operationId: string;
  schema: Schema;
  /** Sections' PUTs save settings; the others are operations.json rows. */
  section?: string;
  /** A collection's create (POST) and save (PUT of an item). */
  collection?: string;
  anonymous: boolean;
  /** The bot API: sent with the bot's credential, no session. */
  bot: boolean;
  /** The payment provider's webhook: signed over the body with the webhook secret, no session. */
  provider: boolean;
}
const components = (openapi as unknown as { components: { schemas: Record<string, Schema> } }).components.schemas;
const WRITE_ROUTES: WriteRoute[] = Object.entries(openapi.paths as Record<string, Record<string, Schema>>).flatMap(([path, item]) =>
  Object.entries(item).flatMap(([method, op]) => {
    const body = (op.requestBody as { content?: Record<string, { schema: Schema }> } | undefined)?.content?.['application/json'];
    if (!body) return [];
    const section = /^\/api\/guild\/\{guildId\}\/settings\/([^/]+)$/.exec(path)?.[1];
    const collection = /\/collections\/([^/]+)/.exec(path)?.[1];
    const security = op.security as Record<string, unknown>[] | undefined;
    return [
      {
        method: method.toUpperCase(),
        path,
        operationId: String(op.operationId),
        schema: body.schema,
        section,
        collection,
        anonymous: !security?.some((requirement) => 'session' in requirement),
        bot: !!security?.some((requirement) => 'bot' in requirement),
        provider: !!security?.some((requirement) => 'provider' in requirement),
      },
    ];
  }),
);

const resolveRef = (ref: string): Schema => {
  const name = /^#\/components\/schemas\/(.+)$/.exec(ref)?.[1];
  if (!name || !components[name]) throw new Error(`unresolvable $ref ${ref}`);
  return components[name];
};

/**
 * Every text and number field of a request schema, by JSON Pointer. A field is the sum of the schemas that apply at its
 * place: a $ref and the keywords beside it, allOf, then/else; an array's fields are its first item's.
 */
interface Field {
  pointer: string;
  /** `key`: a map (an object with `propertyNames`) whose keys are text the client chooses (ticket limits' roleLimits). */
  kind: 'string' | 'number' | 'key';
  schemas: Schema[];
}
function fieldsOf(root: Schema): Field[] {
  const fields = new Map<string, Field>();
  const visit = (parts: Schema[], pointer: string, depth: number) => {
    if (depth > 20) throw new Error(`schema too deep at ${pointer}`);
    const all: Schema[] = [];
    const queue = [...parts];
    while (queue.length) {
      const schema = queue.shift()!;
      if (typeof schema !== 'object' || schema === null) continue;
      all.push(schema);
      if (typeof schema.$ref === 'string') queue.push(resolveRef(schema.$ref));
      for (const key of ['allOf', 'anyOf', 'oneOf']) if (Array.isArray(schema[key])) queue.push(...(schema[key] as Schema[]));
      for (const key of ['then', 'else']) if (schema[key]) queue.push(schema[key] as Schema);
    }
    const types = new Set(all.flatMap((s) => (s.type === undefined ? [] : ([s.type].flat() as string[]))));
    const enumValues = all.flatMap((s) => [...((s.enum as unknown[]) ?? []), ...('const' in s ? [s.const] : [])]);
    const textEnum = enumValues.length > 0 && enumValues.every((v) => typeof v === 'string');
    if (types.has('string') || (types.size === 0 && textEnum)) fields.set(pointer, { pointer, kind: 'string', schemas: all });
    if (types.has('number') || types.has('integer')) fields.set(pointer, { pointer, kind: 'number', schemas: all });
    if (all.some((s) => s.propertyNames)) fields.set(`${pointer}/`, { pointer, kind: 'key', schemas: all });
    const children = new Map<string, Schema[]>();
    for (const s of all) {
      for (const [name, child] of Object.entries((s.properties as Record<string, Schema>) ?? {})) {
        children.set(name, [...(children.get(name) ?? []), child]);
      }
    }
    for (const [name, child] of children) visit(child, `${pointer}/${escapeToken(name)}`, depth + 1);
    const items = all.flatMap((s) => [s.prefixItems && (s.prefixItems as Schema[])[0], s.items].filter(Boolean) as Schema[]);
    if (items.length) visit(items, `${pointer}/0`, depth + 1);
  };
  visit([root], '', 0);
  return [...fields.values()];
}
const escapeToken = (token: string) => token.replace(/~/g, '~0').replace(/\//g, '~1');
const keyword = (field: Field, name: string) => field.schemas.map((s) => s[name]).find((v) => typeof v === 'number') as number | undefined;

/** A valid body for the operations that are not a section's PUT (a PUT's is the stored document). Checked below. */
const SAMPLE_BODIES: Record<string, Json> = {
  sendContactMessage: { name: 'Ada', email: 'ada@example.com', subject: 'support', message: 'Hello there' },
  sendGreetingPreview: { type: 'welcome' },
  // A 1×1 PNG (its bytes are judged after the text: here only the text matters).
  uploadSettingsImage: {
    fileName: 'avatar.png',
    data: 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGNgYPgPAAEDAQAIicLsAAAAAElFTkSuQmCC',
  },
  revertHistoryEntry: { resolutions: { '/prefix': 'keep' } },
  addTicketCategory: { type: 'open', categoryId: '1100000000000010110', categoryName: 'Staff' },
  setDefaultTicketCategory: { type: 'open', categoryId: '1100000000000010110' },
  deployTicketPanel: { channelId: '1100000000000010106' },
  deployDefaultTicketPanel: { channelId: '1100000000000010106', panelData: { title: 'Support Ticket' } },
  reportJoinDmDelivery: {
    userId: '1100000000000000103',
    ok: false,
    error: { code: 50007, reason: 'Cannot send messages to this user' },
    sentAt: '2026-11-22T15:00:00.000Z',
  },
  sendEmbedToChannel: { guildId: '1100000000000010000', channelId: '1100000000000010106', content: 'Hi', embeds: [{ title: 'Hello' }] },
  sendEmbedToWebhook: {
    webhookUrl: 'https://discord.com/api/webhooks/1100000000000000999/token',
    content: 'Hi',
    embeds: [{ title: 'Hello' }],
  },
  getEmbedById: { messageId: '1100000000000000999', guildId: '1100000000000010000', channelId: '1100000000000010106' },
  updateEmbed: {
    messageId: '1100000000000000999',
    guildId: '1100000000000010000',
    channelId: '1100000000000010106',
    content: 'Hi',
    embeds: [{ title: 'Hello' }],
  },
  createPayment: {
    planType: 'basic',
    period: 'monthly',
    guildId: '1100000000000010000',
    email: 'ada@example.com',
    discordId: '1100000000000000101',
    amount: 89,
  },
  confirmPaymentCallback: {
    razorpay_payment_id: 'pay_AAAAAAAAAAAAAA',
    razorpay_payment_link_id: 'plink_AAAAAAAAAAAAAA',
    razorpay_payment_link_reference_id: 'ord_AAAAAAAAAAAAAAAAAAAA',
    razorpay_payment_link_status: 'paid',
    razorpay_signature: '0'.repeat(64),
  },
  paymentWebhook: { entity: 'event', event: 'payment_link.paid', contains: ['payment_link'], payload: {}, created_at: 1 },
  importGuildSettings: {
    document: {
      $schema: 'https://guildhall.dev/schemas/api/guild-export.json',
      sections: { basic: { prefix: '!' } },
      // One valid item per collection, so a field set on it is the only thing wrong.
      collections: {
        panels: [{ channel_id: '1100000000000010106' }],
        embeds: [{ name: 'Welcome', message: { embeds: [{ title: 'Hello' }] } }],
        'role-menus': [
          { title: 'Roles', channel_id: '1100000000000010106', options: [{ role_id: '1100000000000010205', label: 'Regular' }] },
        ],
        'scheduled-messages': [{ name: 'Reminder', ...sampleItem('scheduled-messages', '1100000000000010106') }],
      },
    },
    dryRun: true,
  },
  cloneGuildSettings: { targetGuildId: '1100000000000020000', sections: ['basic'], dryRun: true },
  previewSchedule: { plan: { kind: 'daily', time: '09:00', timeZone: 'UTC' } },
  readBotSettingsBulk: { guildIds: ['1100000000000010000'] },
  chooseRoleMenu: {
    userId: '1100000000000000103',
    roles: ['1100000000000010205'],
    choice: { type: 'button', roleId: '1100000000000010205' },
  },
  uploadTranscript: {
    ticketId: '0001',
    channelName: 'ticket-ada',
    openedBy: { id: '1100000000000000103', username: 'ada' },
    closedBy: { id: '1100000000000000101', username: 'demo-owner' },
    openedAt: '2026-11-22T15:00:00.000Z',
    closedAt: '2026-11-22T16:00:00.000Z',
    messages: [
      {
        id: '1200000000000000001',
        author: { id: '1100000000000000103', username: 'ada', global_name: 'Ada', avatar: null, bot: false },
        content: 'Hello there',
        timestamp: '2026-11-22T15:01:00.000Z',
        embeds: [{ title: 'Title', description: 'Description' }],
        attachments: [{ filename: 'a.png', size: 10, content_type: 'image/png', url: 'https://cdn.discordapp.com/a.png' }],
      },
    ],
  },
};

function setAt(body: Json, pointer: string, value: Json): Json {
  const copy = structuredClone(body) as Record<string, Json>;
  const tokens = pointer
    .split('/')
    .slice(1)
    .map((t) => t.replace(/~1/g, '/').replace(/~0/g, '~'));
  let node = copy as Record<string, Json> | Json[];
  tokens.forEach((token, i) => {
    const record = node as Record<string, Json>;
    if (i === tokens.length - 1) record[token] = value;
    else {
      record[token] ??= /^\d+$/.test(tokens[i + 1]!) ? [] : {};
      node = record[token] as Record<string, Json>;
    }
  });
  return copy;
}

/** "Settings PUT request" -> "SettingsPutRequest": how the generator names a schema's type (operations.json's `request`). */
const typeName = (title: string) =>
  title
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((word) => word[0]!.toUpperCase() + word.slice(1).toLowerCase())
    .join('');

const routeName = (route: WriteRoute) => `${route.method} ${route.path}`;
const STRING_ROWS = WRITE_ROUTES.flatMap((route) =>
  fieldsOf(route.schema)
    .filter((f) => f.kind === 'string')
    .flatMap((field) =>
      [
        ['U+0000', 'a\u0000b'],
        ['a lone surrogate', 'a\ud800b'],
      ].map(([what, text]) => ({ name: `${routeName(route)} ${field.pointer} with ${what}`, route, field, text: text! })),
    ),
);
/** A map's keys are text too: a bad key inside it is refused at its own pointer. */
const KEY_ROWS = WRITE_ROUTES.flatMap((route) =>
  fieldsOf(route.schema)
    .filter((f) => f.kind === 'key')
    .map((field) => ({ name: `${routeName(route)} a key of ${field.pointer}`, route, field })),
);
const NUMBER_ROWS = WRITE_ROUTES.flatMap((route) =>
  fieldsOf(route.schema)
    .filter((f) => f.kind === 'number')
    .map((field) => ({ name: `${routeName(route)} ${field.pointer}`, route, field })),
);
const ROUTE_ROWS = WRITE_ROUTES.map((route) => ({ name: routeName(route), route }));
/** it.each rows as [name, row], so the test's title shows the whole name. */
const named = <T extends { name: string }>(rows: T[]) => rows.map((row) => [row.name, row] as [string, T]);

describe('input the database or the stack cannot take answers 400 with its field (issue 9, items 1-3)', () => {
  const data = tempDataDir();
  let app: App;
  let owner: TestBrowser;
  let visitor: TestBrowser;

  /** The item each collection's PUT saves (created in beforeAll). */
  const itemIds: Record<string, string> = {};
  /** An order of the owner's, for the payment callback's {orderId}. */
  let orderId = '';
  const urlOf = (route: WriteRoute) =>
    route.path
      .replace('{guildId}', GUILD)
      .replace('{section}/images/{field}', 'personalizer/images/avatar')
      .replace('{orderId}', orderId)
      .replace('{itemId}', route.collection ? (itemIds[route.collection] ?? '') : '')
      .replace('{panelId}', itemIds.panels ?? '')
      .replace('{menuId}', itemIds['role-menus'] ?? '')
      .replace('{scheduleId}', itemIds['scheduled-messages'] ?? '');
  const browserFor = (route: WriteRoute) => (route.anonymous ? visitor : owner);
  /** A valid body for the route, from what is stored (a section's PUT) or the sample. */
  const validBody = async (route: WriteRoute): Promise<Json> => {
    if (route.collection) {
      const { body } = await owner.json(`/api/guild/${GUILD}/collections/${route.collection}/${itemIds[route.collection]}`);
      return route.method === 'PUT' ? { version: body.version, item: body.item } : { item: body.item };
    }
    if (!route.section) return SAMPLE_BODIES[route.operationId]!;
    const { body } = await owner.json(`/api/guild/${GUILD}/settings/${route.section}`);
    return { version: body.version, settings: body.settings };
  };
  /** What a write route may change: each section's document with its version, the contact messages. */
  const stored = async () => ({
    settings: await Promise.all(sectionNames.map(async (name) => (await owner.json(`/api/guild/${GUILD}/settings/${name}`)).body)),
    contact: await app.storage.records.list(CONTACT_COLLECTION),
    transcripts: await app.storage.records.list('transcripts'),
    transcriptBodies: await app.storage.records.list('transcript-bodies'),
    collections: await Promise.all(collectionNames.map(async (name) => (await owner.json(`/api/guild/${GUILD}/collections/${name}`)).body)),
  });
  const send = (route: WriteRoute, body: Json | string) =>
    browserFor(route).json(urlOf(route), {
      method: route.method,
      ...(typeof body === 'string' ? { body } : { json: body }),
      headers: {
        ...(typeof body === 'string' ? { 'content-type': 'application/json' } : {}),
        ...(route.bot ? { authorization: `Bot ${app.config.botApiToken}` } : {}),
        // Signed as the provider signs, so the webhook's body is what is judged (an unsigned one is 401, api.test.ts).
        ...(route.provider
          ? {
              'x-razorpay-signature': createHmac('sha256', app.config.payments.webhookSecret)
                .update(typeof body === 'string' ? body : JSON.stringify(body))
                .digest('hex'),
            }
          : {}),
      },
    });
  const stillAnswers = async () => expect((await app.browser().json('/healthz')).status).toBe(200);

  beforeAll(async () => {
    app = await startTestApp({ DATA_DIR: data.dir });
    owner = app.browser();
    await owner.signIn('demo-owner');
    await owner.json('/api/user'); // primes the XSRF-TOKEN cookie
    visitor = app.browser();
    await visitor.json('/api/top-servers');
    // Every section saved once, so "unchanged" is about a stored document, not only the defaults.
    for (const name of sectionNames) {
      const { version, settings } = (await owner.json(`/api/guild/${GUILD}/settings/${name}`)).body;
      const saved = await owner.json(`/api/guild/${GUILD}/settings/${name}`, { method: 'PUT', json: { version, settings } });
      expect(saved.status).toBe(200);
    }
    // Saved embeds are Custom Embeds, a premium feature; the order serves the payment callback's {orderId}.
    orderId = await buyPremium(owner, GUILD, 'unlimited', 'lifetime');
    // One item per collection, for its PUT (a panel needs its channel, a saved embed its name and message, a role menu
    // a role to offer; the other fields take their defaults).
    const ITEMS: Record<string, Json> = {
      embeds: { name: 'Welcome', message: { embeds: [{ title: 'Hello' }] } },
      'role-menus': { channel_id: CHANNEL, options: [{ role_id: SANDBOX_GUILDS.community.roles.regular, label: 'Regular' }] },
      'scheduled-messages': sampleItem('scheduled-messages', CHANNEL) as Json,
    };
    for (const name of collectionNames) {
      const created = await owner.json(`/api/guild/${GUILD}/collections/${name}`, {
        method: 'POST',
        json: { item: ITEMS[name] ?? { channel_id: CHANNEL } },
      });
      expect(created.status).toBe(201);
      itemIds[name] = created.body.id;
    }
  });
  afterAll(async () => {
    await app?.close();
    data.remove();
  });

  describe('the table covers every write route and field', () => {
    it('has every operation with a request and one PUT per section, and a valid sample body for each operation', () => {
      const requests = operations.operations.filter((op) => 'request' in op);
      expect(WRITE_ROUTES.filter((r) => !r.section && !r.collection).map((r) => r.operationId)).toEqual(
        requests.map((op) => op.operationId),
      );
      expect(WRITE_ROUTES.filter((r) => r.collection).map((r) => `${r.method} ${r.collection}`)).toEqual(
        collectionNames.flatMap((name) => [`POST ${name}`, `PUT ${name}`]),
      );
      expect(WRITE_ROUTES.filter((r) => r.section).map((r) => r.section)).toEqual([...sectionNames]);
      for (const op of requests) {
        const schema = Object.values(schemasById).find((s) => typeName(String(s.title)) === op.request);
        expect(schema, op.operationId).toBeDefined();
        expect(validatorsById[String(schema!.$id)]!(structuredClone(SAMPLE_BODIES[op.operationId])), op.operationId).toBe(true);
      }
    });

    it('finds text fields on every route, and the number fields (version, warning threshold)', () => {
      for (const route of WRITE_ROUTES)
        expect(
          [...STRING_ROWS, ...KEY_ROWS].some((row) => row.route === route),
          routeName(route),
        ).toBe(true);
      expect(NUMBER_ROWS.map((row) => row.field.pointer)).toEqual(expect.arrayContaining(['/version', '/settings/max_warnings']));
    });
  });

  describe('1. text PostgreSQL cannot store (U+0000, unpaired surrogates)', () => {
    it.each(named(STRING_ROWS))('%s: 400 at the field, nothing stored', async (_, { route, field, text }) => {
      const before = await stored();
      const { status, body } = await send(route, setAt(await validBody(route), field.pointer, text));
      expect(status).toBe(400);
      expect(body).toEqual({ success: false, error: UNSAFE_TEXT, fieldErrors: [{ path: field.pointer, message: UNSAFE_TEXT }] });
      expect(await stored()).toEqual(before);
    });

    it.each(named(ROUTE_ROWS))('%s: a property name with U+0000 or a lone surrogate is refused at its pointer', async (_, { route }) => {
      const before = await stored();
      for (const key of ['\u0000', 'x\udfff']) {
        const answer = await send(route, { ...((await validBody(route)) as Record<string, Json>), [key]: 1 });
        expect(answer.status).toBe(400);
        expect(answer.body.fieldErrors).toEqual([{ path: `/${key}`, message: UNSAFE_TEXT }]);
      }
      expect(await stored()).toEqual(before);
    });

    it.each(named(KEY_ROWS))('%s with U+0000 or a lone surrogate is refused at its pointer', async (_, { route, field }) => {
      const before = await stored();
      for (const key of ['a\u0000b', 'x\udfff']) {
        const answer = await send(route, setAt(await validBody(route), field.pointer, { [key]: 1 }));
        expect(answer.status).toBe(400);
        expect(answer.body.fieldErrors).toEqual([{ path: `${field.pointer}/${key}`, message: UNSAFE_TEXT }]);
      }
      expect(await stored()).toEqual(before);
    });

    it('names every bad field of one body, and keeps emoji (surrogate pairs) and a typed "\\u0000"', async () => {
      const contact = WRITE_ROUTES.find((r) => r.operationId === 'sendContactMessage')!;
      const bad = await send(contact, {
        ...(SAMPLE_BODIES.sendContactMessage as Record<string, Json>),
        name: 'A\u0000',
        message: 'B\ud800',
      });
      expect(bad.body.fieldErrors).toEqual([
        { path: '/name', message: UNSAFE_TEXT },
        { path: '/message', message: UNSAFE_TEXT },
      ]);
      const greeting = WRITE_ROUTES.find((r) => r.section === 'greeting')!;
      const content = 'Welcome \ud83d\ude00 \\u0000 {member.mention}';
      const saved = await send(greeting, setAt(await validBody(greeting), '/settings/welcome/content', content));
      expect(saved.status).toBe(200);
      expect((await owner.json(`/api/guild/${GUILD}/settings/greeting`)).body.settings.welcome.content).toBe(content);
    });

    it('reads URL-encoded bodies with the same rule: the contact form and the sandbox OAuth2 token endpoint', async () => {
      const form = (path: string, fields: Record<string, string>, browser = visitor) =>
        browser.json(path, {
          method: 'POST',
          body: new URLSearchParams(fields).toString(),
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
        });
      const contact = await form('/api/contact', { name: 'A\u0000', email: 'ada@example.com', message: 'Hello' });
      expect(contact.status).toBe(400);
      expect(contact.body.fieldErrors).toEqual([{ path: '/name', message: UNSAFE_TEXT }]);
      expect(await app.storage.records.list(CONTACT_COLLECTION)).toEqual([]);
      const token = await form('/sandbox/discord/api/oauth2/token', { grant_type: 'authorization_code', code: 'x\u0000' }, app.browser());
      expect(token).toMatchObject({ status: 400, body: { message: UNSAFE_TEXT, code: 0 } });
    });
  });

  describe('2. deep nesting', () => {
    it.each(named(ROUTE_ROWS))(
      `%s: ${ISSUE_DEPTH} nested arrays answer 400 at the first container past the bound, nothing stored`,
      async (_, { route }) => {
        const before = await stored();
        const { status, body } = await send(route, '['.repeat(ISSUE_DEPTH) + ']'.repeat(ISSUE_DEPTH));
        expect(status).toBe(400);
        expect(body).toEqual({ success: false, error: TOO_DEEP, fieldErrors: [{ path: '/0'.repeat(MAX_BODY_DEPTH), message: TOO_DEEP }] });
        expect(await stored()).toEqual(before);
        await stillAnswers();
      },
    );

    it('refuses 40,000 levels inside a field, anonymously on /api/contact, and on the Discord sandbox', async () => {
      const contact = WRITE_ROUTES.find((r) => r.operationId === 'sendContactMessage')!;
      expect(contact.anonymous).toBe(true);
      const deep = '['.repeat(40_000) + ']'.repeat(40_000);
      const text = JSON.stringify(SAMPLE_BODIES.sendContactMessage).replace('"Hello there"', deep);
      const { status, body } = await send(contact, text);
      expect(status).toBe(400);
      expect(body.fieldErrors).toEqual([{ path: '/message' + '/0'.repeat(MAX_BODY_DEPTH - 1), message: TOO_DEEP }]);
      expect(await app.storage.records.list(CONTACT_COLLECTION)).toEqual([]);
      const sandbox = await app.browser().json('/sandbox/discord/api/v10/channels/1/messages', {
        method: 'POST',
        body: deep,
        headers: { 'content-type': 'application/json' },
      });
      expect(sandbox).toMatchObject({ status: 400, body: { message: TOO_DEEP, code: 0 } });
      await stillAnswers();
    });

    it('takes the deepest document a schema describes (a greeting embed author)', async () => {
      const greeting = WRITE_ROUTES.find((r) => r.section === 'greeting')!;
      const body = setAt(await validBody(greeting), '/settings/welcome/embed/author/name', 'Guildhall');
      expect((await send(greeting, body)).status).toBe(200);
    });
  });

  describe('3. numbers beyond what is stored or what JavaScript holds exactly', () => {
    it('bounds every number field of a request schema, within the safe integers', () => {
      for (const { name, field } of NUMBER_ROWS) {
        const maximum = keyword(field, 'maximum');
        expect(maximum, name).toBeDefined();
        expect(maximum!, name).toBeLessThanOrEqual(Number.MAX_SAFE_INTEGER);
      }
    });

    it('lets the stored version + 1 fit the integer column for every version a save may name', () => {
      expect(MAX_SETTINGS_VERSION).toBe(INT4_MAX);
      const request = (publishedSchemas['settings-put-request'].properties as Record<string, Schema>).version!;
      expect((request.maximum as number) + 1).toBe(MAX_SETTINGS_VERSION);
      const response = (publishedSchemas['settings-response'].properties as Record<string, Schema>).version!;
      expect(response.maximum).toBe(MAX_SETTINGS_VERSION);
    });

    it.each(named(NUMBER_ROWS))(
      '%s: above its maximum, 2^31, 2^53 and 1e308 answer 400 at the field, nothing stored',
      async (_, { route, field }) => {
        const before = await stored();
        const maximum = keyword(field, 'maximum') ?? Number.MAX_SAFE_INTEGER;
        // Only values past the field's own maximum: a webhook's created_at (Unix seconds) may lawfully pass 2^31 in 2038.
        const values = [maximum + 1, INT4_MAX + 1, 2 ** 53, 1e308].filter((value) => value > maximum);
        const answers: { value: number; status: number; paths: string[] }[] = [];
        for (const value of values) {
          const { status, body } = await send(route, setAt(await validBody(route), field.pointer, value));
          answers.push({ value, status, paths: (body.fieldErrors ?? []).map((e: { path: string }) => e.path) });
        }
        expect(answers).toEqual(values.map((value) => ({ value, status: 400, paths: [field.pointer] })));
        expect(await stored()).toEqual(before);
      },
    );

    it('answers the highest version a save may name with 409 (not yet stored), not a database error', async () => {
      const basic = WRITE_ROUTES.find((r) => r.section === 'basic')!;
      const { status, body } = await send(basic, setAt(await validBody(basic), '/version', MAX_SETTINGS_VERSION - 1));
      expect(status).toBe(409);
      expect(body.success).toBe(false);
    });
  });

  // Issue 34: the API's first 409 test saved from version 0, the insert path; this one saves over a stored document.
  it('answers 409 to a save based on a version older than the stored one, and keeps what is stored', async () => {
    const url = `/api/guild/${GUILD}/settings/basic`;
    const loaded = (await owner.json(url)).body;
    expect(loaded.version).toBeGreaterThan(0);
    const saved = await owner.json(url, {
      method: 'PUT',
      json: { version: loaded.version, settings: { ...loaded.settings, prefix: '!' } },
    });
    expect(saved.status).toBe(200);
    const stale = await owner.json(url, {
      method: 'PUT',
      json: { version: loaded.version, settings: { ...loaded.settings, prefix: '$' } },
    });
    expect(stale.status).toBe(409);
    expect(stale.body.success).toBe(false);
    expect((await owner.json(url)).body).toMatchObject({ version: loaded.version + 1, settings: { prefix: '!' } });
  });

  describe('CSRF: every route the OpenAPI document marks xsrf refuses a request without its token, whatever the method (issue 34)', () => {
    const ID = '1100000000000000001'; // any id: the check runs on the matched route, before its handler looks the id up
    const XSRF_ROUTES = Object.entries(openapi.paths as Record<string, Record<string, Schema>>).flatMap(([path, item]) =>
      Object.entries(item)
        .filter(([, op]) => (op.security as Record<string, unknown>[] | undefined)?.some((requirement) => 'xsrf' in requirement))
        .map(([method, op]) => ({
          method: method.toUpperCase(),
          path,
          anonymous: !(op.security as Record<string, unknown>[]).some((requirement) => 'session' in requirement),
        })),
    );
    const urlFor = (path: string) => path.replace('{guildId}', GUILD).replace(/\{\w+\}/g, ID);
    const routeName = (r: (typeof XSRF_ROUTES)[number]) => `${r.method} ${r.path}`;

    it('takes every state-changing method: POST, PUT, PATCH and DELETE', () => {
      expect(new Set(XSRF_ROUTES.map((r) => r.method))).toEqual(new Set(['POST', 'PUT', 'PATCH', 'DELETE']));
    });

    it.each(XSRF_ROUTES.map((r) => [routeName(r), r] as const))('%s: 403 with no token and with a token not its own', async (_, route) => {
      const client = route.anonymous ? visitor : owner;
      const cookie = client.cookies.get('XSRF-TOKEN');
      expect(cookie, 'the client holds a token it could have sent').toMatch(/\S{16,}/);
      const without = await client.json(urlFor(route.path), { method: route.method, json: {}, csrf: false });
      const forged = await client.json(urlFor(route.path), {
        method: route.method,
        json: {},
        csrf: false,
        headers: { 'x-xsrf-token': `${decodeURIComponent(cookie!)}x` },
      });
      expect([without.status, without.body, forged.status, forged.body]).toEqual([
        403,
        { success: false, error: CSRF_REFUSED },
        403,
        { success: false, error: CSRF_REFUSED },
      ]);
    });

    // The survivors of the first mutation run of csrf.ts (scripts/mutation.mjs, group csrf), one test each.
    const basicUrl = `/api/guild/${GUILD}/settings/basic`;
    const refused = { status: 403, body: { success: false, error: CSRF_REFUSED } };
    const answer = ({ status, body }: { status: number; body: unknown }) => ({ status, body });
    /** A save of basic sent with `token` in the header and `cookie` as the XSRF-TOKEN cookie (undefined: none). */
    const saveWith = async (token: string, cookie: string | undefined) => {
      const kept = owner.cookies.get('XSRF-TOKEN')!;
      const { version, settings } = (await owner.json(basicUrl)).body;
      if (cookie === undefined) owner.cookies.delete('XSRF-TOKEN');
      else owner.cookies.set('XSRF-TOKEN', cookie);
      try {
        return await owner.json(basicUrl, {
          method: 'PUT',
          json: { version, settings: { ...settings, prefix: '?' } },
          csrf: false,
          headers: { 'x-xsrf-token': token },
        });
      } finally {
        owner.cookies.set('XSRF-TOKEN', kept);
      }
    };

    it('refuses a save whose header and cookie agree on a token without its signature part, and stores nothing', async () => {
      const before = (await owner.json(basicUrl)).body;
      expect(answer(await saveWith('nodotatall', 'nodotatall'))).toEqual(refused);
      expect((await owner.json(basicUrl)).body).toEqual(before);
    });

    it("refuses the session's own valid token in the header when the cookie holds another, or none", async () => {
      const token = decodeURIComponent(owner.cookies.get('XSRF-TOKEN')!);
      const before = (await owner.json(basicUrl)).body;
      expect(answer(await saveWith(token, 'someone.else'))).toEqual(refused);
      expect(answer(await saveWith(token, undefined))).toEqual(refused);
      expect((await owner.json(basicUrl)).body).toEqual(before);
      // The same token in both places is a save: the refusals above were for the cookie alone.
      expect((await saveWith(token, owner.cookies.get('XSRF-TOKEN'))).status).toBe(200);
    });

    it('asks no token of the safe methods (GET, HEAD, OPTIONS): a CORS preflight is not refused as a forgery', async () => {
      for (const method of ['GET', 'HEAD', 'OPTIONS']) {
        const res = await fetch(`${app.url}/api/guild/${GUILD}/settings/basic`, { method });
        expect(res.status, method).not.toBe(403);
      }
    });

    it('gives a visitor a token cookie the page can read, for every path, sent only from this site (SameSite=Lax)', async () => {
      const res = await fetch(`${app.url}/api/top-servers`);
      const cookie = res.headers.getSetCookie().find((line) => line.startsWith('XSRF-TOKEN='));
      expect(cookie).toMatch(/^XSRF-TOKEN=[^;]{16,};/);
      const attributes = cookie!
        .split(';')
        .slice(1)
        .map((a) => a.trim().toLowerCase());
      expect(attributes).toContain('path=/');
      expect(attributes).toContain('samesite=lax');
      expect(attributes).not.toContain('httponly');
    });

    it('gives no token cookie to the bot API or the payment webhook, which no cookie authorises', async () => {
      const bot = await fetch(`${app.url}/api/bot/v1/guilds/${GUILD}/settings/basic`, {
        headers: { authorization: `Bot ${app.config.botApiToken}` },
      });
      expect(bot.status).toBe(200);
      const event = JSON.stringify({ event: 'refund.created', payload: {} });
      const webhook = await fetch(`${app.url}/api/payments/webhook`, {
        method: 'POST',
        body: event,
        headers: {
          'content-type': 'application/json',
          'x-razorpay-signature': createHmac('sha256', app.config.payments.webhookSecret).update(event).digest('hex'),
        },
      });
      expect(webhook.status).toBe(200);
      expect([...bot.headers.getSetCookie(), ...webhook.headers.getSetCookie()].filter((c) => c.startsWith('XSRF-TOKEN='))).toEqual([]);
    });
  });
});
