import type { Logger } from 'pino';
import { type PeriodicJob, schedulePeriodicJob } from '../jobs/periodic-job.js';
import type { StoragePort } from '../storage/storage.port.js';
import { LINK_LIFETIME_MS, OrdersService, PAYMENT_ORDERS, type PaymentOrderRecord } from './orders.service.js';
import type { Clock } from './payment-provider.js';
import { WEBHOOK_EVENTS } from './payment-webhooks.service.js';
import { GUILD_PREMIUM, type GuildPremiumRecord, PremiumService } from './premium.service.js';

export const PREMIUM_EXPIRY_INTERVAL_MS = 60 * 1000;
/** Orders still open this long after creation are asked about (the link expired 5 minutes before). */
export const RECONCILE_AFTER_MS = LINK_LIFETIME_MS + 5 * 60 * 1000;
/** Long past any retry of Razorpay's (it gives up within a day). */
export const WEBHOOK_EVENT_RETENTION_MS = 30 * 24 * 60 * 60 * 1000;
const PAGE = 200;

export type PremiumExpiry = PeriodicJob;

async function* pages<T>(storage: Pick<StoragePort, 'records'>, collection: string) {
  for (let offset = 0; ; offset += PAGE) {
    const page = await storage.records.list<T>(collection, { limit: PAGE, offset });
    yield page;
    if (page.length < PAGE) return;
  }
}

/**
 * One pass: records each plan that lapsed (premium.service.ts), reconciles orders whose webhook never came, finishes
 * paid orders whose premium was not applied, and forgets webhook event ids older than 30 days. Returns how many
 * things it did.
 */
export async function runPremiumExpiry(
  storage: Pick<StoragePort, 'records'>,
  premium: PremiumService,
  orders: OrdersService,
  clock: Clock,
  logger: Logger,
): Promise<number> {
  let done = 0;
  for await (const page of pages<GuildPremiumRecord>(storage, GUILD_PREMIUM)) {
    for (const record of page) done += await premium.recordLapses(record);
  }
  const now = clock().getTime();
  const open: Parameters<OrdersService['reconcile']>[0][] = [];
  for await (const page of pages<PaymentOrderRecord>(storage, PAYMENT_ORDERS)) {
    for (const record of page) {
      if (record.data.status === 'paid' && !record.data.premiumGranted) open.push(record);
      else if (
        (record.data.status === 'created' || record.data.status === 'failed') &&
        now - Date.parse(record.createdAt) >= RECONCILE_AFTER_MS
      )
        open.push(record);
    }
  }
  for (const record of open) {
    try {
      if (record.data.status === 'paid') {
        await orders.finishGrant(record);
        done++;
      } else if (await orders.reconcile(record)) done++;
    } catch (err) {
      logger.warn({ orderId: record.id, err: err instanceof Error ? err.message : String(err) }, 'order reconcile failed');
    }
  }
  const old: string[] = [];
  for await (const page of pages(storage, WEBHOOK_EVENTS)) {
    for (const record of page) if (now - Date.parse(record.createdAt) > WEBHOOK_EVENT_RETENTION_MS) old.push(record.id);
  }
  for (const id of old) if (await storage.records.delete(WEBHOOK_EVENTS, id)) done++;
  return done;
}

/** At start-up and every minute, like the transcript retention job. */
export function schedulePremiumExpiry(
  storage: Pick<StoragePort, 'records'>,
  premium: PremiumService,
  orders: OrdersService,
  clock: Clock,
  logger: Logger,
  intervalMs = PREMIUM_EXPIRY_INTERVAL_MS,
): PremiumExpiry {
  return schedulePeriodicJob(() => runPremiumExpiry(storage, premium, orders, clock, logger), logger, intervalMs, {
    done: 'premium expiry and order reconcile done',
    failed: 'premium expiry or order reconcile failed',
  });
}
