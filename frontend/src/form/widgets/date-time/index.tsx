import { ariaDescribedByIds, type WidgetProps } from '@rjsf/utils';

/** An ISO instant as the value of a datetime-local input: the same moment in the browser's time zone, to the minute. */
export function toLocalInput(iso: string): string {
  const time = Date.parse(iso);
  if (!iso || Number.isNaN(time)) return '';
  const at = new Date(time);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}T${pad(at.getHours())}:${pad(at.getMinutes())}`;
}

/** A datetime-local input's value (the browser's time zone) as an ISO instant in UTC; empty stays empty. */
export function fromLocalInput(local: string): string {
  if (!local) return '';
  const time = new Date(local).getTime();
  return Number.isNaN(time) ? local : new Date(time).toISOString();
}

/** The browser's time zone, as the page names it beside the input. */
const zone = (): string => Intl.DateTimeFormat().resolvedOptions().timeZone || 'local time';

/**
 * A moment, typed in the user's own time zone and stored as an ISO instant in UTC (x-ui widget `date-time`: a grant's
 * expiry). Empty means none: 'Clear' empties it. A moment already past says 'Expired'.
 */
export function DateTimeWidget({ id, value, disabled, readonly, onChange, onBlur, onFocus, rawErrors }: WidgetProps) {
  const iso = typeof value === 'string' ? value : '';
  const locked = Boolean(disabled || readonly);
  const past = iso !== '' && Date.parse(iso) <= Date.now();
  return (
    <div className="flex flex-wrap items-center gap-2">
      <input
        id={id}
        type="datetime-local"
        className={`field-input w-auto ${(rawErrors?.length ?? 0) > 0 ? 'border-danger' : ''}`}
        value={toLocalInput(iso)}
        disabled={locked}
        aria-describedby={[ariaDescribedByIds(id), `${id}__zone`].join(' ')}
        onChange={(e) => onChange(fromLocalInput(e.target.value))}
        onBlur={() => onBlur(id, iso)}
        onFocus={() => onFocus(id, iso)}
      />
      <span id={`${id}__zone`} className="text-xs text-muted">
        {zone()}
      </span>
      {past && <span className="rounded bg-warn/15 px-2 py-0.5 text-xs font-semibold text-warn">Expired</span>}
      {iso !== '' && !locked && (
        <button type="button" className="btn-secondary" onClick={() => onChange('')}>
          Clear
        </button>
      )}
    </div>
  );
}
