export { PaymentSandboxModule } from './payment-sandbox.module.js';
export { PaymentSandboxService } from './payment-sandbox.service.js';
export {
  DEFAULT_WEBHOOK_RETRY_DELAYS_MS,
  PAYMENT_SANDBOX_OPTIONS,
  PAYMENT_SANDBOX_PREFIX,
  WEBHOOK_TIMEOUT_MS,
  type PaymentSandboxOptions,
} from './payment-sandbox-options.js';
export type { PaymentLinkEntity, PaymentEntity, OrderEntity, PaymentMethod, PaymentLinkStatus } from './payment-sandbox.types.js';
export type { WebhookDelivery, WebhookAttempt } from './webhook-dispatcher.js';
export { paymentLinkSignature } from './callback-url.js';
export { startPaymentSandbox, type RunningPaymentSandbox } from './standalone.js';
export { memoryRecords, SANDBOX_LINKS, SANDBOX_REFERENCES, type SandboxRecords } from './sandbox-store.js';
