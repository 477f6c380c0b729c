import { ariaDescribedByIds, type WidgetProps } from '@rjsf/utils';
import { useRoles } from '../../../api/queries';
import type { SchemaFormContext } from '../../core/form-context';

/** The guild's roles that can be assigned (not @everyone, not managed by an integration), or none. */
export function RoleSelectWidget({
  id,
  value,
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
  const roles = useRoles(guildId);
  const choices = (roles.data ?? []).filter((r) => !r.managed && r.id !== guildId);
  return (
    <select
      id={id}
      className={`field-input ${(rawErrors?.length ?? 0) > 0 ? 'border-danger' : ''}`}
      value={value ?? ''}
      disabled={disabled || readonly || roles.isPending}
      aria-describedby={ariaDescribedByIds(id)}
      onChange={(e) => onChange(e.target.value === '' ? null : e.target.value)}
      onBlur={() => onBlur(id, value)}
      onFocus={() => onFocus(id, value)}
    >
      <option value="">{roles.isPending ? 'Loading roles...' : placeholder || 'Select a role'}</option>
      {choices.map((r) => (
        <option key={r.id} value={r.id}>
          @{r.name}
        </option>
      ))}
    </select>
  );
}
