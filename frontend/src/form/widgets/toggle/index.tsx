import { ariaDescribedByIds, type WidgetProps } from '@rjsf/utils';

/**
 * A switch for booleans, labelled by the field's title, with its description beside it. A switch the user may not
 * change (ui:options.locked, from x-access) says so on it: 'Read-only access'.
 */
export function ToggleWidget({ id, value, disabled, readonly, label, onChange, onBlur, onFocus, schema, rawErrors, options }: WidgetProps) {
  const checked = value === true;
  const locked = readonly && typeof options.locked === 'string';
  return (
    <div className="relative flex items-start justify-between gap-4 rounded-xl border border-line bg-panel-2 p-4">
      {locked && (
        <span
          className="absolute top-1 right-2 rounded bg-panel px-1.5 py-0.5 text-[11px] font-semibold text-warn"
          data-readonly-overlay=""
        >
          Read-only access
        </span>
      )}
      <span className="min-w-0">
        <label htmlFor={id} className="block text-sm font-semibold">
          {label}
        </label>
        {schema.description && <span className="mt-0.5 block text-xs text-muted">{schema.description}</span>}
      </span>
      <button
        id={id}
        type="button"
        role="switch"
        aria-checked={checked}
        aria-invalid={(rawErrors?.length ?? 0) > 0 || undefined}
        aria-describedby={ariaDescribedByIds(id)}
        disabled={disabled || readonly}
        onClick={() => onChange(!checked)}
        onBlur={() => onBlur(id, checked)}
        onFocus={() => onFocus(id, checked)}
        className={`relative ${locked ? 'mt-4' : ''} inline-flex h-6 w-11 shrink-0 items-center rounded-full transition-colors ${checked ? 'bg-brand' : 'bg-line'} disabled:opacity-50`}
      >
        <span
          className={`inline-block h-5 w-5 transform rounded-full bg-white shadow transition-transform ${checked ? 'translate-x-5' : 'translate-x-0.5'}`}
        />
      </button>
    </div>
  );
}
