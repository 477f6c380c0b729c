// PremiumService.grant and recordLapses on real PGlite storage, where two payments meet: the guard that applies each
// paid order exactly once, whichever of two racing grants writes first (issue 34: mutation testing found these paths
// untested; every test here was seen failing on the mutant it names).
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type GuildPremiumRecord, type PaidPurchase, PremiumService } from '../src/payments/premium.service.js';
import { createStorage } from '../src/storage/create-storage.js';
import type { StoragePort } from '../src/storage/storage.port.js';
import { overlayPort } from '../src/storage/port-overlay.js';
import { tempDataDir } from './support/app.js';

const NOW = new Date('2026-11-26T12:00:00.000Z');
const logger = pino({ level: 'silent' });
let guildCounter = 0;
const nextGuild = () => `90000000000000${String(++guildCounter).padStart(4, '0')}`;
const purchase = (guildId: string, orderId: string): PaidPurchase => ({
  orderId,
  guildId,
  planKey: 'intermediate',
  period: 'monthly',
  paidAt: NOW.toISOString(),
});

describe('premium grants on real storage (PGlite)', () => {
  const data = tempDataDir();
  let storage: StoragePort;
  beforeAll(async () => {
    storage = createStorage({ dataDir: data.dir });
    await storage.init();
  });
  afterAll(async () => {
    await storage.close();
    data.remove();
  });
  const service = (port: StoragePort = storage) => new PremiumService(port, () => NOW, logger);
  /** The storage port with some record methods replaced, as a storage that fails or always loses a race would behave. */
  const withRecords = (records: Partial<StoragePort['records']>): StoragePort => overlayPort(storage, { records });
  it('applies both of two orders paid at once for a guild without premium yet (the losing first insert becomes an update)', async () => {
    const guildId = nextGuild();
    await Promise.all([service().grant(purchase(guildId, 'order_a')), service().grant(purchase(guildId, 'order_b'))]);
    const stored = await service().state(guildId);
    expect(stored?.orders.sort()).toEqual(['order_a', 'order_b']);
    // Two months from the payment: each order extended the plan once.
    expect(stored?.ends.intermediate).toBe('2027-01-26T12:00:00.000Z');
  });

  it('applies both of two orders paid at once for a guild that already has premium (a stale write is retried)', async () => {
    const guildId = nextGuild();
    await service().grant(purchase(guildId, 'order_first'));
    await Promise.all([service().grant(purchase(guildId, 'order_c')), service().grant(purchase(guildId, 'order_d'))]);
    const stored = await service().state(guildId);
    expect(stored?.orders.sort()).toEqual(['order_c', 'order_d', 'order_first']);
    expect(stored?.ends.intermediate).toBe('2027-02-26T12:00:00.000Z');
  });

  it('lets a storage failure on the first insert reach the caller instead of retrying it as a race', async () => {
    const failing = withRecords({
      insert: () => Promise.reject(new Error('disk full')),
    });
    await expect(service(failing).grant(purchase(nextGuild(), 'order_e'))).rejects.toThrow('disk full');
  });

  it('gives up after 50 attempts when every write loses a race, naming the order it could not apply', async () => {
    const guildId = nextGuild();
    await service().grant(purchase(guildId, 'order_seed'));
    let writes = 0;
    const alwaysStale = withRecords({
      replace: async () => {
        writes++;
        return { ok: false, current: null };
      },
    });
    await expect(service(alwaysStale).grant(purchase(guildId, 'order_f'))).rejects.toThrow(
      `premium for guild ${guildId} kept changing: order order_f not applied yet`,
    );
    expect(writes).toBe(50);
    expect((await service().state(guildId))?.orders).toEqual(['order_seed']);
  });

  it('records a lapse once, and gives up (0) after 50 attempts when every write of it loses a race', async () => {
    const guildId = nextGuild();
    const ended = await storage.records.insert<GuildPremiumRecord>('guild-premium', {
      id: guildId,
      guildId,
      data: { ends: { intermediate: '2026-11-01T00:00:00.000Z' }, orders: ['order_old'], history: [] },
    });
    let writes = 0;
    const alwaysStale = withRecords({
      replace: async () => {
        writes++;
        return { ok: false, current: ended as never };
      },
    });
    expect(await service(alwaysStale).recordLapses(ended)).toBe(0);
    expect(writes).toBe(50);
    expect(await service().recordLapses(ended)).toBe(1);
    expect(await service().recordLapses((await storage.records.get<GuildPremiumRecord>('guild-premium', guildId))!)).toBe(0);
  });

  it('reads premium stored by an earlier release under the record kind guild-premium', async () => {
    const guildId = nextGuild();
    await storage.records.insert<GuildPremiumRecord>('guild-premium', {
      id: guildId,
      guildId,
      data: { ends: { intermediate: '2027-01-01T00:00:00.000Z' }, orders: ['order_earlier'], history: [] },
    });
    expect(await service().read(guildId)).toEqual({ plan: 'standard', planName: 'Standard', endsAt: '2027-01-01T00:00:00.000Z' });
  });
});
