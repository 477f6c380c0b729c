import { ConfirmDialog } from '../components/ConfirmDialog';

/** The question before leaving unsaved changes: Stay (focused first; Escape does the same) or Leave. */
export default function LeaveDialog({ message, onStay, onLeave }: { message: string; onStay(): void; onLeave(): void }) {
  return (
    <ConfirmDialog
      titleId="unsaved-changes-title"
      textId="unsaved-changes-text"
      title="Leave without saving?"
      cancelLabel="Stay"
      confirmLabel="Leave"
      onCancel={onStay}
      onConfirm={onLeave}
    >
      {message}
    </ConfirmDialog>
  );
}
