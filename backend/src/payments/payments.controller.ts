import {
  Body,
  type CanActivate,
  Controller,
  Get,
  Headers,
  HttpCode,
  HttpStatus,
  Inject,
  Injectable,
  Param,
  Post,
  Req,
  UseGuards,
} from '@nestjs/common';
import type {
  FieldError,
  PaymentCallback,
  PaymentCreateRequest,
  PaymentCreateResponse,
  PaymentOrderResponse,
  SuccessResponse,
} from '@guildhall/generated/types';
import { validatePaymentCallback, validatePaymentCreateRequest } from '@guildhall/generated/validators';
import { APP_CONFIG, type AppConfig } from '../config/config.js';
import type { SessionUser } from '../discord/discord.types.js';
import { GuildAccessService } from '../guild/guild-access.service.js';
import { ApiError } from '../http/api-error.js';
import { SchemaBody } from '../http/schema-body.pipe.js';
import { OrdersService } from './orders.service.js';
import { PaymentWebhooksService } from './payment-webhooks.service.js';
import { type HttpRequest } from '../http/http-types.js';

export const PAYMENTS_CLOSED = 'Online payment is not available right now. Please contact support.';

/** Guards run before the body pipe: a closed shop answers 503 to anyone, a signed-out caller 401, not a 400 about the form. */
@Injectable()
class SignedIn implements CanActivate {
  canActivate(context: import('@nestjs/common').ExecutionContext): boolean {
    if (!context.switchToHttp().getRequest<HttpRequest>().user) throw new ApiError(HttpStatus.UNAUTHORIZED, 'You are not signed in.');
    return true;
  }
}

@Injectable()
class PaymentsOpen implements CanActivate {
  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}
  canActivate(): boolean {
    if (this.config.payments.mode === 'off') throw new ApiError(HttpStatus.SERVICE_UNAVAILABLE, PAYMENTS_CLOSED);
    return true;
  }
}

const firstMessage = (errors: FieldError[]) => errors[0]?.message ?? 'Some fields of the purchase form are not valid.';
const userOf = (req: HttpRequest) => req.user as SessionUser;

/** Buying premium for one guild: the purchase, the buyer's orders, the callback, and the provider's webhook. */
@Controller('api/payments')
export class PaymentsController {
  constructor(
    private readonly orders: OrdersService,
    private readonly webhooks: PaymentWebhooksService,
    private readonly access: GuildAccessService,
  ) {}

  @Post('create')
  @HttpCode(HttpStatus.OK)
  @UseGuards(PaymentsOpen, SignedIn)
  async create(
    @Body(new SchemaBody(validatePaymentCreateRequest, firstMessage)) body: PaymentCreateRequest,
    @Req() req: HttpRequest,
  ): Promise<PaymentCreateResponse> {
    try {
      await this.access.assertCanManage(userOf(req), body.guildId);
    } catch (err) {
      // Premium is bought for a server the buyer manages: an unknown one is refused the same way as another's.
      if (err instanceof ApiError && err.getStatus() === HttpStatus.NOT_FOUND)
        throw new ApiError(HttpStatus.FORBIDDEN, (err.getResponse() as { error: string }).error);
      throw err;
    }
    return { success: true, ...(await this.orders.create(userOf(req).id, body)) };
  }

  @Get('orders/:orderId')
  @UseGuards(SignedIn)
  async order(@Param('orderId') orderId: string, @Req() req: HttpRequest): Promise<PaymentOrderResponse> {
    return { success: true, order: await this.orders.view(await this.orders.owned(userOf(req).id, orderId)) };
  }

  @Post('orders/:orderId/callback')
  @HttpCode(HttpStatus.OK)
  @UseGuards(SignedIn)
  async callback(
    @Param('orderId') orderId: string,
    @Body(new SchemaBody(validatePaymentCallback, () => 'The payment confirmation could not be verified.')) body: PaymentCallback,
    @Req() req: HttpRequest,
  ): Promise<PaymentOrderResponse> {
    return { success: true, order: await this.orders.confirmCallback(userOf(req).id, orderId, body) };
  }

  /** No session and no anti-forgery token (http/csrf.ts): the signature over the raw body authenticates it. */
  @Post('webhook')
  @HttpCode(HttpStatus.OK)
  async webhook(
    @Req() req: HttpRequest & { rawBody?: Buffer },
    @Headers('x-razorpay-signature') signature: string | undefined,
    @Headers('x-razorpay-event-id') eventId: string | undefined,
  ): Promise<SuccessResponse> {
    // A request without a JSON body is read as an empty one: its signature is then checked over no bytes at all.
    await this.webhooks.receive(req.rawBody ?? Buffer.alloc(0), signature, eventId, req.body ?? {});
    return { success: true };
  }
}
