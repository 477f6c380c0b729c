// A form part (src/form/parts.ts): AntiNuke's user lists.
export { UserListWidget } from '../widgets/user-list';
