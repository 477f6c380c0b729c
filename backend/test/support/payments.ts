import { createHmac, randomBytes } from 'node:crypto';
import type { PeriodKey, PlanSlug } from '@guildhall/generated/types';
import { priceFor } from '@guildhall/common/premium';
import type { RunningApp } from '../../src/app.js';
import type { TestBrowser } from './browser.js';

const alnum = (n: number) =>
  randomBytes(n * 2)
    .toString('base64')
    .replace(/[^A-Za-z0-9]/g, '')
    .slice(0, n)
    .padEnd(n, 'x');
export const eventId = () => `evt_${alnum(14)}`;
export const paymentId = () => `pay_${alnum(14)}`;

/** Posts a webhook as Razorpay does: the raw body signed with the webhook secret, an event id header. */
export async function postWebhook(
  app: Pick<RunningApp, 'url' | 'config'>,
  body: unknown,
  options: { eventId?: string; signature?: string | null; secret?: string } = {},
): Promise<{ status: number; body: any }> {
  const raw = JSON.stringify(body);
  const signature =
    options.signature === null
      ? undefined
      : (options.signature ??
        createHmac('sha256', options.secret ?? app.config.payments.webhookSecret)
          .update(raw)
          .digest('hex'));
  const res = await fetch(`${app.url}/api/payments/webhook`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-razorpay-event-id': options.eventId ?? eventId(),
      ...(signature === undefined ? {} : { 'x-razorpay-signature': signature }),
    },
    body: raw,
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null };
}

/** A payment_link.paid event as the contract describes it. */
export function paidEvent(order: { orderId: string; linkId: string; amountPaise: number; paymentId?: string; notes?: object }) {
  const pay = order.paymentId ?? paymentId();
  const link = {
    id: order.linkId,
    entity: 'payment_link',
    amount: order.amountPaise,
    amount_paid: order.amountPaise,
    currency: 'INR',
    reference_id: order.orderId,
    status: 'paid',
    notes: order.notes ?? { guildhall_order_id: order.orderId },
  };
  return {
    entity: 'event',
    account_id: 'acc_TestAccount001',
    event: 'payment_link.paid',
    contains: ['payment_link', 'order', 'payment'],
    payload: {
      payment_link: { entity: link },
      order: {
        entity: {
          id: `order_${alnum(14)}`,
          entity: 'order',
          amount: order.amountPaise,
          amount_paid: order.amountPaise,
          status: 'paid',
          receipt: null,
          notes: link.notes,
        },
      },
      payment: {
        entity: {
          id: pay,
          entity: 'payment',
          amount: order.amountPaise,
          currency: 'INR',
          status: 'captured',
          method: 'upi',
          notes: link.notes,
          created_at: 1,
        },
      },
    },
    created_at: Math.floor(Date.now() / 1000),
  };
}

/** A payment.failed event: the payment names our order only through the link's notes. */
export function failedEvent(order: { orderId: string; amountPaise: number }) {
  return {
    entity: 'event',
    account_id: 'acc_TestAccount001',
    event: 'payment.failed',
    contains: ['payment'],
    payload: {
      payment: {
        entity: {
          id: paymentId(),
          entity: 'payment',
          amount: order.amountPaise,
          currency: 'INR',
          status: 'failed',
          error_code: 'BAD_REQUEST_ERROR',
          error_description: 'Payment failed',
          notes: { guildhall_order_id: order.orderId },
          created_at: 1,
        },
      },
    },
    created_at: Math.floor(Date.now() / 1000),
  };
}

/** Polls the buyer's order until `done` holds (the sandbox's webhook arrives on its own, a moment after the Pay). */
export async function orderWhen(browser: TestBrowser, orderId: string, done: (order: any) => boolean, timeoutMs = 10_000): Promise<any> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const { body } = await browser.json(`/api/payments/orders/${orderId}`);
    if (done(body.order)) return body.order;
    if (Date.now() > until) throw new Error(`order ${orderId} is still ${body.order?.status}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** POST /api/payments/create for the signed-in buyer, with the catalog's price unless told otherwise. */
export function createOrder(
  browser: TestBrowser,
  guildId: string,
  planType: PlanSlug = 'basic',
  period: PeriodKey = 'monthly',
  extra: { amount?: number; discordId?: string } = {},
) {
  return browser.json('/api/payments/create', {
    method: 'POST',
    json: {
      planType,
      period,
      guildId,
      email: 'buyer@example.com',
      discordId: extra.discordId ?? '1100000000000000101',
      amount: extra.amount ?? priceFor(planType, period),
    },
  });
}

/** The buyer's choice on the sandbox's hosted checkout, posted as its form posts it; the 303's target, not followed. */
export async function checkout(browser: TestBrowser, paymentUrl: string, choice: 'pay' | 'fail' | 'leave'): Promise<URL> {
  const res = await browser.request(`${paymentUrl}/${choice}`, {
    method: 'POST',
    body: 'method=upi',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });
  if (res.status !== 303) throw new Error(`checkout ${choice} answered ${res.status}`);
  await res.body?.cancel();
  return new URL(res.headers.get('location')!, browser.baseUrl);
}

/**
 * Buys premium for a guild the signed-in user manages, the way a buyer does: POST /api/payments/create, Pay on the
 * payment sandbox's hosted checkout, and the sandbox's signed payment_link.paid webhook; resolves once the order is
 * paid and its premium applied. Returns the order id.
 */
export async function buyPremium(
  browser: TestBrowser,
  guildId: string,
  planType: PlanSlug = 'basic',
  period: PeriodKey = 'monthly',
): Promise<string> {
  const created = await createOrder(browser, guildId, planType, period);
  if (created.status !== 200) throw new Error(`premium not bought: ${created.status} ${JSON.stringify(created.body)}`);
  await checkout(browser, created.body.paymentUrl, 'pay');
  await orderWhen(browser, created.body.orderId, (order) => order.status === 'paid' && order.premium?.plan !== null);
  return created.body.orderId;
}
