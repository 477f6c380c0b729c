import type { RegistryWidgetsType } from '@rjsf/utils';
import { ChannelSelectWidget } from './channel-select';
import { ColourWidget } from './colour';
import { NumberWidget } from './number';
import { PunishmentCardsWidget } from './punishment-cards';
import { RoleLimitsWidget } from './role-limits';
import { RoleListWidget } from './role-list';
import { RoleSelectWidget } from './role-select';
import { SelectWidget } from './select';
import { TextareaWidget } from './textarea';
import { ToggleWidget } from './toggle';
import { UserListWidget } from './user-list';

/**
 * The one widget registry. Names are the `x-ui.widget` values of the schemas; adding a widget is a
 * folder here plus one line below.
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
