import type { WidgetProps } from '@rjsf/utils';
import { PlainInput } from '../local-date-time';

/** A calendar day, YYYY-MM-DD, that may be left empty ('Clear'): x-ui widget `local-date`, a schedule's end date. */
export function LocalDateWidget(props: WidgetProps) {
  return <PlainInput {...props} type="date" clearable />;
}
