import { Module } from '@nestjs/common';
import { GuildModule } from '../guild/guild.module.js';
import { PaymentsController } from './payments.controller.js';
import { PremiumController } from './premium.controller.js';
import { PremiumService } from './premium.service.js';
import { OrdersService } from './orders.service.js';
import { PaymentWebhooksService } from './payment-webhooks.service.js';
import { PremiumFeatureGuard } from './requires-premium.js';
import { PAYMENT_PROVIDER } from './payment-provider.js';
import { RazorpayProvider } from './razorpay.provider.js';

/** Premium: plans, orders through the payment provider, its webhooks, and the guard of premium features. */
@Module({
  imports: [GuildModule],
  controllers: [PaymentsController, PremiumController],
  providers: [
    { provide: PAYMENT_PROVIDER, useClass: RazorpayProvider },
    PremiumService,
    OrdersService,
    PaymentWebhooksService,
    PremiumFeatureGuard,
  ],
  exports: [PremiumService, OrdersService, PremiumFeatureGuard],
})
export class PaymentsModule {}
