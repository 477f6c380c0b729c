// A form part (src/form/parts.ts): AntiNuke's user lists, and Dashboard Access's member, one user of the same search.
export { UserListWidget } from '../widgets/user-list';
export { MemberSelectWidget } from '../widgets/member-select';
