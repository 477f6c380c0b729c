import { createHash, randomUUID } from 'node:crypto';
import { HttpStatus, Inject, Injectable } from '@nestjs/common';
import type { Logger } from 'pino';
import { DiscordErrorCode } from '@guildhall/common/discord/errors';
import { toApiMessage } from '@guildhall/common/embed-message';
import { collections } from '@guildhall/generated/collections';
import { fillRefusal, refusals } from '@guildhall/generated/refusals';
import { publishedSchemas } from '@guildhall/generated/schemas';
import type {
  ScheduledMessage,
  ScheduleRun,
  ScheduleRunNowResponse,
  ScheduleRunsResponse,
  ScheduleStatus,
  ScheduleStatusResponse,
} from '@guildhall/generated/types';
import { APP_CONFIG, type AppConfig } from '../config/config.js';
import { DiscordFailure } from '../discord/discord.errors.js';
import { DiscordService } from '../discord/discord.service.js';
import { ALLOWED_MENTIONS } from '../embeds/embeds.service.js';
import { itemWithDefaults } from '../collections/collections.service.js';
import { ApiError } from '../http/api-error.js';
import { LOGGER } from '../logging/logger.js';
import { CLOCK, type Clock } from '../payments/payment-provider.js';
import { PremiumService } from '../payments/premium.service.js';
import { GuildReferences } from '../references/guild-references.js';
import type { Schema } from '../references/schema-walk.js';
import { RecordExistsError, STORAGE, type ChangeAuthor, type StoragePort, type StoredRecord } from '../storage/storage.port.js';
import { nextRuns, PlanError, runsBetween } from './next-runs.js';
import { SCHEDULE_PLAN } from './schedule-rules.js';

/** One record per run (id `<scheduleId>:<dueAt>` for a plan's due time: inserting it is the claim). */
export const SCHEDULE_RUNS = 'schedule-runs';
/** One record per schedule (id = the schedule's): what the runner has handled, and why the server paused it. */
export const SCHEDULE_STATE = 'schedule-state';

export interface ScheduleState {
  /** The latest due time handled (claimed, or recorded missed); null: none yet. */
  cursor: string | null;
  pausedReason: string | null;
  pausedAt: string | null;
}

const DEFINITION = collections['scheduled-messages'];
const ITEMS = DEFINITION.storageKey;
const ITEM_SCHEMA = publishedSchemas[DEFINITION.schemaName] as Schema;
/** The plan schema's rules: how late a run may still be sent, and how many next runs a status shows. */
export const PLAN_RULES = SCHEDULE_PLAN.rule;
/** The runs kept per schedule: as many as a runs answer may hold. */
const RUNS_KEPT = (publishedSchemas['schedule-runs-response'] as { properties: { runs: { maxItems: number } } }).properties.runs.maxItems;
/** Due times one tick handles per schedule; older ones beyond are passed over (the latest are recorded missed). */
const DUE_PER_TICK = 20;
/** Due times looked at per step while finding the latest ones since the cursor. */
const DUE_BATCH = 200;
/** A run still `sending` this long after its claim was left by an instance that stopped: the next tick finishes it. */
export const STALE_SENDING_MS = 2 * 60 * 1000;
/** A Discord nonce holds at most 25 characters. */
const NONCE_LENGTH = 25;
const PAGE = 500;

/** Discord codes after which posting again cannot work until an admin acts: the schedule is paused. */
const CHANNEL_GONE = new Set<number>([DiscordErrorCode.UnknownChannel]);
const PERMISSION_GONE = new Set<number>([DiscordErrorCode.MissingAccess, DiscordErrorCode.MissingPermissions]);

type Item = Record<string, unknown>;

/** What one post came to: sent, or failed with the error (and, when the channel or permission is gone, a pause). */
type PostOutcome =
  { status: 'sent'; messageId: string; messageUrl: string } | { status: 'failed'; error: string; pauseReason: string | null };

/** How a due time went for a tick: handled (the cursor may pass it), busy (another instance is posting it), paused. */
export type DueOutcome = 'handled' | 'busy' | 'paused';

/** Discord's nonce for a run: derived from its id, so a run posted again after a crash carries the same one. */
export function nonceOf(runId: string): string {
  return BigInt(`0x${createHash('sha256').update(runId).digest('hex')}`)
    .toString(36)
    .slice(0, NONCE_LENGTH);
}

const latest = (a: string | null | undefined, b: string | null | undefined): string | null =>
  !a ? (b ?? null) : !b ? a : Date.parse(a) >= Date.parse(b) ? a : b;

/**
 * Scheduled messages beyond their settings: the runs (records `schedule-runs`, one per due time, claimed by inserting
 * it, so several app instances never post one twice), each schedule's state (records `schedule-state`), posting a run
 * (the embed builder's message, checked channel, Discord nonce), pausing a schedule whose channel or permission is
 * gone, the status and runs the page shows, and Run now. The job runner (schedule-runner.ts) calls `tick`.
 */
@Injectable()
export class SchedulesService {
  constructor(
    @Inject(STORAGE) private readonly storage: StoragePort,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(LOGGER) private readonly logger: Logger,
    private readonly discord: DiscordService,
    private readonly references: GuildReferences,
    private readonly premium: PremiumService,
  ) {}

  // ---- the job runner's tick --------------------------------------------------------------------------------------

  /**
   * One pass over every guild's schedules: each due time after max(cursor, the item's last save) up to now is claimed
   * and posted (or recorded missed beyond the grace minutes), then the cursor moves past it. One schedule's failure
   * never stops the others. Returns how many due times it handled.
   */
  async tick(): Promise<number> {
    const now = this.clock();
    const stateRecords = await this.all<ScheduleState>(SCHEDULE_STATE);
    const states = new Map(stateRecords.map((record) => [record.id, record.data]));
    const items = await this.all<Item>(ITEMS);
    let handled = 0;
    for (const record of items) {
      try {
        handled += await this.runDue(record, states.get(record.id) ?? null, now);
      } catch (err) {
        this.logger.warn({ scheduleId: record.id, err: err instanceof Error ? err.message : String(err) }, 'scheduled message run failed');
      }
    }
    // A deleted schedule's state and runs go too (read before the items, so a schedule made meanwhile is not one).
    const itemIds = new Set(items.map((record) => record.id));
    for (const record of stateRecords) {
      if (itemIds.has(record.id) || !record.guildId) continue;
      for (const run of await this.runsOf(record.guildId, record.id)) await this.storage.records.delete(SCHEDULE_RUNS, run.id);
      await this.storage.records.delete(SCHEDULE_STATE, record.id);
    }
    return handled;
  }

  private async runDue(record: StoredRecord<Item>, state: ScheduleState | null, now: Date): Promise<number> {
    const item = withDefaults(record.data);
    if (item.paused || !record.guildId) return 0;
    // Resumed since the server paused it: its old reason must not show should an admin pause it later.
    if (state?.pausedReason) await this.changeState(record.guildId, record.id, (s) => ({ ...s, pausedReason: null, pausedAt: null }));
    const after = new Date(Date.parse(latest(state?.cursor, record.updatedAt)!));
    let due: Date[];
    try {
      due = latestDue(item, after, now);
    } catch (err) {
      if (err instanceof PlanError) return 0;
      throw err;
    }
    let handledUpTo: Date | null = null;
    let handled = 0;
    for (const dueAt of due) {
      const outcome = await this.handleDue(record.guildId, record.id, item, dueAt, now);
      if (outcome === 'busy') break;
      handledUpTo = dueAt;
      handled++;
      if (outcome === 'paused') break;
    }
    if (handledUpTo) {
      await this.changeState(record.guildId, record.id, (s) => ({ ...s, cursor: latest(s.cursor, handledUpTo.toISOString()) }));
      await this.prune(record.guildId, record.id);
    }
    return handled;
  }

  /** Claims a due time and posts it, records it missed, or finds it another instance's (finished, or busy). */
  private async handleDue(guildId: string, scheduleId: string, item: ScheduledMessage, dueAt: Date, now: Date): Promise<DueOutcome> {
    const id = `${scheduleId}:${dueAt.toISOString()}`;
    const base = {
      id,
      scheduleId,
      trigger: 'plan',
      dueAt: dueAt.toISOString(),
      at: now.toISOString(),
      channelId: item.channel_id,
    } as const;
    const late = now.getTime() - dueAt.getTime() > PLAN_RULES.graceMinutes * 60_000;
    const run: ScheduleRun = late
      ? { ...base, status: 'missed', error: fillRefusal(refusals.scheduleRunMissed, { minutes: PLAN_RULES.graceMinutes }) }
      : { ...base, status: 'sending' };
    let claimed: ScheduleRun;
    try {
      claimed = (await this.storage.records.insert<ScheduleRun>(SCHEDULE_RUNS, { id, guildId, data: run })).data;
      if (late) return 'handled';
    } catch (err) {
      if (!(err instanceof RecordExistsError)) throw err;
      const existing = await this.storage.records.get<ScheduleRun>(SCHEDULE_RUNS, id);
      if (!existing) return 'busy';
      if (existing.data.status !== 'sending') return 'handled';
      if (now.getTime() - Date.parse(existing.data.at) <= STALE_SENDING_MS) return 'busy';
      // Its instance stopped mid-send: taken over on its version (one instance wins), posted with the same nonce; past
      // the grace it is missed like any other late run (Discord's nonce would no longer keep a second post away).
      const retaken = await this.storage.records.replace<ScheduleRun>(
        SCHEDULE_RUNS,
        id,
        late ? run : { ...existing.data, at: now.toISOString() },
        existing.version,
      );
      if (!retaken.ok) return 'busy';
      if (late) return 'handled';
      claimed = retaken.record.data;
    }
    const finished = await this.send(guildId, item, claimed);
    return finished.status === 'failed' && finished.paused ? 'paused' : 'handled';
  }

  // ---- posting ------------------------------------------------------------------------------------------------------

  /** Posts a claimed run, records its result and, when the channel or permission is gone, pauses the schedule. */
  private async send(guildId: string, item: ScheduledMessage, run: ScheduleRun): Promise<ScheduleRun & { paused?: boolean }> {
    const outcome = await this.post(guildId, item, run.id);
    const at = this.clock().toISOString();
    const result: ScheduleRun =
      outcome.status === 'sent'
        ? { ...run, status: 'sent', at, messageId: outcome.messageId, messageUrl: outcome.messageUrl }
        : { ...run, status: 'failed', at, error: outcome.error };
    await this.storage.records.update<ScheduleRun>(SCHEDULE_RUNS, run.id, result);
    if (outcome.status === 'failed' && outcome.pauseReason) {
      await this.pause(guildId, run.scheduleId, outcome.pauseReason, at);
      return { ...result, paused: true };
    }
    return result;
  }

  private async post(guildId: string, item: ScheduledMessage, runId: string): Promise<PostOutcome> {
    try {
      // The stored channel is checked again now: it must still be a text or announcement channel of this guild.
      await this.references.assertActable(guildId, ITEM_SCHEMA, item, '/channel_id');
    } catch (err) {
      if (err instanceof ApiError && err.getStatus() === HttpStatus.BAD_REQUEST) {
        const channels = await this.discord.channels(guildId).catch(() => null);
        if (channels && !channels.some((channel) => channel.id === item.channel_id)) {
          return { status: 'failed', error: refusals.schedulePausedChannelGone, pauseReason: refusals.schedulePausedChannelGone };
        }
        const reason = (err.getResponse() as { error: string }).error;
        return { status: 'failed', error: reason, pauseReason: fillRefusal(refusals.schedulePausedChannelRefused, { reason }) };
      }
      return this.failure(guildId, item, err);
    }
    try {
      const message = await this.discord.createMessage(item.channel_id, {
        ...toApiMessage(item.message),
        allowed_mentions: ALLOWED_MENTIONS,
        nonce: nonceOf(runId),
        enforce_nonce: true,
      });
      return { status: 'sent', messageId: message.id, messageUrl: this.messageUrl(guildId, item.channel_id, message.id) };
    } catch (err) {
      return this.failure(guildId, item, err);
    }
  }

  /** Discord's failure in plain words; a channel deleted or a permission gone also names why the schedule pauses. */
  private async failure(guildId: string, item: ScheduledMessage, err: unknown): Promise<PostOutcome> {
    const failure = err instanceof ApiError ? null : DiscordFailure.from(err);
    const reason = failure?.reason ?? ((err as ApiError).getResponse() as { error: string }).error;
    if (failure?.code !== undefined && CHANNEL_GONE.has(failure.code)) {
      return { status: 'failed', error: refusals.schedulePausedChannelGone, pauseReason: refusals.schedulePausedChannelGone };
    }
    if (failure?.code !== undefined && PERMISSION_GONE.has(failure.code)) {
      const channels = await this.discord.channels(guildId).catch(() => []);
      const name = channels.find((channel) => channel.id === item.channel_id)?.name;
      const words = fillRefusal(refusals.schedulePausedNoPermission, { channel: name ? `#${name}` : `<#${item.channel_id}>` });
      return { status: 'failed', error: words, pauseReason: words };
    }
    // Rate limits, Discord's own failures, a refused body: this run failed, the next due time tries again.
    return { status: 'failed', error: fillRefusal(refusals.scheduleRunDiscordFailed, { reason }), pauseReason: null };
  }

  /** Where the posted message is seen: the sandbox viewer's channel in sandbox mode, else Discord's message link. */
  private messageUrl(guildId: string, channelId: string, messageId: string): string {
    if (this.config.discord.mode === 'sandbox') return `${this.config.publicUrl}/sandbox-viewer?channel=${channelId}`;
    return `${new URL(this.config.discord.authorizeUrl).origin}/channels/${guildId}/${channelId}/${messageId}`;
  }

  /**
   * The server pauses the schedule: the item written `paused: true` on its version (a save meanwhile is read again),
   * recorded in the history as the server's update, and the reason kept in the schedule's state.
   */
  private async pause(guildId: string, scheduleId: string, reason: string, at: string): Promise<void> {
    let stored = await this.storage.records.get<Item>(ITEMS, scheduleId);
    for (let attempt = 0; stored && stored.guildId === guildId && stored.data.paused !== true && attempt < 5; attempt++) {
      const result = await this.storage.records.replace<Item>(ITEMS, scheduleId, { ...stored.data, paused: true }, stored.version, {
        author: null,
        action: 'update',
      });
      if (result.ok) break;
      stored = result.current;
    }
    await this.changeState(guildId, scheduleId, (s) => ({ ...s, pausedReason: reason, pausedAt: at }));
  }

  // ---- state and runs -----------------------------------------------------------------------------------------------

  /** Writes the schedule's state through `change` on its version; a write in between is read again and changed over. */
  private async changeState(guildId: string, scheduleId: string, change: (state: ScheduleState) => ScheduleState): Promise<void> {
    let stored = await this.storage.records.get<ScheduleState>(SCHEDULE_STATE, scheduleId);
    for (let attempt = 0; attempt < 10; attempt++) {
      if (!stored) {
        try {
          const data = change({ cursor: null, pausedReason: null, pausedAt: null });
          await this.storage.records.insert<ScheduleState>(SCHEDULE_STATE, { id: scheduleId, guildId, data });
          return;
        } catch (err) {
          if (!(err instanceof RecordExistsError)) throw err;
          stored = await this.storage.records.get<ScheduleState>(SCHEDULE_STATE, scheduleId);
          continue;
        }
      }
      const result = await this.storage.records.replace<ScheduleState>(SCHEDULE_STATE, scheduleId, change(stored.data), stored.version);
      if (result.ok) return;
      stored = result.current;
    }
    throw new Error(`The state of schedule ${scheduleId} kept changing under this write.`);
  }

  /** The schedule's runs, newest first. */
  private async runsOf(guildId: string, scheduleId?: string): Promise<StoredRecord<ScheduleRun>[]> {
    const runs = await this.all<ScheduleRun>(SCHEDULE_RUNS, guildId);
    return runs
      .filter((run) => scheduleId === undefined || run.data.scheduleId === scheduleId)
      .sort((a, b) => Date.parse(b.data.dueAt) - Date.parse(a.data.dueAt) || Date.parse(b.createdAt) - Date.parse(a.createdAt));
  }

  /** Keeps the latest runs of the schedule (RUNS_KEPT), deleting older ones. */
  private async prune(guildId: string, scheduleId: string): Promise<void> {
    const runs = await this.runsOf(guildId, scheduleId);
    for (const run of runs.slice(RUNS_KEPT)) await this.storage.records.delete(SCHEDULE_RUNS, run.id);
  }

  private async all<T>(collection: string, guildId?: string): Promise<StoredRecord<T>[]> {
    const found: StoredRecord<T>[] = [];
    for (let offset = 0; ; offset += PAGE) {
      const page = await this.storage.records.list<T>(collection, { ...(guildId ? { guildId } : {}), limit: PAGE, offset });
      found.push(...page);
      if (page.length < PAGE) return found;
    }
  }

  // ---- what the page reads ------------------------------------------------------------------------------------------

  async status(guildId: string): Promise<ScheduleStatusResponse> {
    const now = this.clock();
    const [items, states, runs, minimumInterval] = await Promise.all([
      this.all<Item>(ITEMS, guildId),
      this.all<ScheduleState>(SCHEDULE_STATE, guildId),
      this.runsOf(guildId),
      this.premium.scheduleInterval(guildId),
    ]);
    const stateOf = new Map(states.map((record) => [record.id, record.data]));
    const lastRunOf = new Map<string, ScheduleRun>();
    for (const run of runs) if (!lastRunOf.has(run.data.scheduleId)) lastRunOf.set(run.data.scheduleId, run.data);
    const schedules: Record<string, ScheduleStatus> = {};
    for (const record of items) {
      schedules[record.id] = statusOf(record, stateOf.get(record.id) ?? null, lastRunOf.get(record.id) ?? null, now);
    }
    return {
      success: true,
      schedules,
      minimumInterval,
      graceMinutes: PLAN_RULES.graceMinutes,
    };
  }

  async runs(guildId: string, scheduleId: string): Promise<ScheduleRunsResponse> {
    await this.find(guildId, scheduleId);
    return { success: true, runs: (await this.runsOf(guildId, scheduleId)).slice(0, RUNS_KEPT).map((run) => run.data) };
  }

  /**
   * Run now: the saved message posted at once as a manual run (paused or not; the plan's due times are unchanged).
   * A failure answers 502 with the failed run and the schedule's status (paused, when the channel or permission is gone).
   */
  async runNow(guildId: string, scheduleId: string, by: ChangeAuthor): Promise<ScheduleRunNowResponse> {
    const record = await this.find(guildId, scheduleId);
    const item = withDefaults(record.data);
    const now = this.clock().toISOString();
    const id = `${scheduleId}:manual:${randomUUID()}`;
    const claim: ScheduleRun = {
      id,
      scheduleId,
      trigger: 'manual',
      dueAt: now,
      status: 'sending',
      at: now,
      channelId: item.channel_id,
      by: by.userName,
    };
    // Its state is there from now on, so the runs go with the schedule when it is deleted.
    if (!(await this.storage.records.get(SCHEDULE_STATE, scheduleId))) await this.changeState(guildId, scheduleId, (state) => state);
    await this.storage.records.insert<ScheduleRun>(SCHEDULE_RUNS, { id, guildId, data: claim });
    const { paused: _paused, ...run } = await this.send(guildId, item, claim);
    await this.prune(guildId, scheduleId);
    const after = await this.find(guildId, scheduleId);
    const state = (await this.storage.records.get<ScheduleState>(SCHEDULE_STATE, scheduleId))?.data ?? null;
    const status = statusOf(after, state, run, this.clock());
    if (run.status === 'failed') {
      throw new ApiError(HttpStatus.BAD_GATEWAY, run.error ?? refusals.scheduleRunDiscordFailed, { run, status });
    }
    return { success: true, run, status };
  }

  /** The guild's schedule, or 404 (an unknown id and another guild's answer the same). */
  private async find(guildId: string, scheduleId: string): Promise<StoredRecord<Item>> {
    const record = await this.storage.records.get<Item>(ITEMS, scheduleId);
    if (!record || record.guildId !== guildId) throw new ApiError(HttpStatus.NOT_FOUND, refusals.scheduleNotFound);
    return record;
  }
}

/** The item with its schema's defaults, as the collections API shows it. */
const withDefaults = (data: Item) => itemWithDefaults(DEFINITION, data) as unknown as ScheduledMessage;

/**
 * The due times in (after, now], at most the latest DUE_PER_TICK of them: a long outage passes over the older ones
 * (the cursor moves past them all), so a tick's work stays bounded.
 */
function latestDue(item: ScheduledMessage, after: Date, now: Date): Date[] {
  let kept: Date[] = [];
  let from = after;
  for (;;) {
    const batch = runsBetween(item.plan, from, now, DUE_BATCH);
    kept = [...kept, ...batch].slice(-DUE_PER_TICK);
    if (batch.length < DUE_BATCH) return kept;
    from = batch[batch.length - 1]!;
  }
}

/** A schedule's status: its next runs unless paused, finished when active with none left, the server's pause reason. */
function statusOf(record: StoredRecord<Item>, state: ScheduleState | null, lastRun: ScheduleRun | null, now: Date): ScheduleStatus {
  const item = withDefaults(record.data);
  let upcoming: string[] = [];
  if (!item.paused) {
    const from = new Date(Math.max(now.getTime(), state?.cursor ? Date.parse(state.cursor) : 0));
    try {
      upcoming = nextRuns(item.plan, from, PLAN_RULES.previewRuns).map((run) => run.toISOString());
    } catch (err) {
      if (!(err instanceof PlanError)) throw err;
    }
  }
  return {
    id: record.id,
    state: item.paused ? 'paused' : upcoming.length ? 'active' : 'finished',
    nextRuns: upcoming,
    lastRun,
    pausedReason: item.paused ? (state?.pausedReason ?? null) : null,
    pausedAt: item.paused ? (state?.pausedAt ?? null) : null,
  };
}
