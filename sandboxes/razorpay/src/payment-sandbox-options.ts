import { memoryRecords, type SandboxRecords } from './sandbox-store.js';

export const PAYMENT_SANDBOX_OPTIONS = Symbol('PAYMENT_SANDBOX_OPTIONS');
/** Where the emulator answers in the host app: call it like https://api.razorpay.com with base <host>/sandbox/razorpay. */
export const PAYMENT_SANDBOX_PREFIX = 'sandbox/razorpay';

/** Razorpay's own backoff is longer; these keep a failed local receiver retried within minutes, not hours. */
export const DEFAULT_WEBHOOK_RETRY_DELAYS_MS: readonly number[] = [1000, 5000, 30_000, 120_000, 600_000];
/** Razorpay counts a delivery that takes longer than this as failed. */
export const WEBHOOK_TIMEOUT_MS = 5000;

export interface PaymentSandboxOptions {
  /** Basic auth user of the API and the control routes. */
  keyId: string;
  /** Basic auth password; also signs the callback's razorpay_signature. */
  keySecret: string;
  /** Signs X-Razorpay-Signature of each webhook delivery. */
  webhookSecret: string;
  /** Where every event is POSTed (our /api/payments/webhook). */
  webhookUrl: string;
  /** How browsers reach the emulator, e.g. http://localhost:3000/sandbox/razorpay (the links' short_url). */
  publicUrl: string;
  /** The waits before each retry of a failed delivery; after the last, the event is given up. */
  retryDelaysMs?: number[];
  /** How long a delivery may go unanswered before it counts as failed (Razorpay's 5 s unless a test says otherwise). */
  webhookTimeoutMs?: number;
  /**
   * Where links, payments and webhook deliveries are kept: the app's database when mounted (they outlive a restart and
   * are shared by instances), memory when omitted (gone with the process).
   */
  records?: SandboxRecords;
}

export type ResolvedPaymentSandboxOptions = Required<PaymentSandboxOptions>;

export function resolvePaymentSandboxOptions(options: PaymentSandboxOptions): ResolvedPaymentSandboxOptions {
  return {
    ...options,
    publicUrl: options.publicUrl.replace(/\/+$/, ''),
    retryDelaysMs: [...(options.retryDelaysMs ?? DEFAULT_WEBHOOK_RETRY_DELAYS_MS)],
    webhookTimeoutMs: options.webhookTimeoutMs ?? WEBHOOK_TIMEOUT_MS,
    records: options.records ?? memoryRecords(),
  };
}
