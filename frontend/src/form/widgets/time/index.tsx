import type { WidgetProps } from '@rjsf/utils';
import { PlainInput } from '../local-date-time';

/** A wall-clock time of day, HH:mm in 24 hours (x-ui widget `time`, a schedule's `time`), read in the schedule's zone. */
export function TimeWidget(props: WidgetProps) {
  return <PlainInput {...props} type="time" />;
}
