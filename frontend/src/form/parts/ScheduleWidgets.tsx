// A form part (src/form/parts.ts): a scheduled message's plan inputs (its zone, local date and time, time of day, end
// date), which no other form draws.
export { DateWidget } from '../widgets/date';
export { LocalDateTimeWidget } from '../widgets/local-date-time';
export { TimeWidget } from '../widgets/time';
export { TimeZoneWidget } from '../widgets/time-zone';
