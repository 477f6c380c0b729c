import { MAX_SETTINGS_VERSION, UnstorableTextError } from './storage.port.js';

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

/** A limit, offset or cursor: undefined, or a non-negative integer (else a RangeError). */
export function optionalCount(name: string, value: number | undefined): number | undefined {
  if (value === undefined) return undefined;
  if (!Number.isSafeInteger(value) || value < 0) throw new RangeError(`${name} must be a non-negative integer, got ${String(value)}`);
  return value;
}
