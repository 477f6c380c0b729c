import { isDeepStrictEqual } from 'node:util';
import { messageCharacters } from '@guildhall/common/embed-message';
import { EMBED_TOTAL_LIMIT } from '@guildhall/generated/limits';
import { collectionNames, collections } from '@guildhall/generated/collections';
import { publishedSchemas } from '@guildhall/generated/schemas';
import { sectionNames, sections } from '@guildhall/generated/sections';
import type { ContactMessage, SchedulePlan } from '@guildhall/generated/types';
import { validateSettingsPutRequest, validatorsById } from '@guildhall/generated/validators';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import operations from '../../schemas/operations.json' with { type: 'json' };
import { IMAGE_UPLOAD_BODY_LIMIT, MAX_BODY_DEPTH } from '../src/http/body-parser.js';
import { CONTACT_COLLECTION, CONTACT_LIMIT } from '../src/public/contact.service.js';
import { BOT_CLOCK_SKEW_MS, REPORTED_TIMES } from '../src/bot-api/bot-timestamps.js';
import { findImages, findReferences, findSchedules } from '../src/references/schema-walk.js';
import { planProblems } from '../src/schedules/schedule-rules.js';
import { minimumScheduleInterval } from '@guildhall/common/premium';
import { DiscordSandboxService } from '@guildhall/sandbox-discord/sandbox.service';
import { SANDBOX_GUILDS } from '@guildhall/sandbox-discord/seed';
import { buyPremium } from './support/payments.js';
import { createHmac } from 'node:crypto';
import type { TestBrowser } from './support/browser.js';
import { startTestApp, tempDataDir } from './support/app.js';
import { sampleItem } from './support/collection-items.js';
import {
  BOT_BODY_LIMIT,
  BODY_LIMIT,
  bodiesFor,
  excerpt,
  fuzzCases,
  hasUnsafeText,
  nestingDepth,
  type FuzzCase,
  type Kind,
  type Schema,
} from './support/fuzz-bodies.js';

/**
 * Issue 9: generated valid, boundary and invalid bodies on every write route (the operations table's rows with a
 * request, every section's settings save, and every collection's create and save). Whatever the body: never 5xx; a body the route's generated validator
 * refuses, or one carrying NUL or an unpaired surrogate, is 400 with fieldErrors; a body it accepts gets the route's
 * answer (a settings save round-trips through a GET). Reproduce a run with FUZZ_SEED=<the printed seed>.
 */
const SEED = Number(process.env.FUZZ_SEED ?? 20269);
/** Distinct bodies per route (1,000): aimed valid, boundary, invalid; the oracle, not the aim, decides what each must get. */
const COUNTS: Record<Kind, number> = { valid: 400, boundary: 300, invalid: 300 };
/**
 * The image upload's boundary bodies are its data's maxLength (14 MB of base64, 56 MB in emoji): fewer of them, so its
 * hundreds of megabytes do not starve every other route's fuzz of the machine.
 */
const IMAGE_UPLOAD_COUNTS: Record<Kind, number> = { valid: 100, boundary: 40, invalid: 100 };
/** Stands for a settings save's `version` in generated bodies; the stored version replaces it when the body is sent. */
const CURRENT_VERSION = '\u2063current-version\u2063';
/** Settings saves go to one guild and greeting previews to another, so previews read a greeting the fuzz leaves alone. */
const SETTINGS_GUILD = SANDBOX_GUILDS.pixelPainters.id;
const GUILD = SANDBOX_GUILDS.community.id;
const PREVIEW_CHANNEL = SANDBOX_GUILDS.community.channels.welcome;
const SHOWN_FAILURES = 10;

type App = Awaited<ReturnType<typeof startTestApp>>;
type Validator = ((data: unknown) => boolean) & { errors?: unknown };
type Verdict = { ok: true; value: unknown } | { ok: false };
interface Sent {
  text: string;
  wire: any;
  status: number;
  answer: any;
  res: Response;
}
interface RouteSpec {
  name: string;
  method: string;
  path: string;
  access: string;
  operationId: string;
  schema: Schema;
  fixed?: Record<string, unknown>;
  /** The generated validators' verdict on what the server parses; `value` has the defaults applied. */
  oracle(wire: unknown): Verdict;
}
interface Report {
  route: string;
  sent: Record<Kind, number>;
  accepted: number;
  refused: number;
  statuses: Record<number, number>;
  failures: string[];
  /** Failures counted by status, expectation and kind of body, e.g. "500 expected 400 <- NUL character". */
  tally: Map<string, number>;
  seconds: number;
}

const validators = validatorsById as Record<string, Validator>;
const schemas = publishedSchemas as Record<string, Schema>;
const verdict = (validate: Validator, wire: unknown): Verdict => (validate(wire) ? { ok: true, value: wire } : { ok: false });
const pascal = (title: string) => title.replace(/(^|[^A-Za-z0-9]+)([A-Za-z0-9])/g, (_m, _s, c: string) => c.toUpperCase());
// Case aside: the type generator writes an acronym in a title as a word ('Join DM delivery' is JoinDmDelivery).
const schemaOfType = (typeName: string) =>
  Object.values(schemas).find((s) => pascal(String(s.title)).toLowerCase() === typeName.toLowerCase())!;
const seedOf = (route: string) => [...route].reduce((h, c) => (h * 31 + c.charCodeAt(0)) | 0, SEED);

/** A guild's own ids, which are all a field marked `x-reference` takes (issue 24): its roles, its channels by type. */
interface GuildIds {
  roles: Set<string>;
  channels: Map<string, number>;
  /** Roles no member can be given (managed, @everyone), which a role field marked `assignable` refuses. */
  unassignable: Set<string>;
  /** Its members' user ids, which a member reference takes (a Dashboard Access grant, issue 30). */
  members: Set<string>;
}
/** The ids of this guild a reference field takes (and null where the field may be empty). */
const idsFor = (node: Schema, ids: GuildIds): unknown[] => {
  const rule = node['x-reference'] as { kind: string; channelTypes?: number[]; assignable?: true };
  const own =
    rule.kind === 'role'
      ? [...ids.roles].filter((id) => !rule.assignable || !ids.unassignable.has(id))
      : rule.kind === 'member'
        ? [...ids.members]
        : [...ids.channels].filter(([, type]) => rule.channelTypes?.includes(type)).map(([id]) => id);
  const nullable = Array.isArray(node.type) && node.type.includes('null');
  return [...own, ...(nullable ? [null] : [])];
};
/** The schema with each reference field offered the guild's own ids, so valid bodies aim at them (the oracle still judges). */
function aimedAt(schema: unknown, ids: GuildIds): any {
  if (Array.isArray(schema)) return schema.map((item) => aimedAt(item, ids));
  if (typeof schema !== 'object' || schema === null) return schema;
  const node = Object.fromEntries(Object.entries(schema).map(([key, value]) => [key, aimedAt(value, ids)])) as Schema;
  if (typeof node['x-reference'] !== 'object' || node.enum) return node;
  const own = idsFor(node, ids);
  return own.length ? { ...node, enum: own } : node;
}
/** Whether every id the route's schema marks with x-reference is one of the guild's, of a type its field takes. */
const referencesOwn = (schema: Schema, wire: unknown, ids: GuildIds): boolean =>
  findReferences(schema, wire).every((ref) =>
    ref.kind === 'role'
      ? ids.roles.has(ref.id) && !(ref.assignable && ids.unassignable.has(ref.id))
      : ref.kind === 'member'
        ? ids.members.has(ref.id)
        : ref.channelTypes!.includes(ids.channels.get(ref.id) ?? -1),
  ) &&
  // The fuzz uploads no image: an image id a body names (x-image) is not stored, which the engine refuses.
  findImages(schema, wire).length === 0;

/**
 * Import and clone write every section they name, and a bulk read reads every section of up to 200 guilds: valid bodies
 * preview only (dryRun), a clone targets the guild settings saves use, and generated bulk reads name at most 3 guilds
 * (the oracle is still the route's own validator, which allows 200), so the fuzz neither rewrites the greeting the
 * preview fuzz reads nor spends its time reading thousands of empty guilds.
 */
const TRANSFER_BODIES: Record<string, { fixed?: Record<string, unknown>; schema?: (schema: Schema) => Schema }> = {
  importGuildSettings: { schema: (schema) => withProperties(schema, { dryRun: { const: true } }) },
  cloneGuildSettings: {
    // A mapping names the target's channels and roles, and an item one of the source guild's items, which a generated
    // id is not (400 at the mapping, at the item): no mapping, no items, so bodies name sections.
    schema: (schema) => {
      const { items: _items, ...properties } = schema.properties as Record<string, Schema>;
      const { allOf: _allOf, ...aimed } = withProperties(
        { ...schema, properties },
        {
          dryRun: { const: true },
          mapping: { const: {} },
          targetGuildId: { const: SANDBOX_GUILDS.pixelPainters.id },
          sections: properties.sections!,
        },
      );
      return aimed;
    },
  },
  readBotSettingsBulk: {
    schema: (schema) => withProperties(schema, { guildIds: { ...(schema.properties as Record<string, Schema>).guildIds, maxItems: 3 } }),
  },
};
/** The schema with these properties replaced, and required: a body without dryRun would apply, not preview. */
const withProperties = (schema: Schema, properties: Record<string, Schema>): Schema => ({
  ...schema,
  properties: { ...(schema.properties as Record<string, Schema>), ...properties },
  required: [...new Set([...((schema.required as string[] | undefined) ?? []), ...Object.keys(properties)])],
});

// Every write route: the operations table's rows with a request body, then every section's settings save.
const operationRoutes: RouteSpec[] = (
  operations.operations as { path: string; method: string; operationId: string; access: string; request?: string }[]
)
  .filter((op) => op.request)
  .map((op) => {
    const schema = schemaOfType(op.request!);
    const validate = validators[schema.$id as string]!;
    return {
      ...op,
      name: `${op.method.toUpperCase()} ${op.path}`,
      schema: TRANSFER_BODIES[op.operationId]?.schema?.(schema) ?? schema,
      fixed: TRANSFER_BODIES[op.operationId]?.fixed,
      oracle: (wire: unknown) => verdict(validate, wire),
    };
  });
const settingsRoutes: RouteSpec[] = sectionNames.map((section) => {
  const envelope = schemas['settings-put-request']!;
  const document = schemas[sections[section].schemaName]!;
  const validate = validators[sections[section].schemaId]!;
  return {
    name: `PUT /api/guild/{guildId}/settings/${section}`,
    method: 'put',
    path: `/api/guild/{guildId}/settings/${section}`,
    access: 'guild',
    operationId: `settings:${section}`,
    // The save's envelope with `settings` an instance of the section's schema, as the envelope's description says.
    schema: {
      ...envelope,
      properties: { ...(envelope.properties as object), settings: document },
      $defs: { ...(envelope.$defs as object), ...(document.$defs as object) },
    },
    fixed: { '/version': CURRENT_VERSION },
    oracle: (wire: unknown) =>
      validateSettingsPutRequest(wire) ? verdict(validate, (wire as { settings: unknown }).settings) : { ok: false },
  };
});
/** A collection's body: `{ item }` (create) or `{ version, item }` (save); the item's server-owned properties are ignored. */
const collectionOracle =
  (name: string, versioned: boolean) =>
  (wire: unknown): Verdict => {
    const def = collections[name as keyof typeof collections];
    const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
    if (!isObject(wire) || !isObject(wire.item)) return { ok: false };
    if (Object.keys(wire).some((key) => key !== 'item' && !(versioned && key === 'version'))) return { ok: false };
    const { version } = wire;
    if (versioned && !(typeof version === 'number' && Number.isInteger(version) && version >= 1 && version <= 2_147_483_646))
      return { ok: false };
    const item = Object.fromEntries(Object.entries(wire.item).filter(([key]) => !def.serverOwned.includes(key)));
    return verdict(validators[def.schemaId]!, item);
  };
const collectionRoutes: RouteSpec[] = collectionNames.flatMap((name) => {
  const document = schemas[collections[name].schemaName]!;
  const path = `/api/guild/{guildId}/collections/${name}`;
  const envelope = (versioned: boolean): Schema => ({
    type: 'object',
    additionalProperties: false,
    required: versioned ? ['version', 'item'] : ['item'],
    properties: {
      ...(versioned ? { version: { type: 'integer', minimum: 1, maximum: 2_147_483_646 } } : {}),
      item: document,
    },
    $defs: { ...(document.$defs as object) },
  });
  return [
    {
      name: `POST ${path}`,
      method: 'post',
      path,
      access: 'guild',
      operationId: `collection-create:${name}`,
      schema: envelope(false),
      oracle: collectionOracle(name, false),
    },
    {
      name: `PUT ${path}/{itemId}`,
      method: 'put',
      path: `${path}/{itemId}`,
      access: 'guild',
      operationId: `collection-save:${name}`,
      schema: envelope(true),
      fixed: { '/version': CURRENT_VERSION },
      oracle: collectionOracle(name, true),
    },
  ];
});
const routes = [...operationRoutes, ...settingsRoutes, ...collectionRoutes];

/** A refusal as the API promises it: 400, `{ success: false, error, fieldErrors: [{ path, message }] }`. */
function refusalProblem(sent: Sent): string | null {
  if (sent.status !== 400) return 'expected 400';
  const { success, error, fieldErrors } = sent.answer ?? {};
  const listed =
    Array.isArray(fieldErrors) &&
    fieldErrors.length > 0 &&
    fieldErrors.every((e: { path?: unknown; message?: unknown }) => typeof e?.path === 'string' && typeof e?.message === 'string');
  return success === false && typeof error === 'string' && listed ? null : 'expected fieldErrors [{ path, message }] with the 400';
}

describe('fuzz: generated, boundary and invalid bodies on every write route (issue 9)', () => {
  const data = tempDataDir();
  const reports = new Map<string, Report>();
  let app: App;
  let owner: TestBrowser;
  let visitor: TestBrowser;
  let sandbox: DiscordSandboxService;

  /** The item each collection's save fuzzes (created in beforeAll). */
  const itemIds: Record<string, string> = {};
  /** The panel Deploy fuzzes: its own, since the panels' save fuzz gives its item random channels meanwhile. */
  let deployedPanelId = '';
  /** The change the revert fuzz reverts: a save of GUILD's basic section, which no other route here changes. */
  let entryId = 0;
  /** An order of the owner's, for the payment callback's {orderId}. */
  let orderId = '';
  const url = (route: RouteSpec) =>
    route.path
      .replace('{guildId}', route.operationId.startsWith('settings:') ? SETTINGS_GUILD : GUILD)
      .replace('{section}/images/{field}', 'personalizer/images/avatar')
      .replace('{orderId}', orderId)
      .replace('{itemId}', itemIds[route.operationId.split(':')[1]!] ?? '')
      .replace('{panelId}', deployedPanelId)
      .replace('{menuId}', itemIds['role-menus'] ?? '')
      .replace('{scheduleId}', itemIds['scheduled-messages'] ?? '')
      .replace('{entryId}', String(entryId));
  /** The own ids of the guild a route's URL names (the sandbox's record of it), read once per guild. */
  const knownIds = new Map<string, GuildIds>();
  const guildIdsOf = (path: string): GuildIds => {
    const guildId = /\/guild\/(\d+)/.exec(path)?.[1] ?? GUILD;
    let ids = knownIds.get(guildId);
    if (!ids) {
      const channels = new Map(sandbox.channelsOf(guildId).map((c) => [c.id, c.type] as const));
      const roles = sandbox.guild(guildId)?.roles ?? [];
      const unassignable = new Set(roles.filter((r) => r.managed || r.id === guildId).map((r) => r.id));
      const members = new Set((sandbox.guild(guildId)?.members ?? []).map((m) => m.user_id));
      ids = { roles: new Set(roles.map((r) => r.id)), channels, unassignable, members };
      knownIds.set(guildId, ids);
    }
    return ids;
  };
  const settingsVersion = async (route: RouteSpec) => (await owner.json(url(route))).body.version as number;

  interface Acceptance {
    /** What a body the oracle accepts must get; returns what went wrong, or null. */
    check(sent: Sent, value: any): Promise<string | null>;
    /** The body as sent (a settings save names the stored version). */
    prepare?(text: string): string;
    /** After every request, whatever the verdict. */
    after?(sent: Sent, accepted: boolean): Promise<void>;
    /** Checks over the whole run. */
    finish(): string[] | Promise<string[]>;
  }

  async function acceptance(route: RouteSpec): Promise<Acceptance> {
    if (route.operationId.startsWith('settings:')) {
      const state = { version: await settingsVersion(route) };
      return {
        prepare: (text) => text.replace(JSON.stringify(CURRENT_VERSION), String(state.version)),
        async check(sent, value) {
          const stored = state.version;
          if (sent.wire.version !== stored) {
            return sent.status === 409 && sent.answer.version === stored
              ? null
              : `expected 409 (sent version ${sent.wire.version}, stored ${stored})`;
          }
          const read = (await owner.json(url(route))).body;
          state.version = read.version;
          if (sent.status !== 200) return 'expected 200';
          const problems = [
            sent.answer.version === stored + 1 && read.version === stored + 1
              ? ''
              : `version ${stored} -> ${sent.answer.version}, read ${read.version}`,
            isDeepStrictEqual(sent.answer.settings, value) ? '' : `answered ${excerpt(JSON.stringify(sent.answer.settings), 70)}`,
            isDeepStrictEqual(read.settings, value) ? '' : `read back ${excerpt(JSON.stringify(read.settings), 70)}`,
          ].filter(Boolean);
          return problems.length ? `does not round-trip: ${problems.join('; ')}` : null;
        },
        // A refused body must not have saved anything; should one have (or failed midway), read the version again.
        async after(sent, accepted) {
          if ((!accepted && sent.status < 400) || sent.status >= 500) state.version = await settingsVersion(route);
        },
        finish: () => [],
      };
    }
    if (route.operationId.startsWith('collection-')) {
      const name = route.operationId.split(':')[1]! as keyof typeof collections;
      const owned = collections[name].serverOwned;
      const own = (item: Record<string, unknown>) => Object.fromEntries(Object.entries(item).filter(([key]) => !owned.includes(key)));
      const same = (sent: Sent, value: any) => isDeepStrictEqual(own(sent.answer.item ?? {}), own(value));
      if (route.method === 'post') {
        return {
          async check(sent, value) {
            if (sent.status !== 201 || sent.answer.version !== 1) return 'expected 201 at version 1';
            const read = (await owner.json(`${url(route)}/${sent.answer.id}`)).body;
            // Deleted again, so the run stays under the collection's cap.
            await owner.json(`${url(route)}/${sent.answer.id}`, { method: 'DELETE' });
            // A new panel is not deployed, whatever the client sent (a saved embed has no such values).
            if (owned.includes('message_id') && (sent.answer.item.message_id !== null || sent.answer.item.deployed !== false))
              return 'server-owned values taken from the client';
            return same(sent, value) && isDeepStrictEqual(read.item, sent.answer.item)
              ? null
              : `does not round-trip: ${excerpt(JSON.stringify(sent.answer.item), 70)}`;
          },
          finish: () => [],
        };
      }
      const state = { version: (await owner.json(url(route))).body.version as number };
      return {
        prepare: (text) => text.replace(JSON.stringify(CURRENT_VERSION), String(state.version)),
        async check(sent, value) {
          const stored = state.version;
          if (sent.wire.version !== stored) {
            return sent.status === 409 && sent.answer.version === stored
              ? null
              : `expected 409 (sent version ${sent.wire.version}, stored ${stored})`;
          }
          const read = (await owner.json(url(route))).body;
          state.version = read.version;
          if (sent.status !== 200) return 'expected 200';
          if (sent.answer.version !== stored + 1) return `version ${stored} -> ${sent.answer.version}`;
          return same(sent, value) && isDeepStrictEqual(read.item, sent.answer.item)
            ? null
            : `does not round-trip: ${excerpt(JSON.stringify(sent.answer.item), 70)}`;
        },
        async after(sent, accepted) {
          if ((!accepted && sent.status < 400) || sent.status >= 500) state.version = (await owner.json(url(route))).body.version;
        },
        finish: () => [],
      };
    }
    if (route.operationId === 'sendContactMessage') {
      // Each request comes from its own address (TRUST_PROXY), so only the per-e-mail limit applies: modelled here.
      const perEmail = new Map<string, number>();
      return {
        async check(sent, value: ContactMessage) {
          const count = (perEmail.get(value.email.toLowerCase()) ?? 0) + 1;
          perEmail.set(value.email.toLowerCase(), count);
          if (count > CONTACT_LIMIT.max) {
            return sent.status === 429 && sent.res.headers.get('retry-after')
              ? null
              : `expected 429 (message ${count} from ${value.email})`;
          }
          if (sent.status !== 200 || sent.answer.success !== true) return 'expected 200';
          const stored = await app.storage.records.get(CONTACT_COLLECTION, sent.answer.id);
          const expected = {
            name: value.name.trim(),
            email: value.email.trim(),
            subject: value.subject,
            message: value.message.trim(),
            userId: null,
          };
          return isDeepStrictEqual(stored?.data, expected) ? null : `stored ${excerpt(JSON.stringify(stored?.data ?? null), 70)}`;
        },
        finish: () => [],
      };
    }
    if (route.operationId === 'sendGreetingPreview') {
      // Both greetings are on, in a text channel: every accepted body posts one message to the sandbox.
      const current = (await owner.json(`/api/guild/${GUILD}/settings/greeting`)).body;
      const greeting = { enabled: true, channel: PREVIEW_CHANNEL };
      const saved = await owner.json(`/api/guild/${GUILD}/settings/greeting`, {
        method: 'PUT',
        json: { version: current.version, settings: { welcome: greeting, farewell: greeting } },
      });
      expect(saved.status).toBe(200);
      const before = sandbox.messagesIn(PREVIEW_CHANNEL).length;
      let answered = 0;
      return {
        async check(sent) {
          if (sent.status !== 200 || sent.answer.success !== true || typeof sent.answer.messageId !== 'string')
            return 'expected 200 with messageId';
          answered += 1;
          return null;
        },
        finish() {
          const posted = sandbox.messagesIn(PREVIEW_CHANNEL).length - before;
          return posted === answered ? [] : [`the sandbox holds ${posted} new previews, but ${answered} were answered 200`];
        },
      };
    }
    if (route.operationId === 'deployTicketPanel' || route.operationId === 'deployDefaultTicketPanel') {
      // The schema cannot know the guild's channels: a body it accepts deploys (200, or 201 with a new panel) when its
      // channel is a text channel of the guild, else is a 400 at /channelId; deploy-default also needs a channel, and
      // an embed within Discord's 6000 characters.
      const channels = (await owner.json(`/api/guild/${GUILD}/channels`)).body.channels as { id: string; type: number }[];
      const text = new Set(channels.filter((c) => c.type === 0).map((c) => c.id));
      const created = route.operationId === 'deployDefaultTicketPanel';
      return {
        async check(sent, value) {
          const refusedAt = (path: string) =>
            sent.status === 400 && sent.answer.fieldErrors?.[0]?.path === path ? null : `expected 400 at ${path}`;
          if (created && value.channelId === undefined) return refusedAt('/channelId');
          if (value.channelId !== undefined && !text.has(value.channelId)) return refusedAt('/channelId');
          if (created) {
            const { title = '', description = '', footer = '' } = value.panelData;
            if (messageCharacters([{ title, description, footer: { text: footer } }]) > EMBED_TOTAL_LIMIT) return null;
          }
          if (sent.status !== (created ? 201 : 200) || typeof sent.answer.message_id !== 'string') return `expected ${created ? 201 : 200}`;
          // Deleted again, so the run stays under the collection's cap.
          if (created) await owner.json(`/api/guild/${GUILD}/collections/panels/${sent.answer.id}`, { method: 'DELETE' });
          return null;
        },
        finish: () => [],
      };
    }
    if (['sendEmbedToChannel', 'sendEmbedToWebhook', 'getEmbedById', 'updateEmbed'].includes(route.operationId)) {
      // A well-formed message may still name no guild or channel, a guild that is unknown or not the user's, a channel
      // or message that is not there, or a URL that is no Discord webhook: each a refusal with its reason (400 with
      // fieldErrors, 403, 404), never a send.
      const before = sandbox.allPostedMessages().length;
      let sentCount = 0;
      return {
        async check(sent) {
          if (sent.status === 200 && sent.answer.success === true && typeof sent.answer.messageId === 'string') {
            if (route.operationId !== 'getEmbedById') sentCount += 1;
            return null;
          }
          if (sent.status === 400) return refusalProblem(sent);
          return [403, 404].includes(sent.status) && typeof sent.answer.error === 'string' ? null : 'expected 200, 400, 403 or 404';
        },
        finish() {
          const posted = sandbox.allPostedMessages().length - before;
          return route.operationId === 'sendEmbedToChannel' && posted < sentCount
            ? [`${sentCount} sends answered 200, ${posted} posted`]
            : [];
        },
      };
    }
    if (route.operationId === 'createPayment') {
      // A well-formed purchase may still name a guild that is not the owner's (403) or an amount that is not the price
      // (400 at /amount); one that is both right gets its payment link (200), or 502 should the provider refuse it.
      return {
        async check(sent) {
          if (sent.status === 200) return typeof sent.answer.paymentUrl === 'string' ? null : 'expected paymentUrl';
          if (sent.status === 400) return refusalProblem(sent);
          return [403, 502].includes(sent.status) && typeof sent.answer.error === 'string' ? null : 'expected 200, 400, 403 or 502';
        },
        finish: () => [],
      };
    }
    if (route.operationId === 'confirmPaymentCallback') {
      // Nobody but the provider can sign a callback: every well-formed one is a 400 that changes nothing.
      const before = await app.storage.records.get('payment-orders', orderId);
      return {
        check: async (sent) => refusalProblem(sent),
        async finish() {
          const after = await app.storage.records.get('payment-orders', orderId);
          return isDeepStrictEqual(after, before) ? [] : ['a forged callback changed the order'];
        },
      };
    }
    if (route.operationId === 'paymentWebhook') {
      // Signed bodies the schema takes are acknowledged (200), whatever event they carry: they name no order of ours.
      return {
        check: async (sent) => (sent.status === 200 && sent.answer.success === true ? null : 'expected 200'),
        finish: () => [],
      };
    }
    if (route.operationId === 'uploadTranscript') {
      // The bot's upload: 201, and what is stored is what was sent.
      return {
        async check(sent, value) {
          if (sent.status !== 201 || sent.answer.success !== true) return 'expected 201';
          const stored = await app.storage.records.get('transcript-bodies', sent.answer.transcript.id);
          return isDeepStrictEqual(stored?.data, value) ? null : `stored ${excerpt(JSON.stringify(stored?.data ?? null), 70)}`;
        },
        finish: () => [],
      };
    }
    if (route.operationId === 'uploadSettingsImage') {
      // A well-formed body's bytes are whatever the generator made: an image the field takes would be stored (200),
      // anything else is refused by its content, 400 at /data (or at /fileName for a name saying another image type).
      return {
        check: async (sent) =>
          sent.status === 200 && sent.answer.success === true
            ? null
            : sent.status === 400 && sent.answer.fieldErrors?.every((e: { path: string }) => e.path === '/data' || e.path === '/fileName')
              ? null
              : 'expected 200, or 400 at /data or /fileName',
        finish: () => [],
      };
    }
    if (route.operationId === 'addTicketCategory' || route.operationId === 'setDefaultTicketCategory') {
      // A well-formed body may still name a channel that is no category of the guild, one already listed, a default
      // outside its list, or a list that is full: those are refusals of the request, 400 with fieldErrors like any other.
      return {
        check: async (sent) =>
          sent.status === 200 && sent.answer.success === true ? null : sent.status === 400 ? refusalProblem(sent) : 'expected 200 or 400',
        finish: () => [],
      };
    }
    return { check: async (sent) => (sent.status >= 200 && sent.status < 300 ? null : 'expected 2xx'), finish: () => [] };
  }

  async function fuzz(route: RouteSpec): Promise<Report> {
    const started = performance.now();
    const report: Report = {
      route: route.name,
      sent: { valid: 0, boundary: 0, invalid: 0 },
      accepted: 0,
      refused: 0,
      statuses: {},
      failures: [],
      tally: new Map(),
      seconds: 0,
    };
    const ids = guildIdsOf(url(route));
    // Bodies aim at the guild's own ids, but not at PREVIEW_CHANNEL: the preview fuzz counts what lands there.
    const aim = { ...ids, channels: new Map([...ids.channels].filter(([id]) => id !== PREVIEW_CHANNEL)) };
    const cases: FuzzCase[] = fuzzCases(
      bodiesFor(aimedAt(route.schema, aim), route.fixed),
      route.operationId === 'uploadSettingsImage' ? IMAGE_UPLOAD_COUNTS : COUNTS,
      seedOf(route.name),
    );
    // The bot API takes the bot's credential and no session (backend/src/bot-api/bot-credential.ts), and reads larger bodies.
    const client = route.access === 'public' || route.access === 'bot' || route.access === 'provider' ? visitor : owner;
    const credential: Record<string, string> = route.access === 'bot' ? { authorization: `Bot ${app.config.botApiToken}` } : {};
    const bodyLimit =
      route.access === 'bot' ? BOT_BODY_LIMIT : route.operationId === 'uploadSettingsImage' ? IMAGE_UPLOAD_BODY_LIMIT : BODY_LIMIT;
    // Every route's cases are generated synchronously before any is sent, which can hold the event loop (the app's
    // too) for longer than the server's keep-alive timeout; the pooled sockets it then closes must be seen as closed
    // before a request reuses one, else the request fails with ECONNRESET. Two turns of the timers phase do that.
    // Kept: the closes have no event a test can wait on, and the routes of a group all generate before any of them
    // waits, so these 200 ms pass once per group (twice a run), not once per route.
    await new Promise((resolve) => setTimeout(resolve, 0));
    await new Promise((resolve) => setTimeout(resolve, 200));
    const expectation = await acceptance(route);
    let address = 0;
    for (const c of cases) {
      report.sent[c.kind] += 1;
      const text = expectation.prepare?.(c.text) ?? c.text;
      address += 1; // each request its own client address (TRUST_PROXY): per-address limits stay out of the way
      const res = await client.request(url(route), {
        method: route.method.toUpperCase(),
        body: text,
        headers: {
          ...credential,
          // The payment provider's webhook: each body signed as the provider signs it (an unsigned one is 401, api.test.ts).
          ...(route.access === 'provider'
            ? { 'x-razorpay-signature': createHmac('sha256', app.config.payments.webhookSecret).update(text).digest('hex') }
            : {}),
          'content-type': 'application/json',
          'x-forwarded-for': `10.9.${address >> 8}.${address & 255}`,
        },
      });
      const raw = await res.text();
      let answer: any;
      try {
        answer = JSON.parse(raw);
      } catch {
        answer = { error: `(not JSON) ${raw.slice(0, 60)}` };
      }
      const sent: Sent = { text, wire: JSON.parse(text), status: res.status, answer, res };
      report.statuses[res.status] = (report.statuses[res.status] ?? 0) + 1;

      const tooLarge = Buffer.byteLength(text) > bodyLimit;
      const judged: Verdict =
        tooLarge || hasUnsafeText(sent.wire) || nestingDepth(sent.wire) > MAX_BODY_DEPTH
          ? { ok: false }
          : withOwnReferences(oracleSafely(route, text), route, sent.wire, ids);
      const problem = tooLarge
        ? res.status === 413
          ? null
          : `expected 413 (over the ${bodyLimit}-byte limit)`
        : judged.ok
          ? await expectation.check(sent, judged.value)
          : refusalProblem(sent);
      await expectation.after?.(sent, judged.ok);
      if (judged.ok) report.accepted += 1;
      else report.refused += 1;
      if (problem) {
        const error = typeof answer?.error === 'string' ? ` ${answer.error.slice(0, 60)}` : '';
        report.failures.push(`${c.kind} | ${c.label} | ${excerpt(text)} -> ${res.status}${error} | ${problem}`);
        const key = `${res.status} ${problem.split(/ ?[(:]/)[0]} <- ${c.label.replace(/^\S*: /, '')}`;
        report.tally.set(key, (report.tally.get(key) ?? 0) + 1);
      }
    }
    report.failures.push(...(await expectation.finish()));
    report.seconds = (performance.now() - started) / 1000;
    return report;
  }

  beforeAll(async () => {
    // The test stands in for a proxy on loopback that names each client, so the contact form's 5 an hour per address
    // applies per fuzzed body rather than to the whole run.
    app = await startTestApp({ DATA_DIR: data.dir, TRUST_PROXY: 'loopback' });
    sandbox = app.app.get(DiscordSandboxService);
    owner = app.browser();
    await owner.signIn('demo-owner');
    const managed = (await owner.json('/api/user')).body.guilds.map((g: { id: string }) => g.id); // also primes XSRF-TOKEN
    expect(managed).toEqual(expect.arrayContaining([GUILD, SETTINGS_GUILD]));
    visitor = app.browser();
    await visitor.json('/api/schemas'); // an anonymous XSRF-TOKEN, as the contact page gets one
    // Saved embeds and sends are Custom Embeds (premium), and panels beyond the free tier's 2 need a plan.
    orderId = await buyPremium(owner, GUILD, 'unlimited', 'lifetime');
    for (const name of collectionNames) {
      const created = await owner.json(`/api/guild/${GUILD}/collections/${name}`, {
        method: 'POST',
        json: { item: sampleItem(name, PREVIEW_CHANNEL) },
      });
      expect(created.status).toBe(201);
      itemIds[name] = created.body.id;
    }
    // In a text channel of its own: the preview fuzz counts what lands in PREVIEW_CHANNEL.
    const panel = await owner.json(`/api/guild/${GUILD}/collections/panels`, {
      method: 'POST',
      json: { item: { channel_id: SANDBOX_GUILDS.community.channels.botCommands } },
    });
    expect(panel.status).toBe(201);
    deployedPanelId = panel.body.id;
    // Reverting it again and again is a save of the same value each time (no conflict), so every valid body is a 200.
    const basic = (await owner.json(`/api/guild/${GUILD}/settings/basic`)).body;
    const saved = await owner.json(`/api/guild/${GUILD}/settings/basic`, {
      method: 'PUT',
      json: { version: basic.version, settings: { ...basic.settings, prefix: '?' } },
    });
    expect(saved.status).toBe(200);
    entryId = (await owner.json(`/api/guild/${GUILD}/history?section=basic&limit=1`)).body.entries[0].id;

    const started = performance.now();
    // Import and clone after the rest: a boundary body's dryRun may be false (their own validator takes it), and then
    // they write the guilds' sections, which must not change under the saves and previews fuzzed meanwhile.
    const transfer = (route: RouteSpec) => route.operationId in TRANSFER_BODIES;
    const done = [
      ...(await Promise.all(routes.filter((route) => !transfer(route)).map(fuzz))),
      ...(await Promise.all(routes.filter(transfer).map(fuzz))),
    ];
    for (const report of done) reports.set(report.route, report);
    const total = ((performance.now() - started) / 1000).toFixed(1);
    console.log(
      [
        `fuzz: seed ${SEED} (FUZZ_SEED=${SEED} reproduces), ${routes.length} routes in ${total} s`,
        ...done.map(
          (r) =>
            `  ${r.route}: sent ${r.sent.valid} generated / ${r.sent.boundary} boundary / ${r.sent.invalid} invalid bodies;` +
            ` oracle accepted ${r.accepted}, refused ${r.refused}; statuses ${JSON.stringify(r.statuses)};` +
            ` ${r.failures.length} failures; ${r.seconds.toFixed(1)} s` +
            [...r.tally].map(([key, n]) => `\n    ${n} x ${key}`).join(''),
        ),
      ].join('\n'),
    );
    // Ten minutes: in CI, beside the suites that start and kill apps in processes of their own, it took 291 s; it checks
    // answers, not speed, so a loaded machine must not fail it.
  }, 600_000);
  afterAll(async () => {
    await app?.close();
    data.remove();
  });

  it.each(routes.map((r) => r.name))('%s: never 5xx, refuses every invalid body with 400, accepts every valid one', (name) => {
    const { failures, tally } = reports.get(name)!;
    const shown = failures.slice(0, SHOWN_FAILURES);
    const counted = [...tally].map(([key, n]) => `${n} x ${key}`).join('; ');
    if (failures.length > shown.length) shown.push(`... and ${failures.length - shown.length} more; in all: ${counted}`);
    expect(shown).toEqual([]);
  });
});

/** The oracle over the body as the server parses it; a body it cannot even walk (too deep) is one it refuses. */
/**
 * The validator's verdict, and the server's rules on top that only it can judge: an id of another guild, or a channel
 * of another type, is a 400 (issue 24 item 1); so is a bot report of something that happens later than now (item 7).
 */
/** How often GUILD's plan lets a schedule post: the Unlimited plan bought for it before the fuzz. */
const SCHEDULE_LIMIT = minimumScheduleInterval({ ends: { unlimited: null } });

function withOwnReferences(verdict: Verdict, route: RouteSpec, wire: unknown, ids: GuildIds): Verdict {
  if (!verdict.ok) return verdict;
  if (!referencesOwn(route.schema, wire, ids)) return { ok: false };
  // A schedule plan (x-schedule) the engine judges by its rules at the guild's plan, now (a cron that does not parse,
  // too often, a once time past, no run before the end date): the same refusal a body with another guild's id meets.
  const now = new Date();
  const { minutes: minimumMinutes, planName } = SCHEDULE_LIMIT;
  // A collection's and a section's oracle answer the item or settings alone, with their defaults: judged in the envelope.
  const id = route.operationId;
  const judged = id.startsWith('collection-')
    ? { item: verdict.value }
    : id.startsWith('settings:')
      ? { settings: verdict.value }
      : verdict.value;
  for (const { plan, field } of findSchedules(route.schema, judged))
    if (planProblems(plan as unknown as SchedulePlan, { now, minimumMinutes, planName, field }).length) return { ok: false };
  const times: readonly string[] = REPORTED_TIMES[route.operationId as keyof typeof REPORTED_TIMES] ?? [];
  const latest = Date.now() + BOT_CLOCK_SKEW_MS;
  if (times.some((field) => Date.parse(String((wire as Record<string, unknown>)[field])) > latest)) return { ok: false };
  return verdict;
}

function oracleSafely(route: RouteSpec, text: string): Verdict {
  try {
    return route.oracle(JSON.parse(text));
  } catch {
    return { ok: false };
  }
}
