import type { ReactNode } from 'react';

/** The bar under every settings form: the submit button, any extra actions, and the unsaved-changes hint. */
export function SaveBar({
  busy,
  dirty,
  label = 'Save Changes',
  needsChange = false,
  children,
}: {
  busy: boolean;
  dirty: boolean;
  label?: string;
  /** Save is enabled only while there are unsaved changes. */
  needsChange?: boolean;
  children?: ReactNode;
}) {
  return (
    <div className="mt-6 flex flex-wrap items-center gap-3 border-t border-line pt-5">
      <button type="submit" className="btn-primary" disabled={busy || (needsChange && !dirty)} aria-busy={busy || undefined}>
        {busy ? 'Saving...' : label}
      </button>
      {children}
      {dirty && !busy && <span className="text-xs text-warn">Unsaved changes</span>}
    </div>
  );
}
