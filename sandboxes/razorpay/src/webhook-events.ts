import type { OrderEntity, PaymentEntity, PaymentLinkEntity } from './payment-sandbox.types.js';

export type WebhookEventName = 'payment_link.paid' | 'payment.failed' | 'payment_link.expired' | 'payment_link.cancelled';

export interface WebhookEventBody {
  entity: 'event';
  account_id: string;
  event: WebhookEventName;
  contains: string[];
  payload: Record<string, { entity: object }>;
  created_at: number;
}

/** The event bodies Razorpay sends for what a payment link goes through (the contract's four). */
export function paymentLinkEvent(
  accountId: string,
  event: WebhookEventName,
  parts: { link?: PaymentLinkEntity; order?: OrderEntity; payment?: PaymentEntity },
  createdAt: number,
): WebhookEventBody {
  const payload: WebhookEventBody['payload'] = {};
  // Razorpay's own order of the parts: link, order, payment.
  if (parts.link) payload['payment_link'] = { entity: parts.link };
  if (parts.order) payload['order'] = { entity: parts.order };
  if (parts.payment) payload['payment'] = { entity: parts.payment };
  return { entity: 'event', account_id: accountId, event, contains: Object.keys(payload), payload, created_at: createdAt };
}
