import type { WidgetProps } from '@rjsf/utils';
import { useRoles } from '../../../api/queries';
import type { SchemaFormContext } from '../../core/form-context';
import { GuildSelect } from '../guild-select';

/** The guild's roles that can be assigned (not @everyone, not managed by an integration), or none. */
export function RoleSelectWidget(props: WidgetProps) {
  const { guildId } = props.registry.formContext as SchemaFormContext;
  return (
    <GuildSelect
      widget={props}
      objects={useRoles(guildId)}
      choices={(roles) => roles.filter((r) => !r.managed && r.id !== guildId).map((r) => ({ id: r.id, label: `@${r.name}` }))}
      noun="roles"
      emptyLabel="Select a role"
    />
  );
}
