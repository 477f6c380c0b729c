import type { RegistryWidgetsType, WidgetProps } from '@rjsf/utils';
import { partComponent } from '../part-component';
import { ChannelSelectWidget } from './channel-select';
import { ColourWidget } from './colour';
import { NumberWidget } from './number';
import { PunishmentCardsWidget } from './punishment-cards';
import { RoleSelectWidget } from './role-select';
import { SelectWidget } from './select';
import { TextareaWidget } from './textarea';
import { ToggleWidget } from './toggle';

// Widgets few forms draw are form parts, chunks of their own (src/form/parts.ts).
const RoleListWidget = partComponent('form/parts/RoleWidgets', (m) => m.RoleListWidget);
const RoleLimitsWidget = partComponent('form/parts/RoleWidgets', (m) => m.RoleLimitsWidget);
const UserListWidget = partComponent<'form/parts/UserList', WidgetProps>('form/parts/UserList', (m) => m.UserListWidget);

/**
 * The one widget registry. Names are the `x-ui.widget` values of the schemas; adding a widget is a
 * folder here plus one line below (and, for one few forms draw, a form part: src/form/parts.ts).
 */
export const widgets: RegistryWidgetsType = {
  toggle: ToggleWidget,
  CheckboxWidget: ToggleWidget,
  'channel-select': ChannelSelectWidget,
  'role-select': RoleSelectWidget,
  'role-list': RoleListWidget,
  'role-limits': RoleLimitsWidget,
  colour: ColourWidget,
  'punishment-cards': PunishmentCardsWidget,
  SelectWidget,
  select: SelectWidget,
  TextareaWidget,
  textarea: TextareaWidget,
  'user-list': UserListWidget,
  updown: NumberWidget,
  UpDownWidget: NumberWidget,
};
