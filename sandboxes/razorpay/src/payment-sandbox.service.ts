import { createHash, timingSafeEqual } from 'node:crypto';
import { Inject, Injectable, type OnModuleDestroy } from '@nestjs/common';
import { failedCallbackParams, paidCallbackParams, withParams } from './callback-url.js';
import { readNewPaymentLink } from './link-validation.js';
import {
  PAYMENT_SANDBOX_OPTIONS,
  resolvePaymentSandboxOptions,
  type PaymentSandboxOptions,
  type ResolvedPaymentSandboxOptions,
} from './payment-sandbox-options.js';
import type { LinkPayment, OrderEntity, PaymentEntity, PaymentLinkEntity, PaymentMethod } from './payment-sandbox.types.js';
import { RazorpayError } from './razorpay-errors.js';
import { razorpayId, unixNow } from './razorpay-ids.js';
import { WebhookDispatcher, type WebhookDelivery } from './webhook-dispatcher.js';
import { paymentLinkEvent, type WebhookEventName } from './webhook-events.js';

const EXPIRY_SWEEP_MS = 60_000;

interface LinkState {
  link: PaymentLinkEntity;
  /** Razorpay makes one order for a link at its first payment attempt. */
  order?: OrderEntity;
}

/**
 * Razorpay's Payment Links, in memory: the API's create/fetch/cancel, the hosted checkout's pay/fail, expiry, and the
 * webhook each of them sends. State lasts as long as the process, like the Discord sandbox's.
 */
@Injectable()
export class PaymentSandboxService implements OnModuleDestroy {
  readonly options: ResolvedPaymentSandboxOptions;
  readonly webhooks: WebhookDispatcher;
  readonly accountId = razorpayId('acc');
  private readonly links = new Map<string, LinkState>();
  private readonly referenceIds = new Set<string>();
  private readonly sweep: NodeJS.Timeout;

  constructor(@Inject(PAYMENT_SANDBOX_OPTIONS) options: PaymentSandboxOptions) {
    this.options = resolvePaymentSandboxOptions(options);
    this.webhooks = new WebhookDispatcher(
      this.options.webhookUrl,
      this.options.webhookSecret,
      this.options.retryDelaysMs,
      this.options.webhookTimeoutMs,
    );
    // Expiry is also checked on every read; the sweep makes the expired webhook go out when nobody reads the link.
    this.sweep = setInterval(() => this.expireDue(), EXPIRY_SWEEP_MS);
    this.sweep.unref();
  }

  onModuleDestroy(): void {
    clearInterval(this.sweep);
    this.webhooks.close();
  }

  /** Basic auth with the sandbox's key, as Razorpay's API takes it. */
  authenticates(header: string | undefined): boolean {
    if (!header?.toLowerCase().startsWith('basic ')) return false;
    const decoded = Buffer.from(header.slice(6).trim(), 'base64').toString('utf8');
    const colon = decoded.indexOf(':');
    if (colon < 0) return false;
    return constantTimeEqual(`${decoded.slice(0, colon)}:${decoded.slice(colon + 1)}`, `${this.options.keyId}:${this.options.keySecret}`);
  }

  create(body: unknown): PaymentLinkEntity {
    const input = readNewPaymentLink(body);
    if (input.reference_id && this.referenceIds.has(input.reference_id))
      throw RazorpayError.badRequest(`Payment Link with reference id ${input.reference_id} already exists`, 'reference_id');
    const now = unixNow();
    const id = razorpayId('plink');
    const link: PaymentLinkEntity = {
      id,
      entity: 'payment_link',
      amount: input.amount,
      amount_paid: 0,
      currency: 'INR',
      accept_partial: input.accept_partial,
      reference_id: input.reference_id,
      description: input.description,
      customer: input.customer,
      notify: input.notify,
      reminder_enable: input.reminder_enable,
      notes: input.notes,
      callback_url: input.callback_url,
      callback_method: input.callback_method,
      expire_by: input.expire_by,
      expired_at: 0,
      cancelled_at: 0,
      status: 'created',
      short_url: `${this.options.publicUrl}/checkout/${id}`,
      payments: null,
      created_at: now,
      updated_at: now,
      user_id: '',
      upi_link: false,
    };
    this.links.set(id, { link });
    if (input.reference_id) this.referenceIds.add(input.reference_id);
    return structuredClone(link);
  }

  /** The link as it stands now (a link past expire_by is expired first), or Razorpay's unknown-id error. */
  fetch(id: string): PaymentLinkEntity {
    return structuredClone(this.state(id).link);
  }

  /** For the checkout page: undefined when there is no such link. */
  find(id: string): PaymentLinkEntity | undefined {
    return this.links.has(id) ? this.fetch(id) : undefined;
  }

  cancel(id: string): PaymentLinkEntity {
    const { link } = this.state(id);
    if (link.status !== 'created') throw RazorpayError.badRequest(`Payment Link cannot be cancelled as it is in ${link.status} state`);
    link.status = 'cancelled';
    link.cancelled_at = link.updated_at = unixNow();
    this.emit('payment_link.cancelled', { link });
    return structuredClone(link);
  }

  /** The control route's "expire now". */
  expireNow(id: string): PaymentLinkEntity {
    const { link } = this.state(id);
    if (link.status !== 'created') throw RazorpayError.badRequest(`Payment Link cannot be expired as it is in ${link.status} state`);
    this.expire(link, unixNow());
    return structuredClone(link);
  }

  /** The buyer paid at checkout: a captured payment, the link paid; answers where the browser goes next. */
  pay(id: string, method: PaymentMethod): string | undefined {
    const state = this.payable(id);
    if (!state) return undefined;
    const { link } = state;
    const payment = this.attempt(state, method, 'captured');
    link.status = 'paid';
    link.amount_paid = link.amount;
    const order = state.order!;
    order.amount_paid = link.amount;
    order.amount_due = 0;
    order.status = 'paid';
    this.emit('payment_link.paid', { link, order, payment });
    return link.callback_url ? withParams(link.callback_url, paidCallbackParams(this.options.keySecret, link, payment.id)) : undefined;
  }

  /** A failed attempt: the link stays open for another try. */
  fail(id: string, method: PaymentMethod): string | undefined {
    const state = this.payable(id);
    if (!state) return undefined;
    const payment = this.attempt(state, method, 'failed');
    this.emit('payment.failed', { payment });
    return state.link.callback_url ? withParams(state.link.callback_url, failedCallbackParams(payment.id, state.link.id)) : undefined;
  }

  redeliver(eventId: string): WebhookDelivery {
    const delivery = this.webhooks.redeliver(eventId);
    if (!delivery) throw RazorpayError.unknownId();
    return delivery;
  }

  /** Links past expire_by become expired (with their webhook). */
  expireDue(now = unixNow()): void {
    for (const { link } of this.links.values())
      if (link.status === 'created' && link.expire_by && now >= link.expire_by) this.expire(link, now);
  }

  private state(id: string): LinkState {
    const state = this.links.get(id);
    if (!state) throw RazorpayError.unknownId();
    const { link } = state;
    const now = unixNow();
    if (link.status === 'created' && link.expire_by && now >= link.expire_by) this.expire(link, now);
    return state;
  }

  /** The link, when a payment may still be made on it. */
  private payable(id: string): LinkState | undefined {
    const state = this.state(id);
    return state.link.status === 'created' ? state : undefined;
  }

  private expire(link: PaymentLinkEntity, now: number): void {
    link.status = 'expired';
    link.expired_at = link.updated_at = now;
    this.emit('payment_link.expired', { link });
  }

  private attempt(state: LinkState, method: PaymentMethod, status: 'captured' | 'failed'): PaymentEntity {
    const { link } = state;
    const now = unixNow();
    state.order ??= {
      id: razorpayId('order'),
      entity: 'order',
      amount: link.amount,
      amount_paid: 0,
      amount_due: link.amount,
      currency: 'INR',
      receipt: null,
      status: 'created',
      attempts: 0,
      notes: link.notes,
      created_at: now,
    };
    state.order.attempts += 1;
    state.order.status = 'attempted';
    const failed = status === 'failed';
    const payment: PaymentEntity = {
      id: razorpayId('pay'),
      entity: 'payment',
      amount: link.amount,
      currency: 'INR',
      status,
      order_id: state.order.id,
      method,
      captured: !failed,
      description: link.description,
      email: link.customer.email ?? null,
      notes: link.notes,
      error_code: failed ? 'BAD_REQUEST_ERROR' : null,
      error_description: failed ? 'Payment failed' : null,
      created_at: now,
    };
    const listed: LinkPayment = { payment_id: payment.id, amount: payment.amount, status, method, created_at: now };
    link.payments = [...(link.payments ?? []), listed];
    link.updated_at = now;
    return payment;
  }

  private emit(event: WebhookEventName, parts: { link?: PaymentLinkEntity; order?: OrderEntity; payment?: PaymentEntity }): void {
    // Serialised at once by send(): later changes to the link do not alter an event already sent, nor its retries.
    const body = paymentLinkEvent(this.accountId, event, parts, unixNow());
    this.webhooks.send(razorpayId('evt'), event, body);
  }
}

/** Compared as digests, so neither the length nor the content of the secret shows in the timing. */
function constantTimeEqual(a: string, b: string): boolean {
  const digest = (text: string) => createHash('sha256').update(text).digest();
  return timingSafeEqual(digest(a), digest(b));
}
