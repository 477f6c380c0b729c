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

/** When a transcript was made, in the reader's locale and time zone. */
export function createdLabel(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : date.toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
}

/** A value that settles: the search box asks the server once typing pauses, not on every key. */
export const SEARCH_DELAY_MS = 300;
