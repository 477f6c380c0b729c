import { createHmac, randomBytes } from 'node:crypto';
import type { PeriodKey, PlanSlug } from '@guildhall/generated/types';
import { planBySlug, priceFor } from '@guildhall/common/premium';
import type { RunningApp } from '../../src/app.js';
import { PAYMENT_ORDERS, type PaymentOrderRecord } from '../../src/payments/orders.service.js';
import type { TestBrowser } from './browser.js';

const alnum = (n: number) => randomBytes(n * 2).toString('base64').replace(/[^A-Za-z0-9]/g, '').slice(0, n).padEnd(n, 'x');
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
      : (options.signature ?? createHmac('sha256', options.secret ?? app.config.payments.webhookSecret).update(raw).digest('hex'));
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
      order: { entity: { id: `order_${alnum(14)}`, entity: 'order', amount: order.amountPaise, amount_paid: order.amountPaise, status: 'paid', receipt: null, notes: link.notes } },
      payment: {
        entity: { id: pay, entity: 'payment', amount: order.amountPaise, currency: 'INR', status: 'captured', method: 'upi', notes: link.notes, created_at: 1 },
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

/**
 * Buys premium for a guild the user manages. With the payment sandbox mounted, through the real path end to end
 * (POST /api/payments/create, the sandbox checkout's Pay, its signed webhook). Without it, the order is stored as
 * POST /api/payments/create stores it (a link id of our own) and paid by a signed payment_link.paid webhook, so only
 * the link's creation is skipped.
 */
export async function buyPremium(
  app: RunningApp,
  browser: TestBrowser,
  userId: string,
  guildId: string,
  planType: PlanSlug = 'basic',
  period: PeriodKey = 'monthly',
): Promise<string> {
  const plan = planBySlug(planType);
  const amount = priceFor(planType, period);
  const orderId = `ord_${randomBytes(15).toString('base64url')}`;
  const linkId = `plink_${alnum(14)}`;
  const data: PaymentOrderRecord = {
    userId,
    guildId,
    planKey: plan.key,
    planType,
    period,
    amount,
    currency: 'INR',
    email: 'buyer@example.com',
    discordId: userId,
    status: 'created',
    linkId,
    paymentUrl: `${app.url}/sandbox/razorpay/checkout/${linkId}`,
    premiumGranted: false,
    history: [{ at: new Date().toISOString(), from: null, to: 'created', source: 'create' }],
  };
  void browser;
  await app.storage.records.insert(PAYMENT_ORDERS, { id: orderId, guildId, data });
  const answer = await postWebhook(app, paidEvent({ orderId, linkId, amountPaise: amount * 100 }));
  if (answer.status !== 200) throw new Error(`premium not bought: ${answer.status} ${JSON.stringify(answer.body)}`);
  return orderId;
}
