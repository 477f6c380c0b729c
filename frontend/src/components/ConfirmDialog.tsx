import { type ReactNode, useRef } from 'react';
import { AlertDialog } from './AlertDialog';

/**
 * An alert that asks before an action that cannot be undone: a title, the words, Cancel (where focus starts, the safe
 * choice; Escape does the same) and the danger button that confirms.
 */
export function ConfirmDialog({
  titleId,
  textId,
  title,
  children,
  confirmLabel,
  cancelLabel = 'Cancel',
  confirmDisabled,
  actionsClassName = 'mt-6 flex justify-end gap-3',
  onCancel,
  onConfirm,
}: {
  titleId: string;
  textId: string;
  title: string;
  /** The words under the title. */
  children: ReactNode;
  confirmLabel: string;
  /** The safe choice's words ('Cancel'; 'Stay' before leaving unsaved changes). */
  cancelLabel?: string;
  confirmDisabled?: boolean;
  actionsClassName?: string;
  onCancel(): void;
  onConfirm(): void;
}) {
  const cancel = useRef<HTMLButtonElement>(null);
  return (
    <AlertDialog titleId={titleId} textId={textId} initialFocus={cancel} onClose={onCancel}>
      <h2 id={titleId} className="text-lg font-semibold">
        {title}
      </h2>
      <p id={textId} className="mt-2 text-sm text-muted">
        {children}
      </p>
      <div className={actionsClassName}>
        <button ref={cancel} type="button" className="btn-secondary" onClick={onCancel}>
          {cancelLabel}
        </button>
        <button type="button" className="btn-danger" disabled={confirmDisabled} onClick={onConfirm}>
          {confirmLabel}
        </button>
      </div>
    </AlertDialog>
  );
}
