import { createHmac } from 'node:crypto';
import { WEBHOOK_TIMEOUT_MS } from './payment-sandbox-options.js';

export interface WebhookAttempt {
  /** When the attempt started, unix milliseconds. */
  at: number;
  /** The receiver's status code, or null when it did not answer (network error, timeout). */
  status: number | null;
  error?: string;
}

export interface WebhookDelivery {
  id: string;
  event: string;
  /** The exact bytes sent (and signed) on every attempt. */
  body: string;
  signature: string;
  attempts: WebhookAttempt[];
  delivered: boolean;
  /** Every retry failed: Razorpay stops here (until someone redelivers). */
  givenUp: boolean;
}

/**
 * Sends each event to the webhook URL as Razorpay does: signed, the same event id and bytes on every retry, retried
 * after a non-2xx answer, a network error or `timeoutMs` (5 s) of silence, and given up after the last delay. Nothing
 * here keeps the process alive, and close() stops it all, so tests and app.close() end cleanly.
 */
export class WebhookDispatcher {
  private readonly deliveries = new Map<string, WebhookDelivery>();
  private readonly timers = new Map<string, NodeJS.Timeout>();
  private readonly inFlight = new Set<AbortController>();
  private closed = false;

  constructor(
    private readonly url: string,
    private readonly secret: string,
    private readonly retryDelaysMs: readonly number[],
    private readonly timeoutMs: number = WEBHOOK_TIMEOUT_MS,
  ) {}

  /** Queues the event's first attempt; the caller never waits for the receiver. */
  send(id: string, event: string, payload: object): WebhookDelivery {
    const body = JSON.stringify(payload);
    const delivery: WebhookDelivery = {
      id,
      event,
      body,
      signature: createHmac('sha256', this.secret).update(body).digest('hex'),
      attempts: [],
      delivered: false,
      givenUp: false,
    };
    this.deliveries.set(id, delivery);
    this.schedule(delivery, 0);
    return delivery;
  }

  /** Sends a known event again (same id, same bytes) with a fresh round of retries. */
  redeliver(id: string): WebhookDelivery | undefined {
    const delivery = this.deliveries.get(id);
    if (!delivery) return undefined;
    delivery.givenUp = false;
    delivery.delivered = false;
    this.schedule(delivery, 0, 0);
    return delivery;
  }

  log(): WebhookDelivery[] {
    return [...this.deliveries.values()];
  }

  get(id: string): WebhookDelivery | undefined {
    return this.deliveries.get(id);
  }

  close(): void {
    this.closed = true;
    for (const timer of this.timers.values()) clearTimeout(timer);
    this.timers.clear();
    for (const controller of this.inFlight) controller.abort();
  }

  /** `round` counts the attempts of the current run (a redelivery starts a new run). */
  private schedule(delivery: WebhookDelivery, delayMs: number, round = 0): void {
    if (this.closed) return;
    clearTimeout(this.timers.get(delivery.id));
    const timer = setTimeout(() => {
      this.timers.delete(delivery.id);
      void this.attempt(delivery, round);
    }, delayMs);
    timer.unref();
    this.timers.set(delivery.id, timer);
  }

  private async attempt(delivery: WebhookDelivery, round: number): Promise<void> {
    const record: WebhookAttempt = { at: Date.now(), status: null };
    delivery.attempts.push(record);
    const controller = new AbortController();
    this.inFlight.add(controller);
    const timeout = setTimeout(() => controller.abort(new Error(`no answer within ${this.timeoutMs} ms`)), this.timeoutMs);
    timeout.unref();
    try {
      const res = await fetch(this.url, {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json',
          'X-Razorpay-Signature': delivery.signature,
          'x-razorpay-event-id': delivery.id,
          'User-Agent': 'Razorpay-Webhook/v1',
        },
        body: delivery.body,
        signal: controller.signal,
        redirect: 'manual',
      });
      record.status = res.status;
      // The answer's body means nothing to Razorpay; reading it lets the connection go back to the pool.
      await res.arrayBuffer().catch(() => undefined);
      if (res.status >= 200 && res.status < 300) delivery.delivered = true;
    } catch (err) {
      const reason = controller.signal.reason as unknown;
      record.error = reason instanceof Error ? reason.message : err instanceof Error ? err.message : String(err);
    } finally {
      clearTimeout(timeout);
      this.inFlight.delete(controller);
    }
    if (delivery.delivered || this.closed) return;
    const delay = this.retryDelaysMs[round];
    if (delay === undefined) delivery.givenUp = true;
    else this.schedule(delivery, delay, round + 1);
  }
}
