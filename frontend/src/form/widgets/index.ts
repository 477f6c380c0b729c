import URLWidget from '@rjsf/core/lib/components/widgets/URLWidget.js';
import type { WidgetName } from '@guildhall/generated/ui-schemas';
import type { RegistryWidgetsType, WidgetProps } from '@rjsf/utils';
import { partComponent } from '../part-component';
import { ChannelSelectWidget } from './channel-select';
import { ColourWidget } from './colour';
import { NumberWidget } from './number';
import { RoleSelectWidget } from './role-select';
import { SelectWidget } from './select';
import { TextareaWidget } from './textarea';
import { ToggleWidget } from './toggle';

// Widgets few forms draw are form parts, chunks of their own (src/form/parts.ts).
const RoleListWidget = partComponent('form/parts/RoleWidgets', (m) => m.RoleListWidget);
const RoleLimitsWidget = partComponent('form/parts/RoleWidgets', (m) => m.RoleLimitsWidget);
const UserListWidget = partComponent<'form/parts/UserList', WidgetProps>('form/parts/UserList', (m) => m.UserListWidget);
const MemberSelectWidget = partComponent<'form/parts/UserList', WidgetProps>('form/parts/UserList', (m) => m.MemberSelectWidget);
const ChecklistWidget = partComponent<'form/parts/GrantWidgets', WidgetProps>('form/parts/GrantWidgets', (m) => m.ChecklistWidget);
const DateTimeWidget = partComponent<'form/parts/GrantWidgets', WidgetProps>('form/parts/GrantWidgets', (m) => m.DateTimeWidget);
const RoleMenuOptionsWidget = partComponent('form/parts/RoleMenuWidgets', (m) => m.RoleMenuOptionsWidget);
const EmbedWidget = partComponent('form/parts/RoleMenuWidgets', (m) => m.EmbedWidget);
const PunishmentCardsWidget = partComponent<'form/parts/PunishmentCards', WidgetProps>(
  'form/parts/PunishmentCards',
  (m) => m.PunishmentCardsWidget,
);
const TimeZoneWidget = partComponent<'form/parts/ScheduleWidgets', WidgetProps>('form/parts/ScheduleWidgets', (m) => m.TimeZoneWidget);
const LocalDateTimeWidget = partComponent<'form/parts/ScheduleWidgets', WidgetProps>(
  'form/parts/ScheduleWidgets',
  (m) => m.LocalDateTimeWidget,
);
const LocalTimeWidget = partComponent<'form/parts/ScheduleWidgets', WidgetProps>('form/parts/ScheduleWidgets', (m) => m.LocalTimeWidget);
const LocalDateWidget = partComponent<'form/parts/ScheduleWidgets', WidgetProps>('form/parts/ScheduleWidgets', (m) => m.LocalDateWidget);
const ImageUploadWidget = partComponent<'form/parts/ImageUpload', WidgetProps>('form/parts/ImageUpload', (m) => m.ImageUploadWidget);

/** RJSF's own names for the widgets it picks without a ui:widget (a boolean's checkbox, an enum's select...): ours replace them. */
type RjsfWidgetName = 'CheckboxWidget' | 'SelectWidget' | 'TextareaWidget' | 'UpDownWidget';

/**
 * The one widget registry. Its names are the generator's list of `x-ui.widget` values (scripts/generate/keywords/
 * x-ui.mjs, `WidgetName`): a name missing here or one the list lacks fails the type check, and a schema naming a widget
 * not in the list fails generation. Adding a widget is a folder here, its name in that list, and one line below (and,
 * for one few forms draw, a form part: src/form/parts.ts).
 */
export const widgets: RegistryWidgetsType = {
  toggle: ToggleWidget,
  CheckboxWidget: ToggleWidget,
  'channel-select': ChannelSelectWidget,
  checklist: ChecklistWidget,
  'date-time': DateTimeWidget,
  'local-date-time': LocalDateTimeWidget,
  'local-date': LocalDateWidget,
  'local-time': LocalTimeWidget,
  'time-zone': TimeZoneWidget,
  'member-select': MemberSelectWidget,
  'role-select': RoleSelectWidget,
  'role-list': RoleListWidget,
  'role-limits': RoleLimitsWidget,
  colour: ColourWidget,
  embed: EmbedWidget,
  'role-menu-options': RoleMenuOptionsWidget,
  'punishment-cards': PunishmentCardsWidget,
  SelectWidget,
  select: SelectWidget,
  TextareaWidget,
  textarea: TextareaWidget,
  'user-list': UserListWidget,
  'image-upload': ImageUploadWidget,
  updown: NumberWidget,
  UpDownWidget: NumberWidget,
  // RJSF's own URL input, which `uri` names (its registry lists it under URLWidget: src/form/rjsf-defaults.ts).
  uri: URLWidget,
} satisfies Record<WidgetName | RjsfWidgetName, RegistryWidgetsType[string]>;
