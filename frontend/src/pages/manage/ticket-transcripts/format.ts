const UNITS = ['KB', 'MB', 'GB'];

/** A transcript's size as people read it: 512 B, 1.5 KB, 2.3 MB (powers of 1024, one decimal under 10). */
export function humanSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${value < 10 ? value.toFixed(1) : Math.round(value)} ${UNITS[unit]}`;
}

/**
 * When a transcript was made, in the reader's locale but in UTC: the date filter matches the start of the stored UTC
 * date, so the day shown is the day a filter finds it under.
 */
export function createdLabel(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return `${date.toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' })} UTC`;
}

/** A value that settles: the search box asks the server once typing pauses, not on every key. */
export const SEARCH_DELAY_MS = 300;
