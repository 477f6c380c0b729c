import type { WidgetProps } from '@rjsf/utils';
import { useRoles } from '../../../api/queries';
import type { SchemaFormContext } from '../../core/form-context';
import { GuildSelect } from '../guild-select';

/** The guild's roles that can be assigned (not @everyone, not managed by an integration), or none. */
export function RoleSelectWidget(props: WidgetProps) {
  const { guildId } = props.registry.formContext as SchemaFormContext;
  const roles = useRoles(guildId);
  const options = roles.data?.filter((r) => !r.managed && r.id !== guildId).map((r) => ({ id: r.id, label: `@${r.name}` }));
  return (
    <GuildSelect
      widget={props}
      options={options}
      loading={roles.isPending}
      failed={roles.isError ? { message: "Could not load the server's roles.", retry: () => void roles.refetch() } : undefined}
      noun="roles"
      emptyLabel="Select a role"
    />
  );
}
