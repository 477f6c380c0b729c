import type { UiSchema } from '@rjsf/utils';

/** The value a JSON Pointer (`/modules/anti_ban`) names in a document, or undefined. */
export function valueAt(document: unknown, pointer: string): unknown {
  let node = document;
  for (const token of pointer.slice(1).split('/')) {
    if (!node || typeof node !== 'object') return undefined;
    node = (node as Record<string, unknown>)[token.replaceAll('~1', '/').replaceAll('~0', '~')];
  }
  return node;
}

function matches(actual: unknown, expected: unknown): boolean {
  return Array.isArray(expected) ? expected.includes(actual) : actual === expected;
}

/**
 * `ui:options.visibleIf` (from the schema's x-ui): a field shows only while the named fields have the given value (or
 * one of the given values). A plain name is a sibling; a name starting with '/' is a JSON Pointer from the document's
 * root, so a field may follow one elsewhere (a module's punishment shows while `/modules/<module>` is on). Nested
 * objects are walked too. Hidden fields keep their values; they are just not rendered.
 */
export function applyVisibility(uiSchema: UiSchema, formData: Record<string, unknown> | undefined): UiSchema {
  return walk(uiSchema, formData, formData);
}

function walk(uiSchema: UiSchema, data: unknown, root: unknown): UiSchema {
  let changed = false;
  const out: UiSchema = { ...uiSchema };
  const siblings = data && typeof data === 'object' ? (data as Record<string, unknown>) : undefined;
  for (const [key, value] of Object.entries(uiSchema)) {
    if (key.startsWith('ui:') || key === 'items' || !value || typeof value !== 'object') continue;
    let child = value as UiSchema;
    const inner = walk(child, siblings?.[key], root);
    if (inner !== child) {
      child = inner;
      out[key] = child;
      changed = true;
    }
    const visibleIf = child['ui:options']?.visibleIf as Record<string, unknown> | undefined;
    if (!visibleIf) continue;
    const visible = Object.entries(visibleIf).every(([field, expected]) =>
      matches(field.startsWith('/') ? valueAt(root, field) : siblings?.[field], expected),
    );
    if (!visible) {
      out[key] = { ...child, 'ui:widget': 'hidden' };
      changed = true;
    }
  }
  return changed ? out : uiSchema;
}
