import { HttpStatus, Inject, Injectable } from '@nestjs/common';
import { validateWith } from '@guildhall/generated/field-errors';
import { validatePaymentWebhookEvent } from '@guildhall/generated/validators';
import type { Logger } from 'pino';
import { ApiError } from '../http/api-error.js';
import { LOGGER } from '../logging/logger.js';
import { RecordExistsError } from '../storage/storage.port.js';
import { STORAGE, type StoragePort } from '../storage/storage.port.js';
import { CLOCK, type Clock, PAYMENT_PROVIDER, type PaymentProvider } from './payment-provider.js';
import { OrdersService } from './orders.service.js';

export const WEBHOOK_EVENTS = 'payment-webhook-events';
export const INVALID_SIGNATURE = 'Invalid webhook signature';
/** Razorpay's event ids (evt_ + 14 characters); anything else is not kept as a record id. */
const EVENT_ID = /^evt_[A-Za-z0-9]{1,40}$/;

/**
 * The provider's webhook: authenticated by its signature over the raw body, deduplicated on the event id (Razorpay
 * delivers an event again until it is answered 2xx), applied to the order. No Discord call here: it must answer fast.
 */
@Injectable()
export class PaymentWebhooksService {
  constructor(
    @Inject(STORAGE) private readonly storage: StoragePort,
    @Inject(PAYMENT_PROVIDER) private readonly provider: PaymentProvider,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(LOGGER) private readonly logger: Logger,
    private readonly orders: OrdersService,
  ) {}

  async receive(rawBody: Buffer, signature: string | undefined, eventIdHeader: string | undefined, body: unknown): Promise<void> {
    if (!this.provider.verifyWebhookSignature(rawBody, signature)) {
      this.logger.warn('payment webhook with a missing or invalid signature');
      throw new ApiError(HttpStatus.UNAUTHORIZED, INVALID_SIGNATURE);
    }
    const valid = validateWith(validatePaymentWebhookEvent, body);
    if (!valid.ok) throw ApiError.validation(valid.fieldErrors, 'The webhook event is not valid.');
    const eventId = eventIdHeader && EVENT_ID.test(eventIdHeader) ? eventIdHeader : undefined;
    if (eventId && (await this.storage.records.get(WEBHOOK_EVENTS, eventId))) return;
    // Processing is idempotent (orders only move forward, premium is applied once per order), so two deliveries of
    // one event racing past the check above do no harm; the record only saves the work of the next retries.
    await this.orders.applyWebhook(this.provider.readWebhook(body), eventId);
    if (!eventId) return;
    try {
      await this.storage.records.insert(WEBHOOK_EVENTS, {
        id: eventId,
        guildId: null,
        data: { event: valid.value.event, receivedAt: this.clock().toISOString() },
      });
    } catch (err) {
      if (!(err instanceof RecordExistsError)) throw err;
    }
  }
}
