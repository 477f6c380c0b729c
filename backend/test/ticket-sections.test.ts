import 'reflect-metadata';
import { publishedSchemas } from '@guildhall/generated/schemas';
import { sections } from '@guildhall/generated/sections';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SANDBOX_GUILDS } from '@guildhall/sandbox-discord/seed';
import type { TestBrowser } from './support/browser.js';
import { startTestApp, tempDataDir } from './support/app.js';

/**
 * Issue 11, item 1: the ticket general settings, ticket limits and transcript settings sections over real HTTP. Every
 * numeric bound of each schema is tried at both edges (read from the published schema, so a changed bound changes the
 * test), with unknown properties, a bad enum and foreign webhook URLs: a refusal is 400 with the field's path under
 * /settings, and the stored document is exactly what it was.
 */
type App = Awaited<ReturnType<typeof startTestApp>>;
type Json = Record<string, any>;
const GUILD = SANDBOX_GUILDS.community.id;
const ROLES = SANDBOX_GUILDS.community.roles;
const TICKET_SECTIONS = ['ticket-general', 'ticket-limits', 'transcripts'] as const;
type TicketSection = (typeof TICKET_SECTIONS)[number];

/** The spec's defaults for the three ticket sections, verbatim. */
const SPEC_DEFAULTS: Record<TicketSection, Json> = {
  'ticket-general': {
    support_team_roles: null,
    additional_roles: [],
    two_step_close: true,
    two_step_ticket: true,
    auto_pin_ticket: false,
    ticket_padding: '4',
  },
  'ticket-limits': {
    maxTicketsPerUser: 3,
    maxOpenTickets: 50,
    rateLimitEnabled: true,
    cooldownPeriod: 300,
    autoCloseInactive: true,
    inactiveThreshold: 7,
    userLimits: { default: 3, premium: 5, vip: 10 },
    roleLimits: {},
  },
  transcripts: {
    enabled: true,
    autoGenerate: true,
    includeAttachments: true,
    format: 'html',
    retentionDays: 30,
    webhookUrl: '',
    dmUser: false,
    logChannel: null,
  },
};

/** The spec's bounds for ticket limits and transcript retention, so the schema cannot drift from them unnoticed. */
const SPEC_BOUNDS: Record<string, [number, number]> = {
  '/maxTicketsPerUser': [1, 20],
  '/maxOpenTickets': [10, 200],
  '/cooldownPeriod': [60, 3600],
  '/inactiveThreshold': [1, 30],
  '/retentionDays': [1, 365],
};

const schemaOf = (section: TicketSection) => publishedSchemas[sections[section].schemaName] as Json;

interface Bound {
  pointer: string;
  minimum: number;
  maximum: number;
}

/** Every number of a section's published schema with its bounds; a map's values are tried under one real role. */
function numericBounds(section: TicketSection): Bound[] {
  const root = schemaOf(section);
  const resolve = (schema: Json): Json =>
    typeof schema.$ref === 'string' && schema.$ref.startsWith('#/')
      ? { ...resolve(pointerGet(root, schema.$ref.slice(1))), ...schema }
      : schema;
  const found: Bound[] = [];
  const walk = (raw: Json, pointer: string) => {
    const schema = resolve(raw);
    if (schema.type === 'integer' || schema.type === 'number') found.push({ pointer, minimum: schema.minimum, maximum: schema.maximum });
    for (const [key, child] of Object.entries<Json>(schema.properties ?? {})) walk(child, `${pointer}/${key}`);
    if (schema.additionalProperties && typeof schema.additionalProperties === 'object')
      walk(schema.additionalProperties, `${pointer}/${ROLES.moderator}`);
  };
  walk(root, '');
  return found;
}

function pointerGet(doc: Json, pointer: string): any {
  return pointer
    .split('/')
    .slice(1)
    .reduce<any>((node, token) => node?.[token], doc);
}
function pointerSet(doc: Json, pointer: string, value: unknown): Json {
  const copy = structuredClone(doc);
  const tokens = pointer.split('/').slice(1);
  const last = tokens.pop()!;
  const parent = tokens.reduce<any>((node, token) => (node[token] ??= {}), copy);
  parent[last] = value;
  return copy;
}

describe('ticket sections over real HTTP (PGlite + Discord sandbox)', () => {
  const data = tempDataDir();
  let app: App;
  let owner: TestBrowser;

  const pathOf = (section: TicketSection) => `/api/guild/${GUILD}/settings/${section}`;
  const load = async (section: TicketSection) => (await owner.json(pathOf(section))).body as { version: number; settings: Json };
  const put = async (section: TicketSection, settings: unknown) => {
    const { version } = await load(section);
    return owner.json(pathOf(section), { method: 'PUT', json: { version, settings } });
  };
  /** A refused save: 400, `fieldErrors` naming `path`, and the stored document (settings and version) as it was. */
  const expectRefused = async (section: TicketSection, settings: unknown, path: string) => {
    const before = await load(section);
    const { status, body } = await owner.json(pathOf(section), { method: 'PUT', json: { version: before.version, settings } });
    expect(status, `${section} ${JSON.stringify(settings)}`).toBe(400);
    expect(body.success).toBe(false);
    expect(body.fieldErrors.map((e: { path: string }) => e.path)).toContain(path);
    for (const error of body.fieldErrors) expect(typeof error.message).toBe('string');
    expect(await load(section)).toEqual(before);
    return body.fieldErrors as { path: string; message: string }[];
  };
  const expectKept = async (section: TicketSection, settings: Json) => {
    const { status, body } = await put(section, settings);
    expect(status, `${section} ${JSON.stringify(body)}`).toBe(200);
    // Kept as sent; a field the test does not name reads as its default, as the server fills it in.
    expect((await load(section)).settings).toEqual({ ...sections[section].defaults, ...settings });
  };

  beforeAll(async () => {
    app = await startTestApp({ DATA_DIR: data.dir });
    owner = app.browser();
    await owner.signIn('demo-owner');
    await owner.json('/api/user'); // primes the XSRF-TOKEN cookie
  });
  afterAll(async () => {
    await app?.close();
    data.remove();
  });

  it.each(TICKET_SECTIONS)('%s answers the spec defaults on the first GET (version 0)', async (section) => {
    const { status, body } = await owner.json(pathOf(section));
    expect(status).toBe(200);
    expect(body).toMatchObject({ success: true, section, version: 0 });
    // The schema's defaults, among them the spec's.
    expect(body.settings).toEqual(sections[section].defaults);
    expect(body.settings).toMatchObject(SPEC_DEFAULTS[section]);
  });

  it('serves each section at the path the spec names for its page', () => {
    expect(sections['ticket-general'].path).toBe('tickets/general');
    expect(sections['ticket-limits'].path).toBe('tickets/limits');
    expect(sections.transcripts.path).toBe('tickets/transcript');
  });

  it("the schemas hold the spec's bounds", () => {
    const all = [...numericBounds('ticket-limits'), ...numericBounds('transcripts')];
    for (const [pointer, bounds] of Object.entries(SPEC_BOUNDS)) {
      expect(
        all.find((b) => b.pointer === pointer),
        pointer,
      ).toMatchObject({ minimum: bounds[0], maximum: bounds[1] });
    }
  });

  describe.each(TICKET_SECTIONS)('%s: every numeric bound at both edges', (section) => {
    const bounds = numericBounds(section);
    if (bounds.length === 0) {
      it('has no numbers', () => expect(section).toBe('ticket-general'));
      return;
    }
    it.each(bounds)('$pointer keeps $minimum and $maximum, refuses one below and one above', async ({ pointer, minimum, maximum }) => {
      expect(Number.isInteger(minimum) && Number.isInteger(maximum)).toBe(true);
      const base = SPEC_DEFAULTS[section];
      await expectKept(section, pointerSet(base, pointer, minimum));
      await expectKept(section, pointerSet(base, pointer, maximum));
      const below = await expectRefused(section, pointerSet(base, pointer, minimum - 1), `/settings${pointer}`);
      const above = await expectRefused(section, pointerSet(base, pointer, maximum + 1), `/settings${pointer}`);
      // The message names the range from the schema, never a stale literal.
      expect(below.find((e) => e.path === `/settings${pointer}`)!.message).toContain(String(minimum));
      expect(above.find((e) => e.path === `/settings${pointer}`)!.message).toContain(String(maximum));
      await expectRefused(section, pointerSet(base, pointer, minimum + 0.5), `/settings${pointer}`);
      await expectRefused(section, pointerSet(base, pointer, String(minimum)), `/settings${pointer}`);
    });
  });

  it.each(TICKET_SECTIONS)('%s refuses an unknown setting, naming it', async (section) => {
    const errors = await expectRefused(section, { ...SPEC_DEFAULTS[section], surprise: true }, '/settings/surprise');
    expect(errors).toContainEqual({ path: '/settings/surprise', message: 'Unknown setting: surprise' });
  });

  it('ticket limits refuses an unknown tier', async () => {
    const base = SPEC_DEFAULTS['ticket-limits'];
    await expectRefused('ticket-limits', { ...base, userLimits: { ...base.userLimits, gold: 7 } }, '/settings/userLimits/gold');
  });

  it('ticket limits keeps the cooldown and inactive threshold bounded while they are hidden', async () => {
    const base = SPEC_DEFAULTS['ticket-limits'];
    await expectRefused('ticket-limits', { ...base, rateLimitEnabled: false, cooldownPeriod: 59 }, '/settings/cooldownPeriod');
    await expectRefused('ticket-limits', { ...base, rateLimitEnabled: false, cooldownPeriod: 3601 }, '/settings/cooldownPeriod');
    await expectRefused('ticket-limits', { ...base, autoCloseInactive: false, inactiveThreshold: 0 }, '/settings/inactiveThreshold');
    await expectRefused('ticket-limits', { ...base, autoCloseInactive: false, inactiveThreshold: 31 }, '/settings/inactiveThreshold');
    await expectKept('ticket-limits', {
      ...base,
      rateLimitEnabled: false,
      autoCloseInactive: false,
      cooldownPeriod: 3600,
      inactiveThreshold: 30,
    });
  });

  it('ticket limits maps roles to limits: role ids only, a bounded number of them', async () => {
    const base = SPEC_DEFAULTS['ticket-limits'];
    await expectKept('ticket-limits', { ...base, roleLimits: { [ROLES.moderator]: 5, [ROLES.booster]: 1 } });
    await expectRefused('ticket-limits', { ...base, roleLimits: { moderators: 5 } }, '/settings/roleLimits');
    const max = schemaOf('ticket-limits').properties.roleLimits.maxProperties as number;
    expect(max).toBeGreaterThanOrEqual(250);
    const many = Object.fromEntries(Array.from({ length: max + 1 }, (_, i) => [String(10n ** 17n + BigInt(i)), 1]));
    await expectRefused('ticket-limits', { ...base, roleLimits: many }, '/settings/roleLimits');
  });

  it('transcripts refuses a format that is not html, txt or json', async () => {
    const errors = await expectRefused('transcripts', { ...SPEC_DEFAULTS.transcripts, format: 'pdf' }, '/settings/format');
    expect(errors).toContainEqual({ path: '/settings/format', message: 'Format must be HTML, plain text or JSON' });
    for (const format of ['html', 'txt', 'json']) await expectKept('transcripts', { ...SPEC_DEFAULTS.transcripts, format });
  });

  it('transcripts takes Discord webhook URLs (or none) and refuses every other address', async () => {
    const base = SPEC_DEFAULTS.transcripts;
    const token = 'a'.repeat(68);
    for (const webhookUrl of [
      `https://discord.com/api/webhooks/123456789012345678/${token}`,
      `https://canary.discord.com/api/webhooks/123456789012345678/${token}`,
      `https://ptb.discordapp.com/api/webhooks/12345678901234567890/Ab_-9`,
      '',
    ]) {
      await expectKept('transcripts', { ...base, webhookUrl });
    }
    for (const webhookUrl of [
      `https://evil.example/api/webhooks/123456789012345678/${token}`,
      `http://discord.com/api/webhooks/123456789012345678/${token}`,
      `https://discord.com.evil.example/api/webhooks/123456789012345678/${token}`,
      `https://discord.com/api/webhooks/123456789012345678/${token}?wait=true`,
      `https://discord.com/api/webhooks/123456789012345678/${token}\nhttps://evil.example`,
      `https://discord.com/api/webhooks/123/${token}`,
      `https://discord.com/api/webhooks/123456789012345678/${'a'.repeat(240)}`,
      'not a url',
    ]) {
      const errors = await expectRefused('transcripts', { ...base, webhookUrl }, '/settings/webhookUrl');
      expect(errors.find((e) => e.path === '/settings/webhookUrl')!.message).toMatch(/webhook URL/i);
    }
  });

  it('transcripts takes a text channel or none as its log channel, and nothing else', async () => {
    const base = SPEC_DEFAULTS.transcripts;
    await expectKept('transcripts', { ...base, logChannel: SANDBOX_GUILDS.community.channels.general });
    await expectRefused('transcripts', { ...base, logChannel: 'general' }, '/settings/logChannel');
  });

  it('ticket general keeps roles once each, and a padding of 1 to 10 digits as text', async () => {
    const base = SPEC_DEFAULTS['ticket-general'];
    await expectKept('ticket-general', {
      ...base,
      support_team_roles: ROLES.moderator,
      additional_roles: [ROLES.eventHost, ROLES.regular],
    });
    await expectRefused('ticket-general', { ...base, additional_roles: [ROLES.regular, ROLES.regular] }, '/settings/additional_roles');
    await expectRefused('ticket-general', { ...base, additional_roles: ['regular'] }, '/settings/additional_roles/0');
    await expectRefused('ticket-general', { ...base, support_team_roles: 'support' }, '/settings/support_team_roles');
    for (const ticket_padding of ['1', '10']) await expectKept('ticket-general', { ...base, ticket_padding });
    for (const ticket_padding of ['0', '11', '', '04', 'four'])
      await expectRefused('ticket-general', { ...base, ticket_padding }, '/settings/ticket_padding');
    await expectRefused('ticket-general', { ...base, ticket_padding: 4 }, '/settings/ticket_padding');
  });

  it.each(TICKET_SECTIONS)('%s refuses a switch that is not on or off', async (section) => {
    const base = SPEC_DEFAULTS[section];
    const toggle = Object.keys(base).find((key) => typeof base[key] === 'boolean')!;
    await expectRefused(section, { ...base, [toggle]: 'yes' }, `/settings/${toggle}`);
  });
});
