import { Controller, Get, HttpCode, Param, Post, UseFilters, UseGuards } from '@nestjs/common';
import { RazorpayBasicAuthGuard } from './basic-auth.guard.js';
import { PAYMENT_SANDBOX_PREFIX } from './payment-sandbox-options.js';
import { PaymentSandboxService } from './payment-sandbox.service.js';
import type { PaymentLinkEntity } from './payment-sandbox.types.js';
import { RazorpayExceptionFilter } from './razorpay-errors.js';
import type { WebhookDelivery } from './webhook-dispatcher.js';

/** The delivery log as the control route shows it: no body or signature, those are the receiver's business. */
const logEntry = (delivery: WebhookDelivery) => ({
  id: delivery.id,
  event: delivery.event,
  delivered: delivery.delivered,
  given_up: delivery.givenUp,
  attempts: delivery.attempts.map((attempt) => ({
    at: new Date(attempt.at).toISOString(),
    status: attempt.status,
    ...(attempt.error ? { error: attempt.error } : {}),
  })),
});

/**
 * What Razorpay's dashboard lets a person do by hand, for people and tests: expire a link now, read the webhook
 * deliveries, send an event again (same id, for replay tests). Same Basic auth as the API.
 */
@Controller(`${PAYMENT_SANDBOX_PREFIX}/control`)
@UseFilters(RazorpayExceptionFilter)
@UseGuards(RazorpayBasicAuthGuard)
export class PaymentSandboxControlController {
  constructor(private readonly sandbox: PaymentSandboxService) {}

  @Post('payment_links/:id/expire')
  @HttpCode(200)
  expire(@Param('id') id: string): Promise<PaymentLinkEntity> {
    return this.sandbox.expireNow(id);
  }

  @Get('webhooks')
  async webhooks() {
    const items = (await this.sandbox.webhooks.log()).map(logEntry);
    return { entity: 'collection', count: items.length, items };
  }

  @Post('webhooks/:eventId/redeliver')
  @HttpCode(200)
  async redeliver(@Param('eventId') eventId: string) {
    return logEntry(await this.sandbox.redeliver(eventId));
  }
}
