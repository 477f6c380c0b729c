/** Discord's <t:unix:style> timestamps, shown in the reader's locale and time zone as Discord shows them. */
export type TimestampStyle = 't' | 'T' | 'd' | 'D' | 'f' | 'F' | 'R';

const FORMATS: Record<Exclude<TimestampStyle, 'R'>, Intl.DateTimeFormatOptions> = {
  t: { hour: 'numeric', minute: '2-digit' },
  T: { hour: 'numeric', minute: '2-digit', second: '2-digit' },
  d: { year: 'numeric', month: '2-digit', day: '2-digit' },
  D: { year: 'numeric', month: 'long', day: 'numeric' },
  f: { year: 'numeric', month: 'long', day: 'numeric', hour: 'numeric', minute: '2-digit' },
  F: { weekday: 'long', year: 'numeric', month: 'long', day: 'numeric', hour: 'numeric', minute: '2-digit' },
};

const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
  ['second', 1],
];

export function formatDiscordTimestamp(seconds: number, style: string | undefined, now: number = Date.now(), locale?: string): string {
  const date = new Date(seconds * 1000);
  if (Number.isNaN(date.getTime())) return 'Invalid Date';
  if (style === 'R') {
    const diff = seconds - now / 1000;
    const [unit, size] = UNITS.find(([, s]) => Math.abs(diff) >= s) ?? ['second', 1];
    return new Intl.RelativeTimeFormat(locale, { numeric: 'auto' }).format(Math.round(diff / size), unit);
  }
  const options = FORMATS[(style ?? 'f') as Exclude<TimestampStyle, 'R'>] ?? FORMATS.f;
  return new Intl.DateTimeFormat(locale, options).format(date);
}

/** An embed's footer timestamp as Discord writes it: "Today at 3:04 PM", "Yesterday at ...", else the date. */
export function formatEmbedTimestamp(iso: string, now: Date = new Date(), locale?: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  const time = new Intl.DateTimeFormat(locale, { hour: 'numeric', minute: '2-digit' }).format(date);
  const day = (d: Date) => new Date(d.getFullYear(), d.getMonth(), d.getDate()).getTime();
  const days = Math.round((day(now) - day(date)) / 86_400_000);
  if (days === 0) return `Today at ${time}`;
  if (days === 1) return `Yesterday at ${time}`;
  return `${new Intl.DateTimeFormat(locale, { year: 'numeric', month: '2-digit', day: '2-digit' }).format(date)} ${time}`;
}
