import { type DynamicModule, Module } from '@nestjs/common';
import { RazorpayBasicAuthGuard } from './basic-auth.guard.js';
import { CheckoutController } from './checkout.controller.js';
import { PaymentSandboxControlController } from './control.controller.js';
import { PaymentSandboxNotFoundController } from './not-found.controller.js';
import { PaymentLinksController } from './payment-links.controller.js';
import { PAYMENT_SANDBOX_OPTIONS, type PaymentSandboxOptions } from './payment-sandbox-options.js';
import { PaymentSandboxService } from './payment-sandbox.service.js';

/**
 * Razorpay's Payment Links, emulated over HTTP under /sandbox/razorpay of the host app, for taking premium payments
 * without Razorpay credentials: the API, a hosted checkout page, signed webhooks with retries, and controls.
 */
@Module({})
export class PaymentSandboxModule {
  static forRoot(options: PaymentSandboxOptions): DynamicModule {
    return {
      module: PaymentSandboxModule,
      // The catch-all 404 last (a wildcard: the router prefers every other route to it anyway).
      controllers: [PaymentLinksController, CheckoutController, PaymentSandboxControlController, PaymentSandboxNotFoundController],
      providers: [{ provide: PAYMENT_SANDBOX_OPTIONS, useValue: options }, PaymentSandboxService, RazorpayBasicAuthGuard],
      exports: [PaymentSandboxService],
    };
  }
}
