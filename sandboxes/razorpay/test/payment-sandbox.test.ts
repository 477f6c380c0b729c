/**
 * The payment sandbox (issue 13): Razorpay's Payment Links emulated under /sandbox/razorpay, over real HTTP. The API,
 * the checkout page and the callback run against a real app (startTestApp); the webhooks against the module on its own
 * (startPaymentSandbox) pointed at a small local receiver, with short retry delays and a short answer timeout. Signatures are checked with the
 * Razorpay SDK's own functions, so the sandbox signs exactly as Razorpay does.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createRequire } from 'node:module';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  PaymentSandboxService,
  startPaymentSandbox,
  WEBHOOK_TIMEOUT_MS,
  type PaymentLinkEntity,
  type RunningPaymentSandbox,
} from '../src/index.js';
import { startTestApp, tempDataDir } from '../../../backend/test/support/app.js';

type App = Awaited<ReturnType<typeof startTestApp>>;

const require = createRequire(import.meta.url);
const razorpayUtils = require('razorpay/dist/utils/razorpay-utils.js') as {
  validatePaymentVerification(
    params: { payment_link_id: string; payment_link_reference_id: string; payment_link_status: string; payment_id: string },
    signature: string,
    secret: string,
  ): boolean;
  validateWebhookSignature(body: string, signature: string, secret: string): boolean;
};
const Razorpay = require('razorpay') as new (options: { key_id: string; key_secret: string }) => {
  api: { rq: { defaults: { baseURL: string } } };
  paymentLink: {
    create(params: object): Promise<PaymentLinkEntity>;
    fetch(id: string): Promise<PaymentLinkEntity>;
    cancel(id: string): Promise<PaymentLinkEntity>;
  };
};

const ID = (prefix: string) => new RegExp(`^${prefix}_[A-Za-z0-9]{14}$`);
const now = () => Math.floor(Date.now() / 1000);
let orderCounter = 0;

/** A create body as our adapter sends it (the contract's), with a fresh order id. */
function linkBody(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  const order = `ord_test${++orderCounter}_${Date.now()}`;
  return {
    amount: 149_900,
    currency: 'INR',
    accept_partial: false,
    reference_id: order,
    description: 'Guildhall Standard, 1 year',
    customer: { email: 'buyer@example.com' },
    notify: { sms: false, email: false },
    reminder_enable: false,
    notes: { guildhall_order_id: order, guild_id: '1200000000000000001', plan: 'standard', period: '12' },
    callback_url: 'http://localhost:3000/api/payments/callback',
    callback_method: 'get',
    expire_by: now() + 30 * 60,
    ...overrides,
  };
}

/** A small Razorpay API client over fetch: the sandbox is called exactly as the adapter calls Razorpay. */
function client(base: string, keyId: string, keySecret: string) {
  const auth = `Basic ${Buffer.from(`${keyId}:${keySecret}`).toString('base64')}`;
  const call = async (method: string, path: string, json?: unknown, authorization: string | undefined = auth) => {
    const res = await fetch(`${base}${path}`, {
      method,
      headers: { ...(authorization ? { authorization } : {}), ...(json !== undefined ? { 'content-type': 'application/json' } : {}) },
      body: json === undefined ? undefined : JSON.stringify(json),
      redirect: 'manual',
    });
    const text = await res.text();
    return { status: res.status, body: (text ? JSON.parse(text) : null) as any };
  };
  return {
    call,
    create: (json: unknown) => call('POST', '/v1/payment_links', json),
    fetch: (id: string) => call('GET', `/v1/payment_links/${id}`),
    cancel: (id: string) => call('POST', `/v1/payment_links/${id}/cancel`),
  };
}

async function checkout(shortUrl: string, action: 'pay' | 'fail' | 'leave', method?: string): Promise<Response> {
  return fetch(`${shortUrl}/${action}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: method ? new URLSearchParams({ method }).toString() : '',
    redirect: 'manual',
  });
}

describe('payment sandbox in the app: Payment Links API, checkout page, callback', () => {
  const data = tempDataDir();
  let app: App;
  let api: ReturnType<typeof client>;
  let base: string;

  beforeAll(async () => {
    app = await startTestApp({ DATA_DIR: data.dir });
    base = `${app.url}/sandbox/razorpay`;
    api = client(base, app.config.payments.keyId, app.config.payments.keySecret);
  });
  afterAll(async () => {
    await app?.close();
    data.remove();
  });

  it('is mounted when no RAZORPAY_KEY_ID is set, at the base the adapter is configured with', () => {
    expect(app.config.payments.mode).toBe('sandbox');
    expect(app.config.payments.apiBase).toBe(base);
    // In the app, a delivery unanswered for Razorpay's 5 s fails (the webhook tests below shorten it on their own sandbox).
    expect(WEBHOOK_TIMEOUT_MS).toBe(5000);
    expect(app.app.get(PaymentSandboxService).options.webhookTimeoutMs).toBe(WEBHOOK_TIMEOUT_MS);
  });

  describe('create, fetch, cancel', () => {
    it("creates a link and answers Razorpay's payment_link entity, its short_url the checkout page", async () => {
      const body = linkBody();
      const { status, body: link } = await api.create(body);
      expect(status).toBe(200);
      expect(link).toMatchObject({
        entity: 'payment_link',
        amount: 149_900,
        amount_paid: 0,
        currency: 'INR',
        accept_partial: false,
        reference_id: body['reference_id'],
        description: body['description'],
        customer: { email: 'buyer@example.com' },
        notify: { sms: false, email: false },
        reminder_enable: false,
        notes: body['notes'],
        callback_url: body['callback_url'],
        callback_method: 'get',
        expire_by: body['expire_by'],
        expired_at: 0,
        cancelled_at: 0,
        status: 'created',
        payments: null,
        user_id: '',
        upi_link: false,
      });
      expect(link.id).toMatch(ID('plink'));
      expect(link.short_url).toBe(`${app.config.publicUrl}/sandbox/razorpay/checkout/${link.id}`);
      expect(link.created_at).toBeGreaterThan(now() - 5);
      expect(link.updated_at).toBe(link.created_at);
      expect((await api.fetch(link.id)).body).toEqual(link);
    });

    it('refuses calls without the key, or with a wrong secret, with 401 Authentication failed', async () => {
      for (const authorization of [undefined, `Basic ${Buffer.from(`${app.config.payments.keyId}:wrong-secret`).toString('base64')}`]) {
        const { status, body } = await api.call('POST', '/v1/payment_links', linkBody(), authorization ?? '');
        expect(status).toBe(401);
        expect(body.error).toMatchObject({ code: 'BAD_REQUEST_ERROR', description: 'Authentication failed' });
      }
      expect((await api.call('GET', '/v1/payment_links/plink_AAAAAAAAAAAAAA', undefined, '')).status).toBe(401);
    });

    const invalid: Array<[string, Record<string, unknown>, string]> = [
      ['no amount', { amount: undefined }, 'amount'],
      ['an amount under ₹1 (100 paise)', { amount: 99 }, 'amount'],
      ['a fractional amount', { amount: 150.5 }, 'amount'],
      ['a currency other than INR', { currency: 'USD' }, 'currency'],
      ['a reference_id over 40 characters', { reference_id: 'o'.repeat(41) }, 'reference_id'],
      ['a description over 2048 characters', { description: 'd'.repeat(2049) }, 'description'],
      ['more than 15 notes', { notes: Object.fromEntries(Array.from({ length: 16 }, (_, i) => [`k${i}`, 'v'])) }, 'notes'],
      ['a note over 256 characters', { notes: { guildhall_order_id: 'x'.repeat(257) } }, 'notes'],
      ['a customer e-mail that is not one', { customer: { email: 'not-an-email' } }, 'customer.email'],
      ['a callback_url that is not http(s)', { callback_url: 'javascript:alert(1)' }, 'callback_url'],
      ['a callback_method other than get', { callback_method: 'post' }, 'callback_method'],
      ['an expire_by less than 15 minutes ahead', { expire_by: now() + 10 * 60 }, 'expire_by'],
      ['a field Razorpay does not know', { colour: 'red' }, 'colour'],
    ];
    it.each(invalid)('refuses %s with 400 naming the field', async (_, override, field) => {
      const { status, body } = await api.create(JSON.parse(JSON.stringify(linkBody(override))));
      expect(status).toBe(400);
      expect(body.error).toMatchObject({
        code: 'BAD_REQUEST_ERROR',
        description: expect.any(String),
        source: 'business',
        step: 'payment_initiation',
        reason: 'input_validation_failed',
        metadata: {},
        field,
      });
    });

    it('refuses a second link with the same reference_id', async () => {
      const body = linkBody();
      expect((await api.create(body)).status).toBe(200);
      const again = await api.create({ ...body, amount: 200 });
      expect(again.status).toBe(400);
      expect(again.body.error).toMatchObject({ code: 'BAD_REQUEST_ERROR', field: 'reference_id' });
    });

    it('answers an unknown id with 400 "The id provided does not exist"', async () => {
      for (const res of [await api.fetch('plink_AAAAAAAAAAAAAA'), await api.cancel('plink_AAAAAAAAAAAAAA')]) {
        expect(res.status).toBe(400);
        expect(res.body.error).toMatchObject({ code: 'BAD_REQUEST_ERROR', description: 'The id provided does not exist' });
      }
    });

    it('cancels a created link once; a cancelled one cannot be cancelled again', async () => {
      const link = (await api.create(linkBody())).body;
      const cancelled = await api.cancel(link.id);
      expect(cancelled.status).toBe(200);
      expect(cancelled.body).toMatchObject({ id: link.id, status: 'cancelled' });
      expect(cancelled.body.cancelled_at).toBeGreaterThan(0);
      expect((await api.fetch(link.id)).body.status).toBe('cancelled');
      const again = await api.cancel(link.id);
      expect(again.status).toBe(400);
      expect(again.body.error.code).toBe('BAD_REQUEST_ERROR');
    });

    it("answers Razorpay's own SDK: create, fetch and cancel through razorpay 2.9.8", async () => {
      const sdk = new Razorpay({ key_id: app.config.payments.keyId, key_secret: app.config.payments.keySecret });
      sdk.api.rq.defaults.baseURL = base;
      const created = await sdk.paymentLink.create(linkBody());
      expect(created.id).toMatch(ID('plink'));
      expect((await sdk.paymentLink.fetch(created.id)).status).toBe('created');
      expect((await sdk.paymentLink.cancel(created.id)).status).toBe('cancelled');
      await expect(sdk.paymentLink.fetch('plink_AAAAAAAAAAAAAA')).rejects.toMatchObject({
        statusCode: 400,
        error: { description: 'The id provided does not exist' },
      });
    });

    it("answers an unknown path under /sandbox/razorpay in Razorpay's shape, not with the web app", async () => {
      const { status, body } = await api.call('GET', '/v1/orders');
      expect(status).toBe(400);
      expect(body.error).toMatchObject({ code: 'BAD_REQUEST_ERROR', description: 'The requested URL was not found on the server.' });
    });
  });

  describe('the hosted checkout page', () => {
    it('shows the amount in rupees, the e-mail, the methods (UPI chosen) and the three buttons, accessibly', async () => {
      const link = (await api.create(linkBody({ amount: 16_900 }))).body;
      const res = await fetch(link.short_url);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/^text\/html/);
      const html = await res.text();
      expect(html).toContain('<html lang="en">');
      expect(html).toMatch(/<main>[\s\S]*<h1>Guildhall \(payment sandbox\)<\/h1>[\s\S]*<\/main>/);
      expect(html).toContain('₹169');
      expect(html).toContain('buyer@example.com');
      expect(html).toContain('Guildhall Standard, 1 year');
      expect(html).toMatch(/<fieldset>\s*<legend>Payment method<\/legend>/);
      expect(html).toMatch(/<label><input type="radio" name="method" value="upi" checked>UPI<\/label>/);
      expect(html).toMatch(/<label><input type="radio" name="method" value="card">Card<\/label>/);
      expect(html).toMatch(/<label><input type="radio" name="method" value="netbanking">Net banking<\/label>/);
      const path = `/sandbox/razorpay/checkout/${link.id}`;
      expect(html).toContain(`<form method="post" action="${path}/pay"`);
      expect(html).toContain('>Pay ₹169</button>');
      expect(html).toContain(`formaction="${path}/fail">Fail payment</button>`);
      expect(html).toContain(`formaction="${path}/leave">Leave pending</button>`);
      expect(html).toMatch(/no real money moves/);
      expect(html).not.toMatch(/<script/i);
    });

    it('writes paise as Indian rupees with grouping', async () => {
      const link = (await api.create(linkBody({ amount: 149_950 }))).body;
      expect(await (await fetch(link.short_url)).text()).toContain('Pay ₹1,499.50');
    });

    it('escapes a hostile description and e-mail', async () => {
      const hostile = '<script>alert(1)</script><img src=x onerror="alert(2)">';
      const link = (await api.create(linkBody({ description: hostile, customer: { email: 'a"><b>@x.io' } }))).body;
      const html = await (await fetch(link.short_url)).text();
      expect(html).not.toContain('<script>');
      expect(html).not.toContain('<img');
      expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;&lt;img src=x onerror=&quot;alert(2)&quot;&gt;');
      expect(html).toContain('a&quot;&gt;&lt;b&gt;@x.io');
    });

    it('answers an unknown link with a 404 page', async () => {
      const res = await fetch(`${base}/checkout/plink_AAAAAAAAAAAAAA`);
      expect(res.status).toBe(404);
      expect(await res.text()).toContain('This payment link does not exist.');
    });
  });

  describe('pay, fail, leave', () => {
    it('pay: 303 to the callback with parameters the SDK verifies; the link is paid with a captured payment', async () => {
      const link = (await api.create(linkBody())).body as PaymentLinkEntity;
      const res = await checkout(link.short_url, 'pay', 'card');
      expect(res.status).toBe(303);
      const location = new URL(res.headers.get('location')!);
      expect(`${location.origin}${location.pathname}`).toBe(link.callback_url);
      const params = Object.fromEntries(location.searchParams);
      expect(Object.keys(params).sort()).toEqual(
        [
          'razorpay_payment_id',
          'razorpay_payment_link_id',
          'razorpay_payment_link_reference_id',
          'razorpay_payment_link_status',
          'razorpay_signature',
        ].sort(),
      );
      expect(params).toMatchObject({
        razorpay_payment_link_id: link.id,
        razorpay_payment_link_reference_id: link.reference_id,
        razorpay_payment_link_status: 'paid',
      });
      expect(params['razorpay_payment_id']).toMatch(ID('pay'));
      expect(params['razorpay_signature']).toMatch(/^[0-9a-f]{64}$/);
      const verification = {
        payment_link_id: params['razorpay_payment_link_id']!,
        payment_link_reference_id: params['razorpay_payment_link_reference_id']!,
        payment_link_status: params['razorpay_payment_link_status']!,
        payment_id: params['razorpay_payment_id']!,
      };
      expect(razorpayUtils.validatePaymentVerification(verification, params['razorpay_signature']!, app.config.payments.keySecret)).toBe(
        true,
      );
      // The check can fail: another secret, or a tampered status, is refused.
      expect(razorpayUtils.validatePaymentVerification(verification, params['razorpay_signature']!, 'another-secret')).toBe(false);
      expect(
        razorpayUtils.validatePaymentVerification(
          { ...verification, payment_link_status: 'created' },
          params['razorpay_signature']!,
          app.config.payments.keySecret,
        ),
      ).toBe(false);

      const paid = (await api.fetch(link.id)).body;
      expect(paid).toMatchObject({ status: 'paid', amount_paid: link.amount });
      expect(paid.payments).toEqual([
        {
          payment_id: params['razorpay_payment_id'],
          amount: link.amount,
          status: 'captured',
          method: 'card',
          created_at: expect.any(Number),
        },
      ]);
      const page = await (await fetch(link.short_url)).text();
      expect(page).toContain('This payment link has been paid.');
      expect(page).toContain(`href="${link.callback_url}"`);
      expect(page).not.toContain('Pay ₹');
      // A paid link takes no second payment: the buyer is shown the page again.
      const again = await checkout(link.short_url, 'pay');
      expect(again.status).toBe(303);
      expect(again.headers.get('location')).toBe(`/sandbox/razorpay/checkout/${link.id}`);
      expect((await api.fetch(link.id)).body.payments).toHaveLength(1);
      expect((await api.cancel(link.id)).status).toBe(400);
    });

    it("fail: 303 to the callback with Razorpay's error parameters; the link stays open for another try", async () => {
      const link = (await api.create(linkBody())).body as PaymentLinkEntity;
      const res = await checkout(link.short_url, 'fail', 'netbanking');
      expect(res.status).toBe(303);
      const location = new URL(res.headers.get('location')!);
      expect(`${location.origin}${location.pathname}`).toBe(link.callback_url);
      const params = Object.fromEntries(location.searchParams);
      expect(params).toMatchObject({
        'error[code]': 'BAD_REQUEST_ERROR',
        'error[description]': 'Payment failed',
        'error[source]': 'customer',
        'error[step]': 'payment_authorization',
        'error[reason]': 'payment_failed',
      });
      const metadata = JSON.parse(params['error[metadata]']!);
      expect(metadata).toEqual({ payment_id: expect.stringMatching(ID('pay')), payment_link_id: link.id });
      const after = (await api.fetch(link.id)).body;
      expect(after).toMatchObject({ status: 'created', amount_paid: 0 });
      expect(after.payments).toEqual([
        { payment_id: metadata.payment_id, amount: link.amount, status: 'failed', method: 'netbanking', created_at: expect.any(Number) },
      ]);
      // The retry succeeds.
      expect((await checkout(link.short_url, 'pay')).status).toBe(303);
      expect((await api.fetch(link.id)).body).toMatchObject({
        status: 'paid',
        payments: [{ status: 'failed' }, { status: 'captured', method: 'upi' }],
      });
    });

    it('leave: 303 to the bare callback URL, and nothing changes', async () => {
      const link = (await api.create(linkBody())).body as PaymentLinkEntity;
      const res = await checkout(link.short_url, 'leave');
      expect(res.status).toBe(303);
      expect(res.headers.get('location')).toBe(link.callback_url);
      expect((await api.fetch(link.id)).body).toEqual(link);
    });

    it('appends to a callback URL that already has a query with &, before any fragment', async () => {
      const link = (await api.create(linkBody({ callback_url: 'http://localhost:3000/premium/done?order=ord_1&x=a%20b#top' }))).body;
      const location = (await checkout(link.short_url, 'pay')).headers.get('location')!;
      expect(location).toMatch(
        /^http:\/\/localhost:3000\/premium\/done\?order=ord_1&x=a%20b&razorpay_payment_id=pay_[A-Za-z0-9]{14}&.*#top$/,
      );
    });
  });
});

/** A local webhook receiver: records each delivery's raw bytes and headers; `answer` decides each reply. */
interface Delivery {
  raw: string;
  headers: IncomingMessage['headers'];
  body: any;
  at: number;
}

describe('payment sandbox webhooks (the module on its own, delivering to a local receiver)', () => {
  const WEBHOOK_SECRET = 'whsec-test-0123456789';
  const KEY_SECRET = 'key-secret-0123456789';
  const RETRY_DELAYS = [50, 100];
  /** The answer timeout of this sandbox: Razorpay's 5 s would make the hang test wait 5 s of real time. */
  const WEBHOOK_TIMEOUT = 1000;
  let receiver: Server;
  let sandbox: RunningPaymentSandbox;
  let api: ReturnType<typeof client>;
  const deliveries: Delivery[] = [];
  /** Per delivery: a status to answer, or 'hang' to never answer. Default 200. */
  let answer: (delivery: Delivery) => number | 'hang' = () => 200;
  const hanging: ServerResponse[] = [];

  /** The deliveries that name a link or order id. */
  const deliveriesOf = (id: string) => deliveries.filter((d) => d.raw.includes(`"${id}"`));
  /** The events the sandbox has sent (queued at once, before any attempt) that name a link or order id. */
  const eventsOf = async (id: string) => (await sandbox.service.webhooks.log()).filter((d) => d.body.includes(`"${id}"`));
  async function waitFor<T>(read: () => T | undefined | false | Promise<T | undefined | false>, timeoutMs = 3000): Promise<T> {
    const end = Date.now() + timeoutMs;
    for (;;) {
      const value = await read();
      if (value) return value;
      if (Date.now() > end) throw new Error('timed out waiting');
      await new Promise((r) => setTimeout(r, 20));
    }
  }
  /** The delivery log's entry for an event, once the sandbox has recorded what it waits for. */
  const logEntry = (eventId: unknown, ready: (entry: any) => boolean) =>
    waitFor(async () => {
      const items = (await api.call('GET', '/control/webhooks')).body.items as any[];
      const entry = items.find((e) => e.id === eventId);
      return entry && ready(entry) && entry;
    });

  beforeAll(async () => {
    receiver = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        const delivery = { raw, headers: req.headers, body: JSON.parse(raw), at: Date.now() };
        deliveries.push(delivery);
        const reply = answer(delivery);
        if (reply === 'hang') hanging.push(res);
        else res.writeHead(reply).end();
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    const { port } = receiver.address() as AddressInfo;
    sandbox = await startPaymentSandbox({
      keyId: 'rzp_test_webhooks',
      keySecret: KEY_SECRET,
      webhookSecret: WEBHOOK_SECRET,
      webhookUrl: `http://127.0.0.1:${port}/api/payments/webhook`,
      retryDelaysMs: RETRY_DELAYS,
      webhookTimeoutMs: WEBHOOK_TIMEOUT,
    });
    api = client(sandbox.base, 'rzp_test_webhooks', KEY_SECRET);
  });
  afterAll(async () => {
    for (const res of hanging) res.destroy();
    await sandbox?.close();
    await new Promise((resolve) => receiver?.close(resolve));
    vi.useRealTimers();
  });

  function expectSigned(delivery: Delivery): void {
    expect(delivery.headers['content-type']).toBe('application/json');
    expect(delivery.headers['x-razorpay-event-id']).toMatch(ID('evt'));
    const signature = delivery.headers['x-razorpay-signature'] as string;
    expect(razorpayUtils.validateWebhookSignature(delivery.raw, signature, WEBHOOK_SECRET)).toBe(true);
    expect(razorpayUtils.validateWebhookSignature(delivery.raw, signature, 'another-secret')).toBe(false);
    expect(razorpayUtils.validateWebhookSignature(`${delivery.raw} `, signature, WEBHOOK_SECRET)).toBe(false);
    expect(delivery.body).toMatchObject({ entity: 'event', account_id: expect.stringMatching(ID('acc')), created_at: expect.any(Number) });
  }

  it('pay sends payment_link.paid, signed, with the paid link, its order and the captured payment; the redirect does not wait', async () => {
    answer = () => 200;
    const link = (await api.create(linkBody())).body as PaymentLinkEntity;
    const res = await checkout(link.short_url, 'pay', 'upi');
    expect(res.status).toBe(303);
    const paymentId = new URL(res.headers.get('location')!).searchParams.get('razorpay_payment_id');
    const [paid] = await waitFor(() => deliveriesOf(link.id).length > 0 && deliveriesOf(link.id));
    expectSigned(paid!);
    expect(paid!.body.event).toBe('payment_link.paid');
    expect(paid!.body.contains).toEqual(['payment_link', 'order', 'payment']);
    const { payment_link, order, payment } = paid!.body.payload;
    expect(payment_link.entity).toMatchObject({ id: link.id, status: 'paid', amount_paid: link.amount, reference_id: link.reference_id });
    expect(payment.entity).toMatchObject({
      id: paymentId,
      entity: 'payment',
      amount: link.amount,
      currency: 'INR',
      status: 'captured',
      order_id: expect.stringMatching(ID('order')),
      method: 'upi',
      email: 'buyer@example.com',
      notes: link.notes,
    });
    expect(order.entity).toMatchObject({
      id: payment.entity.order_id,
      entity: 'order',
      amount: link.amount,
      amount_paid: link.amount,
      status: 'paid',
      receipt: null,
      notes: link.notes,
    });
    const entry = await logEntry(paid!.headers['x-razorpay-event-id'], (e) => e.delivered);
    expect(entry).toMatchObject({ event: 'payment_link.paid', delivered: true, given_up: false, attempts: [{ status: 200 }] });
  });

  it("fail sends payment.failed naming our order in the payment's notes; each event has its own id", async () => {
    answer = () => 200;
    const link = (await api.create(linkBody())).body as PaymentLinkEntity;
    await checkout(link.short_url, 'fail', 'card');
    await checkout(link.short_url, 'fail', 'card');
    const order = link.notes['guildhall_order_id'] as string;
    const failed = await waitFor(() => deliveriesOf(order).length >= 2 && deliveriesOf(order));
    for (const delivery of failed) {
      expectSigned(delivery);
      expect(delivery.body.event).toBe('payment.failed');
      expect(delivery.body.contains).toEqual(['payment']);
      expect(delivery.body.payload.payment.entity).toMatchObject({
        status: 'failed',
        method: 'card',
        error_code: 'BAD_REQUEST_ERROR',
        error_description: 'Payment failed',
        notes: { guildhall_order_id: link.notes['guildhall_order_id'] },
      });
    }
    const ids = new Set(deliveries.map((d) => d.headers['x-razorpay-event-id']));
    expect(ids.size).toBe(deliveries.length);
  });

  it('retries an event answered 500, same id and same bytes, until a 2xx', async () => {
    let calls = 0;
    answer = () => (++calls === 1 ? 500 : 204);
    const link = (await api.create(linkBody())).body as PaymentLinkEntity;
    await api.cancel(link.id);
    const [first, second] = await waitFor(() => deliveriesOf(link.id).length >= 2 && deliveriesOf(link.id));
    expect(first!.body.event).toBe('payment_link.cancelled');
    expect(first!.body.payload.payment_link.entity).toMatchObject({ id: link.id, status: 'cancelled' });
    expect(second!.headers['x-razorpay-event-id']).toBe(first!.headers['x-razorpay-event-id']);
    expect(second!.raw).toBe(first!.raw);
    expectSigned(second!);
    expect(second!.at - first!.at).toBeGreaterThanOrEqual(RETRY_DELAYS[0]! - 10);
    const entry = await logEntry(first!.headers['x-razorpay-event-id'], (e) => e.delivered);
    expect(entry).toMatchObject({ delivered: true, given_up: false, attempts: [{ status: 500 }, { status: 204 }] });
  });

  it("retries an event the receiver did not answer within the timeout (the buyer's redirect not waiting for it)", async () => {
    let calls = 0;
    answer = () => (++calls === 1 ? 'hang' : 200);
    const link = (await api.create(linkBody())).body as PaymentLinkEntity;
    const started = Date.now();
    const res = await checkout(link.short_url, 'pay');
    // The buyer's redirect never waits for the receiver: it is back while the first attempt is still unanswered.
    expect(res.status).toBe(303);
    expect(Date.now() - started).toBeLessThan(WEBHOOK_TIMEOUT);
    const [sent] = await eventsOf(link.id);
    expect(sent!.attempts.every((attempt) => attempt.status === null && attempt.error === undefined)).toBe(true);
    const [first, second] = await waitFor(() => deliveriesOf(link.id).length >= 2 && deliveriesOf(link.id), 8000);
    expect(first!.body.event).toBe('payment_link.paid');
    expect(second!.headers['x-razorpay-event-id']).toBe(first!.headers['x-razorpay-event-id']);
    expect(second!.at - first!.at).toBeGreaterThanOrEqual(WEBHOOK_TIMEOUT + RETRY_DELAYS[0]! - 50);
    const entry = await logEntry(first!.headers['x-razorpay-event-id'], (e) => e.delivered);
    expect(entry.attempts[0]).toMatchObject({ status: null, error: expect.stringContaining(`${WEBHOOK_TIMEOUT} ms`) });
    expect(entry).toMatchObject({ delivered: true });
    expect(entry.attempts[1]).toMatchObject({ status: 200 });
  }, 15_000);

  it('gives an event up after the last retry delay', async () => {
    answer = () => 503;
    const link = (await api.create(linkBody())).body as PaymentLinkEntity;
    await api.cancel(link.id);
    const eventId = (await waitFor(() => deliveriesOf(link.id)[0]))!.headers['x-razorpay-event-id'];
    const given = await waitFor(() => deliveriesOf(link.id).length >= 3 && deliveriesOf(link.id));
    expect(given).toHaveLength(1 + RETRY_DELAYS.length);
    const logged = await logEntry(eventId, (e) => e.given_up);
    // Nothing to wait on for an attempt that must not come: once given up, twice the longest delay passes without one.
    await new Promise((r) => setTimeout(r, RETRY_DELAYS.at(-1)! * 2));
    expect(deliveriesOf(link.id)).toHaveLength(1 + RETRY_DELAYS.length);
    expect(logged).toMatchObject({ delivered: false, given_up: true, attempts: [{ status: 503 }, { status: 503 }, { status: 503 }] });
  });

  it('the expire control expires the link now and sends payment_link.expired; the checkout page says so', async () => {
    answer = () => 200;
    const link = (await api.create(linkBody())).body as PaymentLinkEntity;
    const expired = await api.call('POST', `/control/payment_links/${link.id}/expire`);
    expect(expired.status).toBe(200);
    expect(expired.body).toMatchObject({ id: link.id, status: 'expired' });
    expect(expired.body.expired_at).toBeGreaterThan(0);
    const [event] = await waitFor(() => deliveriesOf(link.id).length > 0 && deliveriesOf(link.id));
    expectSigned(event!);
    expect(event!.body).toMatchObject({ event: 'payment_link.expired', contains: ['payment_link'] });
    expect(event!.body.payload.payment_link.entity).toMatchObject({ id: link.id, status: 'expired' });
    expect(await (await fetch(link.short_url)).text()).toContain('This payment link has expired.');
    expect((await checkout(link.short_url, 'pay')).headers.get('location')).toBe(`/sandbox/razorpay/checkout/${link.id}`);
    expect((await api.fetch(link.id)).body.status).toBe('expired');
  });

  it('expires a link past expire_by when it is next read, once', async () => {
    answer = () => 200;
    const link = (await api.create(linkBody())).body as PaymentLinkEntity;
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime((link.expire_by + 1) * 1000);
      expect((await api.fetch(link.id)).body).toMatchObject({ status: 'expired' });
      expect((await api.fetch(link.id)).body.status).toBe('expired');
    } finally {
      vi.useRealTimers();
    }
    // Once: the sandbox queued one event for the link (every event is queued at once, before its first attempt), and
    // the receiver got that one, delivered (answered 200, so never retried).
    const events = await eventsOf(link.id);
    expect(events.map((d) => d.event)).toEqual(['payment_link.expired']);
    await logEntry(events[0]!.id, (e) => e.delivered);
    expect(deliveriesOf(link.id).map((d) => d.body.event)).toEqual(['payment_link.expired']);
  });

  it('redelivers a delivered event with the same id and bytes', async () => {
    answer = () => 200;
    const link = (await api.create(linkBody())).body as PaymentLinkEntity;
    await api.cancel(link.id);
    const [first] = await waitFor(() => deliveriesOf(link.id).length > 0 && deliveriesOf(link.id));
    const eventId = first!.headers['x-razorpay-event-id'] as string;
    const res = await api.call('POST', `/control/webhooks/${eventId}/redeliver`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: eventId, event: 'payment_link.cancelled' });
    const [, again] = await waitFor(() => deliveriesOf(link.id).length >= 2 && deliveriesOf(link.id));
    expect(again!.headers['x-razorpay-event-id']).toBe(eventId);
    expect(again!.raw).toBe(first!.raw);
    expectSigned(again!);
    expect((await api.call('POST', '/control/webhooks/evt_AAAAAAAAAAAAAA/redeliver')).status).toBe(400);
  });

  it('the controls need the key like the API', async () => {
    expect((await api.call('GET', '/control/webhooks', undefined, '')).status).toBe(401);
    expect((await api.call('POST', '/control/payment_links/plink_AAAAAAAAAAAAAA/expire', undefined, '')).status).toBe(401);
    expect((await api.call('POST', '/control/webhooks/evt_AAAAAAAAAAAAAA/redeliver', undefined, '')).status).toBe(401);
  });
});
