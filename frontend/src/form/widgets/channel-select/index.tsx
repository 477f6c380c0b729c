import type { WidgetProps } from '@rjsf/utils';
import { useChannels } from '../../../api/queries';
import type { SchemaFormContext } from '../../core/form-context';
import { GuildSelect } from '../guild-select';

/** The guild's channels of the allowed types (x-ui channelTypes; text only by default), or none. */
export function ChannelSelectWidget(props: WidgetProps) {
  const { guildId } = props.registry.formContext as SchemaFormContext;
  const channels = useChannels(guildId);
  const types = (props.options.channelTypes as number[] | undefined) ?? [0];
  const options = channels.data?.filter((c) => types.includes(c.type)).map((c) => ({ id: c.id, label: `#${c.name}` }));
  return (
    <GuildSelect
      widget={props}
      options={options}
      loading={channels.isPending}
      failed={channels.isError ? { message: "Could not load the server's channels.", retry: () => void channels.refetch() } : undefined}
      noun="channels"
      emptyLabel="Select a channel"
    />
  );
}
