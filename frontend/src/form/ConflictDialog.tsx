import { useRef } from 'react';
import { useModal } from '../lib/use-modal';

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
  const dialog = useRef<HTMLDivElement>(null);
  useModal(dialog, onCancel, first);
  return (
    <div className="fixed inset-0 z-50 flex items-center justify-center bg-black/60 p-4">
      <div
        ref={dialog}
        role="alertdialog"
        aria-modal="true"
        aria-labelledby="conflict-title"
        aria-describedby="conflict-text"
        className="card w-full max-w-md p-6 shadow-2xl"
      >
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
      </div>
    </div>
  );
}
