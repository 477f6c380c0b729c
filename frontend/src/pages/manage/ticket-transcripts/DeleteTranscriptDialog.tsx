import type { TranscriptSummary } from '@guildhall/generated/types';
import { useRef } from 'react';
import { AlertDialog } from '../../../components/AlertDialog';

/** Deleting a transcript asks first, because it cannot be undone. Focus starts on Cancel, the safe choice. */
export function DeleteTranscriptDialog({
  transcript,
  busy,
  onCancel,
  onConfirm,
}: {
  transcript: TranscriptSummary;
  busy: boolean;
  onCancel(): void;
  onConfirm(): void;
}) {
  const cancel = useRef<HTMLButtonElement>(null);
  return (
    <AlertDialog titleId="delete-transcript-title" textId="delete-transcript-text" initialFocus={cancel} onClose={onCancel}>
      <h2 id="delete-transcript-title" className="text-lg font-semibold">
        Delete transcript?
      </h2>
      <p id="delete-transcript-text" className="mt-2 text-sm text-muted">
        The transcript of ticket {transcript.ticketId} ({transcript.userName}) will be deleted. This cannot be undone.
      </p>
      <div className="mt-6 flex flex-wrap justify-end gap-3">
        <button ref={cancel} type="button" className="btn-secondary" onClick={onCancel} disabled={busy}>
          Cancel
        </button>
        <button type="button" className="btn-danger" onClick={onConfirm} disabled={busy} aria-busy={busy || undefined}>
          {busy ? 'Deleting...' : 'Delete'}
        </button>
      </div>
    </AlertDialog>
  );
}
