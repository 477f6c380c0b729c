import { Inject, Injectable, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import { applyPatch, invert } from '@guildhall/common/json-patch';
import { collections, type CollectionDefinition } from '@guildhall/generated/collections';
import { validateSection } from '@guildhall/generated/field-errors';
import { sections, type SectionDefinition } from '@guildhall/generated/sections';
import type { SettingsChangeEvent } from '@guildhall/generated/types';
import type { Logger } from 'pino';
import { LOGGER } from '../logging/logger.js';
import { HISTORY_RETENTION, type HistoryEntry, STORAGE, type StoragePort } from '../storage/storage.port.js';
import { CHANGE_SIGNAL, type ChangeSignal } from './change-signal.js';
import type { ServerResponse } from 'node:http';

/** Entries read per history query; a longer backlog is read in pages of this size. */
const PAGE = 500;
/** Other instances' commits reach this one's clients within this. */
export const POLL_MS = 1000;
export const HEARTBEAT_MS = 15_000;
/** What a client may leave unread in its socket before it is dropped (a slow client is not buffered forever). */
export const MAX_BUFFERED_BYTES = 1024 * 1024;

interface FeedClient {
  res: ServerResponse;
  /** Only these guilds (null: every guild). */
  guilds: ReadonlySet<string> | null;
  /** The last history id this client was sent: nothing at or below it is sent again. */
  cursor: number;
  /** Live events that arrived while its backlog was being read, sent once the backlog is out. */
  pending: SettingsChangeEvent[] | null;
}

/** Each event's frame is written once, whatever the number of clients it goes to. */
const frames = new WeakMap<SettingsChangeEvent, string>();
function frameOf(event: SettingsChangeEvent): string {
  let frame = frames.get(event);
  if (frame === undefined) frames.set(event, (frame = `id: ${event.id}\nevent: change\ndata: ${JSON.stringify(event)}\n\n`));
  return frame;
}

/** Clients written to per turn of the event loop when an event fans out. */
const FANOUT_BATCH = 50;
const bySectionKey = new Map(Object.values(sections as Record<string, SectionDefinition>).map((def) => [def.storageKey, def.name]));
const byCollectionKey = new Map(
  Object.values(collections as Record<string, CollectionDefinition>).map((def) => [def.storageKey, def.name]),
);

/**
 * The bot's change feed: one reader of the history for all connected clients (not one query per client), woken at once
 * by this instance's commits (ChangeSignal) and every POLL_MS for other instances'; each client gets the events of
 * its guilds, in history order, after its own cursor, so a reconnect with Last-Event-ID neither repeats nor loses one.
 */
@Injectable()
export class ChangeFeedService implements OnModuleInit, OnModuleDestroy {
  private readonly clients = new Set<FeedClient>();
  /** The last history id read for live clients. */
  private cursor = 0;
  private reading: Promise<void> | null = null;
  private readAgain = false;
  private timers: NodeJS.Timeout[] = [];
  private unsubscribe: () => void = () => undefined;
  private closed = false;

  constructor(
    @Inject(STORAGE) private readonly storage: StoragePort,
    @Inject(CHANGE_SIGNAL) private readonly signal: ChangeSignal,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  async onModuleInit(): Promise<void> {
    this.cursor = await this.storage.history.latestId();
    this.unsubscribe = this.signal.subscribe(() => this.wake());
    const poll = setInterval(() => this.wake(), POLL_MS);
    const heartbeat = setInterval(() => this.heartbeat(), HEARTBEAT_MS);
    for (const timer of [poll, heartbeat]) timer.unref();
    this.timers = [poll, heartbeat];
  }

  /** Before the HTTP server closes (it would wait for these never-ending answers): every stream ends. */
  onModuleDestroy(): void {
    this.closed = true;
    this.unsubscribe();
    for (const timer of this.timers) clearInterval(timer);
    for (const client of this.clients) client.res.end();
    this.clients.clear();
  }

  get clientCount(): number {
    return this.clients.size;
  }

  /**
   * Streams to `res`: first what the history holds after `after` (undefined: from now), then every change as it
   * commits. An `after` older than the history kept for these guilds gets `event: reset` (read everything again).
   */
  async connect(res: ServerResponse, after: number | undefined, guildIds: readonly string[] | null): Promise<void> {
    res.statusCode = 200;
    res.setHeader('Content-Type', 'text/event-stream; charset=utf-8');
    res.setHeader('Cache-Control', 'no-store');
    res.setHeader('X-Accel-Buffering', 'no');
    res.setHeader('Connection', 'keep-alive');
    res.flushHeaders();
    res.socket?.setNoDelay(true);
    // Browsers and most SSE readers wait this long before reconnecting.
    res.write('retry: 2000\n\n');

    const latest = await this.storage.history.latestId();
    const client: FeedClient = { res, guilds: guildIds ? new Set(guildIds) : null, cursor: after ?? latest, pending: [] };
    this.clients.add(client);
    res.on('close', () => this.clients.delete(client));
    if (this.closed) return void res.end();

    if (after !== undefined && (await this.lost(after, latest, guildIds))) {
      this.send(client, `event: reset\ndata: ${JSON.stringify({ cursor: latest })}\n\n`);
      client.cursor = latest;
    } else {
      for (;;) {
        const entries = await this.storage.history.since(client.cursor, PAGE, guildIds ?? undefined);
        for (const entry of entries) {
          const event = await this.toEvent(entry);
          if (event) this.deliver(client, event, true);
          client.cursor = Math.max(client.cursor, entry.id);
        }
        if (entries.length < PAGE || !this.clients.has(client)) break;
      }
    }
    const pending = client.pending ?? [];
    client.pending = null;
    for (const event of pending) this.deliver(client, event);
  }

  /**
   * Whether changes after `after` may be gone: a cursor beyond the newest entry (another database), or retention
   * dropped entries after it. Ids are global, so for the whole feed that is the oldest entry kept lying beyond the next
   * id; for some guilds, one of them whose oldest entry lies beyond it and which holds as many entries as it keeps
   * (a guild below HISTORY_RETENTION never lost one). A sequence gap may cause a needless reset, never a missed one.
   */
  private async lost(after: number, latest: number, guildIds: readonly string[] | null): Promise<boolean> {
    if (after > latest) return true;
    if (after === 0) return false;
    const history = this.storage.history;
    if (!guildIds) return ((await history.since(0, 1)).at(0)?.id ?? 0) > after + 1;
    for (const guildId of guildIds) {
      const oldest = (await history.since(0, 1, [guildId])).at(0);
      if (oldest && oldest.id > after + 1 && (await history.since(0, HISTORY_RETENTION, [guildId])).length >= HISTORY_RETENTION)
        return true;
    }
    return false;
  }

  /** Reads what committed since the last read, once at a time; a wake-up during a read makes one more read. */
  private wake(): void {
    if (this.closed) return;
    if (this.reading) {
      this.readAgain = true;
      return;
    }
    this.reading = this.readNew()
      .catch((err: unknown) => this.logger.error({ err }, 'change feed: reading the history failed'))
      .finally(() => {
        this.reading = null;
        if (this.readAgain) {
          this.readAgain = false;
          this.wake();
        }
      });
  }

  private async readNew(): Promise<void> {
    if (this.clients.size === 0) {
      // Nobody to tell: only move the cursor (a client that connects reads its own backlog).
      this.cursor = await this.storage.history.latestId();
      return;
    }
    for (;;) {
      const entries = await this.storage.history.since(this.cursor, PAGE);
      for (const entry of entries) {
        this.cursor = entry.id;
        const wanted = [...this.clients].some((c) => !c.guilds || c.guilds.has(entry.guildId));
        const event = wanted ? await this.toEvent(entry) : null;
        if (event) await this.fanOut(event);
      }
      if (entries.length < PAGE) return;
    }
  }

  /**
   * One event to every client, FANOUT_BATCH at a time with the event loop let go between batches: a thousand socket
   * writes in one turn would hold up the dashboard's own requests (bench:feed's p99). Reads are one at a time, so each
   * client still gets the events in order.
   */
  private async fanOut(event: SettingsChangeEvent): Promise<void> {
    let sent = 0;
    for (const client of [...this.clients]) {
      this.deliver(client, event);
      if (++sent % FANOUT_BATCH === 0) await new Promise((resolve) => setImmediate(resolve));
    }
  }

  private deliver(client: FeedClient, event: SettingsChangeEvent, backlog = false): void {
    if (client.guilds && !client.guilds.has(event.guildId)) return;
    if (client.pending && !backlog) {
      client.pending.push(event);
      return;
    }
    if (event.id <= client.cursor && !backlog) return;
    client.cursor = Math.max(client.cursor, event.id);
    this.send(client, frameOf(event));
  }

  private send(client: FeedClient, text: string): void {
    if (!this.clients.has(client)) return;
    client.res.write(text);
    if (client.res.writableLength > MAX_BUFFERED_BYTES) {
      // It does not read what it is sent: drop it; it reconnects with its Last-Event-ID and reads the history.
      this.logger.warn({ buffered: client.res.writableLength }, 'change feed: a client that did not keep up was disconnected');
      this.clients.delete(client);
      client.res.destroy();
    }
  }

  private heartbeat(): void {
    for (const client of this.clients) if (!client.pending) this.send(client, ': heartbeat\n\n');
  }

  /**
   * The event of a history entry: the section's document at the version the entry produced (defaults applied), or the
   * item as stored now. A section saved again since is walked back from the stored document through the later
   * entries' inverted patches, so a client reading a backlog sees each version, not the latest one several times.
   */
  private async toEvent(entry: HistoryEntry): Promise<SettingsChangeEvent | null> {
    const base = { id: entry.id, guildId: entry.guildId, itemId: entry.itemId, version: entry.version, action: entry.action, at: entry.at };
    if (entry.scope === 'settings') {
      const section = bySectionKey.get(entry.key);
      if (!section) return null;
      return { ...base, section, collection: null, settings: await this.settingsAt(entry, section) };
    }
    const collection = byCollectionKey.get(entry.key);
    if (!collection || !entry.itemId) return null;
    const record = await this.storage.records.get<Record<string, unknown>>(entry.key, entry.itemId);
    return { ...base, section: null, collection, settings: record && record.guildId === entry.guildId ? record.data : null };
  }

  private async settingsAt(entry: HistoryEntry, section: string): Promise<Record<string, unknown>> {
    const stored = await this.storage.settings.get<Record<string, unknown>>(entry.guildId, entry.key);
    let data: unknown = stored?.data ?? {};
    if (stored && stored.version > entry.version) {
      const later = (await this.storage.history.since(entry.id, PAGE, [entry.guildId]))
        .filter((e) => e.scope === 'settings' && e.key === entry.key && e.version > entry.version && e.version <= stored.version)
        .sort((a, b) => b.version - a.version);
      for (const step of later) {
        const undone = applyPatch(data, invert(step.patch));
        if (!undone.ok) break;
        data = undone.document;
      }
    }
    const result = validateSection(section, data);
    if (result.ok) return result.value as unknown as Record<string, unknown>;
    return { ...(sections[section as keyof typeof sections].defaults as Record<string, unknown>), ...(data as Record<string, unknown>) };
  }
}
