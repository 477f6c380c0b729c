import { HttpStatus, Inject, Injectable } from '@nestjs/common';
import type { PaymentCallback } from '@guildhall/generated/types';
import type { Logger } from 'pino';
import type { PaymentLinks } from 'razorpay/dist/types/paymentLink.js';
import { APP_CONFIG, type AppConfig } from '../config/config.js';
import { ApiError } from '../http/api-error.js';
import { LOGGER } from '../logging/logger.js';
import type { PaymentLinkOrder, PaymentLinkState, PaymentProvider, WebhookReading } from './payment-provider.js';
import { hmacHex, signatureMatches } from './signatures.js';

const TIMEOUT_MS = 10_000;

/** The link entity as the API answers it (the SDK's type, whose `payments` is really an array or null). */
type LinkEntity = Omit<PaymentLinks.RazorpayPaymentLink, 'payments'> & {
  payments: { payment_id: string; amount: number; status: string }[] | null;
};

interface RazorpayErrorBody {
  error?: { code?: string; description?: string };
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const entity = (payload: Record<string, unknown>, name: string): Record<string, unknown> | undefined => {
  const part = payload[name];
  return isObject(part) && isObject(part.entity) ? part.entity : undefined;
};
const text = (value: unknown): string | undefined => (typeof value === 'string' && value.length > 0 ? value : undefined);
const integer = (value: unknown): number | undefined => (Number.isInteger(value) ? (value as number) : undefined);

/**
 * Razorpay Payment Links over plain HTTP (`fetch`): the SDK hard-codes api.razorpay.com, and the payment sandbox speaks
 * the same API at another base URL. Errors come back as 502 with Razorpay's own description, never with the key.
 */
@Injectable()
export class RazorpayProvider implements PaymentProvider {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  async createPaymentLink(order: PaymentLinkOrder): Promise<{ linkId: string; paymentUrl: string }> {
    const body: PaymentLinks.RazorpayPaymentLinkCreateRequestBody = {
      amount: order.amount * 100,
      currency: 'INR',
      accept_partial: false,
      reference_id: order.orderId,
      description: order.description,
      customer: { email: order.email },
      notify: { sms: false, email: false },
      reminder_enable: false,
      notes: { guildhall_order_id: order.orderId, guild_id: order.guildId, plan: order.planType, period: order.period },
      callback_url: order.callbackUrl,
      callback_method: 'get',
      expire_by: Math.floor(order.expireBy.getTime() / 1000),
    };
    const link = await this.call<LinkEntity>('POST', '/v1/payment_links', body);
    if (!text(link.id) || !text(link.short_url)) throw refused('the answer had no payment link');
    return { linkId: link.id, paymentUrl: link.short_url };
  }

  async fetchPaymentLink(linkId: string): Promise<PaymentLinkState> {
    const link = await this.call<LinkEntity>('GET', `/v1/payment_links/${encodeURIComponent(linkId)}`);
    const captured = Array.isArray(link.payments) ? link.payments.find((p) => p.status === 'captured') : undefined;
    return {
      linkId: link.id,
      status: link.status,
      amountPaise: Number(link.amount),
      amountPaidPaise: Number(link.amount_paid ?? 0),
      ...(captured ? { paymentId: captured.payment_id } : {}),
    };
  }

  verifyWebhookSignature(rawBody: Buffer, signature: string | undefined): boolean {
    return signatureMatches(hmacHex(this.config.payments.webhookSecret, rawBody), signature);
  }

  verifyCallback(params: PaymentCallback): boolean {
    const signed = [
      params.razorpay_payment_link_id,
      params.razorpay_payment_link_reference_id,
      params.razorpay_payment_link_status,
      params.razorpay_payment_id,
    ].join('|');
    return signatureMatches(hmacHex(this.config.payments.keySecret, signed), params.razorpay_signature);
  }

  readWebhook(body: unknown): WebhookReading {
    if (!isObject(body) || !isObject(body.payload)) return { kind: 'ignored' };
    const link = entity(body.payload, 'payment_link');
    const payment = entity(body.payload, 'payment');
    const linkOrder = link
      ? (text(link.reference_id) ?? text(isObject(link.notes) ? link.notes.guildhall_order_id : undefined))
      : undefined;
    switch (body.event) {
      case 'payment_link.paid':
        if (!link || link.status !== 'paid') return { kind: 'ignored' };
        return {
          kind: 'paid',
          orderId: linkOrder,
          linkId: text(link.id),
          paymentId: text(payment?.id),
          amountPaise: integer(link.amount_paid) ?? integer(payment?.amount),
        };
      case 'payment_link.expired':
      case 'payment_link.cancelled':
        return link ? { kind: 'expired', orderId: linkOrder, linkId: text(link.id) } : { kind: 'ignored' };
      case 'payment.failed':
        // A failed attempt names our order only through the link's notes, which Razorpay copies onto the payment.
        if (!payment) return { kind: 'ignored' };
        return {
          kind: 'failed',
          orderId: text(isObject(payment.notes) ? payment.notes.guildhall_order_id : undefined),
          paymentId: text(payment.id),
        };
      default:
        return { kind: 'ignored' };
    }
  }

  private async call<T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
    const { keyId, keySecret, apiBase } = this.config.payments;
    let res: Response;
    try {
      res = await fetch(`${apiBase}${path}`, {
        method,
        headers: {
          authorization: `Basic ${Buffer.from(`${keyId}:${keySecret}`).toString('base64')}`,
          accept: 'application/json',
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
    } catch (err) {
      this.logger.warn({ path, err: err instanceof Error ? err.message : String(err) }, 'payment provider unreachable');
      throw refused('the payment provider could not be reached');
    }
    const answer = (await res.json().catch(() => undefined)) as (T & RazorpayErrorBody) | undefined;
    if (!res.ok || answer === undefined) {
      const description = answer?.error?.description ?? `HTTP ${res.status}`;
      this.logger.warn({ path, status: res.status, code: answer?.error?.code, description }, 'payment provider refused');
      throw refused(description);
    }
    return answer;
  }
}

const refused = (description: string) => new ApiError(HttpStatus.BAD_GATEWAY, `The payment provider refused the payment: ${description}`);
