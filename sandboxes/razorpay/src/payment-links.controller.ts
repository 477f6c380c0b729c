import { Body, Controller, Get, HttpCode, Param, Post, UseFilters, UseGuards } from '@nestjs/common';
import { RazorpayBasicAuthGuard } from './basic-auth.guard.js';
import { PAYMENT_SANDBOX_PREFIX } from './payment-sandbox-options.js';
import { PaymentSandboxService } from './payment-sandbox.service.js';
import type { PaymentLinkEntity } from './payment-sandbox.types.js';
import { RazorpayExceptionFilter } from './razorpay-errors.js';

/** Razorpay's Payment Links API, the subset we use: POST /v1/payment_links, GET /v1/payment_links/:id, POST .../cancel. */
@Controller(`${PAYMENT_SANDBOX_PREFIX}/v1/payment_links`)
@UseFilters(RazorpayExceptionFilter)
@UseGuards(RazorpayBasicAuthGuard)
export class PaymentLinksController {
  constructor(private readonly sandbox: PaymentSandboxService) {}

  @Post()
  @HttpCode(200)
  create(@Body() body: unknown): Promise<PaymentLinkEntity> {
    return this.sandbox.create(body);
  }

  @Get(':id')
  fetch(@Param('id') id: string): Promise<PaymentLinkEntity> {
    return this.sandbox.fetch(id);
  }

  @Post(':id/cancel')
  @HttpCode(200)
  cancel(@Param('id') id: string): Promise<PaymentLinkEntity> {
    return this.sandbox.cancel(id);
  }
}
