import { randomBytes } from 'node:crypto';
import { HttpStatus, Inject, Injectable } from '@nestjs/common';
import { planBySlug, priceFor } from '@guildhall/common/premium';
import { planCatalog } from '@guildhall/generated/plans';
import type { PaymentCallback, PaymentCreateRequest, PaymentOrder, PeriodKey, PlanKey, PlanSlug } from '@guildhall/generated/types';
import type { Logger } from 'pino';
import { APP_CONFIG, type AppConfig } from '../config/config.js';
import { ApiError } from '../http/api-error.js';
import { LOGGER } from '../logging/logger.js';
import { STORAGE, type StoragePort, type StoredRecord } from '../storage/storage.port.js';
import { CLOCK, type Clock, PAYMENT_PROVIDER, type PaymentProvider, type WebhookReading } from './payment-provider.js';
import { PremiumService } from './premium.service.js';

export const PAYMENT_ORDERS = 'payment-orders';
/** A payment link takes payments this long; the reconcile asks about orders still open a little after it. */
export const LINK_LIFETIME_MS = 30 * 60 * 1000;
const MAX_ATTEMPTS = 50;

export type OrderStatus = PaymentOrder['status'];
export type OrderSource = 'create' | 'webhook' | 'callback' | 'reconcile';

export interface OrderHistoryEntry {
  at: string;
  from: OrderStatus | null;
  to: OrderStatus;
  source: OrderSource;
  eventId?: string;
  paymentId?: string;
}

/** Record `payment-orders` (id `ord_...`, guildId set): an order and every move it made. */
export interface PaymentOrderRecord {
  userId: string;
  guildId: string;
  planKey: PlanKey;
  planType: PlanSlug;
  period: PeriodKey;
  /** Whole rupees. */
  amount: number;
  currency: 'INR';
  email: string;
  discordId: string;
  status: OrderStatus;
  linkId: string | null;
  paymentUrl: string | null;
  paymentId?: string;
  paidAt?: string;
  /** The paid order's time was added to the guild's premium (a paid order without it is finished by the next event). */
  premiumGranted: boolean;
  history: OrderHistoryEntry[];
}

/** Where an order may go from where it is: events arrive in any order, and paid and expired are final. */
const NEXT: Record<OrderStatus, readonly OrderStatus[]> = {
  created: ['paid', 'failed', 'expired'],
  failed: ['paid', 'expired'],
  paid: [],
  expired: [],
};

export const CONFIRMATION_INVALID = 'The payment confirmation could not be verified.';
const NO_SUCH_ORDER = 'No such order.';

/**
 * Premium orders: stored before the provider hears of them, moved only forward (each move appended to the order's
 * history and written at the version read), and turned into premium exactly once whichever of the webhook, the
 * callback or the reconcile confirms the payment first.
 */
@Injectable()
export class OrdersService {
  constructor(
    @Inject(STORAGE) private readonly storage: StoragePort,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(PAYMENT_PROVIDER) private readonly provider: PaymentProvider,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(LOGGER) private readonly logger: Logger,
    private readonly premium: PremiumService,
  ) {}

  /** The amount must be the catalog's price; the guild has been checked by the caller. */
  async create(userId: string, request: PaymentCreateRequest): Promise<{ orderId: string; paymentUrl: string }> {
    const price = priceFor(request.planType, request.period);
    if (request.amount !== price) {
      throw ApiError.validation(
        [{ path: '/amount', message: `The amount must be the plan's price: ₹${price}` }],
        `The amount must be the plan's price: ₹${price}`,
      );
    }
    const plan = planBySlug(request.planType);
    const now = this.clock();
    const orderId = `ord_${randomBytes(15).toString('base64url')}`;
    await this.storage.records.insert<PaymentOrderRecord>(PAYMENT_ORDERS, {
      id: orderId,
      guildId: request.guildId,
      data: {
        userId,
        guildId: request.guildId,
        planKey: plan.key,
        planType: plan.slug,
        period: request.period,
        amount: price,
        currency: 'INR',
        email: request.email,
        // The buyer is the signed-in user: the form's id (prefilled with theirs) is not trusted, so an order never names
        // someone else as its buyer. Stored rather than refused, so a mistyped id costs the buyer nothing.
        discordId: userId,
        status: 'created',
        linkId: null,
        paymentUrl: null,
        premiumGranted: false,
        history: [{ at: now.toISOString(), from: null, to: 'created', source: 'create' }],
      },
    });
    const periodLabel = planCatalog.periods.find((p) => p.key === request.period)?.label ?? request.period;
    let link: { linkId: string; paymentUrl: string };
    try {
      link = await this.provider.createPaymentLink({
        orderId,
        guildId: request.guildId,
        planType: plan.slug,
        period: request.period,
        amount: price,
        email: request.email,
        description: `Guildhall ${plan.name} premium, ${periodLabel}, server ${request.guildId}`,
        callbackUrl: `${this.config.publicUrl}/premium/payment/pending?order=${orderId}`,
        expireBy: new Date(now.getTime() + LINK_LIFETIME_MS),
      });
    } catch (err) {
      await this.move(orderId, 'failed', 'create');
      if (err instanceof ApiError) throw err;
      this.logger.error({ orderId, err: err instanceof Error ? err.message : String(err) }, 'payment link not made');
      throw new ApiError(HttpStatus.BAD_GATEWAY, 'The payment provider refused the payment: it could not be reached');
    }
    await this.change(orderId, (data) => ({ ...data, linkId: link.linkId, paymentUrl: link.paymentUrl }));
    this.logger.info({ orderId, guildId: request.guildId, plan: plan.key, period: request.period }, 'payment order created');
    return { orderId, paymentUrl: link.paymentUrl };
  }

  /** The signed-in user's own order, or 404 (another user's order answers as an unknown one). */
  async owned(userId: string, orderId: string): Promise<StoredRecord<PaymentOrderRecord>> {
    const record = await this.storage.records.get<PaymentOrderRecord>(PAYMENT_ORDERS, orderId);
    if (!record || record.data.userId !== userId) throw new ApiError(HttpStatus.NOT_FOUND, NO_SUCH_ORDER);
    return record;
  }

  async view(record: StoredRecord<PaymentOrderRecord>): Promise<PaymentOrder> {
    const { data } = record;
    return {
      id: record.id,
      status: data.status,
      planType: data.planType,
      period: data.period,
      guildId: data.guildId,
      amount: data.amount,
      currency: data.currency,
      createdAt: record.createdAt,
      updatedAt: record.updatedAt,
      ...(data.paidAt ? { paidAt: data.paidAt } : {}),
      premium: data.status === 'paid' ? await this.premium.read(data.guildId) : null,
    };
  }

  /** The buyer's browser came back from the provider: a validly signed paid link confirms the payment. */
  async confirmCallback(userId: string, orderId: string, params: PaymentCallback): Promise<PaymentOrder> {
    const order = await this.owned(userId, orderId);
    const genuine =
      this.provider.verifyCallback(params) &&
      params.razorpay_payment_link_reference_id === orderId &&
      order.data.linkId !== null &&
      params.razorpay_payment_link_id === order.data.linkId;
    if (!genuine) {
      this.logger.warn({ orderId }, 'payment callback with an invalid signature');
      throw ApiError.validation([{ path: '/razorpay_signature', message: CONFIRMATION_INVALID }], CONFIRMATION_INVALID);
    }
    if (params.razorpay_payment_link_status !== 'paid') return this.view(order);
    return this.view(await this.pay(orderId, 'callback', { paymentId: params.razorpay_payment_id }));
  }

  /** A verified webhook's meaning applied to its order; unknown orders and mismatches are logged and left alone. */
  async applyWebhook(reading: WebhookReading, eventId: string | undefined): Promise<void> {
    if (reading.kind === 'ignored' || !reading.orderId) return;
    const order = await this.storage.records.get<PaymentOrderRecord>(PAYMENT_ORDERS, reading.orderId);
    if (!order) {
      this.logger.info({ orderId: reading.orderId, eventId }, 'webhook for an unknown order ignored');
      return;
    }
    if (reading.linkId && order.data.linkId && reading.linkId !== order.data.linkId) {
      this.logger.warn({ orderId: order.id, eventId }, 'webhook names another payment link: ignored');
      return;
    }
    const meta = { eventId, paymentId: reading.paymentId };
    if (reading.kind === 'paid') {
      if (reading.amountPaise !== order.data.amount * 100) {
        this.logger.warn({ orderId: order.id, eventId, amountPaise: reading.amountPaise }, 'paid amount differs from the order: ignored');
        return;
      }
      await this.pay(order.id, 'webhook', meta);
    } else await this.move(order.id, reading.kind, 'webhook', meta);
  }

  /**
   * An order still open a while after its link expired (no webhook came): ask the provider how the link ended.
   * Returns whether the order moved.
   */
  async reconcile(record: StoredRecord<PaymentOrderRecord>): Promise<boolean> {
    const { data } = record;
    if (!data.linkId) return (await this.move(record.id, 'expired', 'reconcile')).data.status === 'expired';
    const link = await this.provider.fetchPaymentLink(data.linkId);
    if (link.status === 'paid' && link.amountPaidPaise === data.amount * 100) {
      await this.pay(record.id, 'reconcile', { paymentId: link.paymentId });
      return true;
    }
    if (link.status === 'expired' || link.status === 'cancelled') {
      return (await this.move(record.id, 'expired', 'reconcile')).data.status === 'expired';
    }
    return false;
  }

  /** A paid order whose premium was not applied (a crash between the two writes). */
  async finishGrant(record: StoredRecord<PaymentOrderRecord>): Promise<void> {
    if (record.data.status === 'paid' && !record.data.premiumGranted) await this.pay(record.id, 'reconcile', {});
  }

  /**
   * The paid move: the order becomes paid (not yet granted), premium is extended for it (once per order id), then the
   * order is marked granted. Whoever finds the order paid but not granted does the rest, so a crash in between is
   * finished by the next event, callback or reconcile.
   */
  private async pay(
    orderId: string,
    source: OrderSource,
    meta: { eventId?: string; paymentId?: string },
  ): Promise<StoredRecord<PaymentOrderRecord>> {
    const order = await this.move(orderId, 'paid', source, meta);
    if (order.data.status !== 'paid' || order.data.premiumGranted) return order;
    await this.premium.grant({
      orderId,
      guildId: order.data.guildId,
      planKey: order.data.planKey,
      period: order.data.period,
      paidAt: order.data.paidAt!,
    });
    return this.change(orderId, (data) => (data.premiumGranted ? null : { ...data, premiumGranted: true }));
  }

  /** Moves the order forward if its rule allows; a move that would not go forward is only logged. */
  private async move(
    orderId: string,
    to: OrderStatus,
    source: OrderSource,
    meta: { eventId?: string; paymentId?: string } = {},
  ): Promise<StoredRecord<PaymentOrderRecord>> {
    return this.change(orderId, (data) => {
      if (!NEXT[data.status].includes(to)) {
        if (data.status !== to) this.logger.info({ orderId, from: data.status, to, source, eventId: meta.eventId }, 'order event ignored');
        return null;
      }
      const at = this.clock().toISOString();
      const entry: OrderHistoryEntry = {
        at,
        from: data.status,
        to,
        source,
        ...(meta.eventId ? { eventId: meta.eventId } : {}),
        ...(meta.paymentId ? { paymentId: meta.paymentId } : {}),
      };
      const paid = to === 'paid' ? { paidAt: at, premiumGranted: false, ...(meta.paymentId ? { paymentId: meta.paymentId } : {}) } : {};
      return { ...data, ...paid, status: to, history: [...data.history, entry] };
    });
  }

  /** Read, change, write at the version read; again on a conflict. `mutate` returning null leaves the order as it is. */
  private async change(
    orderId: string,
    mutate: (data: PaymentOrderRecord) => PaymentOrderRecord | null,
  ): Promise<StoredRecord<PaymentOrderRecord>> {
    for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
      const current = await this.storage.records.get<PaymentOrderRecord>(PAYMENT_ORDERS, orderId);
      if (!current) throw new ApiError(HttpStatus.NOT_FOUND, NO_SUCH_ORDER);
      const next = mutate(current.data);
      if (next === null) return current;
      const result = await this.storage.records.replace(PAYMENT_ORDERS, orderId, next, current.version);
      if (result.ok) return result.record;
    }
    throw new Error(`order ${orderId} kept changing`);
  }
}
