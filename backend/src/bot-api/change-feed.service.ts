import { Inject, Injectable, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import { applyPatch, invert } from '@guildhall/common/json-patch';
import { collections, type CollectionDefinition } from '@guildhall/generated/collections';
import { validateSection } from '@guildhall/generated/validators';
import { sections, type SectionDefinition } from '@guildhall/generated/sections';
import type { SettingsChangeEvent } from '@guildhall/generated/types';
import type { Logger } from 'pino';
import { APP_CONFIG, type AppConfig } from '../config/config.js';
import { LOGGER } from '../logging/logger.js';
import { type HistoryEntry, type HistoryWatch, type HistoryWatchSource, STORAGE, type StoragePort } from '../storage/storage.port.js';
import { CHANGE_SIGNAL, type ChangeSignal } from './change-signal.js';
import type { ServerResponse } from 'node:http';
import { performance } from 'node:perf_hooks';

/** Entries read per history query for live clients; a longer run of commits is read in pages of this size. */
const PAGE = 500;
/**
 * Entries read per query of a client's backlog (and of a walk-back). Smaller than PAGE because on PGlite a query runs
 * in this thread: its whole answer (4 KB documents make 8 KB patches) is read while nothing else is served.
 */
const BACKLOG_PAGE = 50;
export const HEARTBEAT_MS = 15_000;
/**
 * What a live client may leave unread in its socket before it is dropped (a client that does not read is not buffered
 * forever). A backlog never reaches it: it is written only as fast as the client reads (see `write`).
 */
export const MAX_BUFFERED_BYTES = 1024 * 1024;
/** A client whose backlog has not drained for this long does not read: it is dropped as a live one would be. */
export const STALL_MS = 30_000;
/** Live events queued behind a backlog; beyond this they are not held in memory but read again from the history. */
const PENDING_MAX = 1000;
/**
 * Backlog work (a history query, an entry made an event) done per turn of the event loop, all clients together, before
 * the loop is let go to serve other requests: on PGlite every query and patch runs in this thread.
 */
const SLICE_MS = 10;
/** Walk-backs remembered (by history id), so that readers of the same backlog walk back once between them. */
const WALK_BACKS_KEPT = 64;
/** Sections' documents remembered per client, so that the next version is one patch forward (oldest forgotten). */
const DOCUMENTS_KEPT = 1000;

/** A section's document at a version, the one its next history entry's patch applies to. */
interface KnownDocument {
  version: number;
  data: unknown;
}
type KnownDocuments = Map<string, KnownDocument>;

interface FeedClient {
  res: ServerResponse;
  /** Only these guilds (null: every guild). */
  guilds: ReadonlySet<string> | null;
  /** The last history id this client was sent: nothing at or below it is sent again. */
  cursor: number;
  /** Live events that arrived while its backlog was being read, sent once the backlog is out. */
  pending: SettingsChangeEvent[] | null;
  /** More live events arrived behind the backlog than PENDING_MAX: the backlog goes on from the history instead. */
  overflowed: boolean;
  /** Closed, dropped or ended: nothing more is read or written for it. */
  gone: boolean;
  /** Per guild and section, the document at the last version this client's backlog reached. */
  documents: KnownDocuments;
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
 * by this instance's commits (ChangeSignal), by other instances' through the storage's history watch (LISTEN/NOTIFY on
 * a PostgreSQL server, a change stream on a MongoDB replica set), and every CHANGE_FEED_POLL_MS whatever happens (a
 * wake-up lost with a dropped connection, a deployment with no watch); each client gets the events of its guilds, in
 * history order, after its own cursor, so a reconnect with Last-Event-ID neither repeats nor loses one. A wake-up
 * carries no data: every reader reads the history, so how it was woken changes nothing of what it sends.
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
  private historyWatch: HistoryWatch | null = null;
  private closed = false;
  /** The live reader's documents, so a burst of saves of one section is walked forward, not back each time. */
  private readonly liveDocuments: KnownDocuments = new Map();
  private backlogs = 0;
  /** Backlog work runs one step at a time for all clients (see `paced`); this is the step queue's tail. */
  private steps: Promise<unknown> = Promise.resolve();
  private sliceEnds = 0;
  private readonly walkBacks = new Map<number, unknown>();

  constructor(
    @Inject(STORAGE) private readonly storage: StoragePort,
    @Inject(CHANGE_SIGNAL) private readonly signal: ChangeSignal,
    @Inject(LOGGER) private readonly logger: Logger,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async onModuleInit(): Promise<void> {
    // Watching first: a commit after the cursor is read then wakes this reader, one before it is behind the cursor.
    this.historyWatch = await this.storage.history.watch(() => this.wake());
    this.cursor = await this.storage.history.latestId();
    this.unsubscribe = this.signal.subscribe(() => this.wake());
    const poll = setInterval(() => this.wake(), this.config.changeFeedPollMs);
    const heartbeat = setInterval(() => this.heartbeat(), HEARTBEAT_MS);
    for (const timer of [poll, heartbeat]) timer.unref();
    this.timers = [poll, heartbeat];
  }

  /** Before the HTTP server closes (it would wait for these never-ending answers): every stream ends. */
  onModuleDestroy(): void {
    this.closed = true;
    this.unsubscribe();
    void this.historyWatch?.stop();
    for (const timer of this.timers) clearInterval(timer);
    for (const client of [...this.clients]) {
      this.leave(client);
      client.res.end();
    }
  }

  /** How other instances' commits wake this feed ('none': only its poll reads them). */
  get watchSource(): HistoryWatchSource {
    return this.historyWatch?.source ?? 'none';
  }

  get clientCount(): number {
    return this.clients.size;
  }

  /** Clients whose backlog is being read now (the history work a client costs beyond the live feed). */
  get backlogCount(): number {
    return this.backlogs;
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
    const client: FeedClient = {
      res,
      guilds: guildIds ? new Set(guildIds) : null,
      cursor: after ?? latest,
      pending: [],
      overflowed: false,
      gone: false,
      documents: new Map(),
    };
    this.clients.add(client);
    res.on('close', () => this.leave(client));
    if (this.closed || res.destroyed) {
      this.leave(client);
      return void res.end();
    }

    try {
      if (after !== undefined && (await this.lost(after, latest, guildIds))) {
        this.send(client, `event: reset\ndata: ${JSON.stringify({ cursor: latest })}\n\n`);
        client.cursor = latest;
      } else if (this.cursor > client.cursor) {
        // Only what the live reader has gone past: every later entry reaches the client live (queued behind this).
        if (!(await this.readBacklog(client, guildIds))) return;
      }
    } catch (err) {
      // The client reconnects with its cursor; a storage error must not leave it waiting on a stream that says nothing.
      this.logger.error({ err }, 'change feed: reading a backlog failed');
      this.leave(client);
      res.destroy();
      return;
    }
    if (client.gone) return;
    const pending = client.pending ?? [];
    client.pending = null;
    for (const event of pending) this.deliver(client, event);
  }

  /**
   * The history after the client's cursor, page by page, each frame written only as fast as the client reads it and
   * its steps paced with every other client's (`paced`), so that a long backlog neither fills memory nor holds up other requests.
   * Whether the client is still there at the end.
   */
  private async readBacklog(client: FeedClient, guildIds: readonly string[] | null): Promise<boolean> {
    this.backlogs += 1;
    try {
      for (;;) {
        for (;;) {
          const entries = await this.paced(client, () => this.storage.history.since(client.cursor, BACKLOG_PAGE, guildIds ?? undefined));
          if (!entries) return false;
          for (const entry of entries) {
            const event = await this.paced(client, () => this.toEvent(entry, client.documents, client));
            if (client.gone) return false;
            if (event && event.id > client.cursor && (!client.guilds || client.guilds.has(event.guildId))) {
              if (!(await this.write(client, frameOf(event)))) return false;
            }
            client.cursor = Math.max(client.cursor, entry.id);
          }
          if (entries.length < BACKLOG_PAGE || client.gone) break;
        }
        if (client.gone) return false;
        if (!client.overflowed) return true;
        // Live events were let go while it read: they are in the history after its cursor, read like the rest.
        client.overflowed = false;
        client.pending = [];
      }
    } finally {
      this.backlogs -= 1;
    }
  }

  /**
   * Runs one step of a client's backlog once the steps queued before it (any client's) are done, and only while this
   * turn of the event loop has had less than SLICE_MS of them: many readers' backlogs are one queue of short steps with
   * the loop let go between slices, not a chain of queries and patches that holds it for seconds. Undefined, and
   * nothing run, when the client went meanwhile. The client's socket writes are not steps: waiting for one to drain
   * holds up no one.
   */
  private paced<T>(client: FeedClient, step: () => Promise<T>): Promise<T | undefined> {
    const run = this.steps.then(async () => {
      if (client.gone) return undefined;
      await this.breathe();
      return client.gone ? undefined : step();
    });
    this.steps = run.catch(() => undefined);
    return run;
  }

  /** Lets the event loop go when this slice of backlog work is used up. */
  private async breathe(): Promise<void> {
    if (performance.now() < this.sliceEnds) return;
    await nextTurn();
    this.sliceEnds = performance.now() + SLICE_MS;
  }

  /**
   * Whether changes after `after` may be gone: a cursor beyond the newest entry (another database), or retention
   * dropped an entry after it (of the guilds read, or of any).
   */
  private async lost(after: number, latest: number, guildIds: readonly string[] | null): Promise<boolean> {
    if (after > latest) return true;
    if (after === 0) return false;
    // Retention is per section and per collection: only the store knows whether it dropped anything after the cursor.
    return this.storage.history.droppedAfter(after, guildIds ?? undefined);
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
      // Nobody to tell: only move the cursor (a client that connects reads its own backlog), unless one connected
      // meanwhile: it may have found this cursor not past its own and counted on this reader for what follows.
      const latest = await this.storage.history.latestId();
      if (this.clients.size === 0) {
        this.cursor = latest;
        this.liveDocuments.clear();
        return;
      }
    }
    for (;;) {
      const entries = await this.storage.history.since(this.cursor, PAGE);
      for (const entry of entries) {
        this.cursor = entry.id;
        const wanted = [...this.clients].some((c) => !c.guilds || c.guilds.has(entry.guildId));
        const event = wanted ? await this.toEvent(entry, this.liveDocuments) : null;
        if (event) await this.fanOut(event);
      }
      if (entries.length < PAGE) return;
      await nextTurn();
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
      if (++sent % FANOUT_BATCH === 0) await nextTurn();
    }
  }

  /** A live event: queued behind the client's backlog, or written now unless it already has it. */
  private deliver(client: FeedClient, event: SettingsChangeEvent): void {
    if (client.guilds && !client.guilds.has(event.guildId)) return;
    if (client.pending) {
      if (client.overflowed) return;
      if (client.pending.length >= PENDING_MAX) {
        client.overflowed = true;
        client.pending = [];
        return;
      }
      client.pending.push(event);
      return;
    }
    if (event.id <= client.cursor) return;
    client.cursor = event.id;
    this.send(client, frameOf(event));
  }

  /** A live write: never waits (one slow client must not hold up the others); a client that does not read is dropped. */
  private send(client: FeedClient, text: string): void {
    if (client.gone) return;
    client.res.write(text);
    if (client.res.writableLength > MAX_BUFFERED_BYTES) {
      // It does not read what it is sent: drop it; it reconnects with its Last-Event-ID and reads the history.
      this.logger.warn({ buffered: client.res.writableLength }, 'change feed: a client that did not keep up was disconnected');
      this.leave(client);
      client.res.destroy();
    }
  }

  /**
   * A backlog write: resolves once the client may be sent more (at once while its socket takes it, else when it has
   * read what is buffered), false when it went (or read nothing for STALL_MS, and was dropped).
   */
  private write(client: FeedClient, text: string): Promise<boolean> {
    if (client.gone) return Promise.resolve(false);
    if (client.res.write(text)) return Promise.resolve(true);
    return new Promise((resolve) => {
      const res = client.res;
      const settle = (ok: boolean) => {
        clearTimeout(stalled);
        res.off('drain', drained);
        res.off('close', closed);
        resolve(ok && !client.gone);
      };
      const drained = () => settle(true);
      const closed = () => settle(false);
      const stalled = setTimeout(() => {
        this.logger.warn({ buffered: res.writableLength }, 'change feed: a client that stopped reading its backlog was disconnected');
        this.leave(client);
        res.destroy();
        settle(false);
      }, STALL_MS);
      stalled.unref();
      res.on('drain', drained);
      res.on('close', closed);
    });
  }

  private leave(client: FeedClient): void {
    client.gone = true;
    client.pending = null;
    client.documents.clear();
    this.clients.delete(client);
  }

  private heartbeat(): void {
    for (const client of this.clients) if (!client.pending) this.send(client, ': heartbeat\n\n');
  }

  /**
   * The event of a history entry: the section's document at the version the entry produced (defaults applied), or the
   * item as stored now. `documents` are the versions the same reader reached before, so that reading a backlog in
   * order costs one patch per entry.
   */
  private async toEvent(entry: HistoryEntry, documents: KnownDocuments, client?: FeedClient): Promise<SettingsChangeEvent | null> {
    const base = { id: entry.id, guildId: entry.guildId, itemId: entry.itemId, version: entry.version, action: entry.action, at: entry.at };
    if (entry.scope === 'settings') {
      const section = bySectionKey.get(entry.key);
      if (!section) return null;
      const data = await this.documentAt(entry, documents, client);
      return data === undefined ? null : { ...base, section, collection: null, settings: complete(section, data) };
    }
    const collection = byCollectionKey.get(entry.key);
    if (!collection || !entry.itemId) return null;
    const record = await this.storage.records.get<Record<string, unknown>>(entry.key, entry.itemId);
    return { ...base, section: null, collection, settings: record && record.guildId === entry.guildId ? record.data : null };
  }

  /**
   * The section's document as the entry left it: the version before it (known from this reader's previous entry)
   * with the entry's patch applied; otherwise (the first entry of the section this reader sees, or a version written
   * without a history entry in between) walked back from the stored document. Undefined when the client went meanwhile.
   */
  private async documentAt(entry: HistoryEntry, documents: KnownDocuments, client?: FeedClient): Promise<unknown> {
    const key = `${entry.guildId}/${entry.key}`;
    const known = documents.get(key);
    let data: unknown;
    if (known && known.version === entry.version - 1) {
      const next = applyPatch(known.data, entry.patch);
      if (next.ok) data = next.document;
    } else if (known && known.version === entry.version) {
      data = known.data;
    }
    if (data === undefined) data = await this.walkBack(entry, client);
    if (data === undefined) return undefined;
    documents.delete(key);
    documents.set(key, { version: entry.version, data });
    if (documents.size > DOCUMENTS_KEPT) documents.delete(documents.keys().next().value!);
    return data;
  }

  /**
   * The stored document taken back to the entry's version through the later entries' inverted patches (newest
   * first), the later entries read once, page by page: linear in their number. Undefined when the client went.
   */
  private async walkBack(entry: HistoryEntry, client?: FeedClient): Promise<unknown> {
    if (this.walkBacks.has(entry.id)) return this.walkBacks.get(entry.id);
    const stored = await this.storage.settings.get<Record<string, unknown>>(entry.guildId, entry.key);
    let data: unknown = stored?.data ?? {};
    if (!stored || stored.version <= entry.version) return data;
    const later: HistoryEntry[] = [];
    let after = entry.id;
    let reached = false;
    for (;;) {
      if (client?.gone) return undefined;
      const page = await this.storage.history.since(after, BACKLOG_PAGE, [entry.guildId]);
      for (const e of page) {
        if (e.scope !== 'settings' || e.key !== entry.key || e.version <= entry.version || e.version > stored.version) continue;
        later.push(e);
        reached ||= e.version === stored.version;
      }
      after = page.at(-1)?.id ?? after;
      if (page.length < BACKLOG_PAGE || reached) break;
      await this.breathe();
    }
    later.sort((a, b) => b.version - a.version);
    for (const step of later) {
      const undone = applyPatch(data, invert(step.patch));
      if (!undone.ok) break;
      data = undone.document;
    }
    // Readers of the same backlog all start with the same walks.
    this.walkBacks.set(entry.id, data);
    if (this.walkBacks.size > WALK_BACKS_KEPT) this.walkBacks.delete(this.walkBacks.keys().next().value!);
    return data;
  }
}

/** The section's document as the feed sends it: validated with its defaults applied. */
function complete(section: string, data: unknown): Record<string, unknown> {
  const result = validateSection(section, data);
  if (result.ok) return result.value as unknown as Record<string, unknown>;
  return { ...(sections[section as keyof typeof sections].defaults as Record<string, unknown>), ...(data as Record<string, unknown>) };
}

/** Lets the event loop serve pending I/O (other requests, /healthz) before going on. */
function nextTurn(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}
