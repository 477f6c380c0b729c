import { All, Controller, UseFilters } from '@nestjs/common';
import { PAYMENT_SANDBOX_PREFIX } from './payment-sandbox-options.js';
import { RazorpayError, RazorpayExceptionFilter } from './razorpay-errors.js';

/** Registered last: any other path under the emulator gets Razorpay's own answer, not the host app's. */
@Controller(PAYMENT_SANDBOX_PREFIX)
@UseFilters(RazorpayExceptionFilter)
export class PaymentSandboxNotFoundController {
  @All('*')
  notFound(): never {
    throw RazorpayError.notFound();
  }
}
