import { createHmac, randomBytes } from 'node:crypto';
import { WEBHOOK_TIMEOUT_MS } from './payment-sandbox-options.js';
import { changeRecord, everyRecord, type SandboxRecords } from './sandbox-store.js';

export interface WebhookAttempt {
  /** When the attempt started, unix milliseconds. */
  at: number;
  /** The receiver's status code, or null when it did not answer (network error, timeout). */
  status: number | null;
  error?: string;
}

/** One event to deliver, kept in the record of what caused it (a link), so it is written with that change. */
export interface WebhookDelivery {
  id: string;
  event: string;
  /** The exact bytes sent (and signed) on every attempt. */
  body: string;
  attempts: WebhookAttempt[];
  delivered: boolean;
  /** Every retry failed: Razorpay stops here (until someone redelivers). */
  givenUp: boolean;
  /** Attempts made in the current run (a redelivery starts a new run): which retry delay comes next. */
  round: number;
  /** When the next attempt is due, unix milliseconds; null once delivered or given up. */
  dueAt: number | null;
  /** A process is sending it and may until then (unix ms): the others leave it alone, and take it over after. */
  claimedUntil: number | null;
  claimedBy: string | null;
}

/** What a record holding deliveries looks like to the dispatcher. */
export interface HoldsDeliveries {
  deliveries: WebhookDelivery[];
}

/** Past the answer timeout: a claim lasts while its attempt may still be under way, and a little more. */
const CLAIM_MARGIN_MS = 1000;

/**
 * Sends each event to the webhook URL as Razorpay does: signed, the same event id and bytes on every retry, retried
 * after a non-2xx answer, a network error or `timeoutMs` (5 s) of silence, and given up after the last delay.
 *
 * A durable outbox: the deliveries live in the store (in the records of `collection`), written in the same write as
 * the change that caused them; each attempt's result and the next attempt's time are written back. A new process
 * picks up every delivery still due (resume()), so a restart between a payment and its webhook delays the webhook
 * but does not lose it. Several processes on one database claim a delivery (compare-and-set) before sending it; a
 * claim whose process died lapses after the answer timeout. The receiver deduplicates by event id, so the rare second
 * send (a process killed after the receiver answered, before the answer was written) does no harm.
 * Nothing here keeps the process alive, and close() stops it all, so tests and app.close() end cleanly.
 */
export class WebhookDispatcher {
  /** Tells this process's claims from another's: a dead process's claim must not look like ours. */
  private readonly instance = randomBytes(9).toString('base64url');
  private readonly timers = new Map<string, NodeJS.Timeout>();
  private readonly inFlight = new Set<AbortController>();
  /** Event ids this process is sending now: a sweep or a redelivery meanwhile must not send them twice from here. */
  private readonly sending = new Set<string>();
  private closed = false;

  constructor(
    private readonly records: SandboxRecords,
    private readonly collection: string,
    private readonly url: string,
    private readonly secret: string,
    private readonly retryDelaysMs: readonly number[],
    private readonly timeoutMs: number = WEBHOOK_TIMEOUT_MS,
  ) {}

  /** A delivery to write with the change that causes it; schedule() it once that write has succeeded. */
  static newDelivery(id: string, event: string, payload: object, now = Date.now()): WebhookDelivery {
    // Serialised here: later changes to what the event names do not alter it, nor its retries.
    const body = JSON.stringify(payload);
    return { id, event, body, attempts: [], delivered: false, givenUp: false, round: 0, dueAt: now, claimedUntil: null, claimedBy: null };
  }

  signatureOf(body: string): string {
    return createHmac('sha256', this.secret).update(body).digest('hex');
  }

  /** Sets this process's timer for a stored delivery's next attempt (now, or when it is due or its claim lapses). */
  schedule(recordId: string, delivery: WebhookDelivery): void {
    if (this.closed || delivery.dueAt === null) return;
    const claimed = delivery.claimedBy !== null && delivery.claimedBy !== this.instance ? (delivery.claimedUntil ?? 0) : 0;
    const at = Math.max(delivery.dueAt, claimed);
    clearTimeout(this.timers.get(delivery.id));
    const timer = setTimeout(
      () => {
        this.timers.delete(delivery.id);
        void this.attempt(recordId, delivery.id).catch(() => {
          // The store failed (or is closing): the delivery stays due in it, for the next sweep or the next process.
        });
      },
      Math.max(0, at - Date.now()),
    );
    timer.unref();
    this.timers.set(delivery.id, timer);
  }

  /**
   * Schedules every delivery the store holds that is neither delivered nor given up (a process's start, and a sweep
   * now and then for deliveries a dead instance left). Returns how many.
   */
  async resume(): Promise<number> {
    let pending = 0;
    for await (const record of everyRecord<HoldsDeliveries>(this.records, this.collection))
      pending += this.resumeRecord(record.id, record.data);
    return pending;
  }

  /** Schedules a record's deliveries still due that this process has no timer for (resume(), or a walk of the caller's). */
  resumeRecord(recordId: string, data: HoldsDeliveries): number {
    let pending = 0;
    for (const delivery of data.deliveries) {
      if (delivery.dueAt === null || this.timers.has(delivery.id) || this.sending.has(delivery.id)) continue;
      this.schedule(recordId, delivery);
      pending++;
    }
    return pending;
  }

  /** Sends a known event again (same id, same bytes) with a fresh round of retries. */
  async redeliver(id: string): Promise<WebhookDelivery | undefined> {
    const found = await this.find(id);
    if (!found) return undefined;
    const changed = await changeRecord<HoldsDeliveries, WebhookDelivery | undefined>(
      this.records,
      this.collection,
      found.recordId,
      (data) => {
        const delivery = data.deliveries.find((d) => d.id === id);
        if (!delivery) return { data: null, result: undefined };
        Object.assign(delivery, { delivered: false, givenUp: false, round: 0, dueAt: Date.now(), claimedUntil: null, claimedBy: null });
        return { data, result: delivery };
      },
    );
    const delivery = changed?.result;
    if (delivery) this.schedule(found.recordId, delivery);
    return delivery;
  }

  /** Every delivery, oldest record first. */
  async log(): Promise<WebhookDelivery[]> {
    const all: WebhookDelivery[] = [];
    for await (const record of everyRecord<HoldsDeliveries>(this.records, this.collection)) all.push(...record.data.deliveries);
    return all;
  }

  async get(id: string): Promise<WebhookDelivery | undefined> {
    return (await this.find(id))?.delivery;
  }

  close(): void {
    this.closed = true;
    for (const timer of this.timers.values()) clearTimeout(timer);
    this.timers.clear();
    for (const controller of this.inFlight) controller.abort();
  }

  /** The control routes' lookup by event id: a walk over the records (a person's click, not a hot path). */
  private async find(id: string): Promise<{ recordId: string; delivery: WebhookDelivery } | undefined> {
    for await (const record of everyRecord<HoldsDeliveries>(this.records, this.collection)) {
      const delivery = record.data.deliveries.find((d) => d.id === id);
      if (delivery) return { recordId: record.id, delivery };
    }
    return undefined;
  }

  /** Claims the delivery if it is due and nobody else holds it, sends it once, and writes the outcome. */
  private async attempt(recordId: string, id: string): Promise<void> {
    if (this.closed || this.sending.has(id)) return;
    this.sending.add(id);
    let next: WebhookDelivery | undefined;
    try {
      next = await this.attemptOnce(recordId, id);
    } finally {
      this.sending.delete(id);
    }
    if (next) this.schedule(recordId, next);
  }

  /** Returns the delivery when another attempt is to be scheduled. */
  private async attemptOnce(recordId: string, id: string): Promise<WebhookDelivery | undefined> {
    const startedAt = Date.now();
    const claim = await changeRecord<HoldsDeliveries, { send?: WebhookDelivery; later?: WebhookDelivery }>(
      this.records,
      this.collection,
      recordId,
      (data) => {
        const delivery = data.deliveries.find((d) => d.id === id);
        if (!delivery || delivery.dueAt === null) return { data: null, result: {} };
        const heldElsewhere =
          delivery.claimedBy !== null && delivery.claimedBy !== this.instance && (delivery.claimedUntil ?? 0) > startedAt;
        if (delivery.dueAt > startedAt || heldElsewhere) return { data: null, result: { later: delivery } };
        delivery.claimedBy = this.instance;
        delivery.claimedUntil = startedAt + this.timeoutMs + CLAIM_MARGIN_MS;
        return { data, result: { send: delivery } };
      },
    );
    if (claim?.result.later) return claim.result.later;
    const delivery = claim?.result.send;
    if (!delivery || this.closed) return undefined;

    const outcome = await this.send(delivery);
    // A process closing stops here: its claim lapses and the next process (or instance) sends the event again.
    if (this.closed) return undefined;
    const written = await changeRecord<HoldsDeliveries, WebhookDelivery | undefined>(this.records, this.collection, recordId, (data) => {
      const stored = data.deliveries.find((d) => d.id === id);
      if (!stored) return { data: null, result: undefined };
      stored.attempts.push(outcome.attempt);
      if (stored.claimedBy === this.instance) Object.assign(stored, { claimedBy: null, claimedUntil: null });
      if (outcome.delivered) Object.assign(stored, { delivered: true, dueAt: null });
      else if (!stored.delivered) {
        const delay = this.retryDelaysMs[stored.round];
        if (delay === undefined) Object.assign(stored, { givenUp: true, dueAt: null });
        else Object.assign(stored, { round: stored.round + 1, dueAt: Date.now() + delay });
      }
      return { data, result: stored };
    });
    return written?.result;
  }

  private async send(delivery: WebhookDelivery): Promise<{ attempt: WebhookAttempt; delivered: boolean }> {
    const attempt: WebhookAttempt = { at: Date.now(), status: null };
    const controller = new AbortController();
    this.inFlight.add(controller);
    const timeout = setTimeout(() => controller.abort(new Error(`no answer within ${this.timeoutMs} ms`)), this.timeoutMs);
    timeout.unref();
    let delivered = false;
    try {
      const res = await fetch(this.url, {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json',
          'X-Razorpay-Signature': this.signatureOf(delivery.body),
          'x-razorpay-event-id': delivery.id,
          'User-Agent': 'Razorpay-Webhook/v1',
        },
        body: delivery.body,
        signal: controller.signal,
        redirect: 'manual',
      });
      attempt.status = res.status;
      // The answer's body means nothing to Razorpay; reading it lets the connection go back to the pool.
      await res.arrayBuffer().catch(() => undefined);
      delivered = res.status >= 200 && res.status < 300;
    } catch (err) {
      const reason = controller.signal.reason as unknown;
      attempt.error = reason instanceof Error ? reason.message : err instanceof Error ? err.message : String(err);
    } finally {
      clearTimeout(timeout);
      this.inFlight.delete(controller);
    }
    return { attempt, delivered };
  }
}
