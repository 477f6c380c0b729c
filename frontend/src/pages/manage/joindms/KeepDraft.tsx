import { useEffect, type MutableRefObject } from 'react';
import { type FormValues, useFormValues } from '../../../form/SchemaForm';

/** A draft to put back once the form has taken the toggle's new document (`enabled` says it has). */
export interface PendingDraft {
  enabled: boolean;
  changes: Record<string, unknown>;
}

/**
 * Rendered inside the form (its action bar): the toggle saves a new version, which the form takes as its document,
 * and that would drop what the person had typed but not saved. The page hands this the unsaved draft before the
 * switch; once the form holds the new document, the draft goes back on top of it (all but `enabled`).
 */
export function KeepDraft({
  form,
  pending,
}: {
  form: MutableRefObject<FormValues | null>;
  pending: MutableRefObject<PendingDraft | null>;
}) {
  const values = useFormValues();
  form.current = values;
  useEffect(() => {
    const draft = pending.current;
    if (!values || !draft || values.values.enabled !== draft.enabled) return;
    pending.current = null;
    values.patch(draft.changes);
  }, [values, pending]);
  return null;
}
