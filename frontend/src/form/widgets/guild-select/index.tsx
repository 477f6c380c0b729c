import { ariaDescribedByIds, type WidgetProps } from '@rjsf/utils';

/** One choice of a guild object (channel, role...) as the select shows it. */
export interface GuildOption {
  id: string;
  label: string;
}

/** What the select needs of the guild's objects as they load (a TanStack Query result). */
export interface GuildObjects<T> {
  data?: T[];
  isPending: boolean;
  isError: boolean;
  refetch(): unknown;
}

/** The guild's objects could not be loaded: said as an alert, with a retry. */
export function LoadFailed({ noun, objects }: { noun: string; objects: Pick<GuildObjects<unknown>, 'refetch'> }) {
  return (
    <p className="mt-1 text-xs text-danger" role="alert">
      Could not load the server's {noun}.{' '}
      <button type="button" className="underline" onClick={() => void objects.refetch()}>
        Retry
      </button>
    </p>
  );
}

export interface GuildSelectProps<T> {
  widget: WidgetProps;
  /** The guild's objects (channels, roles...): while they load the select waits; a failure shows with a retry. */
  objects: GuildObjects<T>;
  /** The objects that may be chosen, as choices. */
  choices(objects: T[]): GuildOption[];
  /** 'channels', 'roles': used in the loading, failure and unknown-value texts. */
  noun: string;
  /** What the empty choice says ('Select a channel'); the schema's placeholder wins. */
  emptyLabel: string;
}

/**
 * The select behind every guild-object widget: nothing chosen is null, a stored id the guild no longer offers stays
 * visible (as unknown) instead of silently changing, and loading and failure show in place.
 */
export function GuildSelect<T>({ widget, objects, choices, noun, emptyLabel }: GuildSelectProps<T>) {
  const { id, value, disabled, readonly, onChange, onBlur, onFocus, rawErrors, placeholder } = widget;
  const options = objects.data && choices(objects.data);
  const loading = objects.isPending;
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
      {unknown && (
        <p id={`${id}__gone`} className="mt-1 text-xs text-warn" role="note">
          This {singular} is not in this server any more. Pick another: a save that keeps it still works, the bot cannot use it.
        </p>
      )}
      {objects.isError && <LoadFailed noun={noun} objects={objects} />}
    </div>
  );
}
