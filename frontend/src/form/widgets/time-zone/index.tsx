import { ariaDescribedByIds, type WidgetProps } from '@rjsf/utils';
import { useMemo } from 'react';

/** The browser's IANA time zone (what a new schedule proposes). */
export const browserTimeZone = (): string => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

let zones: string[] | undefined;
/** Every IANA zone this browser knows (Intl), and UTC, which some browsers leave out of the list though they accept it. */
export function knownTimeZones(): string[] {
  zones ??= (() => {
    const listed = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
    return listed.includes('UTC') ? listed : ['UTC', ...listed];
  })();
  return zones;
}

/** The zone's wall clock and offset now ('14:05, GMT+1'), or null for a name Intl does not know. */
function nowIn(zone: string): string | null {
  try {
    return new Intl.DateTimeFormat(undefined, { timeZone: zone, hour: '2-digit', minute: '2-digit', timeZoneName: 'shortOffset' }).format(
      new Date(),
    );
  } catch {
    return null;
  }
}

/**
 * An IANA time zone, searched by typing (a list of the browser's zones as the input's suggestions), with the zone's
 * time now beside it and a way back to the browser's own zone (x-ui widget `time-zone`). The schema's `time-zone`
 * keyword says whether a typed name is one.
 */
export function TimeZoneWidget({
  id,
  value,
  disabled,
  readonly,
  required,
  placeholder,
  onChange,
  onBlur,
  onFocus,
  rawErrors,
}: WidgetProps) {
  const zone = typeof value === 'string' ? value : '';
  const invalid = (rawErrors?.length ?? 0) > 0;
  const locked = Boolean(disabled || readonly);
  const list = `${id}__zones`;
  const options = useMemo(() => knownTimeZones(), []);
  const mine = browserTimeZone();
  const now = zone ? nowIn(zone) : null;
  return (
    <div className="flex flex-wrap items-center gap-2">
      <input
        id={id}
        type="text"
        list={list}
        autoComplete="off"
        spellCheck={false}
        className={`field-input w-full sm:w-72 ${invalid ? 'border-danger' : ''}`}
        value={zone}
        disabled={disabled}
        readOnly={readonly}
        required={required}
        placeholder={placeholder}
        aria-invalid={invalid || undefined}
        aria-describedby={[ariaDescribedByIds(id), `${id}__now`].join(' ')}
        onChange={(e) => onChange(e.target.value)}
        onBlur={() => onBlur(id, zone)}
        onFocus={() => onFocus(id, zone)}
      />
      <datalist id={list}>
        {options.map((z) => (
          <option key={z} value={z} />
        ))}
      </datalist>
      <span id={`${id}__now`} className="text-xs text-muted" aria-live="polite">
        {now ? `Now ${now} there` : ''}
      </span>
      {zone !== mine && !locked && (
        <button type="button" className="btn-secondary" onClick={() => onChange(mine)}>
          Use my time zone ({mine})
        </button>
      )}
    </div>
  );
}
