import { ariaDescribedByIds, type WidgetProps } from '@rjsf/utils';

/**
 * A wall-clock date and time as typed (YYYY-MM-DDTHH:mm), with no time zone of its own: the schedule's `timeZone`
 * says where it is (x-ui widget `local-date-time`, a schedule's `at`). Unlike `date-time`, nothing is converted.
 */
export function LocalDateTimeWidget(props: WidgetProps) {
  return <PlainInput {...props} type="datetime-local" />;
}

/** A native date or time input whose value is stored as the browser gives it (the schema's pattern checks it). */
export function PlainInput({
  id,
  value,
  disabled,
  readonly,
  required,
  onChange,
  onBlur,
  onFocus,
  rawErrors,
  type,
  clearable,
}: WidgetProps & { type: 'datetime-local' | 'time' | 'date'; clearable?: boolean }) {
  const text = typeof value === 'string' ? value : '';
  const invalid = (rawErrors?.length ?? 0) > 0;
  const locked = Boolean(disabled || readonly);
  return (
    <div className="flex flex-wrap items-center gap-2">
      <input
        id={id}
        type={type}
        className={`field-input w-auto max-w-full ${invalid ? 'border-danger' : ''}`}
        value={text}
        disabled={disabled}
        readOnly={readonly}
        required={required}
        aria-invalid={invalid || undefined}
        aria-describedby={ariaDescribedByIds(id)}
        // An input the browser cannot read yet (a half-typed date) gives '': the schema's words say what is missing.
        onChange={(e) => onChange(e.target.value)}
        onBlur={() => onBlur(id, text)}
        onFocus={() => onFocus(id, text)}
      />
      {clearable && text !== '' && !locked && (
        <button type="button" className="btn-secondary" onClick={() => onChange('')}>
          Clear
        </button>
      )}
    </div>
  );
}
