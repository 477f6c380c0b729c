import type { WidgetProps } from '@rjsf/utils';
import type { SelectHTMLAttributes } from 'react';
import { useRoles } from '../../../api/queries';
import type { SchemaFormContext } from '../../core/form-context';
import { LoadFailed } from '../guild-select';

/** The guild's roles a form may name: not @everyone, not managed by an integration. */
export function assignableRoles(roles: { id: string; name: string; managed?: boolean }[] | undefined, guildId: string) {
  return (roles ?? []).filter((r) => !r.managed && r.id !== guildId);
}

/** The guild's roles for a widget that holds several: how to name one, and which may still be added. */
export function useRoleChoices(guildId: string, taken: readonly string[]) {
  const roles = useRoles(guildId);
  const nameOf = (roleId: string) => {
    const role = roles.data?.find((r) => r.id === roleId);
    return role ? `@${role.name}` : `Unknown role (${roleId})`;
  };
  const offered = assignableRoles(roles.data, guildId).filter((r) => !taken.includes(r.id));
  return { roles, nameOf, offered };
}

/**
 * What both role widgets (role-list, role-limits) know of their field: the guild's role choices beside the roles
 * already held (`ids`), whether the field is locked (disabled or read-only), and whether it holds its schema's
 * most (`max`: maxItems or maxProperties).
 */
export function useRoleField(props: WidgetProps, ids: readonly string[], max: unknown) {
  const { guildId } = props.registry.formContext as SchemaFormContext;
  const choices = useRoleChoices(guildId, ids);
  return {
    choices,
    nameOf: choices.nameOf,
    locked: Boolean(props.disabled || props.readonly),
    full: typeof max === 'number' && ids.length >= max,
  };
}

type PickerProps = Omit<SelectHTMLAttributes<HTMLSelectElement>, 'value' | 'onChange'> & {
  choices: ReturnType<typeof useRoleChoices>;
  placeholder: string;
  onPick(roleId: string): void;
};

/** A select of the roles not yet taken (it always shows its placeholder), with the roles' loading and load error. */
export function RolePicker({ choices, placeholder, onPick, disabled, ...select }: PickerProps) {
  const { roles, offered } = choices;
  return (
    <>
      <select
        {...select}
        value=""
        disabled={disabled || roles.isPending}
        aria-busy={roles.isPending || undefined}
        onChange={(e) => e.target.value && onPick(e.target.value)}
      >
        <option value="">{roles.isPending ? 'Loading roles...' : placeholder}</option>
        {offered.map((r) => (
          <option key={r.id} value={r.id}>
            @{r.name}
          </option>
        ))}
      </select>
      {roles.isError && <LoadFailed noun="roles" objects={roles} />}
    </>
  );
}
