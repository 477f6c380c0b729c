import type { PaymentCallback, PeriodKey, PlanSlug } from '@guildhall/generated/types';

/** What a payment link is made from: one of our stored orders. */
export interface PaymentLinkOrder {
  orderId: string;
  guildId: string;
  planType: PlanSlug;
  period: PeriodKey;
  /** Whole rupees. */
  amount: number;
  email: string;
  description: string;
  callbackUrl: string;
  /** When the link stops taking payments. */
  expireBy: Date;
}

/** A link's state as the provider reports it (the reconcile of orders whose webhook never came). */
export interface PaymentLinkState {
  linkId: string;
  status: 'created' | 'partially_paid' | 'paid' | 'expired' | 'cancelled';
  amountPaise: number;
  amountPaidPaise: number;
  /** The captured payment, when the link is paid. */
  paymentId?: string;
}

/** What a webhook means for our orders: `ignored` for every event we do not act on. */
export interface WebhookReading {
  kind: 'paid' | 'failed' | 'expired' | 'ignored';
  orderId?: string;
  linkId?: string;
  paymentId?: string;
  amountPaise?: number;
}

/**
 * The payment provider as the orders see it. One adapter (razorpay.provider.ts) serves Razorpay and the payment
 * sandbox alike; only the base URL and the keys differ.
 */
export interface PaymentProvider {
  createPaymentLink(order: PaymentLinkOrder): Promise<{ linkId: string; paymentUrl: string }>;
  fetchPaymentLink(linkId: string): Promise<PaymentLinkState>;
  /** The X-Razorpay-Signature of a raw webhook body, checked in constant time. */
  verifyWebhookSignature(rawBody: Buffer, signature: string | undefined): boolean;
  /** The signature the provider added to the callback URL, checked in constant time. */
  verifyCallback(params: PaymentCallback): boolean;
  readWebhook(body: unknown): WebhookReading;
}

export const PAYMENT_PROVIDER = Symbol('PAYMENT_PROVIDER');

/** "Now", injectable so tests can move past a plan's end date. */
export type Clock = () => Date;
export const CLOCK = Symbol('CLOCK');
