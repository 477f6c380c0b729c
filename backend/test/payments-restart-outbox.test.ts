/**
 * The payment sandbox across a plain restart (issue 33): a webhook the old process could not deliver is delivered by
 * the new one, processed once, and a buyer's callback for an order paid before the restart still verifies after it.
 * Then two instances on one PostgreSQL server: one sandbox, whichever instance a request reaches.
 */
import 'reflect-metadata';
import { addMonths } from '@guildhall/common/premium';
import { PaymentSandboxService } from '@guildhall/sandbox-razorpay';
import { SANDBOX_GUILDS } from '@guildhall/sandbox-discord/seed';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from '../../scripts/support/free-port.mjs';
import { sandboxPaymentSecrets } from '../src/config/config.js';
import { PAYMENT_ORDERS, type PaymentOrderRecord } from '../src/payments/orders.service.js';
import { GUILD_PREMIUM, type GuildPremiumRecord } from '../src/payments/premium.service.js';
import { startTestApp, tempDataDir } from './support/app.js';
import type { TestBrowser } from './support/browser.js';
import { ci, instancesOnPostgres, postgresBinaries } from './support/instances.js';
import { checkout, createOrder, orderWhen } from './support/payments.js';

type App = Awaited<ReturnType<typeof startTestApp>>;
const GUILD = SANDBOX_GUILDS.community.id;
const SECOND = SANDBOX_GUILDS.pixelPainters.id;

const callbackParams = (location: URL) => Object.fromEntries([...location.searchParams].filter(([key]) => key.startsWith('razorpay_')));
const linkOf = (paymentUrl: string) => paymentUrl.split('/').pop()!;
const basic = (app: App) => `Basic ${Buffer.from(`${app.config.payments.keyId}:${app.config.payments.keySecret}`).toString('base64')}`;
const sandboxCall = (app: App, path: string, init: { method?: string; json?: unknown } = {}) =>
  fetch(`${app.url}/sandbox/razorpay${path}`, {
    method: init.method ?? 'GET',
    headers: { authorization: basic(app), ...(init.json === undefined ? {} : { 'content-type': 'application/json' }) },
    body: init.json === undefined ? undefined : JSON.stringify(init.json),
  }).then(async (res) => ({ status: res.status, body: (await res.json()) as any }));

async function waitFor<T>(read: () => Promise<T | undefined | false>, timeoutMs = 10_000): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (value) return value;
    if (Date.now() > until) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** The same signed-in buyer (their cookies) in front of another process: sessions live in the database. */
function sameBuyer(browser: TestBrowser, app: App): TestBrowser {
  const again = app.browser();
  for (const [name, value] of browser.cookies) again.cookies.set(name, value);
  return again;
}

describe('payment sandbox across a restart of the app (same DATA_DIR, same port)', () => {
  const data = tempDataDir('guildhall-pay-restart-');
  const running: App[] = [];
  let env: Record<string, string>;
  const start = async () => {
    env ??= { DATA_DIR: data.dir, PORT: String(await freePort()) };
    const app = await startTestApp(env);
    running.push(app);
    return app;
  };
  afterAll(async () => {
    for (const app of running) await app.close();
    data.remove();
  });

  it('keeps its key and webhook secret: derived from the session secret, which the database keeps', async () => {
    const first = await start();
    const secrets = { keySecret: first.config.payments.keySecret, webhookSecret: first.config.payments.webhookSecret };
    const session = (await first.storage.records.get<{ value: string }>('system', 'session-secret'))!.data.value;
    expect(secrets).toEqual(sandboxPaymentSecrets(session));
    expect(secrets.keySecret).not.toBe(secrets.webhookSecret);
    await first.close();
    const second = await start();
    expect({ keySecret: second.config.payments.keySecret, webhookSecret: second.config.payments.webhookSecret }).toEqual(secrets);
    await second.close();
  });

  it('a webhook the old process could not deliver (refused at first) is delivered by the new one, and processed once', async () => {
    const first = await start();
    const buyer = first.browser();
    await buyer.signIn('demo-owner');
    await buyer.json('/api/user');
    const { body: created } = await createOrder(buyer, GUILD);
    // The receiver refuses at first: as when the webhook secret differed on one side, the delivery is answered 401.
    first.config.payments.webhookSecret = 'not the one the sandbox signs with';
    const back = await checkout(buyer, created.paymentUrl, 'pay');
    const sandbox = first.app.get(PaymentSandboxService);
    const refused = await waitFor(async () =>
      (await sandbox.webhooks.log()).find((d) => d.body.includes(`"${created.orderId}"`) && d.attempts.length > 0),
    );
    expect(refused).toMatchObject({ event: 'payment_link.paid', delivered: false, givenUp: false, attempts: [{ status: 401 }] });
    await first.close();

    const second = await start();
    const again = sameBuyer(buyer, second);
    const paid = await orderWhen(again, created.orderId, (order) => order.status === 'paid' && order.premium?.plan === 'basic');
    expect(paid.premium.endsAt).toBe(addMonths(new Date(paid.paidAt), 1).toISOString());
    const delivered = (await second.app.get(PaymentSandboxService).webhooks.get(refused.id))!;
    // The same event, the same bytes, answered by the new process.
    expect(delivered).toMatchObject({ id: refused.id, body: refused.body, delivered: true, attempts: [{ status: 401 }, { status: 200 }] });
    const order = (await second.storage.records.get<PaymentOrderRecord>(PAYMENT_ORDERS, created.orderId))!.data;
    expect(order.history.filter((move) => move.to === 'paid')).toEqual([
      expect.objectContaining({ source: 'webhook', eventId: refused.id }),
    ]);

    // Sent once more by hand: the receiver knows the event id, and nothing is applied twice.
    expect((await sandboxCall(second, `/control/webhooks/${refused.id}/redeliver`, { method: 'POST' })).status).toBe(200);
    await waitFor(async () => ((await second.app.get(PaymentSandboxService).webhooks.get(refused.id))?.attempts.length ?? 0) >= 3);
    const premium = (await second.storage.records.get<GuildPremiumRecord>(GUILD_PREMIUM, GUILD))!.data;
    expect(premium.orders.filter((id) => id === created.orderId)).toHaveLength(1);
    expect(premium.history.filter((entry) => entry.orderId === created.orderId)).toHaveLength(1);

    // And the buyer's browser, back after the restart, confirms with what the checkout gave it before.
    const confirmed = await again.json(`/api/payments/orders/${created.orderId}/callback`, { method: 'POST', json: callbackParams(back) });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.order).toMatchObject({ status: 'paid', premium: { endsAt: paid.premium.endsAt } });
    await second.close();
  });

  it("the callback of an order paid before the restart answers 200 after it (it was 400 'could not be verified')", async () => {
    const first = await start();
    const buyer = first.browser();
    await buyer.signIn('demo-owner');
    await buyer.json('/api/user');
    const { body: created } = await createOrder(buyer, SECOND);
    const back = await checkout(buyer, created.paymentUrl, 'pay');
    const paid = await orderWhen(buyer, created.orderId, (order) => order.status === 'paid' && order.premium?.plan === 'basic');
    await first.close();

    const second = await start();
    const again = sameBuyer(buyer, second);
    const confirmed = await again.json(`/api/payments/orders/${created.orderId}/callback`, { method: 'POST', json: callbackParams(back) });
    expect(confirmed.body).toMatchObject({ success: true, order: { id: created.orderId, status: 'paid', premium: paid.premium } });
    expect(confirmed.status).toBe(200);
    // The link, its payment and its delivered webhook are still there.
    const link = await sandboxCall(second, `/v1/payment_links/${linkOf(created.paymentUrl)}`);
    expect(link.body).toMatchObject({
      status: 'paid',
      payments: [{ payment_id: back.searchParams.get('razorpay_payment_id'), status: 'captured' }],
    });
    await second.close();
  });
});

describe.skipIf(!postgresBinaries && !ci)('payment sandbox on two instances sharing one PostgreSQL server', () => {
  const instances = instancesOnPostgres(0);

  it('a link made through one instance is paid at the other, read as paid by both, and its webhook applied once', async () => {
    const { first, second } = instances;
    const buyer = first.browser();
    await buyer.signIn('demo-owner');
    await buyer.json('/api/user');
    const { body: created } = await createOrder(buyer, GUILD);
    const linkId = linkOf(created.paymentUrl);
    // The buyer's checkout reaches the other instance (a load balancer's choice).
    const atSecond = `${second.url}/sandbox/razorpay/checkout/${linkId}`;
    expect((await fetch(atSecond)).status).toBe(200);
    const back = await checkout(second.browser(), atSecond, 'pay');
    expect(back.searchParams.get('razorpay_payment_link_status')).toBe('paid');
    expect((await sandboxCall(first, `/v1/payment_links/${linkId}`)).body.status).toBe('paid');
    expect((await sandboxCall(second, `/v1/payment_links/${linkId}`)).body.status).toBe('paid');
    await orderWhen(buyer, created.orderId, (order) => order.status === 'paid' && order.premium?.plan === 'basic');
    // The delivery's outcome is written just after the receiver answered; then a start of either instance, which takes
    // up what is left undelivered, finds nothing to send.
    const sent = async () => (await first.app.get(PaymentSandboxService).webhooks.log()).filter((d) => d.body.includes(`"${linkId}"`));
    await waitFor(async () => (await sent()).every((d) => d.delivered));
    await Promise.all([first.app.get(PaymentSandboxService).start(), second.app.get(PaymentSandboxService).start()]);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await sent()).toEqual([
      expect.objectContaining({ event: 'payment_link.paid', delivered: true, attempts: [expect.objectContaining({ status: 200 })] }),
    ]);
    const verified = await buyer.json(`/api/payments/orders/${created.orderId}/callback`, { method: 'POST', json: callbackParams(back) });
    expect(verified.status).toBe(200);
  });

  it('refuses a second link with a reference id another instance took, however close together they come', async () => {
    const { first, second } = instances;
    const body = {
      amount: 8900,
      currency: 'INR',
      reference_id: `ord_race_${Date.now()}`,
      description: 'Guildhall Basic, 1 month',
      callback_url: 'http://localhost/premium/payment/pending',
      callback_method: 'get',
    };
    const answers = await Promise.all(
      [first, second, first, second].map((app) => sandboxCall(app, '/v1/payment_links', { method: 'POST', json: body })),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 400, 400, 400]);
    for (const refused of answers.filter((answer) => answer.status === 400))
      expect(refused.body.error.description).toBe(`Payment Link with reference id ${body.reference_id} already exists`);
  });
});
