import { ariaDescribedByIds, type WidgetProps } from '@rjsf/utils';

/** One choice of a guild object (channel, role...) as the select shows it. */
export interface GuildOption {
  id: string;
  label: string;
}

export interface GuildSelectProps {
  widget: WidgetProps;
  /** The guild's objects that may be chosen, or undefined while they load. */
  options: GuildOption[] | undefined;
  loading: boolean;
  /** Set when they could not be loaded: the reason is shown with a retry. */
  failed?: { message: string; retry(): void };
  /** 'channels', 'roles': used in the loading, empty and unknown-value texts. */
  noun: string;
  /** What the empty choice says ('Select a channel'); the schema's placeholder wins. */
  emptyLabel: string;
}

/**
 * The select behind every guild-object widget: nothing chosen is null, a stored id the guild no longer offers stays
 * visible (as unknown) instead of silently changing, and loading and failure show in place.
 */
export function GuildSelect({ widget, options, loading, failed, noun, emptyLabel }: GuildSelectProps) {
  const { id, value, disabled, readonly, onChange, onBlur, onFocus, rawErrors, placeholder } = widget;
  const unknown = value && options && !options.some((o) => o.id === value);
  const singular = noun.replace(/s$/, '');
  return (
    <div>
      <select
        id={id}
        className={`field-input ${(rawErrors?.length ?? 0) > 0 ? 'border-danger' : ''}`}
        value={value ?? ''}
        disabled={disabled || readonly || loading}
        aria-describedby={ariaDescribedByIds(id)}
        aria-busy={loading || undefined}
        onChange={(e) => onChange(e.target.value === '' ? null : e.target.value)}
        onBlur={() => onBlur(id, value)}
        onFocus={() => onFocus(id, value)}
      >
        <option value="">{loading ? `Loading ${noun}...` : placeholder || emptyLabel}</option>
        {unknown && (
          <option value={value}>
            Unknown {singular} ({value})
          </option>
        )}
        {(options ?? []).map((o) => (
          <option key={o.id} value={o.id}>
            {o.label}
          </option>
        ))}
      </select>
      {failed && (
        <p className="mt-1 text-xs text-danger" role="alert">
          {failed.message}{' '}
          <button type="button" className="underline" onClick={failed.retry}>
            Retry
          </button>
        </p>
      )}
    </div>
  );
}
