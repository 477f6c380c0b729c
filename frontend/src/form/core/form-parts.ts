import type { FormPart } from '../parts';

/** The form part that holds each widget that is one (src/form/widgets/index.ts draws them from it). */
export const WIDGET_PARTS: Readonly<Record<string, FormPart>> = {
  'user-list': 'form/parts/UserList',
  'member-select': 'form/parts/UserList',
  checklist: 'form/parts/GrantWidgets',
  'date-time': 'form/parts/GrantWidgets',
  'role-list': 'form/parts/RoleWidgets',
  'role-limits': 'form/parts/RoleWidgets',
  embed: 'form/parts/RoleMenuWidgets',
  'role-menu-options': 'form/parts/RoleMenuWidgets',
  'image-upload': 'form/parts/ImageUpload',
  'punishment-cards': 'form/parts/PunishmentCards',
  'time-zone': 'form/parts/ScheduleWidgets',
  'local-date-time': 'form/parts/ScheduleWidgets',
  'local-time': 'form/parts/ScheduleWidgets',
  'local-date': 'form/parts/ScheduleWidgets',
};
const ARRAY_PART: FormPart = 'form/parts/ArrayField';
const MULTI_SCHEMA_PART: FormPart = 'form/parts/MultiSchemaField';
const TABS_PART: FormPart = 'form/parts/TabbedObject';

type Node = Record<string, unknown> | undefined;

/** Whether a form's root is drawn as tabs (ObjectFieldTemplate), which are a form part. */
export const tabbedPart = (uiSchema: unknown): FormPart | undefined =>
  (uiSchema as Record<string, { layout?: string } | undefined> | undefined)?.['ui:options']?.layout === 'tabs' ? TABS_PART : undefined;

/**
 * The form parts (src/form/parts.ts) that drawing `schema` with `uiSchema` takes: ArrayField for an array, the
 * anyOf/oneOf field for either, and each widget that is a part; through properties, items, conditions and local
 * `$ref`s (of `root`). A form's root may take the tabs besides (`tabbedPart`).
 */
export function formPartsOf(
  schema: unknown,
  uiSchema: unknown,
  root: unknown = schema,
  found = new Set<FormPart>(),
  depth = 0,
): Set<FormPart> {
  if (!schema || typeof schema !== 'object' || depth > 32) return found;
  let node = schema as Record<string, unknown>;
  const ui = (uiSchema && typeof uiSchema === 'object' ? uiSchema : {}) as Record<string, unknown>;
  if (typeof node.$ref === 'string' && node.$ref.startsWith('#/')) {
    const target = node.$ref
      .slice(2)
      .split('/')
      .reduce<Node>((at, key) => at?.[key.replace(/~1/g, '/').replace(/~0/g, '~')] as Node, root as Node);
    const { $ref: _ref, ...local } = node;
    node = { ...target, ...local };
    return formPartsOf(node, ui, root, found, depth + 1);
  }
  const type = node.type;
  if (type === 'array' || (Array.isArray(type) && type.includes('array'))) found.add(ARRAY_PART);
  if (node.anyOf || node.oneOf) found.add(MULTI_SCHEMA_PART);
  const widget = ui['ui:widget'];
  if (typeof widget === 'string' && Object.hasOwn(WIDGET_PARTS, widget)) found.add(WIDGET_PARTS[widget]!);
  for (const [key, property] of Object.entries((node.properties ?? {}) as Record<string, unknown>))
    formPartsOf(property, ui[key], root, found, depth + 1);
  formPartsOf(node.items, ui.items, root, found, depth + 1);
  formPartsOf(node.additionalProperties, ui.additionalProperties, root, found, depth + 1);
  for (const branch of [node.then, node.else, ...((node.anyOf ?? []) as unknown[]), ...((node.oneOf ?? []) as unknown[])])
    formPartsOf(branch, ui, root, found, depth + 1);
  return found;
}
