import type { SandboxMount } from '@guildhall/backend/sandbox-mount';
import { PaymentSandboxModule } from './payment-sandbox.module.js';
import { PaymentSandboxService } from './payment-sandbox.service.js';

/**
 * The payment sandbox in the app, at /sandbox/razorpay, with the app's key and secrets for it (config.ts: derived from
 * the session secret, so the same after a restart) and the app's database for its links and webhook deliveries.
 */
export const mount: SandboxMount = ({ config, records }) => ({
  module: PaymentSandboxModule.forRoot({
    keyId: config.payments.keyId,
    keySecret: config.payments.keySecret,
    webhookSecret: config.payments.webhookSecret,
    webhookUrl: `${config.internalUrl}/api/payments/webhook`,
    publicUrl: `${config.publicUrl}/sandbox/razorpay`,
    records,
  }),
  // The webhooks go to the app itself: the ones an earlier process left undelivered are sent once it can answer.
  listening: async (app) => {
    await app.get(PaymentSandboxService).start();
  },
});
