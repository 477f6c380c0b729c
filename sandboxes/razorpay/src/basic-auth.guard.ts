import { type CanActivate, type ExecutionContext, Injectable } from '@nestjs/common';
import { PaymentSandboxService } from './payment-sandbox.service.js';
import { RazorpayError } from './razorpay-errors.js';
import { type HttpRequest } from '@guildhall/backend/http/http-types';

/** Razorpay's API (and the sandbox's controls) take HTTP Basic key_id:key_secret; anything else is 401. */
@Injectable()
export class RazorpayBasicAuthGuard implements CanActivate {
  constructor(private readonly sandbox: PaymentSandboxService) {}

  canActivate(context: ExecutionContext): boolean {
    const req = context.switchToHttp().getRequest<HttpRequest>();
    if (!this.sandbox.authenticates(req.headers.authorization)) throw RazorpayError.authenticationFailed();
    return true;
  }
}
