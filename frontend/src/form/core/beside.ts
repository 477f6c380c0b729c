import type { UiSchema } from '@rjsf/utils';

/** The JSON Pointers that fields name in `ui:options.beside` (from x-ui): the fields that host another in their row. */
export function besideTargets(uiSchema: UiSchema): Set<string> {
  const targets = new Set<string>();
  const walk = (node: UiSchema) => {
    const beside = (node['ui:options'] as { beside?: unknown } | undefined)?.beside;
    if (typeof beside === 'string') targets.add(beside);
    for (const [key, value] of Object.entries(node))
      if (!key.startsWith('ui:') && value && typeof value === 'object') walk(value as UiSchema);
  };
  walk(uiSchema);
  return targets;
}
