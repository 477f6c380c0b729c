// A form part (src/form/parts.ts): the tabs of a form whose x-ui says `layout: 'tabs'` (AntiNuke's).
export { TabbedObject } from '../theme/TabbedObject';
