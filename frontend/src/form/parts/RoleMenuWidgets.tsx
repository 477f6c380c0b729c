// A form part (src/form/parts.ts): the role menu's options and its embed, which only the Reaction Roles editor draws.
export { EmbedWidget } from '../widgets/embed';
export { RoleMenuOptionsWidget } from '../widgets/role-menu-options';
