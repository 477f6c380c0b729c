import { diff, type PatchOperation } from '@guildhall/common/json-patch';
import {
  type ChangeAuthor,
  type ChangeNote,
  type HistoryEntry,
  MAX_SETTINGS_VERSION,
  type SettingsDocument,
  type SettingsWrite,
  UnstorableTextError,
} from './storage.port.js';

/**
 * The rules every adapter applies, written once so that no engine can apply a different one: what may be stored, which
 * versions and caps a write may name, when a write is stale, and what a recorded write says in the history. The
 * adapters decide only how their engine makes each write atomic.
 */

/**
 * A stale version met inside putMany: thrown to undo the sections already written (PostgreSQL rolls its transaction
 * back, MongoDB abandons its batch), then answered as the port's stale result for `section`.
 */
export class StaleSection extends Error {
  constructor(
    readonly section: string,
    readonly current: SettingsDocument | null,
  ) {
    super(`stale version of ${section}`);
  }
}

/**
 * An escape of U+0000 or of a surrogate in JSON.stringify's output: a `\u` whose backslash follows an even run of
 * backslashes (after an odd run that backslash is itself escaped: someone typed "\u0000", which is fine). JSON.stringify
 * writes a surrogate pair as the character itself and escapes only unpaired ones; these are exactly the escapes
 * PostgreSQL's jsonb refuses, and MongoDB's BSON can hold neither in a key nor (as UTF-8) an unpaired surrogate.
 */
const UNSTORABLE_ESCAPE = /(?<!\\)(?:\\\\)*\\u(?:0000|d[89a-f][0-9a-f]{2})/i;

/**
 * The value as JSON text, refused with a typed error when it holds text no adapter can store, rather than by the
 * database as an opaque failure (the PostgreSQL adapter sends this text and casts it in SQL).
 */
export function toStorableJson(value: unknown): string {
  const json = JSON.stringify(value ?? null);
  if (UNSTORABLE_ESCAPE.test(json)) throw new UnstorableTextError();
  return json;
}

/** A settings put's expected version: an integer from 0 to MAX_SETTINGS_VERSION - 1, else a RangeError. */
export function checkSettingsVersion(expectedVersion: number): void {
  if (!Number.isSafeInteger(expectedVersion) || expectedVersion < 0 || expectedVersion >= MAX_SETTINGS_VERSION) {
    throw new RangeError(`expectedVersion must be an integer from 0 to ${MAX_SETTINGS_VERSION - 1}, got ${String(expectedVersion)}`);
  }
}

/** A record replace's expected version: an integer from 1 to MAX_SETTINGS_VERSION - 1, else a RangeError. */
export function checkRecordVersion(expectedVersion: number): void {
  if (!Number.isSafeInteger(expectedVersion) || expectedVersion < 1 || expectedVersion >= MAX_SETTINGS_VERSION) {
    throw new RangeError(`expectedVersion must be an integer from 1 to ${MAX_SETTINGS_VERSION - 1}, got ${String(expectedVersion)}`);
  }
}

/** A capped insert's cap: a non-negative integer, else a RangeError. */
export function checkCap(cap: number): void {
  if (!Number.isSafeInteger(cap) || cap < 0) throw new RangeError(`cap must be a non-negative integer, got ${String(cap)}`);
}

/**
 * putMany's writes checked (each version as a put's; no section named twice, a RangeError), and the order to write
 * them in: by section, so two overlapping putMany calls take their locks in one order and cannot deadlock.
 */
export function sectionOrder(writes: readonly SettingsWrite<unknown>[]): number[] {
  const sections = new Set<string>();
  for (const write of writes) {
    checkSettingsVersion(write.expectedVersion);
    if (sections.has(write.section)) throw new RangeError(`putMany names section ${write.section} twice`);
    sections.add(write.section);
  }
  return writes.map((_, index) => index).sort((a, b) => compare(writes[a]!.section, writes[b]!.section));
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Whether a write naming `expectedVersion` may replace what is stored (nothing stored is version 0); else it is stale. */
export function isAtVersion(stored: { version: number | string } | null | undefined, expectedVersion: number): boolean {
  return Number(stored?.version ?? 0) === expectedVersion;
}

/** A limit, offset or cursor: undefined, or a non-negative integer (else a RangeError). */
export function optionalCount(name: string, value: number | undefined): number | undefined {
  if (value === undefined) return undefined;
  if (!Number.isSafeInteger(value) || value < 0) throw new RangeError(`${name} must be a non-negative integer, got ${String(value)}`);
  return value;
}

/** Whether `id` can name a history entry at all (ids start at 1); history.get answers null for any other. */
export function isHistoryId(id: number): boolean {
  return Number.isSafeInteger(id) && id >= 1;
}

/** What a first save or an insert replaces, and what a deletion leaves: so their patches add, or remove, every field. */
export const NO_DATA: Readonly<Record<string, never>> = Object.freeze({});

/** The version a deletion's history entry records. */
export const DELETED_VERSION = 0;

/** What a recorded write says in the history besides its subject: who, what, the patch from the old data, the version. */
export interface ChangeRecord {
  action: HistoryEntry['action'];
  author: ChangeAuthor | null;
  revertOf: number | null;
  patch: PatchOperation[];
  version: number;
}

/**
 * The history of a write that replaced `before` with `after` and produced `version` (DELETED_VERSION for a deletion).
 * The author is copied field by field, so nothing else a caller put on it is stored.
 */
export function changeRecord(change: ChangeNote, before: unknown, after: unknown, version: number): ChangeRecord {
  const author = change.author ? { userId: change.author.userId, userName: change.author.userName, avatar: change.author.avatar } : null;
  return { action: change.action, author, revertOf: change.revertOf ?? null, patch: diff(before, after), version };
}

/**
 * Whether a write of a record of `guildId` records its change: only with a change note, and only for a guild's records
 * (the server's own records, guild null, have no guild history to be in).
 */
export function recordsChange(change: ChangeNote | undefined, guildId: string | null): change is ChangeNote {
  return change !== undefined && guildId !== null;
}

/** The subjects (guild, scope, key) of some entries, once each: retention keeps HISTORY_RETENTION entries of each. */
export function subjectsOf<E extends { guildId: string; scope: 'settings' | 'records'; key: string }>(entries: readonly E[]): E[] {
  return [...new Map(entries.map((entry) => [JSON.stringify([entry.guildId, entry.scope, entry.key]), entry])).values()];
}
