import type { WidgetProps } from '@rjsf/utils';
import { PlainInput } from '../local-date-time';

/** A wall-clock time of day, HH:mm in 24 hours (x-ui widget `local-time`, a schedule's `time`), read in the schedule's zone. */
export function LocalTimeWidget(props: WidgetProps) {
  return <PlainInput {...props} type="time" />;
}
