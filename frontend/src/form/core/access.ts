import type { UiSchema } from '@rjsf/utils';

/** The caller's rights as a settings GET reports them: capability name -> allowed. */
export type Capabilities = Readonly<Record<string, boolean>>;

/** Said where a field is locked and the server gave no reason of its own. */
export const DEFAULT_LOCK_TEXT = "You don't have permission to modify this setting.";

/**
 * Locks what the caller may not change: each top-level property of the schema names in `x-access` the capability it
 * needs; without it the field is read-only (`ui:readonly`, which RJSF passes down to nested fields) and carries
 * `ui:options.locked`, the reason (the server's `denied[capability]`), which the field template shows. Properties
 * without `x-access` and callers with the capability are left as they are. The server enforces the same rule.
 */
export function applyAccess(
  schema: { properties?: Record<string, unknown> },
  uiSchema: UiSchema,
  capabilities: Capabilities | undefined,
  denied: Readonly<Record<string, string>> = {},
): UiSchema {
  if (!capabilities) return uiSchema;
  let changed = false;
  const out: UiSchema = { ...uiSchema };
  for (const [key, property] of Object.entries(schema.properties ?? {})) {
    const capability = (property as Record<string, unknown> | null)?.['x-access'];
    if (typeof capability !== 'string' || capabilities[capability] === true) continue;
    const ui = (uiSchema[key] ?? {}) as UiSchema;
    out[key] = {
      ...ui,
      'ui:readonly': true,
      'ui:options': { ...(ui['ui:options'] as object | undefined), locked: denied[capability] || DEFAULT_LOCK_TEXT },
    };
    changed = true;
  }
  return changed ? out : uiSchema;
}
