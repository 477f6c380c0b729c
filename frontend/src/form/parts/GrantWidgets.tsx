// A form part (src/form/parts.ts): Dashboard Access's checklist of sections and its expiry, which no other form draws.
export { ChecklistWidget } from '../widgets/checklist';
export { DateTimeWidget } from '../widgets/date-time';
