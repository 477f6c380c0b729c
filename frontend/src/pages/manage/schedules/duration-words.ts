// FALLBACK, to be deleted: B1 (branch i31-rules) adds `durationWords` to common (`@guildhall/common/duration`), the one
// helper the server's x-schedule-interval message and this page share. Until that merges this mirrors its signature
// and words ("1 hour", "15 minutes", "2 days", "1 hour 30 minutes"); after the merge, import it from common instead.

const UNITS = [
  ['day', 1440],
  ['hour', 60],
  ['minute', 1],
] as const;

/** A whole number of minutes in words, largest units first. */
export function durationWords(minutes: number): string {
  let rest = Math.max(0, Math.round(minutes));
  const parts: string[] = [];
  for (const [unit, size] of UNITS) {
    const n = Math.floor(rest / size);
    rest -= n * size;
    if (n > 0) parts.push(`${n} ${unit}${n === 1 ? '' : 's'}`);
  }
  return parts.join(' ') || '0 minutes';
}
