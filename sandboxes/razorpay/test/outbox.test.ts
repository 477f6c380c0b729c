/**
 * The payment sandbox on a store (issue 33): links, payments and webhook deliveries kept in records, so a new sandbox
 * on the same store (a restarted app, another instance) carries on where the last one stopped. Each sandbox runs
 * alone (startPaymentSandbox) and sends its webhooks to a local receiver over real HTTP.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startPaymentSandbox, type PaymentLinkEntity, type RunningPaymentSandbox } from '../src/index.js';
import type { LinkRecord } from '../src/payment-sandbox.service.js';
import { memoryRecords, SANDBOX_LINKS, type SandboxRecords } from '../src/sandbox-store.js';
import { WebhookDispatcher, type WebhookDelivery } from '../src/webhook-dispatcher.js';

const KEY_ID = 'rzp_test_outbox';
const KEY_SECRET = 'key-secret-outbox';
const WEBHOOK_SECRET = 'whsec-outbox';

interface Received {
  raw: string;
  eventId: string;
  at: number;
}

let receiver: Server;
let webhookUrl: string;
const received: Received[] = [];
/** The receiver's answer to each delivery; default 200. */
let answer: (delivery: Received) => number = () => 200;
const running: RunningPaymentSandbox[] = [];

beforeAll(async () => {
  receiver = createServer((req: IncomingMessage, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const delivery = { raw: Buffer.concat(chunks).toString('utf8'), eventId: String(req.headers['x-razorpay-event-id']), at: Date.now() };
      received.push(delivery);
      res.writeHead(answer(delivery)).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  webhookUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/webhook`;
});
afterEach(async () => {
  for (const sandbox of running.splice(0)) await sandbox.close();
  answer = () => 200;
});
afterAll(async () => {
  await new Promise((resolve) => receiver.close(resolve));
});

/** A sandbox on `records`; `url` replaces the receiver's (a closed port: nobody answers). */
async function sandboxOn(
  records: SandboxRecords,
  options: { retryDelaysMs?: number[]; webhookUrl?: string; webhookTimeoutMs?: number } = {},
) {
  const sandbox = await startPaymentSandbox({
    keyId: KEY_ID,
    keySecret: KEY_SECRET,
    webhookSecret: WEBHOOK_SECRET,
    webhookUrl: options.webhookUrl ?? webhookUrl,
    retryDelaysMs: options.retryDelaysMs ?? [50, 100],
    webhookTimeoutMs: options.webhookTimeoutMs ?? 1000,
    records,
  });
  running.push(sandbox);
  return sandbox;
}

async function create(
  sandbox: RunningPaymentSandbox,
  reference = `ord_${Math.random().toString(36).slice(2, 12)}`,
): Promise<PaymentLinkEntity> {
  return sandbox.service.create({
    amount: 8900,
    currency: 'INR',
    reference_id: reference,
    description: 'Guildhall Basic, 1 month',
    notes: { guildhall_order_id: reference },
    callback_url: 'http://localhost:3000/premium/payment/pending',
    callback_method: 'get',
  });
}

async function waitFor<T>(read: () => T | undefined | false | Promise<T | undefined | false>, timeoutMs = 5000): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (value) return value;
    if (Date.now() > end) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

const receivedFor = (link: PaymentLinkEntity) => received.filter((d) => d.raw.includes(`"${link.id}"`));
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A port nothing listens on: a receiver that is down. */
async function closedPort(): Promise<string> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return `http://127.0.0.1:${port}/webhook`;
}

describe('payment sandbox on a store', () => {
  it('Pay writes the paid link, its order, the captured payment and the webhook to send in one write, before it answers', async () => {
    const store = memoryRecords();
    const writes: { collection: string; data: unknown }[] = [];
    const counted: SandboxRecords = {
      ...store,
      replace: (collection, id, data, version) => {
        writes.push({ collection, data: structuredClone(data) });
        return store.replace(collection, id, data, version);
      },
    };
    const sandbox = await sandboxOn(counted, { webhookUrl: await closedPort(), retryDelaysMs: [60_000] });
    const link = await create(sandbox);
    writes.length = 0;
    const redirect = await sandbox.service.pay(link.id, 'upi');
    expect(redirect).toContain('razorpay_payment_link_status=paid');
    // The first write after Pay began: everything at once (the outbox's later writes are about the delivery only).
    const [paid] = writes as { collection: string; data: LinkRecord }[];
    expect(paid!.collection).toBe(SANDBOX_LINKS);
    expect(paid!.data.link).toMatchObject({ status: 'paid', amount_paid: 8900, payments: [{ status: 'captured' }] });
    expect(paid!.data.order).toMatchObject({ status: 'paid', amount_paid: 8900 });
    expect(paid!.data.payments).toEqual([
      expect.objectContaining({ status: 'captured', id: new URL(redirect!).searchParams.get('razorpay_payment_id') }),
    ]);
    expect(paid!.data.deliveries).toEqual([expect.objectContaining({ event: 'payment_link.paid', delivered: false, attempts: [] })]);
  });

  it('a store that refuses the write makes Pay fail, and the link stays payable', async () => {
    const store = memoryRecords();
    let broken = false;
    const flaky: SandboxRecords = {
      ...store,
      replace: (...args) => (broken ? Promise.reject(new Error('database gone')) : store.replace(...args)),
    };
    const sandbox = await sandboxOn(flaky);
    const link = await create(sandbox);
    broken = true;
    const res = await fetch(`${link.short_url}/pay`, { method: 'POST', redirect: 'manual' });
    // No redirect to the app: the buyer was never told it is paid.
    expect(res.status).toBe(500);
    broken = false;
    expect(await sandbox.service.fetch(link.id)).toMatchObject({ status: 'created', amount_paid: 0, payments: null });
    await sleep(100);
    expect(receivedFor(link)).toEqual([]);
    expect((await fetch(`${link.short_url}/pay`, { method: 'POST', redirect: 'manual' })).status).toBe(303);
  });

  it('a new sandbox on the same store has the links, refuses their reference ids, and sends the webhook the last one could not', async () => {
    const store = memoryRecords();
    const down = await closedPort();
    const first = await sandboxOn(store, { webhookUrl: down, retryDelaysMs: [60_000] });
    const link = await create(first, 'ord_restart_1');
    await first.service.pay(link.id, 'card');
    const [pending] = await waitFor(async () => {
      const log = await first.service.webhooks.log();
      return log.length === 1 && log[0]!.attempts.length === 1 && log;
    });
    // Nobody answered: the failure is recorded with the time of the next attempt, a minute away.
    expect(pending).toMatchObject({ delivered: false, givenUp: false, round: 1, attempts: [{ status: null, error: expect.any(String) }] });
    expect(pending!.dueAt).toBeGreaterThan(Date.now() + 50_000);
    await first.close();
    running.splice(running.indexOf(first), 1);

    // Its due time is what the store says: bring it forward, as if the minute had passed while nothing ran.
    const record = (await store.get<LinkRecord>(SANDBOX_LINKS, link.id))!;
    record.data.deliveries[0]!.dueAt = Date.now();
    expect((await store.replace(SANDBOX_LINKS, link.id, record.data, record.version)).ok).toBe(true);

    const second = await sandboxOn(store);
    expect(await second.service.fetch(link.id)).toMatchObject({ id: link.id, status: 'paid', amount_paid: 8900 });
    await expect(create(second, 'ord_restart_1')).rejects.toMatchObject({ status: 400 });
    const [sent] = await waitFor(() => receivedFor(link).length > 0 && receivedFor(link));
    expect(sent!.eventId).toBe(pending!.id);
    expect(sent!.raw).toBe(pending!.body);
    const delivered = await waitFor(async () => {
      const entry = await second.service.webhooks.get(pending!.id);
      return entry?.delivered && entry;
    });
    expect(delivered.attempts.map((attempt) => attempt.status)).toEqual([null, 200]);
  });

  it('retries after a non-2xx answer at the stored times, and gives up after the last delay; the store says so', async () => {
    const store = memoryRecords();
    answer = () => 503;
    const sandbox = await sandboxOn(store, { retryDelaysMs: [50, 100] });
    const link = await create(sandbox);
    await sandbox.service.cancel(link.id);
    const given = await waitFor(async () => {
      const [delivery] = (await store.get<LinkRecord>(SANDBOX_LINKS, link.id))!.data.deliveries;
      return delivery?.givenUp && delivery;
    });
    expect(given).toMatchObject({ event: 'payment_link.cancelled', delivered: false, dueAt: null, claimedBy: null });
    expect(given.attempts.map((attempt) => attempt.status)).toEqual([503, 503, 503]);
    expect(given.attempts[1]!.at - given.attempts[0]!.at).toBeGreaterThanOrEqual(45);
    expect(given.attempts[2]!.at - given.attempts[1]!.at).toBeGreaterThanOrEqual(95);
    // Given up stays given up, in this process and the next.
    await sleep(250);
    expect(receivedFor(link)).toHaveLength(3);
    const next = await sandboxOn(store);
    await sleep(150);
    expect(receivedFor(link)).toHaveLength(3);

    // Until someone redelivers it, in another process: same id, same bytes, a fresh run of retries.
    answer = () => 200;
    const again = await next.service.redeliver(given.id);
    expect(again).toMatchObject({ id: given.id, givenUp: false, round: 0 });
    await waitFor(() => receivedFor(link).length === 4);
    const [firstSent] = receivedFor(link);
    expect(receivedFor(link)[3]).toMatchObject({ eventId: given.id, raw: firstSent!.raw });
    await waitFor(async () => (await next.service.webhooks.get(given.id))?.delivered);
  });

  it('two sandboxes on one store that both find a delivery due send it once: the first to claim it sends it', async () => {
    const store = memoryRecords();
    const first = await sandboxOn(store, { webhookUrl: await closedPort(), retryDelaysMs: [60_000] });
    const link = await create(first);
    await first.service.expireNow(link.id);
    await waitFor(async () => (await first.service.webhooks.log())[0]?.attempts.length === 1);
    await first.close();
    running.splice(running.indexOf(first), 1);
    const record = (await store.get<LinkRecord>(SANDBOX_LINKS, link.id))!;
    record.data.deliveries[0]!.dueAt = Date.now() + 100;
    await store.replace(SANDBOX_LINKS, link.id, record.data, record.version);

    // Three processes start on the store at once; each schedules the delivery for its due time.
    const [a] = await Promise.all([sandboxOn(store), sandboxOn(store), sandboxOn(store)]);
    await waitFor(async () => (await a!.service.webhooks.log())[0]?.delivered);
    await sleep(300);
    expect(receivedFor(link)).toHaveLength(1);
    expect((await a!.service.webhooks.log())[0]!.attempts.map((attempt) => attempt.status)).toEqual([null, 200]);
  });

  it('a delivery claimed by a process that died is sent once the claim lapses, not before', async () => {
    const store = memoryRecords();
    const sandbox = await sandboxOn(store, { webhookUrl: await closedPort(), retryDelaysMs: [60_000] });
    const link = await create(sandbox);
    await sandbox.service.cancel(link.id);
    await waitFor(async () => (await sandbox.service.webhooks.log())[0]?.attempts.length === 1);
    await sandbox.close();
    running.splice(running.indexOf(sandbox), 1);
    // As a process killed in the middle of an attempt leaves it: claimed, due, its claim running for 400 ms more.
    const record = (await store.get<LinkRecord>(SANDBOX_LINKS, link.id))!;
    const claimedUntil = Date.now() + 400;
    Object.assign(record.data.deliveries[0]!, {
      dueAt: Date.now(),
      claimedBy: 'a-process-that-died',
      claimedUntil,
    } satisfies Partial<WebhookDelivery>);
    await store.replace(SANDBOX_LINKS, link.id, record.data, record.version);

    let reads = 0;
    const counted: SandboxRecords = { ...store, get: (...args) => (reads++, store.get(...args)) };
    await sandboxOn(counted);
    const [sent] = await waitFor(() => receivedFor(link).length > 0 && receivedFor(link));
    expect(sent!.at).toBeGreaterThanOrEqual(claimedUntil - 5);
    // It waited for the claim to lapse, rather than asking the store again and again meanwhile.
    expect(reads).toBeLessThan(5);
  });

  it('signs each attempt with the webhook secret over the stored bytes', () => {
    const dispatcher = new WebhookDispatcher(memoryRecords(), SANDBOX_LINKS, webhookUrl, WEBHOOK_SECRET, []);
    const delivery = WebhookDispatcher.newDelivery('evt_AAAAAAAAAAAAAA', 'payment_link.paid', { a: 1 });
    expect(delivery.body).toBe('{"a":1}');
    expect(dispatcher.signatureOf(delivery.body)).toMatch(/^[0-9a-f]{64}$/);
    expect(dispatcher.signatureOf(delivery.body)).not.toBe(
      new WebhookDispatcher(memoryRecords(), SANDBOX_LINKS, webhookUrl, 'other', []).signatureOf(delivery.body),
    );
  });
});
