import type { UiSchema } from '@rjsf/utils';

/**
 * `ui:options.visibleIf` (from the schema's x-ui): a field shows only while the named sibling fields
 * have the given values. Hidden fields keep their values; they are just not rendered.
 */
export function applyVisibility(uiSchema: UiSchema, formData: Record<string, unknown> | undefined): UiSchema {
  let changed = false;
  const out: UiSchema = { ...uiSchema };
  for (const [key, value] of Object.entries(uiSchema)) {
    if (key.startsWith('ui:') || !value || typeof value !== 'object') continue;
    const visibleIf = (value as UiSchema)['ui:options']?.visibleIf as Record<string, unknown> | undefined;
    if (!visibleIf) continue;
    const visible = Object.entries(visibleIf).every(([field, expected]) => formData?.[field] === expected);
    if (!visible) {
      out[key] = { ...(value as UiSchema), 'ui:widget': 'hidden' };
      changed = true;
    }
  }
  return changed ? out : uiSchema;
}
