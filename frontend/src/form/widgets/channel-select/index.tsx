import { ariaDescribedByIds, type WidgetProps } from '@rjsf/utils';
import { useChannels } from '../../../api/queries';
import type { SchemaFormContext } from '../../core/form-context';

/** The guild's channels of the allowed types (x-ui channelTypes; text only by default), or none. */
export function ChannelSelectWidget({
  id,
  value,
  options,
  disabled,
  readonly,
  onChange,
  onBlur,
  onFocus,
  registry,
  rawErrors,
  placeholder,
}: WidgetProps) {
  const { guildId } = registry.formContext as SchemaFormContext;
  const channels = useChannels(guildId);
  const types = (options.channelTypes as number[] | undefined) ?? [0];
  const allowed = (channels.data ?? []).filter((c) => types.includes(c.type));
  const unknown = value && channels.data && !allowed.some((c) => c.id === value);
  return (
    <div>
      <select
        id={id}
        className={`field-input ${(rawErrors?.length ?? 0) > 0 ? 'border-danger' : ''}`}
        value={value ?? ''}
        disabled={disabled || readonly || channels.isPending}
        aria-describedby={ariaDescribedByIds(id)}
        aria-busy={channels.isPending || undefined}
        onChange={(e) => onChange(e.target.value === '' ? null : e.target.value)}
        onBlur={() => onBlur(id, value)}
        onFocus={() => onFocus(id, value)}
      >
        <option value="">{channels.isPending ? 'Loading channels...' : placeholder || 'Select a channel'}</option>
        {unknown && <option value={value}>Unknown channel ({value})</option>}
        {allowed.map((c) => (
          <option key={c.id} value={c.id}>
            #{c.name}
          </option>
        ))}
      </select>
      {channels.isError && (
        <p className="mt-1 text-xs text-danger" role="alert">
          Could not load the server's channels.{' '}
          <button type="button" className="underline" onClick={() => void channels.refetch()}>
            Retry
          </button>
        </p>
      )}
    </div>
  );
}
