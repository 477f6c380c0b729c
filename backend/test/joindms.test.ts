/**
 * Join DMs (issue 12 items 5-7) over real HTTP against a real app (PGlite + the Discord sandbox): the settings through
 * the generic settings routes, the toggle, Send Test arriving in the sandbox's DM channel, the statistics counting
 * real deliveries, the bot API (delivery reports and settings reads), and the sandbox's simulated member join.
 */
import * as discord from 'discord-api-spec/zod';
import type { ZodMiniType } from 'zod/mini';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { BOT_NOT_IN_GUILD } from '../src/bot-api/bot-guild.guard.js';
import { IN_THE_FUTURE } from '../src/bot-api/bot-timestamps.js';
import { JOINDM_DELIVERIES, JOINDM_DELIVERY_CAP } from '../src/joindms/joindms.service.js';
import { DiscordSandboxService } from '@guildhall/sandbox-discord/sandbox.service';
import { SANDBOX_GUILDS, SANDBOX_MEMBER_IDS, SANDBOX_USERS } from '@guildhall/sandbox-discord/seed';
import type { TestBrowser } from './support/browser.js';
import { startTestApp, tempDataDir } from './support/app.js';

type App = Awaited<ReturnType<typeof startTestApp>>;
const GUILD = SANDBOX_GUILDS.community.id;
const OWNER = SANDBOX_USERS.demoOwner.id;

/** discord-api-spec's datetime check rejects offsets; Discord (and the sandbox) write +00:00 (see the conformance test). */
const utc = (value: unknown): unknown =>
  typeof value === 'string' && /^\d{4}-\d\d-\d\dT[\d:.]+\+00:00$/.test(value)
    ? value.replace(/\+00:00$/, 'Z')
    : Array.isArray(value)
      ? value.map(utc)
      : value && typeof value === 'object'
        ? Object.fromEntries(Object.entries(value).map(([k, v]) => [k, utc(v)]))
        : value;
const MessageSchema = (discord as unknown as Record<string, ZodMiniType>)['MessageResponseSchema']!;

describe('Join DMs over real HTTP (PGlite + Discord sandbox)', () => {
  const data = tempDataDir();
  let app: App;
  let owner: TestBrowser;
  let sandbox: DiscordSandboxService;
  let bot: Record<string, string>;

  const settingsPath = `/api/guild/${GUILD}/settings/joindms`;
  const load = async () => (await owner.json(settingsPath)).body as { version: number; settings: any };
  const save = async (settings: unknown) =>
    owner.json(settingsPath, { method: 'PUT', json: { version: (await load()).version, settings } });
  const stats = async () => (await owner.json(`/api/guild/${GUILD}/joindms/stats`)).body.stats;
  const sendTest = (browser = owner) => browser.json(`/api/guild/${GUILD}/joindms/test`, { method: 'POST' });
  const dmOf = (userId: string) =>
    sandbox.allPostedMessages().filter((m) => sandbox.channel(String(m['channel_id']))?.recipient_id === userId);
  const report = (json: unknown, headers: Record<string, string> = bot, guild: string = GUILD) =>
    app.browser().json(`/api/bot/v1/guilds/${guild}/joindm-deliveries`, { method: 'POST', json, headers });

  beforeAll(async () => {
    app = await startTestApp({ DATA_DIR: data.dir });
    sandbox = app.app.get(DiscordSandboxService);
    bot = { authorization: `Bot ${app.config.botApiToken}` };
    owner = app.browser();
    await owner.signIn('demo-owner');
    await owner.json('/api/user');
  });
  afterAll(async () => {
    await app?.close();
    data.remove();
  });
  beforeEach(async () => {
    sandbox.reset();
    expect((await app.storage.settings.put(GUILD, 'joindms', {}, (await load()).version)).ok).toBe(true);
    for (const r of await app.storage.records.list(JOINDM_DELIVERIES, { guildId: GUILD }))
      await app.storage.records.delete(JOINDM_DELIVERIES, r.id);
  });

  describe("settings through the generic settings routes (the spec's GET/POST /joindms)", () => {
    it("answers the spec's defaults: off, type embed, colour #068ADD, member avatar on, every variable on, test on", async () => {
      const { status, body } = await owner.json(settingsPath);
      expect(status).toBe(200);
      expect(body).toMatchObject({ success: true, section: 'joindms', version: expect.any(Number) });
      expect(body.settings).toMatchObject({
        enabled: false,
        message_type: 'embed',
        embed: { enabled: true, color: '#068ADD', thumbnail: true, image: '', author: { name: '', iconURL: '' } },
        variables: {
          member: { name: true, tag: true, mention: true, avatar: true, id: true, createdAt: true, joinedAt: true },
          server: { name: true, icon: true, members: true, id: true, owner: true },
        },
        test_enabled: true,
      });
    });

    it('keeps text, title, description and footer at their limits (2000, 256, 4096, 2048) and refuses one more, at its path', async () => {
      const { settings } = await load();
      const atLimit = {
        ...settings,
        message_type: 'both',
        content: 'c'.repeat(2000),
        embed: { ...settings.embed, title: 't'.repeat(256), description: 'd'.repeat(4096), footer: 'f'.repeat(2048) },
      };
      const ok = await save(atLimit);
      expect(ok.status).toBe(200);
      expect((await load()).settings.embed.description).toHaveLength(4096);
      const version = (await load()).version;
      for (const [path, over] of [
        ['/settings/content', { ...atLimit, content: 'c'.repeat(2001) }],
        ['/settings/embed/title', { ...atLimit, embed: { ...atLimit.embed, title: 't'.repeat(257) } }],
        ['/settings/embed/description', { ...atLimit, embed: { ...atLimit.embed, description: 'd'.repeat(4097) } }],
        ['/settings/embed/footer', { ...atLimit, embed: { ...atLimit.embed, footer: 'f'.repeat(2049) } }],
        ['/settings/message_type', { ...atLimit, message_type: 'carrier-pigeon' }],
        ['/settings/embed/image', { ...atLimit, embed: { ...atLimit.embed, image: 'javascript:alert(1)' } }],
      ] as const) {
        const { status, body } = await save(over);
        expect(status, path).toBe(400);
        expect(
          body.fieldErrors.map((e: { path: string }) => e.path),
          path,
        ).toContain(path);
      }
      // Nothing saved is lost.
      expect((await load()).version).toBe(version);
      expect((await load()).settings.content).toHaveLength(2000);
    });
  });

  describe('toggle', () => {
    it('flips enabled and saves a new version, keeping the rest', async () => {
      await save({ ...(await load()).settings, content: 'Kept' });
      const before = await load();
      const on = await owner.json(`/api/guild/${GUILD}/joindms/toggle`, { method: 'POST' });
      expect(on.status).toBe(200);
      expect(on.body).toMatchObject({
        success: true,
        message: 'Join DMs enabled',
        version: before.version + 1,
        settings: { enabled: true, content: 'Kept' },
      });
      const off = await owner.json(`/api/guild/${GUILD}/joindms/toggle`, { method: 'POST' });
      expect(off.body).toMatchObject({ message: 'Join DMs disabled', settings: { enabled: false } });
      expect((await load()).settings.enabled).toBe(false);
    });
  });

  describe('Send Test', () => {
    it("DMs the signed-in user the saved message, filled in for them; it arrives in the sandbox DM channel as Discord's message, and counts", async () => {
      const { settings } = await load();
      await save({ ...settings, enabled: true, message_type: 'both', content: 'Hi {member.mention}, welcome to {server.name}!' });
      const { status, body } = await sendTest();
      expect(status).toBe(200);
      expect(body).toEqual({ success: true, message: expect.stringMatching(/Test DM sent/) });
      const [dm, ...rest] = dmOf(OWNER);
      expect(rest).toEqual([]);
      expect(dm!['content']).toBe(`Hi <@${OWNER}>, welcome to ${SANDBOX_GUILDS.community.name}!`);
      const embed = (dm!['embeds'] as any[])[0];
      expect(embed).toMatchObject({
        title: `Welcome to ${SANDBOX_GUILDS.community.name}!`,
        color: 0x068add,
        thumbnail: { url: expect.stringMatching(/^https:\/\//) },
      });
      // Read back from the sandbox over HTTP, as Discord answers it, and validated against Discord's own schema.
      const channelId = String(dm!['channel_id']);
      const read = await owner.json(`/sandbox/discord/viewer/channels/${channelId}/messages`);
      const parsed = MessageSchema.safeParse(utc(read.body.messages[0]));
      expect(parsed.success, JSON.stringify(parsed.error?.issues)).toBe(true);
      expect(await stats()).toEqual({ total_sent: 1, successful_sent: 1, failed_sent: 0, last_sent: expect.any(String) });
    });

    it('a variable switched off stays as written', async () => {
      const { settings } = await load();
      await save({
        ...settings,
        enabled: true,
        message_type: 'message',
        content: '{member.id} on {server.id}',
        variables: { ...settings.variables, server: { ...settings.variables.server, id: false } },
      });
      expect((await sendTest()).status).toBe(200);
      expect(dmOf(OWNER)[0]!['content']).toBe(`${OWNER} on {server.id}`);
    });

    it('a user who does not accept DMs gets the clear message (502), and the attempt counts as failed', async () => {
      await save({ ...(await load()).settings, enabled: true });
      sandbox.user(OWNER)!.accepts_dms = false;
      const { status, body } = await sendTest();
      expect(status).toBe(502);
      expect(body).toEqual({ success: false, error: 'This user does not accept direct messages from the bot (their privacy settings).' });
      expect(dmOf(OWNER)).toEqual([]);
      expect(await stats()).toMatchObject({ total_sent: 1, successful_sent: 0, failed_sent: 1, last_sent: expect.any(String) });
    });

    it('disabled: 400 and nothing is sent or counted; Send Test switched off: 400 too', async () => {
      const disabled = await sendTest();
      expect(disabled.status).toBe(400);
      expect(disabled.body).toEqual({ success: false, error: expect.stringMatching(/disabled/) });
      await save({ ...(await load()).settings, enabled: true, test_enabled: false });
      expect((await sendTest()).status).toBe(400);
      expect(dmOf(OWNER)).toEqual([]);
      expect(await stats()).toEqual({ total_sent: 0, successful_sent: 0, failed_sent: 0, last_sent: null });
    });
  });

  describe('access', () => {
    it('signed out: 401; a plain member: 403; no CSRF header on a POST: 403, on every Join DM route', async () => {
      const anonymous = app.browser();
      await anonymous.json('/api/user'); // primes the CSRF cookie, so 401 is about the sign-in
      const member = app.browser();
      await member.signIn('demo-member');
      await member.json('/api/user');
      for (const [method, path] of [
        ['POST', 'toggle'],
        ['POST', 'test'],
        ['GET', 'stats'],
      ] as const) {
        const url = `/api/guild/${GUILD}/joindms/${path}`;
        expect((await anonymous.json(url, { method })).status, `${method} ${path} anonymous`).toBe(401);
        expect((await member.json(url, { method })).status, `${method} ${path} member`).toBe(403);
        if (method === 'POST') expect((await owner.json(url, { method, csrf: false })).status, `${path} no CSRF`).toBe(403);
      }
      expect((await load()).settings.enabled).toBe(false);
    });
  });

  describe('the bot API', () => {
    it('takes a delivery report with the bot credential (201) and counts it; refuses without it (401) or a session (401)', async () => {
      const sentAt = new Date().toISOString();
      const ok = await report({ userId: SANDBOX_MEMBER_IDS['ava.chen'], ok: true, sentAt });
      expect(ok.status, JSON.stringify(ok.body)).toBe(201);
      expect(ok.body).toEqual({
        success: true,
        delivery: { id: expect.any(String), userId: SANDBOX_MEMBER_IDS['ava.chen'], ok: true, sentAt },
      });
      const failed = await report({
        userId: SANDBOX_MEMBER_IDS['zara.ali'],
        ok: false,
        error: { code: 50007, reason: 'Cannot send messages to this user' },
        sentAt,
      });
      expect(failed.status).toBe(201);
      expect((await report({ userId: SANDBOX_MEMBER_IDS['ava.chen'], ok: true, sentAt }, {})).status).toBe(401);
      expect(
        (await report({ userId: SANDBOX_MEMBER_IDS['ava.chen'], ok: true, sentAt }, { authorization: 'Bot nope-nope-nope' })).status,
      ).toBe(401);
      const session = await owner.json(`/api/bot/v1/guilds/${GUILD}/joindm-deliveries`, {
        method: 'POST',
        json: { userId: OWNER, ok: true, sentAt },
      });
      expect(session.status).toBe(401);
      expect(await stats()).toEqual({ total_sent: 2, successful_sent: 1, failed_sent: 1, last_sent: sentAt });
    });

    it('refuses a bad report with 400 and the fields as sent', async () => {
      const { status, body } = await report({ userId: '12', ok: 'yes', sentAt: 'yesterday', extra: 1 });
      expect(status).toBe(400);
      const paths = body.fieldErrors.map((e: { path: string }) => e.path);
      expect(paths).toEqual(expect.arrayContaining(['/userId', '/ok', '/sentAt']));
      expect((await report({ userId: OWNER, ok: true, sentAt: new Date().toISOString() }, bot, 'not-a-guild')).status).toBe(400);
      expect(await stats()).toMatchObject({ total_sent: 0 });
    });

    it('a report for a guild without the bot, or one that does not exist: 404 with the reason, and nothing is kept', async () => {
      for (const guild of [SANDBOX_GUILDS.quietLibrary.id, '1100000000000099999']) {
        const { status, body } = await report({ userId: OWNER, ok: true, sentAt: new Date().toISOString() }, bot, guild);
        expect({ guild, status, body }).toEqual({ guild, status: 404, body: { success: false, error: BOT_NOT_IN_GUILD } });
        expect(await app.storage.records.count(JOINDM_DELIVERIES, { guildId: guild })).toBe(0);
        // The bot's settings read answers the same for a guild it is not in.
        expect((await app.browser().json(`/api/bot/v1/guilds/${guild}/settings/joindms`, { headers: bot })).status).toBe(404);
      }
    });

    it('a delivery sent more than 5 minutes ahead of the server clock: 400 at /sentAt, not counted; 4 minutes ahead (clock skew) is taken', async () => {
      const minutesAhead = (minutes: number) => new Date(Date.now() + minutes * 60 * 1000).toISOString();
      for (const sentAt of ['2999-01-01T00:00:00.000Z', minutesAhead(6)]) {
        const { status, body } = await report({ userId: OWNER, ok: true, sentAt });
        expect({ sentAt, status, fieldErrors: body.fieldErrors }).toEqual({
          sentAt,
          status: 400,
          fieldErrors: [{ path: '/sentAt', message: IN_THE_FUTURE }],
        });
      }
      expect(await stats()).toMatchObject({ total_sent: 0 });
      expect((await report({ userId: OWNER, ok: true, sentAt: minutesAhead(4) })).status).toBe(201);
    });

    it('keeps the newest deliveries per guild only (the cap)', async () => {
      for (let i = 0; i < JOINDM_DELIVERY_CAP; i++) {
        await app.storage.records.insert(JOINDM_DELIVERIES, {
          guildId: GUILD,
          data: { userId: OWNER, ok: true, sentAt: '2026-01-01T00:00:00.000Z', source: 'bot' },
        });
      }
      const sentAt = new Date().toISOString();
      expect((await report({ userId: OWNER, ok: false, sentAt })).status).toBe(201);
      expect(await stats()).toEqual({
        total_sent: JOINDM_DELIVERY_CAP,
        successful_sent: JOINDM_DELIVERY_CAP - 1,
        failed_sent: 1,
        last_sent: sentAt,
      });
    });

    it('the bot reads any section as the dashboard saved it (with the credential only); an unknown section is 404', async () => {
      await save({ ...(await load()).settings, content: 'Saved by the dashboard' });
      const { version } = await load();
      const read = await app.browser().json(`/api/bot/v1/guilds/${GUILD}/settings/joindms`, { headers: bot });
      expect(read.status).toBe(200);
      expect(read.body).toMatchObject({ success: true, section: 'joindms', version, settings: { content: 'Saved by the dashboard' } });
      expect((await app.browser().json(`/api/bot/v1/guilds/${GUILD}/settings/basic`, { headers: bot })).body).toMatchObject({
        section: 'basic',
      });
      expect((await app.browser().json(`/api/bot/v1/guilds/${GUILD}/settings/nope`, { headers: bot })).status).toBe(404);
      expect((await app.browser().json(`/api/bot/v1/guilds/${GUILD}/settings/joindms`)).status).toBe(401);
      expect((await owner.json(`/api/bot/v1/guilds/${GUILD}/settings/joindms`)).status).toBe(401);
    });
  });

  describe("the sandbox viewer's Simulate member join", () => {
    const simulate = (json: unknown = {}) => owner.json(`/sandbox/discord/viewer/guilds/${GUILD}/simulate-join`, { method: 'POST', json });

    it('DMs the member the saved Join DM rendered for them and reports it: the counters move', async () => {
      const { settings } = await load();
      await save({ ...settings, enabled: true, embed: { ...settings.embed, title: 'Hello {member.name}' } });
      const ava = SANDBOX_MEMBER_IDS['ava.chen']!;
      const { status, body } = await simulate({ userId: ava });
      expect(status, JSON.stringify(body)).toBe(201);
      expect(body).toMatchObject({ success: true, join: { userId: ava, userName: 'ava.chen', sent: true, ok: true } });
      const [dm] = dmOf(ava);
      expect((dm!['embeds'] as any[])[0]).toMatchObject({ title: 'Hello Ava (mod)' /* her nickname in the guild */, color: 0x068add });
      expect(await stats()).toMatchObject({ total_sent: 1, successful_sent: 1, failed_sent: 0 });
      // Without a member named, the guild's members take turns.
      expect((await simulate()).body.join).toMatchObject({ sent: true });
      expect((await stats()).total_sent).toBe(2);
    });

    it('a member with DMs closed: nothing arrives, a failed delivery (50007) is reported', async () => {
      await save({ ...(await load()).settings, enabled: true });
      const zara = SANDBOX_MEMBER_IDS['zara.ali']!;
      const { body } = await simulate({ userId: zara });
      expect(body.join).toMatchObject({ sent: true, ok: false, error: { code: 50007 } });
      expect(dmOf(zara)).toEqual([]);
      expect(await stats()).toMatchObject({ total_sent: 1, successful_sent: 0, failed_sent: 1 });
    });

    it('Join DMs off: the bot sends and reports nothing', async () => {
      const { body } = await simulate({ userId: SANDBOX_MEMBER_IDS['ava.chen'] });
      expect(body.join).toMatchObject({ sent: false });
      expect((await stats()).total_sent).toBe(0);
    });
  });
});
