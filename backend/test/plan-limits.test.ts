import 'reflect-metadata';
import { addMonths } from '@guildhall/common/premium';
import { collections } from '@guildhall/generated/collections';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAYMENT_ORDERS, type PaymentOrderRecord } from '../src/payments/orders.service.js';
import { WEBHOOK_EVENTS } from '../src/payments/payment-webhooks.service.js';
import { GUILD_PREMIUM, type GuildPremiumRecord } from '../src/payments/premium.service.js';
import { PaymentSandboxService } from '@guildhall/sandbox-razorpay';
import { SANDBOX_GUILDS } from '@guildhall/sandbox-discord/seed';
import type { TestBrowser } from './support/browser.js';
import { startTestApp, tempDataDir } from './support/app.js';
import { ci, instancesOnPostgres, postgresBinaries } from './support/instances.js';
import { buyPremium, checkout, createOrder, postWebhook } from './support/payments.js';

// Plan limits and premium features over real HTTP: what a guild may create follows its plan (bought through the
// payment sandbox), read from the dates on every request; the expiry job only records the return to the free tier.

type App = Awaited<ReturnType<typeof startTestApp>>;
const FREE: string = SANDBOX_GUILDS.community.id;
const CHANNEL = SANDBOX_GUILDS.community.channels.general;
const UNLIMITED: string = SANDBOX_GUILDS.pixelPainters.id;
const UNLIMITED_CHANNEL = SANDBOX_GUILDS.pixelPainters.channels.general;
const DAY = 24 * 60 * 60 * 1000;
const PREMIUM_ONLY = 'Custom Embeds is a premium feature. Upgrade to premium to unlock this feature.';
const FREE_LIMIT = {
  feature: 'Ticket Panel',
  planName: 'Free',
  max: 2,
  upgrade: { plan: 'standard', planName: 'Standard', max: 4 },
};

describe('plan limits and premium features over real HTTP (PGlite + Discord sandbox + payment sandbox)', () => {
  const data = tempDataDir();
  let app: App;
  let owner: TestBrowser;
  /** How far the app's clock is ahead of the real one. */
  let ahead = 0;

  const panels = (guild: string) => `/api/guild/${guild}/collections/panels`;
  const embeds = (guild: string) => `/api/guild/${guild}/collections/embeds`;
  const createPanel = (guild = FREE, channel = CHANNEL) =>
    owner.json(panels(guild), { method: 'POST', json: { item: { channel_id: channel } } });
  const savedEmbed = { name: 'Rules', message: { embeds: [{ title: 'Rules' }] } };
  const sendEmbed = (guild: string, channelId: string) =>
    owner.json('/api/embed/send-channel', {
      method: 'POST',
      json: { guildId: guild, channelId, content: 'Hello', embeds: [{ title: 'Hello' }] },
    });
  const premiumOf = async (guild: string) => (await app.storage.records.get<GuildPremiumRecord>(GUILD_PREMIUM, guild))?.data;

  beforeAll(async () => {
    app = await startTestApp({ DATA_DIR: data.dir }, { clock: () => new Date(Date.now() + ahead) });
    owner = app.browser();
    await owner.signIn('demo-owner');
    await owner.json('/api/user'); // primes the XSRF-TOKEN cookie
  });
  afterAll(async () => {
    await app?.close();
    data.remove();
  });

  it('locks Custom Embeds on the free tier: saved embeds list (premium false) but cannot be created, and the builder cannot send', async () => {
    const listed = await owner.json(embeds(FREE));
    expect(listed).toMatchObject({ status: 200, body: { success: true, items: [], premium: false } });
    const created = await owner.json(embeds(FREE), { method: 'POST', json: { item: savedEmbed } });
    expect(created).toMatchObject({ status: 403, body: { success: false, error: PREMIUM_ONLY } });
    expect(await app.storage.records.count(collections.embeds.storageKey, { guildId: FREE })).toBe(0);
    const sent = await sendEmbed(FREE, CHANNEL);
    expect(sent).toMatchObject({ status: 403, body: { success: false, error: PREMIUM_ONLY } });
    // Loading a message stays free (this one is not there: 404, not the premium refusal).
    const read = await owner.json('/api/embed/get-by-id', { method: 'POST', json: { messageId: '1100000000000000999', guildId: FREE } });
    expect(read.status).toBe(404);
    // A body the route refuses is still a 400 first.
    expect((await owner.json('/api/embed/send-channel', { method: 'POST', json: { guildId: FREE, nope: 1 } })).status).toBe(400);
  });

  it('lets a free guild create 2 panels; the third is 403 naming the plan that allows more, and nothing is stored', async () => {
    expect((await owner.json(panels(FREE))).body.planLimit).toEqual(FREE_LIMIT);
    expect((await createPanel()).status).toBe(201);
    const second = await createPanel();
    expect(second.status).toBe(201);
    const third = await createPanel();
    expect(third).toMatchObject({
      status: 403,
      body: {
        success: false,
        error: "Your server's Free plan allows 2 ticket panels. Upgrade to Standard to create up to 4.",
        planLimit: FREE_LIMIT,
      },
    });
    const copy = await owner.json(`${panels(FREE)}/${second.body.id}/duplicate`, { method: 'POST' });
    expect(copy).toMatchObject({ status: 403, body: { planLimit: FREE_LIMIT } });
    expect(await app.storage.records.count(collections.panels.storageKey, { guildId: FREE })).toBe(2);
    const premium = await owner.json(`/api/guild/${FREE}/premium`);
    expect(premium.body).toEqual({
      success: true,
      premium: { plan: null, planName: 'Free', endsAt: null },
      limits: [
        { collection: 'panels', used: 2, limit: FREE_LIMIT },
        {
          collection: 'scheduled-messages',
          used: 0,
          limit: { feature: 'Scheduled Messages', planName: 'Free', max: 3, upgrade: { plan: 'standard', planName: 'Standard', max: 10 } },
        },
      ],
    });
  });

  it('after buying Standard the guild creates up to 4 panels and saves embeds; /api/user and the premium route show the plan', async () => {
    await buyPremium(owner, FREE, 'standard', 'monthly');
    const end = (await premiumOf(FREE))!.ends.intermediate;
    const standard = {
      feature: 'Ticket Panel',
      planName: 'Standard',
      max: 4,
      upgrade: { plan: 'unlimited', planName: 'Unlimited', max: null },
    };
    expect((await owner.json(panels(FREE))).body.planLimit).toEqual(standard);
    expect((await createPanel()).status).toBe(201);
    expect((await createPanel()).status).toBe(201);
    expect(await createPanel()).toMatchObject({
      status: 403,
      body: {
        error: "Your server's Standard plan allows 4 ticket panels. Upgrade to Unlimited to create as many as you like.",
        planLimit: standard,
      },
    });
    expect((await owner.json(embeds(FREE), { method: 'POST', json: { item: savedEmbed } })).status).toBe(201);
    expect((await owner.json(embeds(FREE))).body.premium).toBe(true);
    expect((await sendEmbed(FREE, CHANNEL)).status).toBe(200);

    const plan = { plan: 'standard', planName: 'Standard', endsAt: end };
    expect((await owner.json(`/api/guild/${FREE}/premium`)).body).toMatchObject({
      premium: plan,
      limits: [
        { collection: 'panels', used: 4 },
        { collection: 'scheduled-messages', used: 0, limit: { planName: 'Standard', max: 10 } },
      ],
    });
    const guilds = (await owner.json('/api/user')).body.guilds as { id: string; premium?: unknown; settingsUrl: string }[];
    expect(guilds.find((g) => g.id === FREE)!.premium).toEqual(plan);
    // Guilds without the bot have no dashboard, and no plan shown.
    expect(guilds.filter((g) => !g.settingsUrl.endsWith('/dashboard')).every((g) => g.premium === undefined)).toBe(true);
  });

  it('on Unlimited only the item cap bounds panels (409 at 100)', async () => {
    await buyPremium(owner, UNLIMITED, 'unlimited', 'lifetime');
    expect((await owner.json(panels(UNLIMITED))).body.planLimit).toEqual({
      feature: 'Ticket Panel',
      planName: 'Unlimited',
      max: null,
      upgrade: null,
    });
    const item = { ...collections.panels.defaults, channel_id: UNLIMITED_CHANNEL };
    for (let n = 0; n < collections.panels.itemCap - 1; n++)
      await app.storage.records.insert(collections.panels.storageKey, { guildId: UNLIMITED, data: item });
    expect((await createPanel(UNLIMITED, UNLIMITED_CHANNEL)).status).toBe(201);
    expect(await createPanel(UNLIMITED, UNLIMITED_CHANNEL)).toMatchObject({ status: 409, body: { cap: 100 } });
  });

  it('when the plan ends the free limit is back at once (existing panels and settings stay); the expiry job records it once', async () => {
    const settingsBefore = await owner.json(`/api/guild/${FREE}/settings/basic`);
    const storedBefore = await app.storage.records.list(collections.panels.storageKey, { guildId: FREE });
    ahead = 32 * DAY;
    expect((await owner.json(panels(FREE))).body).toMatchObject({ items: expect.any(Array), planLimit: FREE_LIMIT });
    expect((await owner.json(panels(FREE))).body.items).toHaveLength(4);
    expect((await createPanel()).status).toBe(403);
    expect((await owner.json(embeds(FREE), { method: 'POST', json: { item: savedEmbed } })).status).toBe(403);
    // The saved embed can still be read and deleted, not changed.
    const [saved] = (await owner.json(embeds(FREE))).body.items;
    expect(
      (await owner.json(`${embeds(FREE)}/${saved.id}`, { method: 'PUT', json: { version: saved.version, item: savedEmbed } })).status,
    ).toBe(403);
    expect((await owner.json(`${embeds(FREE)}/${saved.id}`, { method: 'DELETE' })).status).toBe(200);
    expect((await owner.json(`/api/guild/${FREE}/premium`)).body.premium).toEqual({ plan: null, planName: 'Free', endsAt: null });

    expect((await premiumOf(FREE))!.history.filter((h) => h.event === 'expired')).toHaveLength(0);
    await app.premiumExpiry.run();
    await app.premiumExpiry.run();
    const expired = (await premiumOf(FREE))!.history.filter((h) => h.event === 'expired');
    expect(expired).toEqual([
      { at: expect.any(String), event: 'expired', plan: 'intermediate', endsAt: (await premiumOf(FREE))!.ends.intermediate },
    ]);
    // Lifetime never lapses.
    expect((await premiumOf(UNLIMITED))!.history.filter((h) => h.event === 'expired')).toHaveLength(0);
    expect(await app.storage.records.list(collections.panels.storageKey, { guildId: FREE })).toEqual(storedBefore);
    expect((await owner.json(`/api/guild/${FREE}/settings/basic`)).body).toEqual(settingsBefore.body);
  });

  it('reconciles orders whose webhook never came: a paid link becomes paid (premium applied), an expired one expired', async () => {
    const control = (path: string) =>
      fetch(`${app.config.payments.apiBase}/control/${path}`, {
        method: 'POST',
        headers: {
          authorization: `Basic ${Buffer.from(`${app.config.payments.keyId}:${app.config.payments.keySecret}`).toString('base64')}`,
        },
      });
    const stored = async (id: string) => (await app.storage.records.get<PaymentOrderRecord>(PAYMENT_ORDERS, id))!.data;
    ahead = 0;
    const paid = await createOrder(owner, FREE, 'basic', 'monthly');
    const left = await createOrder(owner, FREE, 'basic', 'monthly');
    // As when the webhook secret was changed on one side only: every delivery is refused (401), so only the reconcile
    // can learn how the links ended.
    const secret = app.config.payments.webhookSecret;
    app.config.payments.webhookSecret = 'not the one Razorpay signs with';
    try {
      await checkout(owner, paid.body.paymentUrl, 'pay');
      await checkout(owner, left.body.paymentUrl, 'leave');
      expect((await control(`payment_links/${left.body.paymentUrl.split('/').pop()}/expire`)).status).toBe(200);
      // Both webhooks (paid, expired) came and were refused: waited for in the sandbox's delivery log, not slept on.
      const sent = async () =>
        (await app.app.get(PaymentSandboxService).webhooks.log()).filter(
          (d) => d.body.includes(`"${paid.body.orderId}"`) || d.body.includes(`"${left.body.orderId}"`),
        );
      const until = Date.now() + 10_000;
      const refused = async () => {
        const deliveries = await sent();
        return deliveries.length === 2 && deliveries.every((d) => d.attempts.some((a) => a.status === 401));
      };
      while (!(await refused()) && Date.now() < until) await new Promise((resolve) => setTimeout(resolve, 5));
      expect((await sent()).map((d) => [d.event, d.attempts[0]?.status])).toEqual([
        ['payment_link.paid', 401],
        ['payment_link.expired', 401],
      ]);
      expect([(await stored(paid.body.orderId)).status, (await stored(left.body.orderId)).status]).toEqual(['created', 'created']);
      // Not yet: a link takes payments for 30 minutes, and the reconcile waits 5 more.
      ahead += 20 * 60 * 1000;
      await app.premiumExpiry.run();
      expect((await stored(paid.body.orderId)).status).toBe('created');
      ahead += 20 * 60 * 1000;
      await app.premiumExpiry.run();
    } finally {
      app.config.payments.webhookSecret = secret;
    }
    const reconciled = await stored(paid.body.orderId);
    expect(reconciled).toMatchObject({ status: 'paid', premiumGranted: true, paymentId: expect.stringMatching(/^pay_/) });
    expect(reconciled.history.at(-1)).toMatchObject({ from: 'created', to: 'paid', source: 'reconcile' });
    expect((await premiumOf(FREE))!.orders).toContain(paid.body.orderId);
    expect((await premiumOf(FREE))!.ends.starter).toBe(addMonths(new Date(reconciled.paidAt!), 1).toISOString());
    expect((await stored(left.body.orderId)).history.at(-1)).toMatchObject({ from: 'created', to: 'expired', source: 'reconcile' });
  });

  // Issue 34: an order marked granted hid the per-order check in every tested path; here the mark is lost.
  it('finishes an order whose process stopped between extending premium and marking it granted, without extending twice', async () => {
    ahead = 0;
    const orderId = await buyPremium(owner, FREE, 'basic', 'monthly');
    const record = (await app.storage.records.get<PaymentOrderRecord>(PAYMENT_ORDERS, orderId))!;
    expect(record.data).toMatchObject({ status: 'paid', premiumGranted: true });
    const before = (await premiumOf(FREE))!;
    expect(before.orders.filter((id) => id === orderId)).toHaveLength(1);
    // The state a crash leaves: premium extended for the order (its id kept in the guild's record), the mark not written.
    expect((await app.storage.records.replace(PAYMENT_ORDERS, orderId, { ...record.data, premiumGranted: false }, record.version)).ok).toBe(
      true,
    );
    await app.premiumExpiry.run();
    await app.premiumExpiry.run();
    expect((await app.storage.records.get<PaymentOrderRecord>(PAYMENT_ORDERS, orderId))!.data.premiumGranted).toBe(true);
    const after = (await premiumOf(FREE))!;
    expect(after.ends).toEqual(before.ends);
    expect(after.orders).toEqual(before.orders);
    expect(after.history.filter((h) => h.event === 'extended' && h.orderId === orderId)).toHaveLength(1);
  });

  it('forgets webhook event ids after 30 days', async () => {
    ahead = 0;
    const answer = await postWebhook(app, { event: 'refund.created', payload: {} });
    expect(answer.status).toBe(200);
    expect(await app.storage.records.count(WEBHOOK_EVENTS)).toBeGreaterThan(0);
    await app.premiumExpiry.run();
    expect(await app.storage.records.count(WEBHOOK_EVENTS)).toBeGreaterThan(0);
    ahead += 31 * DAY;
    await app.premiumExpiry.run();
    expect(await app.storage.records.count(WEBHOOK_EVENTS)).toBe(0);
  });
});

// PGlite runs one statement at a time, so only a PostgreSQL server shows the race: creates counting at once under
// READ COMMITTED all saw a free place (7, 11 and 9 panels stored for a limit of 2). Outside CI a machine without
// PostgreSQL reports this suite as skipped.
describe.skipIf(!postgresBinaries && !ci)('plan limits under concurrent creates on a PostgreSQL server', () => {
  const instances = instancesOnPostgres(0);

  it('stores exactly the free limit of panels when 30 creates race, and refuses the rest with the plan limit', async () => {
    const owner = instances.first.browser();
    await owner.signIn('demo-owner');
    await owner.json('/api/user');
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, n) =>
        owner.json(`/api/guild/${FREE}/collections/panels`, {
          method: 'POST',
          json: { item: { channel_id: CHANNEL, title: `Desk ${n}` } },
        }),
      ),
    );
    const statuses = answers.map((answer) => answer.status);
    expect({
      created: statuses.filter((status) => status === 201).length,
      refused: statuses.filter((status) => status === 403).length,
      stored: await instances.first.storage.records.count(collections.panels.storageKey, { guildId: FREE }),
    }).toEqual({ created: 2, refused: 28, stored: 2 });
    expect(answers.find((answer) => answer.status === 403)?.body).toMatchObject({ planLimit: FREE_LIMIT });
  });
});
