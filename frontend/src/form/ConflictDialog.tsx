import { useRef } from 'react';
import { AlertDialog } from '../components/AlertDialog';

/** Shown on 409: someone saved this section since it was loaded. Nothing is overwritten unless chosen. */
export function ConflictDialog({
  onReload,
  onOverwrite,
  onCancel,
  busy,
}: {
  onReload(): void;
  onOverwrite(): void;
  onCancel(): void;
  busy: boolean;
}) {
  const first = useRef<HTMLButtonElement>(null);
  return (
    <AlertDialog titleId="conflict-title" textId="conflict-text" initialFocus={first} onClose={onCancel}>
      <h2 id="conflict-title" className="text-lg font-semibold">
        These settings changed elsewhere
      </h2>
      <p id="conflict-text" className="mt-2 text-sm text-muted">
        Someone saved this page after you opened it. Load their version (your unsaved changes are discarded), or overwrite it with yours.
      </p>
      <div className="mt-6 flex flex-wrap justify-end gap-3">
        <button type="button" className="btn-secondary" onClick={onCancel} disabled={busy}>
          Cancel
        </button>
        <button ref={first} type="button" className="btn-secondary" onClick={onReload} disabled={busy}>
          Load their version
        </button>
        <button type="button" className="btn-danger" onClick={onOverwrite} disabled={busy}>
          Overwrite with mine
        </button>
      </div>
    </AlertDialog>
  );
}
