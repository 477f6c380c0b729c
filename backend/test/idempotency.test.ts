import 'reflect-metadata';
import { priceFor } from '@guildhall/common/premium';
import { openapi } from '@guildhall/generated/openapi';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DiscordSandboxService } from '@guildhall/sandbox-discord/sandbox.service';
import { SANDBOX_GUILDS } from '@guildhall/sandbox-discord/seed';
import { SANDBOX_MEMBER_IDS, SANDBOX_USERS } from '@guildhall/sandbox-discord/seed';
import {
  claimId,
  fingerprintOf,
  IDEMPOTENCY_KEYS,
  KEY_IN_PROGRESS,
  IDEMPOTENCY_TTL_MS,
  type IdempotencyClaim,
  KEY_MALFORMED,
  KEY_REUSED,
  pruneIdempotencyKeys,
} from '../src/http/idempotency.js';
import { JOINDM_DELIVERIES } from '../src/joindms/joindms.service.js';
import { PAYMENT_ORDERS } from '../src/payments/orders.service.js';
import type { TestBrowser } from './support/browser.js';
import { startTestApp, tempDataDir } from './support/app.js';
import { ci, instancesOnPostgres, postgresBinaries } from './support/instances.js';
import { buyPremium } from './support/payments.js';

// Idempotency-Key (issue 33) over real HTTP: the app on PGlite (and two instances on one PostgreSQL server), the
// Discord sandbox keeping what the bot posts, the payment sandbox. Each retry of a create, an order, a send, an import
// or a deploy with the same key and body makes exactly one, and answers what the first answered.

type App = Awaited<ReturnType<typeof startTestApp>>;
const GUILD: string = SANDBOX_GUILDS.community.id;
const OTHER: string = SANDBOX_GUILDS.pixelPainters.id;
const CHANNELS = SANDBOX_GUILDS.community.channels;
const REPO = path.resolve(import.meta.dirname, '../..');
let keys = 0;
const newKey = () => `test-key-${process.pid}-${++keys}-${Math.random().toString(36).slice(2)}`;

/** A panel's create body: a title, and a channel of its guild (a panel needs one). */
const panel = (title: string, guild = GUILD, extra: object = {}) => ({
  item: { title, channel_id: guild === GUILD ? CHANNELS.general : SANDBOX_GUILDS.pixelPainters.channels.general, ...extra },
});
type Answer = { status: number; body: any; res: Response };
const keyed = (browser: TestBrowser, url: string, json: unknown, key?: string): Promise<Answer> =>
  browser.json(url, { method: 'POST', json, headers: key === undefined ? {} : { 'idempotency-key': key } });
const replayed = (answer: Answer) => answer.res.headers.get('idempotent-replayed');
/** What a client sees: the status and the body (every answer of one key the same). */
const seen = (answer: Answer) => ({ status: answer.status, body: answer.body });

describe('Idempotency-Key on the keyed POSTs over real HTTP (PGlite + Discord sandbox)', () => {
  const data = tempDataDir();
  let app: App;
  let owner: TestBrowser;
  let admin: TestBrowser;
  let sandbox: DiscordSandboxService;
  const panels = (guild = GUILD) => `/api/guild/${guild}/collections/panels`;
  const panelCount = async (guild = GUILD) => (await owner.json(panels(guild))).body.items.length as number;
  const messagesIn = (channel: string) => sandbox.messagesIn(channel).length;
  const sendChannel = (body: Record<string, unknown>, key?: string, browser = owner) =>
    keyed(browser, '/api/embed/send-channel', { guildId: GUILD, channelId: CHANNELS.general, ...body }, key);

  beforeAll(async () => {
    app = await startTestApp({ DATA_DIR: data.dir });
    sandbox = app.app.get(DiscordSandboxService);
    owner = app.browser();
    await owner.signIn('demo-owner');
    await owner.json('/api/user'); // primes the XSRF-TOKEN cookie
    admin = app.browser();
    await admin.signIn('demo-admin');
    await admin.json('/api/user');
    // Panels beyond the free tier's two and the embed builder's sends are premium: Unlimited, so only the keys count.
    for (const guild of [GUILD, OTHER]) await buyPremium(owner, guild, 'unlimited', 'lifetime');
  });
  afterAll(async () => {
    await app?.close();
    data.remove();
  });

  describe('a collection item (ticket panels)', () => {
    it('makes one panel for the same key and body sent twice: the retry answers the same 201 and body, marked replayed', async () => {
      const before = await panelCount();
      const key = newKey();
      const first = await keyed(owner, panels(), panel('Sequential'), key);
      const second = await keyed(owner, panels(), panel('Sequential'), key);
      expect(first.status).toBe(201);
      expect(replayed(first)).toBeNull();
      expect(seen(second)).toEqual(seen(first));
      expect(replayed(second)).toBe('true');
      expect(second.res.headers.get('content-type')).toMatch(/^application\/json/);
      expect(await panelCount()).toBe(before + 1);
    });

    it('makes one panel for 10 concurrent requests with one key: every answer the same status and body', async () => {
      const before = await panelCount();
      const key = newKey();
      const answers = await Promise.all(Array.from({ length: 10 }, () => keyed(owner, panels(), panel('Concurrent'), key)));
      expect(new Set(answers.map((a) => JSON.stringify(seen(a)))).size).toBe(1);
      expect(answers[0]!.status).toBe(201);
      expect(answers.filter((a) => replayed(a) === 'true')).toHaveLength(9);
      expect(await panelCount()).toBe(before + 1);
    });

    it('refuses the same key with another body with 422, making nothing', async () => {
      const key = newKey();
      await keyed(owner, panels(), panel('First body'), key);
      const before = await panelCount();
      const other = await keyed(owner, panels(), panel('Another body'), key);
      expect(other.status).toBe(422);
      expect(other.body).toEqual({ success: false, error: KEY_REUSED });
      // Another path (another collection's create) with the same key is another request too.
      const elsewhere = await keyed(owner, `/api/guild/${GUILD}/collections/scheduled-messages`, { item: { name: 'x' } }, key);
      expect(elsewhere.status).toBe(422);
      expect(await panelCount()).toBe(before);
    });

    it('takes a body whose keys come in another order as the same request', async () => {
      const before = await panelCount();
      const key = newKey();
      const first = await keyed(owner, panels(), panel('Ordered', GUILD, { button_label: 'Open' }), key);
      const second = await keyed(owner, panels(), { item: { button_label: 'Open', channel_id: CHANNELS.general, title: 'Ordered' } }, key);
      expect(seen(second)).toEqual(seen(first));
      expect(await panelCount()).toBe(before + 1);
    });

    it('keeps keys per user: another user with the same key makes their own panel', async () => {
      const before = await panelCount();
      const key = newKey();
      const mine = await keyed(owner, panels(), panel('Per user'), key);
      const theirs = await keyed(admin, panels(), panel('Per user'), key);
      expect([mine.status, theirs.status]).toEqual([201, 201]);
      expect(replayed(theirs)).toBeNull();
      expect(theirs.body.id).not.toBe(mine.body.id);
      expect(await panelCount()).toBe(before + 2);
    });

    it('keeps keys per guild: the same key in another guild makes a panel there', async () => {
      const [here, there] = [await panelCount(GUILD), await panelCount(OTHER)];
      const key = newKey();
      const a = await keyed(owner, panels(GUILD), panel('Per guild'), key);
      const b = await keyed(owner, panels(OTHER), panel('Per guild', OTHER), key);
      expect([a.status, b.status]).toEqual([201, 201]);
      expect(replayed(b)).toBeNull();
      expect([await panelCount(GUILD), await panelCount(OTHER)]).toEqual([here + 1, there + 1]);
    });

    it('without a key behaves as before: two creates make two panels', async () => {
      const before = await panelCount();
      const a = await keyed(owner, panels(), panel('No key'));
      const b = await keyed(owner, panels(), panel('No key'));
      expect([a.status, b.status]).toEqual([201, 201]);
      expect(replayed(b)).toBeNull();
      expect(await panelCount()).toBe(before + 2);
    });

    it('answers 400 for a malformed key (empty, too long, a space or a control character), making nothing', async () => {
      const before = await panelCount();
      for (const key of ['', 'x'.repeat(256), 'has space', 'tab\there', 'é-key']) {
        const res = await owner
          .request(panels(), {
            method: 'POST',
            json: panel('Malformed'),
            headers: { 'idempotency-key': key },
          })
          .catch(() => undefined);
        // fetch itself refuses a header value with a control or non-Latin-1 character: nothing was sent then.
        if (!res) continue;
        expect(res.status, JSON.stringify(key)).toBe(400);
        expect(await res.json()).toEqual({ success: false, error: KEY_MALFORMED });
      }
      expect(await keyed(owner, panels(), panel('Longest'), 'k'.repeat(255)).then((a) => a.status)).toBe(201);
      expect(await panelCount()).toBe(before + 1);
    });

    it('runs again for a key older than 24 hours (treated as absent), and the pruning job deletes expired keys', async () => {
      const before = await panelCount();
      const key = newKey();
      const first = await keyed(owner, panels(), panel('Expiring'), key);
      expect(first.status).toBe(201);
      // A day and a minute pass for this key: its record's time is moved back.
      const stored = (await app.storage.records.list<IdempotencyClaim>(IDEMPOTENCY_KEYS, { limit: 10_000 })).find((record) =>
        record.data.answer?.body.includes(first.body.id),
      )!;
      expect(stored.data.state).toBe('done');
      const dayAgo = new Date(Date.now() - IDEMPOTENCY_TTL_MS - 60_000).toISOString();
      expect((await app.storage.records.replace(IDEMPOTENCY_KEYS, stored.id, { ...stored.data, at: dayAgo }, stored.version)).ok).toBe(
        true,
      );
      const again = await keyed(owner, panels(), panel('Expiring'), key);
      expect(again.status).toBe(201);
      expect(replayed(again)).toBeNull();
      expect(again.body.id).not.toBe(first.body.id);
      expect(await panelCount()).toBe(before + 2);
      // The new answer is kept: a retry now replays it.
      expect(seen(await keyed(owner, panels(), panel('Expiring'), key))).toEqual(seen(again));

      // Pruning, a day later by the clock: every key this suite made so far is gone, and a new one is not.
      const count = () => app.storage.records.count(IDEMPOTENCY_KEYS);
      const held = await count();
      expect(held).toBeGreaterThan(5);
      expect(await pruneIdempotencyKeys(app.storage, () => new Date())).toBe(0);
      const later = () => new Date(Date.now() + IDEMPOTENCY_TTL_MS + 60_000);
      expect(await pruneIdempotencyKeys(app.storage, later)).toBe(held);
      expect(await count()).toBe(0);
    });

    it('replays a 400 validation answer, and does not keep a 5xx: the retry after a Discord failure runs', async () => {
      const key = newKey();
      const invalid = panel('x'.repeat(1000));
      const first = await keyed(owner, panels(), invalid, key);
      expect(first.status).toBe(400);
      const second = await keyed(owner, panels(), invalid, key);
      expect(seen(second)).toEqual(seen(first));
      expect(replayed(second)).toBe('true');

      // The bot cannot see the channel: Discord refuses, 502, and the key is free again.
      const channel = sandbox.channel(CHANNELS.staffChat)!;
      const overwrites = channel.permission_overwrites;
      const botRole = SANDBOX_GUILDS.community.roles.bot;
      const sendKey = newKey();
      const message = { channelId: CHANNELS.staffChat, embeds: [{ title: 'After a failure' }] };
      channel.permission_overwrites = [...overwrites.filter((o) => o.id !== botRole), { id: botRole, type: 0, allow: '0', deny: '3072' }];
      let failed: Answer;
      try {
        failed = await sendChannel(message, sendKey);
      } finally {
        channel.permission_overwrites = overwrites;
      }
      expect(failed.status).toBe(502);
      const before = messagesIn(CHANNELS.staffChat);
      const retried = await sendChannel(message, sendKey);
      expect(retried.status).toBe(200);
      expect(replayed(retried)).toBeNull();
      expect(messagesIn(CHANNELS.staffChat)).toBe(before + 1);
    });

    it('ignores the key of a request without a principal: signed out is 401 as before', async () => {
      const stranger = app.browser();
      await stranger.json('/api/user');
      const { status } = await keyed(stranger, panels(), panel('Nobody'), newKey());
      expect(status).toBe(401);
    });

    it('waits for the first request of a key still running and replays its answer; past 10 s, 409', async () => {
      const body = panel('Waited for');
      const key = newKey();
      const id = claimId(`user:${SANDBOX_USERS.demoOwner.id}`, GUILD, key);
      // Another instance claimed this key a moment ago and is still running it.
      const claim = await app.storage.records.insert<IdempotencyClaim>(IDEMPOTENCY_KEYS, {
        id,
        guildId: null,
        data: { fingerprint: fingerprintOf('POST', panels(), body), state: 'running', at: new Date().toISOString() },
      });
      const started = Date.now();
      const waiting = keyed(owner, panels(), body, key);
      await new Promise((resolve) => setTimeout(resolve, 300));
      const answer = {
        status: 201,
        body: '{"success":true,"id":"from-the-first"}',
        headers: { 'content-type': 'application/json; charset=utf-8' },
      };
      const done = { ...claim.data, state: 'done' as const, answer };
      expect((await app.storage.records.replace(IDEMPOTENCY_KEYS, id, done, claim.version)).ok).toBe(true);
      const replay = await waiting;
      expect(Date.now() - started).toBeGreaterThanOrEqual(300);
      expect(seen(replay)).toEqual({ status: 201, body: { success: true, id: 'from-the-first' } });
      expect(replayed(replay)).toBe('true');

      // A first request that does not finish within 10 s: 409, and the claim is left to it.
      const stuckKey = newKey();
      await app.storage.records.insert<IdempotencyClaim>(IDEMPOTENCY_KEYS, {
        id: claimId(`user:${SANDBOX_USERS.demoOwner.id}`, GUILD, stuckKey),
        guildId: null,
        data: { fingerprint: fingerprintOf('POST', panels(), body), state: 'running', at: new Date().toISOString() },
      });
      const before = await panelCount();
      const stuck = await keyed(owner, panels(), body, stuckKey);
      expect(stuck.status).toBe(409);
      expect(stuck.body).toEqual({ success: false, error: KEY_IN_PROGRESS });
      expect(await panelCount()).toBe(before);
    }, 20_000);

    it("takes over a claim left running for over a minute (a dead instance's) and runs", async () => {
      const body = panel('Taken over');
      const key = newKey();
      const id = claimId(`user:${SANDBOX_USERS.demoOwner.id}`, GUILD, key);
      await app.storage.records.insert<IdempotencyClaim>(IDEMPOTENCY_KEYS, {
        id,
        guildId: null,
        data: { fingerprint: fingerprintOf('POST', panels(), body), state: 'running', at: new Date(Date.now() - 61_000).toISOString() },
      });
      const before = await panelCount();
      const ran = await keyed(owner, panels(), body, key);
      expect(ran.status).toBe(201);
      expect(replayed(ran)).toBeNull();
      expect(await panelCount()).toBe(before + 1);
      expect((await app.storage.records.get<IdempotencyClaim>(IDEMPOTENCY_KEYS, id))!.data.state).toBe('done');
    });

    it('makes one duplicate for a retried duplicate', async () => {
      const made = await keyed(owner, panels(), panel('Original'));
      const before = await panelCount();
      const key = newKey();
      const url = `${panels()}/${made.body.id}/duplicate`;
      const answers = await Promise.all(
        Array.from({ length: 10 }, () => owner.json(url, { method: 'POST', headers: { 'idempotency-key': key } })),
      );
      expect(answers.map((a) => a.status)).toEqual(Array(10).fill(201));
      expect(new Set(answers.map((a) => a.body.id)).size).toBe(1);
      expect(await panelCount()).toBe(before + 1);
    });
  });

  describe('a payment order (/api/payments/create)', () => {
    const orders = () => app.storage.records.count(PAYMENT_ORDERS);
    const body = {
      planType: 'basic',
      period: 'monthly',
      guildId: OTHER,
      email: 'buyer@example.com',
      discordId: '1100000000000000101',
      amount: priceFor('basic', 'monthly'),
    };
    const order = (key: string) => keyed(owner, '/api/payments/create', body, key);

    it('makes one order for the same key sent twice and 10 times at once, every answer the same', async () => {
      const before = await orders();
      const key = newKey();
      const one = await order(key);
      const two = await order(key);
      expect(one.status, JSON.stringify(one.body)).toBe(200);
      expect(seen(two)).toEqual(seen(one));
      expect(replayed(two)).toBe('true');
      expect(await orders()).toBe(before + 1);

      const concurrentKey = newKey();
      const answers = await Promise.all(Array.from({ length: 10 }, () => order(concurrentKey)));
      expect(new Set(answers.map((a) => JSON.stringify(seen(a)))).size).toBe(1);
      expect(answers[0]!.status).toBe(200);
      expect(await orders()).toBe(before + 2);
    });
  });

  describe('a message send (the embed builder, to a channel)', () => {
    it('posts one message for the same key sent twice and 10 times at once', async () => {
      const before = messagesIn(CHANNELS.general);
      const key = newKey();
      const first = await sendChannel({ embeds: [{ title: 'Once only' }] }, key);
      const second = await sendChannel({ embeds: [{ title: 'Once only' }] }, key);
      expect(first.status).toBe(200);
      expect(seen(second)).toEqual(seen(first));
      expect(messagesIn(CHANNELS.general)).toBe(before + 1);

      const concurrentKey = newKey();
      const answers = await Promise.all(
        Array.from({ length: 10 }, () => sendChannel({ embeds: [{ title: 'Once, concurrently' }] }, concurrentKey)),
      );
      expect(new Set(answers.map((a) => a.body.messageId)).size).toBe(1);
      expect(answers.map((a) => a.status)).toEqual(Array(10).fill(200));
      expect(messagesIn(CHANNELS.general)).toBe(before + 2);
    });

    it('keeps the key per guild named in the body', async () => {
      const key = newKey();
      const here = await sendChannel({ embeds: [{ title: 'Per body guild' }] }, key);
      const there = await keyed(
        owner,
        '/api/embed/send-channel',
        { guildId: OTHER, channelId: SANDBOX_GUILDS.pixelPainters.channels.general, embeds: [{ title: 'Per body guild' }] },
        key,
      );
      expect([here.status, there.status]).toEqual([200, 200]);
      expect(replayed(there)).toBeNull();
    });
  });

  describe("the bot API's keyed POSTs (the bot's credential is the principal)", () => {
    it('records one Join DM delivery for a report sent twice with one key; without a key, two', async () => {
      const bot = { authorization: `Bot ${app.config.botApiToken}` };
      const url = `/api/bot/v1/guilds/${GUILD}/joindm-deliveries`;
      const report = { userId: SANDBOX_MEMBER_IDS['ava.chen'], ok: true, sentAt: new Date().toISOString() };
      const deliveries = () => app.storage.records.count(JOINDM_DELIVERIES, { guildId: GUILD });
      const before = await deliveries();
      const key = newKey();
      const send = (headers: Record<string, string>) => app.browser().json(url, { method: 'POST', json: report, headers });
      const first = await send({ ...bot, 'idempotency-key': key });
      const second = await send({ ...bot, 'idempotency-key': key });
      expect(first.status, JSON.stringify(first.body)).toBe(201);
      expect(seen(second)).toEqual(seen(first));
      expect(replayed(second)).toBe('true');
      expect(await deliveries()).toBe(before + 1);
      await send(bot);
      await send(bot);
      expect(await deliveries()).toBe(before + 3);
      // Without the credential the key is nobody's: 401 as before, never the bot's kept answer.
      const stranger = await send({ 'idempotency-key': key });
      expect(stranger.status).toBe(401);
      expect(replayed(stranger)).toBeNull();
    });
  });

  describe('an import and a deploy', () => {
    it('imports once for a retried import: one history entry per section, not two', async () => {
      const exported = (await owner.json(`/api/guild/${GUILD}/export`)).body;
      const key = newKey();
      const imports = async () => (await app.storage.history.list(GUILD, { limit: 500 })).filter((e) => e.action === 'import').length;
      const before = await imports();
      const answers = await Promise.all(
        Array.from({ length: 10 }, () => keyed(owner, `/api/guild/${GUILD}/import`, { document: exported }, key)),
      );
      expect(answers[0]!.status, JSON.stringify(answers[0]!.body)).toBe(200);
      expect(new Set(answers.map((a) => JSON.stringify(seen(a)))).size).toBe(1);
      const sections = answers[0]!.body.sections.length as number;
      expect(sections).toBeGreaterThan(3);
      expect((await imports()) - before).toBe(sections);
    });

    it('deploys a panel once for a retried deploy', async () => {
      const made = await keyed(owner, panels(), panel('Deploy me'));
      expect(made.status, JSON.stringify(made.body)).toBe(201);
      const before = messagesIn(CHANNELS.general);
      const key = newKey();
      const url = `/api/guild/${GUILD}/tickets/panels/${made.body.id}/deploy`;
      const answers = await Promise.all(Array.from({ length: 10 }, () => keyed(owner, url, {}, key)));
      expect(answers.map((a) => a.status)).toEqual(Array(10).fill(200));
      expect(messagesIn(CHANNELS.general)).toBe(before + 1);
    });
  });

  it('keeps its keys across a restart: a new app on the same DATA_DIR replays, making no second panel', async () => {
    const key = newKey();
    const first = await keyed(owner, panels(), panel('Before the restart'), key);
    expect(first.status).toBe(201);
    await app.close();
    app = await startTestApp({ DATA_DIR: data.dir });
    sandbox = app.app.get(DiscordSandboxService);
    // The session secret is kept in the database: the same cookies sign in the same users to the new instance.
    owner = Object.assign(app.browser(), { cookies: owner.cookies }) as TestBrowser;
    const before = await panelCount();
    const again = await keyed(owner, panels(), panel('Before the restart'), key);
    expect(seen(again)).toEqual(seen(first));
    expect(replayed(again)).toBe('true');
    expect(await panelCount()).toBe(before);
  });
});

describe('Idempotency-Key in the OpenAPI document: on every keyed operation, on no read-only POST', () => {
  const rows = JSON.parse(readFileSync(path.join(REPO, 'schemas/operations.json'), 'utf8')).operations as {
    path: string;
    method: string;
    operationId: string;
    idempotencyKey?: false;
  }[];
  const paths = openapi.paths as Record<string, Record<string, { parameters?: { $ref?: string }[]; responses?: object } | unknown>>;
  const declares = (p: string, method: string) =>
    ((paths[p]?.[method] as { parameters?: { $ref?: string }[] })?.parameters ?? []).some(
      (param) => param.$ref === '#/components/parameters/IdempotencyKey',
    );

  it('declares the header on each POST of the operations table but those marked idempotencyKey: false', () => {
    const posts = rows.filter((row) => row.method === 'post');
    const unkeyed = posts.filter((row) => row.idempotencyKey === false).map((row) => row.operationId);
    expect(unkeyed.sort()).toEqual(
      ['confirmPaymentCallback', 'getEmbedById', 'logout', 'paymentWebhook', 'previewSchedule', 'readBotSettingsBulk'].sort(),
    );
    for (const row of posts) expect(declares(row.path, 'post'), row.operationId).toBe(row.idempotencyKey !== false);
    for (const row of rows.filter((r) => r.method !== 'post')) expect(declares(row.path, row.method), row.operationId).toBe(false);
  });

  it("declares it on each collection's create and duplicate, on no other collection route", () => {
    const collectionPaths = Object.keys(paths).filter((p) => p.startsWith('/api/guild/{guildId}/collections/'));
    expect(collectionPaths.length).toBeGreaterThan(8);
    for (const p of collectionPaths)
      for (const method of Object.keys(paths[p]!).filter((m) => m !== 'parameters'))
        expect(declares(p, method), `${method} ${p}`).toBe(method === 'post');
  });

  it('describes the header: 24 hours, the replay, 422 for another body', () => {
    const parameter = (openapi as unknown as { components: { parameters: Record<string, { name: string; description: string }> } })
      .components.parameters.IdempotencyKey!;
    expect(parameter.name).toBe('Idempotency-Key');
    expect(parameter.description).toMatch(/24 hours/);
    expect(parameter.description).toMatch(/422/);
    expect(parameter.description).toMatch(/Idempotent-Replayed: true/);
  });
});

describe.skipIf(!postgresBinaries && !ci)('Idempotency-Key across two instances on one PostgreSQL server', () => {
  const instances = instancesOnPostgres(0);

  it('makes one panel for one key sent to two instances at once', async () => {
    const a = instances.first.browser();
    await a.signIn('demo-owner');
    await a.json('/api/user');
    await buyPremium(a, GUILD, 'unlimited', 'lifetime');
    // The same session on the second instance (one session secret, one database).
    const b = Object.assign(instances.second.browser(), { cookies: a.cookies }) as TestBrowser;
    const url = `/api/guild/${GUILD}/collections/panels`;
    const count = async () => (await a.json(url)).body.items.length as number;
    const before = await count();
    const key = newKey();
    const answers = await Promise.all(Array.from({ length: 10 }, (_, i) => keyed(i % 2 ? a : b, url, panel('Two instances'), key)));
    expect(answers.map((x) => x.status)).toEqual(Array(10).fill(201));
    expect(new Set(answers.map((x) => x.body.id)).size).toBe(1);
    expect(await count()).toBe(before + 1);
  });
});
