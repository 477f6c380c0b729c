import type { WidgetProps } from '@rjsf/utils';
import { ChannelType } from '@guildhall/common/discord/channel-types';
import { useChannels } from '../../../api/queries';
import type { SchemaFormContext } from '../../core/form-context';
import { GuildSelect } from '../guild-select';

/** The guild's channels of the types the field takes (its x-reference channelTypes; text only by default), or none. */
export function ChannelSelectWidget(props: WidgetProps) {
  const { guildId } = props.registry.formContext as SchemaFormContext;
  const types = (props.options.channelTypes as number[] | undefined) ?? [ChannelType.GuildText];
  return (
    <GuildSelect
      widget={props}
      objects={useChannels(guildId)}
      choices={(channels) => channels.filter((c) => types.includes(c.type)).map((c) => ({ id: c.id, label: `#${c.name}` }))}
      noun="channels"
      emptyLabel="Select a channel"
    />
  );
}
