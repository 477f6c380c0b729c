import { createHash, timingSafeEqual } from 'node:crypto';
import { Inject, Injectable, type OnModuleDestroy } from '@nestjs/common';
import { RecordExistsError } from '@guildhall/backend/storage/storage.port';
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
import { changeRecord, everyRecord, SANDBOX_LINKS, SANDBOX_REFERENCES, type SandboxRecords } from './sandbox-store.js';
import { WebhookDispatcher, type WebhookDelivery } from './webhook-dispatcher.js';
import { paymentLinkEvent, type WebhookEventName } from './webhook-events.js';

const SWEEP_MS = 60_000;

/**
 * Record `razorpay-sandbox-links` (id = link id): everything a link went through, kept together so that each step is
 * one compare-and-set write: Pay makes the link paid, its order, the captured payment and the webhook to send in one.
 */
export interface LinkRecord {
  link: PaymentLinkEntity;
  /** Razorpay makes one order for a link at its first payment attempt. */
  order: OrderEntity | null;
  payments: PaymentEntity[];
  /** The webhook events the link caused, each with its delivery state: the outbox (webhook-dispatcher.ts). */
  deliveries: WebhookDelivery[];
}

/** Record `razorpay-sandbox-references` (id = reference_id): the link that holds the reference. */
interface ReferenceRecord {
  linkId: string;
}

type Emit = (event: WebhookEventName, parts: { link?: PaymentLinkEntity; order?: OrderEntity; payment?: PaymentEntity }) => void;

/**
 * Razorpay's Payment Links: the API's create/fetch/cancel, the hosted checkout's pay/fail, expiry, and the webhook each
 * of them sends. Kept in the host's records (the app's database), so links, payments and undelivered webhooks outlive
 * a restart and every instance of the app sees the same ones: each read goes to the store, each change is a
 * compare-and-set of the link's record (again on a conflict), and a reference id is taken by an insert.
 */
@Injectable()
export class PaymentSandboxService implements OnModuleDestroy {
  readonly options: ResolvedPaymentSandboxOptions;
  readonly webhooks: WebhookDispatcher;
  /** One account for the key: the same in every process, as the events' account_id is at Razorpay. */
  readonly accountId: string;
  private readonly records: SandboxRecords;
  private readonly sweepTimer: NodeJS.Timeout;

  constructor(@Inject(PAYMENT_SANDBOX_OPTIONS) options: PaymentSandboxOptions) {
    this.options = resolvePaymentSandboxOptions(options);
    this.records = this.options.records;
    this.accountId = accountIdOf(this.options.keyId);
    this.webhooks = new WebhookDispatcher(
      this.records,
      SANDBOX_LINKS,
      this.options.webhookUrl,
      this.options.webhookSecret,
      this.options.retryDelaysMs,
      this.options.webhookTimeoutMs,
    );
    // Expiry is also checked on every read; the sweep makes the expired webhook go out when nobody reads the link, and
    // picks up deliveries another instance left when it stopped.
    this.sweepTimer = setInterval(() => void this.sweep().catch(() => undefined), SWEEP_MS);
    this.sweepTimer.unref();
  }

  onModuleDestroy(): void {
    clearInterval(this.sweepTimer);
    this.webhooks.close();
  }

  /**
   * Once the receiver can answer (the host app listens): every delivery the store still holds undelivered is sent
   * again, at once or at its due time. Returns how many.
   */
  start(): Promise<number> {
    return this.webhooks.resume();
  }

  /** Basic auth with the sandbox's key, as Razorpay's API takes it. */
  authenticates(header: string | undefined): boolean {
    if (!header?.toLowerCase().startsWith('basic ')) return false;
    const decoded = Buffer.from(header.slice(6).trim(), 'base64').toString('utf8');
    const colon = decoded.indexOf(':');
    if (colon < 0) return false;
    return constantTimeEqual(`${decoded.slice(0, colon)}:${decoded.slice(colon + 1)}`, `${this.options.keyId}:${this.options.keySecret}`);
  }

  async create(body: unknown): Promise<PaymentLinkEntity> {
    const input = readNewPaymentLink(body);
    const now = unixNow();
    const id = razorpayId('plink');
    if (input.reference_id && !(await this.takeReference(input.reference_id, id)))
      throw RazorpayError.badRequest(`Payment Link with reference id ${input.reference_id} already exists`, 'reference_id');
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
    await this.records.insert<LinkRecord>(SANDBOX_LINKS, { id, guildId: null, data: { link, order: null, payments: [], deliveries: [] } });
    return link;
  }

  /** The link as it stands now (a link past expire_by is expired first), or Razorpay's unknown-id error. */
  async fetch(id: string): Promise<PaymentLinkEntity> {
    return (await this.change(id, () => undefined)).link;
  }

  /** For the checkout page: undefined when there is no such link. */
  async find(id: string): Promise<PaymentLinkEntity | undefined> {
    try {
      return await this.fetch(id);
    } catch (err) {
      if (err instanceof RazorpayError && err.status === 400) return undefined;
      throw err;
    }
  }

  async cancel(id: string): Promise<PaymentLinkEntity> {
    const { link } = await this.change(id, (state, now, emit) => {
      const { link } = state;
      if (link.status !== 'created') throw RazorpayError.badRequest(`Payment Link cannot be cancelled as it is in ${link.status} state`);
      link.status = 'cancelled';
      link.cancelled_at = link.updated_at = now;
      emit('payment_link.cancelled', { link });
    });
    return link;
  }

  /** The control route's "expire now". */
  async expireNow(id: string): Promise<PaymentLinkEntity> {
    const { link } = await this.change(id, (state, now, emit) => {
      if (state.link.status !== 'created')
        throw RazorpayError.badRequest(`Payment Link cannot be expired as it is in ${state.link.status} state`);
      expire(state.link, now, emit);
    });
    return link;
  }

  /**
   * The buyer paid at checkout: a captured payment, the link paid, and its webhook queued, all in one write that is
   * done before this answers where the browser goes next. A process killed before the write leaves the link payable.
   */
  async pay(id: string, method: PaymentMethod): Promise<string | undefined> {
    return (
      await this.change(id, (state, now, emit) => {
        if (state.link.status !== 'created') return undefined;
        const { link } = state;
        const payment = attempt(state, method, 'captured', now);
        link.status = 'paid';
        link.amount_paid = link.amount;
        const order = state.order!;
        order.amount_paid = link.amount;
        order.amount_due = 0;
        order.status = 'paid';
        emit('payment_link.paid', { link, order, payment });
        return link.callback_url ? withParams(link.callback_url, paidCallbackParams(this.options.keySecret, link, payment.id)) : undefined;
      })
    ).result;
  }

  /** A failed attempt: the link stays open for another try. */
  async fail(id: string, method: PaymentMethod): Promise<string | undefined> {
    return (
      await this.change(id, (state, now, emit) => {
        if (state.link.status !== 'created') return undefined;
        const payment = attempt(state, method, 'failed', now);
        emit('payment.failed', { payment });
        return state.link.callback_url ? withParams(state.link.callback_url, failedCallbackParams(payment.id, state.link.id)) : undefined;
      })
    ).result;
  }

  async redeliver(eventId: string): Promise<WebhookDelivery> {
    const delivery = await this.webhooks.redeliver(eventId);
    if (!delivery) throw RazorpayError.unknownId();
    return delivery;
  }

  /** Links past expire_by become expired (with their webhook); deliveries left undelivered by a stopped instance are taken up. */
  async sweep(now = unixNow()): Promise<void> {
    // One walk of the links for both: which are past expire_by, and which deliveries are still due.
    const due: string[] = [];
    for await (const record of everyRecord<LinkRecord>(this.records, SANDBOX_LINKS)) {
      if (expiryDue(record.data.link, now)) due.push(record.id);
      this.webhooks.resumeRecord(record.id, record.data);
    }
    for (const id of due) await this.change(id, () => undefined);
  }

  /**
   * Takes a reference id for a new link: an insert, so two creates with one reference id cannot both succeed. A
   * reference whose link was never written (a process stopped in between) is taken over, at the version read.
   */
  private async takeReference(referenceId: string, linkId: string): Promise<boolean> {
    try {
      await this.records.insert<ReferenceRecord>(SANDBOX_REFERENCES, { id: referenceId, guildId: null, data: { linkId } });
      return true;
    } catch (err) {
      if (!(err instanceof RecordExistsError)) throw err;
    }
    const held = await this.records.get<ReferenceRecord>(SANDBOX_REFERENCES, referenceId);
    if (!held || (await this.records.get(SANDBOX_LINKS, held.data.linkId))) return false;
    return (await this.records.replace<ReferenceRecord>(SANDBOX_REFERENCES, referenceId, { linkId }, held.version)).ok;
  }

  /**
   * Reads the link's record, expires it if it is past expire_by, applies `step`, and writes it all at the version read
   * (again from the read on a conflict); then the events it queued are scheduled. A RazorpayError thrown by `step` is
   * thrown after the expiry (if any) is written.
   */
  private async change<R>(
    id: string,
    step: (state: LinkRecord, now: number, emit: Emit) => R,
  ): Promise<{ link: PaymentLinkEntity; result: R }> {
    const changed = await changeRecord<LinkRecord, { outcome: { value: R } | { refused: RazorpayError }; queued: WebhookDelivery[] }>(
      this.records,
      SANDBOX_LINKS,
      id,
      (state) => {
        const before = JSON.stringify(state);
        const now = unixNow();
        const queued: WebhookDelivery[] = [];
        const emit: Emit = (event, parts) => {
          const payload = paymentLinkEvent(this.accountId, event, parts, now);
          const delivery = WebhookDispatcher.newDelivery(razorpayId('evt'), event, payload);
          state.deliveries.push(delivery);
          queued.push(delivery);
        };
        if (expiryDue(state.link, now)) expire(state.link, now, emit);
        let outcome: { value: R } | { refused: RazorpayError };
        try {
          outcome = { value: step(state, now, emit) };
        } catch (err) {
          if (!(err instanceof RazorpayError)) throw err;
          outcome = { refused: err };
        }
        const same = JSON.stringify(state) === before;
        return same ? { data: null, result: { outcome, queued: [] } } : { data: state, result: { outcome, queued } };
      },
    );
    if (!changed) throw RazorpayError.unknownId();
    for (const delivery of changed.result.queued) this.webhooks.schedule(id, delivery);
    const { outcome } = changed.result;
    if ('refused' in outcome) throw outcome.refused;
    return { link: changed.record.data.link, result: outcome.value };
  }
}

const expiryDue = (link: PaymentLinkEntity, now: number) => link.status === 'created' && link.expire_by > 0 && now >= link.expire_by;

function expire(link: PaymentLinkEntity, now: number, emit: Emit): void {
  link.status = 'expired';
  link.expired_at = link.updated_at = now;
  emit('payment_link.expired', { link });
}

function attempt(state: LinkRecord, method: PaymentMethod, status: 'captured' | 'failed', now: number): PaymentEntity {
  const { link } = state;
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
  state.payments.push(payment);
  const listed: LinkPayment = { payment_id: payment.id, amount: payment.amount, status, method, created_at: now };
  link.payments = [...(link.payments ?? []), listed];
  link.updated_at = now;
  return payment;
}

/** The sandbox's account id, from its key id: Razorpay's shape (acc_ and 14 letters or digits), the same in every process. */
function accountIdOf(keyId: string): string {
  const digits = createHash('sha256')
    .update(`guildhall payment sandbox account ${keyId}`)
    .digest('base64')
    .replace(/[^A-Za-z0-9]/g, '');
  return `acc_${digits.slice(0, 14)}`;
}

/** Compared as digests, so neither the length nor the content of the secret shows in the timing. */
function constantTimeEqual(a: string, b: string): boolean {
  const digest = (text: string) => createHash('sha256').update(text).digest();
  return timingSafeEqual(digest(a), digest(b));
}
