import { Controller, Get, Param, Post, Req, Res, UseFilters } from '@nestjs/common';
import { renderCheckoutPage, renderUnknownLinkPage } from './checkout-page.js';
import { PAYMENT_SANDBOX_PREFIX } from './payment-sandbox-options.js';
import { PaymentSandboxService } from './payment-sandbox.service.js';
import { PAYMENT_METHODS, type PaymentMethod } from './payment-sandbox.types.js';
import { RazorpayExceptionFilter } from './razorpay-errors.js';
import { type HttpRequest, type HttpReply } from '@guildhall/backend/http/http-types';

const CHECKOUT_PATH = `/${PAYMENT_SANDBOX_PREFIX}/checkout`;

/**
 * The hosted checkout (a link's short_url): the buyer pays, fails or leaves, and is sent back to the link's
 * callback URL with Razorpay's parameters. 303 so the browser follows with a GET.
 */
@Controller(`${PAYMENT_SANDBOX_PREFIX}/checkout`)
@UseFilters(RazorpayExceptionFilter)
export class CheckoutController {
  constructor(private readonly sandbox: PaymentSandboxService) {}

  @Get(':linkId')
  async page(@Param('linkId') linkId: string, @Res() res: HttpReply): Promise<void> {
    const link = await this.sandbox.find(linkId);
    if (!link) return sendHtml(res, 404, renderUnknownLinkPage());
    sendHtml(res, 200, renderCheckoutPage(link, `${CHECKOUT_PATH}/${encodeURIComponent(link.id)}`));
  }

  @Post(':linkId/pay')
  pay(@Param('linkId') linkId: string, @Req() req: HttpRequest, @Res() res: HttpReply): Promise<void> {
    return this.decide(linkId, res, () => this.sandbox.pay(linkId, methodOf(req)));
  }

  @Post(':linkId/fail')
  fail(@Param('linkId') linkId: string, @Req() req: HttpRequest, @Res() res: HttpReply): Promise<void> {
    return this.decide(linkId, res, () => this.sandbox.fail(linkId, methodOf(req)));
  }

  /** The buyer walked away: nothing changes, and the callback learns nothing. */
  @Post(':linkId/leave')
  leave(@Param('linkId') linkId: string, @Res() res: HttpReply): Promise<void> {
    return this.decide(linkId, res, async () => (await this.sandbox.find(linkId))?.callback_url || undefined);
  }

  /**
   * Runs the buyer's choice, whose write is done before the redirect is sent; without a callback URL (or on a closed
   * link) the checkout page shows the outcome.
   */
  private async decide(linkId: string, res: HttpReply, choice: () => Promise<string | undefined>): Promise<void> {
    const link = await this.sandbox.find(linkId);
    if (!link) return sendHtml(res, 404, renderUnknownLinkPage());
    const next = (await choice()) ?? `${CHECKOUT_PATH}/${encodeURIComponent(link.id)}`;
    res.header('Cache-Control', 'no-store');
    res.redirect(next, 303);
  }
}

function methodOf(req: HttpRequest): PaymentMethod {
  const chosen = (req.body as Record<string, unknown> | undefined)?.['method'];
  return PAYMENT_METHODS.find((method) => method === chosen) ?? 'upi';
}

function sendHtml(res: HttpReply, status: number, html: string): void {
  res.code(status).header('Cache-Control', 'no-store');
  res.type('text/html; charset=utf-8').send(html);
}
