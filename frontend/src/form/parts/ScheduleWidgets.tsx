// A form part (src/form/parts.ts): a scheduled message's plan inputs (its zone, local date and time, time of day, end
// date), which no other form draws.
export { LocalDateWidget } from '../widgets/local-date';
export { LocalDateTimeWidget } from '../widgets/local-date-time';
export { LocalTimeWidget } from '../widgets/local-time';
export { TimeZoneWidget } from '../widgets/time-zone';
