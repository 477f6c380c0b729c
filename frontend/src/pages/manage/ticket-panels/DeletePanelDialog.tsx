import { ConfirmDialog } from '../../../components/ConfirmDialog';

/** 'Delete this panel?': asked by the panels list and by the panel editor alike. */
export function DeletePanelDialog({ title, onCancel, onConfirm }: { title: string; onCancel(): void; onConfirm(): void }) {
  return (
    <ConfirmDialog
      titleId="delete-panel-title"
      textId="delete-panel-text"
      title="Delete this panel?"
      confirmLabel="Delete"
      onCancel={onCancel}
      onConfirm={onConfirm}
    >
      "{title}" will be deleted. This cannot be undone.
    </ConfirmDialog>
  );
}
