import { HttpStatus, Inject, Injectable } from '@nestjs/common';
import {
  activePlan,
  extendPremium,
  guildPremium,
  minimumScheduleInterval,
  planLimit,
  type PremiumState,
  type ScheduleIntervalLimit,
} from '@guildhall/common/premium';
import type { GuildPremium, PeriodKey, PlanKey, PlanLimitStatus } from '@guildhall/generated/types';
import type { Logger } from 'pino';
import { ApiError } from '../http/api-error.js';
import { LOGGER } from '../logging/logger.js';
import { RecordExistsError } from '../storage/storage.port.js';
import { STORAGE, type StoragePort, type StoredRecord } from '../storage/storage.port.js';
import { CLOCK, type Clock } from './payment-provider.js';

export const GUILD_PREMIUM = 'guild-premium';
const MAX_ATTEMPTS = 50;

export interface PremiumHistoryEntry {
  at: string;
  event: 'extended' | 'expired';
  plan: PlanKey;
  orderId?: string;
  /** The plan's end after the event (null: lifetime). */
  endsAt: string | null;
}

/** Record `guild-premium` (id = guild id): each plan's end, the orders already applied, and what happened when. */
export interface GuildPremiumRecord extends PremiumState {
  orders: string[];
  history: PremiumHistoryEntry[];
}

/** What a grant needs of a paid order. */
export interface PaidPurchase {
  orderId: string;
  guildId: string;
  planKey: PlanKey;
  period: PeriodKey;
  /** When the payment was confirmed: the plan's time starts here (or at its current end). */
  paidAt: string;
}

export const premiumFeatureMessage = (feature: string) => `${feature} is a premium feature. Upgrade to premium to unlock this feature.`;

/**
 * A guild's premium: what it paid for, applied once per order, and read through common/premium.ts (so the tier is
 * computed from the dates on every read and a plan lapses at its end date, whether or not the expiry job has run).
 */
@Injectable()
export class PremiumService {
  constructor(
    @Inject(STORAGE) private readonly storage: StoragePort,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  now(): Date {
    return this.clock();
  }

  async state(guildId: string): Promise<GuildPremiumRecord | null> {
    return (await this.storage.records.get<GuildPremiumRecord>(GUILD_PREMIUM, guildId))?.data ?? null;
  }

  async read(guildId: string): Promise<GuildPremium> {
    return guildPremium(await this.state(guildId), this.clock());
  }

  async limit(guildId: string, feature: string): Promise<PlanLimitStatus> {
    return planLimit(feature, await this.state(guildId), this.clock());
  }

  /** The guild's plan's shortest interval between two runs of a scheduled message, and the plan that allows a shorter one. */
  async scheduleInterval(guildId: string): Promise<ScheduleIntervalLimit> {
    return minimumScheduleInterval(await this.state(guildId), this.clock());
  }

  async active(guildId: string): Promise<boolean> {
    return activePlan(await this.state(guildId), this.clock()) !== null;
  }

  /** 403 with the spec's words when the guild has no paid plan in force. */
  async assertFeature(guildId: string, feature: string): Promise<void> {
    if (!(await this.active(guildId))) throw new ApiError(HttpStatus.FORBIDDEN, premiumFeatureMessage(feature));
  }

  /**
   * Applies a paid order to its guild exactly once: the order id is kept in the record, and the write names the
   * version it read (another grant in between makes it read again). The first grant inserts the record; a racing
   * first grant makes the insert fail and this one continues as an update.
   */
  async grant(purchase: PaidPurchase): Promise<GuildPremium> {
    for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
      const stored = await this.storage.records.get<GuildPremiumRecord>(GUILD_PREMIUM, purchase.guildId);
      if (stored?.data.orders.includes(purchase.orderId)) return guildPremium(stored.data, this.clock());
      const next = this.extended(stored?.data ?? null, purchase);
      if (!stored) {
        try {
          await this.storage.records.insert<GuildPremiumRecord>(GUILD_PREMIUM, {
            id: purchase.guildId,
            guildId: purchase.guildId,
            data: next,
          });
        } catch (err) {
          if (err instanceof RecordExistsError) continue;
          throw err;
        }
      } else if (!(await this.storage.records.replace(GUILD_PREMIUM, purchase.guildId, next, stored.version)).ok) continue;
      this.logger.info(
        { guildId: purchase.guildId, orderId: purchase.orderId, plan: purchase.planKey, endsAt: next.ends[purchase.planKey] },
        'premium extended',
      );
      return guildPremium(next, this.clock());
    }
    throw new Error(`premium for guild ${purchase.guildId} kept changing: order ${purchase.orderId} not applied yet`);
  }

  private extended(current: GuildPremiumRecord | null, purchase: PaidPurchase): GuildPremiumRecord {
    const { ends } = extendPremium(current, purchase.planKey, purchase.period, new Date(purchase.paidAt));
    const endsAt = ends[purchase.planKey] ?? null;
    return {
      ends,
      orders: [...(current?.orders ?? []), purchase.orderId],
      history: [
        ...(current?.history ?? []),
        { at: this.clock().toISOString(), event: 'extended', plan: purchase.planKey, orderId: purchase.orderId, endsAt },
      ],
    };
  }

  /**
   * Records an `expired` entry for each plan of the guild whose end has passed and was not recorded yet; returns how
   * many. Only history changes: the tier already follows the dates, and no setting is touched.
   */
  async recordLapses(record: StoredRecord<GuildPremiumRecord>): Promise<number> {
    let current = record;
    for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
      const now = this.clock();
      const lapsed = (Object.entries(current.data.ends) as [PlanKey, string | null][]).filter(
        ([plan, end]) =>
          end !== null &&
          Date.parse(end) <= now.getTime() &&
          !current.data.history.some((entry) => entry.event === 'expired' && entry.plan === plan && entry.endsAt === end),
      );
      if (lapsed.length === 0) return 0;
      const history = [
        ...current.data.history,
        ...lapsed.map(([plan, end]): PremiumHistoryEntry => ({ at: now.toISOString(), event: 'expired', plan, endsAt: end })),
      ];
      const result = await this.storage.records.replace(GUILD_PREMIUM, current.id, { ...current.data, history }, current.version);
      if (result.ok) {
        for (const [plan, end] of lapsed) this.logger.info({ guildId: current.id, plan, endedAt: end }, 'premium plan ended');
        return lapsed.length;
      }
      if (!result.current) return 0;
      current = result.current;
    }
    return 0;
  }
}
