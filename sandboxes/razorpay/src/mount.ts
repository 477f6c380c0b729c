import type { SandboxMount } from '@guildhall/backend/sandbox-mount';
import { PaymentSandboxModule } from './payment-sandbox.module.js';

/** The payment sandbox in the app, at /sandbox/razorpay, with the app's key and secrets for it (config.ts). */
export const mount: SandboxMount = ({ config }) => ({
  module: PaymentSandboxModule.forRoot({
    keyId: config.payments.keyId,
    keySecret: config.payments.keySecret,
    webhookSecret: config.payments.webhookSecret,
    webhookUrl: `${config.internalUrl}/api/payments/webhook`,
    publicUrl: `${config.publicUrl}/sandbox/razorpay`,
  }),
});
