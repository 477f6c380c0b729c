import 'reflect-metadata';
import { createHmac } from 'node:crypto';
import { addMonths, planBySlug } from '@guildhall/common/premium';
import { openapi } from '@guildhall/generated/openapi';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { validatePaymentVerification, validateWebhookSignature } from 'razorpay/dist/utils/razorpay-utils.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../src/app.js';
import { loadConfig } from '../src/config/config.js';
import { CSRF_REFUSED } from '../src/http/csrf.js';
import { PAYMENT_ORDERS, type PaymentOrderRecord } from '../src/payments/orders.service.js';
import { WEBHOOK_EVENTS } from '../src/payments/payment-webhooks.service.js';
import { GUILD_PREMIUM, type GuildPremiumRecord } from '../src/payments/premium.service.js';
import { PaymentSandboxService } from '@guildhall/sandbox-razorpay';
import { RazorpayProvider } from '../src/payments/razorpay.provider.js';
import { SANDBOX_GUILDS, SANDBOX_USERS } from '@guildhall/sandbox-discord/seed';
import type { TestBrowser } from './support/browser.js';
import { startTestApp, tempDataDir } from './support/app.js';
import { checkout, createOrder, eventId, failedEvent, orderWhen, paidEvent, paymentId, postWebhook } from './support/payments.js';

// Buying premium over real HTTP: the app on PGlite, the Discord sandbox for sign-in and guild access, and the payment
// sandbox (a Razorpay emulator in the same app) for payment links, the hosted checkout and signed webhooks.

type App = Awaited<ReturnType<typeof startTestApp>>;
const GUILD = SANDBOX_GUILDS.community.id;
const SECOND = SANDBOX_GUILDS.pixelPainters.id;
/** demo-owner is a plain member of Night Owls: the bot is in, but they may not manage it. */
const NOT_MANAGED = SANDBOX_GUILDS.nightOwls.id;

const ajv = new Ajv2020({ strict: false, validateFormats: false, allErrors: true });
const documented = (name: string, answer: unknown) => {
  const validate = ajv.compile({
    $ref: `#/components/schemas/${name}`,
    components: (openapi as unknown as { components: object }).components,
  });
  return { valid: validate(structuredClone(answer)), errors: validate.errors ?? null };
};
const linkOf = (paymentUrl: string) => paymentUrl.split('/').pop()!;

describe('Razorpay signatures: ours (constant time) against the SDK as an independent oracle', () => {
  const config = loadConfig({ PORT: '3999' });
  const provider = new RazorpayProvider(config, { warn() {} } as never);
  const body = Buffer.from(JSON.stringify(paidEvent({ orderId: 'ord_x', linkId: 'plink_AAAAAAAAAAAAAA', amountPaise: 8900 })));
  const sign = (secret: string, text: string | Buffer) => createHmac('sha256', secret).update(text).digest('hex');

  it('accepts exactly the webhook signatures the SDK accepts', () => {
    const good = sign(config.payments.webhookSecret, body);
    const cases = [good, good.toUpperCase(), good.slice(0, 63), `${good}0`, sign('another secret', body), '', 'f'.repeat(64)];
    for (const signature of cases) {
      expect({ signature, ours: provider.verifyWebhookSignature(body, signature) }).toEqual({
        signature,
        ours: validateWebhookSignature(body.toString(), signature, config.payments.webhookSecret),
      });
    }
    expect(provider.verifyWebhookSignature(body, good)).toBe(true);
    expect(provider.verifyWebhookSignature(body, undefined)).toBe(false);
    expect(provider.verifyWebhookSignature(Buffer.concat([body, Buffer.from(' ')]), good)).toBe(false);
  });

  it('accepts exactly the callback signatures the SDK accepts', () => {
    const params = {
      razorpay_payment_id: 'pay_BBBBBBBBBBBBBB',
      razorpay_payment_link_id: 'plink_AAAAAAAAAAAAAA',
      razorpay_payment_link_reference_id: 'ord_CCCCCCCCCCCCCCCCCCCC',
      razorpay_payment_link_status: 'paid',
    };
    const good = sign(config.payments.keySecret, 'plink_AAAAAAAAAAAAAA|ord_CCCCCCCCCCCCCCCCCCCC|paid|pay_BBBBBBBBBBBBBB');
    for (const signature of [good, sign('nope', 'x'), good.replace(/.$/, (c) => (c === '0' ? '1' : '0'))]) {
      const sdk = validatePaymentVerification(
        {
          payment_id: params.razorpay_payment_id,
          payment_link_id: params.razorpay_payment_link_id,
          payment_link_reference_id: params.razorpay_payment_link_reference_id,
          payment_link_status: params.razorpay_payment_link_status,
        },
        signature,
        config.payments.keySecret,
      );
      expect({ signature, ours: provider.verifyCallback({ ...params, razorpay_signature: signature }) }).toEqual({ signature, ours: sdk });
    }
    expect(provider.verifyCallback({ ...params, razorpay_signature: good })).toBe(true);
    expect(provider.verifyCallback({ ...params, razorpay_payment_link_status: 'expired', razorpay_signature: good })).toBe(false);
  });
});

describe('buying premium over real HTTP (PGlite + Discord sandbox + payment sandbox)', () => {
  const data = tempDataDir();
  let app: App;
  let owner: TestBrowser;
  let admin: TestBrowser;
  let member: TestBrowser;

  const order = async (id: string) => (await app.storage.records.get<PaymentOrderRecord>(PAYMENT_ORDERS, id))!;
  const premiumRecord = async (guildId: string) => (await app.storage.records.get<GuildPremiumRecord>(GUILD_PREMIUM, guildId))?.data;
  const extensionsFor = async (guildId: string, orderId: string) =>
    ((await premiumRecord(guildId))?.history ?? []).filter((entry) => entry.event === 'extended' && entry.orderId === orderId);
  const callbackParams = (location: URL) => Object.fromEntries([...location.searchParams].filter(([key]) => key.startsWith('razorpay_')));
  const sandboxControl = (path: string, method = 'GET') =>
    fetch(`${app.config.payments.apiBase}/control/${path}`, {
      method,
      headers: {
        authorization: `Basic ${Buffer.from(`${app.config.payments.keyId}:${app.config.payments.keySecret}`).toString('base64')}`,
      },
    }).then(async (res) => ({ status: res.status, body: (await res.json()) as any }));
  /** The events the payment sandbox has sent that name an id (each queued at once, before its first attempt). */
  const sandboxEventsOf = async (id: string) =>
    (await app.app.get(PaymentSandboxService).webhooks.log()).filter((d) => d.body.includes(`"${id}"`));
  /** Polls the sandbox's delivery log until `ready` holds for the event's entry. */
  const deliveryWhen = async (id: string, ready: (entry: any) => boolean) => {
    const until = Date.now() + 10_000;
    for (;;) {
      const entry = (await sandboxControl('webhooks')).body.items.find((item: { id: string }) => item.id === id);
      if (entry && ready(entry)) return entry;
      if (Date.now() > until) throw new Error(`webhook ${id} is still ${JSON.stringify(entry)}`);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  };

  beforeAll(async () => {
    app = await startTestApp({ DATA_DIR: data.dir });
    owner = app.browser();
    await owner.signIn('demo-owner');
    await owner.json('/api/user'); // primes the XSRF-TOKEN cookie
    admin = app.browser();
    await admin.signIn('demo-admin');
    await admin.json('/api/user');
    member = app.browser();
    await member.signIn('demo-member');
    await member.json('/api/user');
  });
  afterAll(async () => {
    await app?.close();
    data.remove();
  });

  it('create -> checkout Pay -> signed webhook: the order is paid, each move in its history, and the guild has Basic for a month from the payment', async () => {
    const created = await createOrder(owner, GUILD, 'basic', 'monthly');
    expect(created.status).toBe(200);
    expect(created.body).toEqual({
      success: true,
      orderId: expect.stringMatching(/^ord_[A-Za-z0-9_-]{20}$/),
      paymentUrl: `${app.config.publicUrl}/sandbox/razorpay/checkout/${linkOf(created.body.paymentUrl)}`,
    });
    expect(documented('PaymentCreateResponse', created.body)).toEqual({ valid: true, errors: null });
    const { orderId, paymentUrl } = created.body;
    const stored = await order(orderId);
    expect(stored.guildId).toBe(GUILD);
    expect(stored.data).toMatchObject({ status: 'created', planKey: 'starter', planType: 'basic', amount: 89, linkId: linkOf(paymentUrl) });

    const back = await checkout(owner, paymentUrl, 'pay');
    expect(`${back.origin}${back.pathname}`).toBe(`${app.config.publicUrl}/premium/payment/pending`);
    expect(back.searchParams.get('order')).toBe(orderId);
    expect(back.searchParams.get('razorpay_payment_link_status')).toBe('paid');

    const paid = await orderWhen(owner, orderId, (o) => o.status === 'paid' && o.premium.plan === 'basic');
    const expectedEnd = addMonths(new Date(paid.paidAt), 1).toISOString();
    expect(paid).toEqual({
      id: orderId,
      status: 'paid',
      planType: 'basic',
      period: 'monthly',
      guildId: GUILD,
      amount: 89,
      currency: 'INR',
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
      paidAt: expect.any(String),
      premium: { plan: 'basic', planName: 'Basic', endsAt: expectedEnd },
    });
    expect(documented('PaymentOrder', paid)).toEqual({ valid: true, errors: null });
    const history = (await order(orderId)).data.history;
    expect(history).toEqual([
      { at: expect.any(String), from: null, to: 'created', source: 'create' },
      {
        at: paid.paidAt,
        from: 'created',
        to: 'paid',
        source: 'webhook',
        eventId: expect.stringMatching(/^evt_/),
        paymentId: back.searchParams.get('razorpay_payment_id'),
      },
    ]);
    expect((await order(orderId)).data.premiumGranted).toBe(true);
    expect((await owner.json(`/api/guild/${GUILD}/premium`)).body.premium).toEqual({
      plan: 'basic',
      planName: 'Basic',
      endsAt: expectedEnd,
    });

    // The buyer's browser passes the callback on too: it finds the order paid and changes nothing.
    const confirmed = await owner.json(`/api/payments/orders/${orderId}/callback`, { method: 'POST', json: callbackParams(back) });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.order).toEqual({ ...paid, updatedAt: expect.any(String) });
    expect((await order(orderId)).data.history).toHaveLength(2);
    expect(await extensionsFor(GUILD, orderId)).toHaveLength(1);
  });

  it('checkout Fail: the payment.failed webhook makes the order failed; paying the same link afterwards still makes it paid', async () => {
    const { body } = await createOrder(owner, SECOND, 'standard', 'quarterly');
    await checkout(owner, body.paymentUrl, 'fail');
    expect((await orderWhen(owner, body.orderId, (o) => o.status !== 'created')).status).toBe('failed');
    expect((await order(body.orderId)).data.history.map((h) => `${h.from}->${h.to} ${h.source}`)).toEqual([
      'null->created create',
      'created->failed webhook',
    ]);
    expect(await extensionsFor(SECOND, body.orderId)).toHaveLength(0);
    await checkout(owner, body.paymentUrl, 'pay');
    const paid = await orderWhen(owner, body.orderId, (o) => o.status === 'paid' && o.premium.plan !== null);
    expect((await order(body.orderId)).data.history.map((h) => `${h.from}->${h.to}`)).toEqual([
      'null->created',
      'created->failed',
      'failed->paid',
    ]);
    expect((await premiumRecord(SECOND))!.ends.intermediate).toBe(addMonths(new Date(paid.paidAt), 3).toISOString());
  });

  it('checkout Leave: the buyer comes back without payment parameters and the order stays created', async () => {
    const { body } = await createOrder(owner, GUILD, 'basic', 'monthly');
    const back = await checkout(owner, body.paymentUrl, 'leave');
    expect(back.searchParams.get('order')).toBe(body.orderId);
    expect(callbackParams(back)).toEqual({});
    // No webhook is on its way: the sandbox sent no event naming the order or its link (it queues each one at once).
    expect([...(await sandboxEventsOf(body.orderId)), ...(await sandboxEventsOf(linkOf(body.paymentUrl)))]).toEqual([]);
    expect((await owner.json(`/api/payments/orders/${body.orderId}`)).body.order).toMatchObject({ status: 'created', premium: null });
    expect((await order(body.orderId)).data.history).toHaveLength(1);
  });

  it('a validly signed callback alone confirms the payment (source callback); a forged one is 400 and changes nothing', async () => {
    const { body } = await createOrder(owner, SECOND, 'basic', 'yearly');
    const linkId = linkOf(body.paymentUrl);
    const pay = paymentId();
    const signed = (text: string) => createHmac('sha256', app.config.payments.keySecret).update(text).digest('hex');
    const params = {
      razorpay_payment_id: pay,
      razorpay_payment_link_id: linkId,
      razorpay_payment_link_reference_id: body.orderId,
      razorpay_payment_link_status: 'paid',
      razorpay_signature: signed(`${linkId}|${body.orderId}|paid|${pay}`),
    };
    const before = await order(body.orderId);
    const forgeries = [
      { ...params, razorpay_signature: signed(`${linkId}|${body.orderId}|paid|pay_Other000000000`) },
      { ...params, razorpay_signature: createHmac('sha256', 'guessed').update(`${linkId}|${body.orderId}|paid|${pay}`).digest('hex') },
      // Another order's genuine signature does not confirm this one.
      {
        ...params,
        razorpay_payment_link_reference_id: 'ord_AAAAAAAAAAAAAAAAAAAA',
        razorpay_signature: signed(`${linkId}|ord_AAAAAAAAAAAAAAAAAAAA|paid|${pay}`),
      },
    ];
    for (const forged of forgeries) {
      const answer = await owner.json(`/api/payments/orders/${body.orderId}/callback`, { method: 'POST', json: forged });
      expect(answer.status).toBe(400);
      expect(answer.body).toMatchObject({ success: false, error: 'The payment confirmation could not be verified.' });
    }
    expect(await order(body.orderId)).toEqual(before);

    const confirmed = await owner.json(`/api/payments/orders/${body.orderId}/callback`, { method: 'POST', json: params });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.order).toMatchObject({ status: 'paid', premium: { plan: expect.any(String) } });
    expect((await order(body.orderId)).data.history.at(-1)).toEqual({
      at: expect.any(String),
      from: 'created',
      to: 'paid',
      source: 'callback',
      paymentId: pay,
    });
    expect(await extensionsFor(SECOND, body.orderId)).toHaveLength(1);
  });

  it('refuses webhooks without a valid signature (401), writing nothing', async () => {
    const { body } = await createOrder(owner, GUILD, 'unlimited', 'monthly');
    const event = paidEvent({ orderId: body.orderId, linkId: linkOf(body.paymentUrl), amountPaise: 19900 });
    const before = {
      order: await order(body.orderId),
      events: await app.storage.records.count(WEBHOOK_EVENTS),
      premium: await premiumRecord(GUILD),
    };
    for (const options of [{ signature: null }, { signature: 'f'.repeat(64) }, { secret: app.config.payments.keySecret }]) {
      const answer = await postWebhook(app, event, options);
      expect(answer).toEqual({ status: 401, body: { success: false, error: 'Invalid webhook signature' } });
    }
    expect({
      order: await order(body.orderId),
      events: await app.storage.records.count(WEBHOOK_EVENTS),
      premium: await premiumRecord(GUILD),
    }).toEqual(before);
  });

  it('a replayed event (the sandbox redelivers the same event id) extends premium no further', async () => {
    const { body } = await createOrder(owner, GUILD, 'basic', 'quarterly');
    await checkout(owner, body.paymentUrl, 'pay');
    await orderWhen(owner, body.orderId, (o) => o.status === 'paid' && o.premium.plan !== null);
    const eventOf = (await order(body.orderId)).data.history.find((h) => h.to === 'paid')!.eventId!;
    const before = await premiumRecord(GUILD);
    const attempts = (await deliveryWhen(eventOf, (entry) => entry.delivered)).attempts.length;
    const redelivered = await sandboxControl(`webhooks/${eventOf}/redeliver`, 'POST');
    expect(redelivered.status).toBe(200);
    // The redelivery's attempt answered (our webhook has handled it) before anything is compared.
    const entry = await deliveryWhen(
      eventOf,
      (e) => e.attempts.length > attempts && (e.attempts.at(-1).status !== null || e.attempts.at(-1).error),
    );
    expect(entry.attempts.every((a: { status: number }) => a.status === 200)).toBe(true);
    expect(await premiumRecord(GUILD)).toEqual(before);
    expect(await extensionsFor(GUILD, body.orderId)).toHaveLength(1);
  });

  it('takes events in any order: a payment.failed arriving after the payment leaves the order paid', async () => {
    const { body } = await createOrder(owner, GUILD, 'basic', 'monthly');
    await checkout(owner, body.paymentUrl, 'pay');
    await orderWhen(owner, body.orderId, (o) => o.status === 'paid' && o.premium.plan !== null);
    const before = await order(body.orderId);
    expect((await postWebhook(app, failedEvent({ orderId: body.orderId, amountPaise: 8900 }))).status).toBe(200);
    const after = await order(body.orderId);
    expect(after.data).toEqual(before.data);
  });

  it('answers 200 to events it ignores: unknown orders, other events, and a paid amount that is not the price', async () => {
    const { body } = await createOrder(owner, GUILD, 'standard', 'monthly');
    const linkId = linkOf(body.paymentUrl);
    for (const event of [
      paidEvent({ orderId: 'ord_UnknownUnknownUnknow', linkId, amountPaise: 16900 }),
      { event: 'refund.created', payload: {} },
      paidEvent({ orderId: body.orderId, linkId, amountPaise: 100 }),
      paidEvent({ orderId: body.orderId, linkId: 'plink_SomeoneElses00', amountPaise: 16900 }),
    ]) {
      expect(await postWebhook(app, event)).toEqual({ status: 200, body: { success: true } });
    }
    expect((await order(body.orderId)).data.status).toBe('created');
    // No session and no anti-forgery cookie come with the webhook's answer: no cookie authorises it.
    const raw = JSON.stringify({ event: 'refund.created', payload: {} });
    const res = await fetch(`${app.url}/api/payments/webhook`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-razorpay-event-id': eventId(),
        'x-razorpay-signature': createHmac('sha256', app.config.payments.webhookSecret).update(raw).digest('hex'),
      },
      body: raw,
    });
    expect(res.status).toBe(200);
    expect(res.headers.getSetCookie()).toEqual([]);
  });

  it('the webhook answers at every spelling the router serves it (trailing slash, any case), its signature deciding, never CSRF; no spelling exempts another route', async () => {
    const { body } = await createOrder(owner, GUILD, 'basic', 'monthly');
    const raw = JSON.stringify(paidEvent({ orderId: body.orderId, linkId: linkOf(body.paymentUrl), amountPaise: 8900 }));
    const post = async (path: string, signature: string) => {
      const res = await fetch(`${app.url}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-razorpay-event-id': eventId(), 'x-razorpay-signature': signature },
        body: raw,
      });
      return { path, status: res.status, body: (await res.json()) as unknown };
    };
    const spellings = ['/api/payments/webhook/', '/API/payments/webhook', '/Api/Payments/WEBHOOK/'];
    for (const path of spellings) {
      expect(await post(path, 'f'.repeat(64))).toEqual({ path, status: 401, body: { success: false, error: 'Invalid webhook signature' } });
    }
    const signature = createHmac('sha256', app.config.payments.webhookSecret).update(raw).digest('hex');
    expect(await post('/api/payments/webhook/', signature)).toEqual({
      path: '/api/payments/webhook/',
      status: 200,
      body: { success: true },
    });
    expect((await order(body.orderId)).data.status).toBe('paid');
    // Spellings the router does not serve as the webhook stay under CSRF, whatever route they end up at.
    for (const path of [
      '/api/payments/webhook/../create',
      '/api/payments/webhook/%2e%2e/create',
      '/api/payments/webhookx',
      '/api/payments/webhook/x',
      '/api/payments/webhook%2F',
      '/api/payments//webhook',
      '/api/payments/create?/api/payments/webhook',
      '/api/payments/create#/api/payments/webhook',
    ]) {
      expect(await post(path, signature)).toEqual({ path, status: 403, body: { success: false, error: CSRF_REFUSED } });
    }
  });

  it('refuses a tampered amount (400 at /amount with the price), a guild the buyer does not manage (403), and shows an order only to its buyer (404)', async () => {
    const count = await app.storage.records.count(PAYMENT_ORDERS);
    const tampered = await createOrder(owner, GUILD, 'standard', 'yearly', { amount: 1 });
    expect(tampered.status).toBe(400);
    expect(tampered.body.fieldErrors).toEqual([{ path: '/amount', message: "The amount must be the plan's price: ₹1499" }]);
    const theirs = await createOrder(owner, NOT_MANAGED);
    expect(theirs).toMatchObject({
      status: 403,
      body: { success: false, error: 'You need the Manage Server or Administrator permission in this server.' },
    });
    expect((await createOrder(member, GUILD)).status).toBe(403);
    expect((await createOrder(owner, '1100000000000099999')).status).toBe(403);
    expect((await app.browser().json('/api/payments/create', { method: 'POST', json: {} })).status).toBe(403); // no CSRF token
    expect(await app.storage.records.count(PAYMENT_ORDERS)).toBe(count);

    const mine = await createOrder(owner, GUILD);
    expect((await owner.json(`/api/payments/orders/${mine.body.orderId}`)).status).toBe(200);
    expect((await admin.json(`/api/payments/orders/${mine.body.orderId}`)).status).toBe(404);
    expect((await admin.json(`/api/payments/orders/ord_AAAAAAAAAAAAAAAAAAAA`)).status).toBe(404);
    expect((await app.browser().json(`/api/payments/orders/${mine.body.orderId}`)).status).toBe(401);
    // An admin of the same guild buys for it with their own order.
    expect((await createOrder(admin, GUILD)).status).toBe(200);
  });

  it("stores the signed-in buyer's Discord id on the order, whatever id the form sent", async () => {
    for (const discordId of [SANDBOX_USERS.demoOwner.id, '1100000000000099999']) {
      const created = await createOrder(admin, GUILD, 'basic', 'monthly', { discordId });
      expect(created.status).toBe(200);
      expect((await order(created.body.orderId)).data).toMatchObject({
        userId: SANDBOX_USERS.demoAdmin.id,
        discordId: SANDBOX_USERS.demoAdmin.id,
      });
    }
  });

  it("answers 502 with the provider's reason when it refuses the link, and the stored order becomes failed", async () => {
    // As with a wrong key: the payment sandbox answers 401 "Authentication failed", as Razorpay does.
    const secret = app.config.payments.keySecret;
    app.config.payments.keySecret = 'not the key';
    let answer;
    try {
      answer = await createOrder(owner, GUILD, 'basic', 'monthly');
    } finally {
      app.config.payments.keySecret = secret;
    }
    expect(answer).toMatchObject({
      status: 502,
      body: { success: false, error: 'The payment provider refused the payment: Authentication failed' },
    });
    expect(JSON.stringify(answer.body)).not.toContain(secret);
    const orders = await app.storage.records.list<PaymentOrderRecord>(PAYMENT_ORDERS, { guildId: GUILD });
    const failed = orders.at(-1)!.data;
    expect(failed).toMatchObject({ status: 'failed', linkId: null, paymentUrl: null });
    expect(failed.history.map((h) => `${h.from}->${h.to} ${h.source}`)).toEqual(['null->created create', 'created->failed create']);
  });

  it('a second purchase while the plan is in force extends it from its end date, not from now', async () => {
    const first = await createOrder(owner, SECOND, 'unlimited', 'monthly');
    await checkout(owner, first.body.paymentUrl, 'pay');
    const firstPaid = await orderWhen(owner, first.body.orderId, (o) => o.status === 'paid' && o.premium.plan === 'unlimited');
    const end = (await premiumRecord(SECOND))!.ends.unlimited!;
    const second = await createOrder(owner, SECOND, 'unlimited', 'monthly');
    await checkout(owner, second.body.paymentUrl, 'pay');
    await orderWhen(owner, second.body.orderId, (o) => o.status === 'paid' && o.premium.endsAt !== end);
    expect(end).toBe(addMonths(new Date(firstPaid.paidAt), 1).toISOString());
    expect((await premiumRecord(SECOND))!.ends.unlimited).toBe(addMonths(new Date(end), 1).toISOString());
  });

  it('extends premium once for 20 concurrent deliveries of one paid event, and once for 20 distinct events of one payment', async () => {
    for (const sameId of [true, false]) {
      const { body } = await createOrder(owner, SECOND, 'basic', 'lifetime');
      const event = paidEvent({
        orderId: body.orderId,
        linkId: linkOf(body.paymentUrl),
        amountPaise: planBySlug('basic').prices.lifetime * 100,
      });
      const id = eventId();
      const answers = await Promise.all(Array.from({ length: 20 }, () => postWebhook(app, event, { eventId: sameId ? id : eventId() })));
      expect(answers.map((a) => a.status)).toEqual(Array(20).fill(200));
      expect(await extensionsFor(SECOND, body.orderId)).toHaveLength(1);
      expect((await order(body.orderId)).data.history.filter((h) => h.to === 'paid')).toHaveLength(1);
      expect((await order(body.orderId)).data.premiumGranted).toBe(true);
      expect((await premiumRecord(SECOND))!.ends.starter).toBeNull();
    }
  });
});

describe('buying when payment is off (production without Razorpay keys)', () => {
  // An app of its own: payment mode is decided at start-up from env (production, no Razorpay keys).
  it('answers 503 with the sentence, whoever asks, and stores nothing', async () => {
    const data = tempDataDir();
    const env = {
      PORT: '0',
      LOG_LEVEL: 'silent',
      DATA_DIR: data.dir,
      NODE_ENV: 'production',
      DISCORD_CLIENT_ID: '1100000000000000999',
      DISCORD_CLIENT_SECRET: 'secret',
      DISCORD_BOT_TOKEN: 'token',
      SESSION_SECRET: 'a session secret long enough for production use',
    };
    const app = await createApp(env);
    try {
      expect(app.config.payments.mode).toBe('off');
      const visitor = new (await import('./support/browser.js')).TestBrowser(app.url);
      await visitor.json('/api/schemas'); // an anonymous XSRF-TOKEN
      const answer = await visitor.json('/api/payments/create', { method: 'POST', json: {} });
      expect(answer).toMatchObject({
        status: 503,
        body: { success: false, error: 'Online payment is not available right now. Please contact support.' },
      });
      expect(await app.storage.records.count(PAYMENT_ORDERS)).toBe(0);
    } finally {
      await app.close();
      data.remove();
    }
  });
});
