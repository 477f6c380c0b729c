// A form part (src/form/parts.ts): the ticket system's role list and role limits, which share the role picker.
export { RoleListWidget } from '../widgets/role-list';
export { RoleLimitsWidget } from '../widgets/role-limits';
