import { useRef, useState } from 'react';
import type { HistoryItem, Resolution, RevertConflict } from '../../../api/history';
import { Dialog } from '../../../components/Dialog';
import { ChangeValue, type GuildNames } from './values';

/** Before reverting: what the revert will put back, field by field (each change's "before"). */
export function ConfirmRevertDialog({
  entry,
  names,
  busy,
  error,
  onConfirm,
  onClose,
}: {
  entry: HistoryItem;
  names: GuildNames;
  busy: boolean;
  error: string | null;
  onConfirm(): void;
  onClose(): void;
}) {
  const cancel = useRef<HTMLButtonElement>(null);
  return (
    <Dialog
      titleId="revert-title"
      title={`Revert change #${entry.id}?`}
      describedBy="revert-text"
      onClose={onClose}
      initialFocus={cancel}
      busy={busy}
      footer={
        <div className="flex flex-wrap justify-end gap-2">
          <button ref={cancel} type="button" className="btn-secondary" onClick={onClose} disabled={busy}>
            Cancel
          </button>
          <button type="button" className="btn-primary" onClick={onConfirm} disabled={busy}>
            {busy ? 'Reverting...' : 'Revert'}
          </button>
        </div>
      }
    >
      <p id="revert-text" className="text-sm text-muted">
        {entry.title}: these fields go back to what they were before this change. The revert is saved as a new change.
      </p>
      {error && (
        <p role="alert" className="mt-3 rounded-lg border border-danger/50 bg-danger/10 p-3 text-sm text-danger">
          {error}
        </p>
      )}
      <ul className="mt-3 space-y-2">
        {entry.changes.map((change) => (
          <li key={change.path} className="rounded-lg border border-line bg-panel-2 p-3 text-sm">
            <p className="font-semibold">{change.label}</p>
            <div className="mt-1">
              <span className="text-muted">Restores: </span>
              <ChangeValue value={change.before} names={names} />
            </div>
          </li>
        ))}
      </ul>
    </Dialog>
  );
}

const CHOICES: { value: Resolution; label: string }[] = [
  { value: 'keep', label: 'Keep current' },
  { value: 'apply', label: 'Restore' },
];

/**
 * Later changes touched fields this revert would write: for each, the person chooses the current value or the one
 * the revert restores. Nothing is sent until every field has a choice.
 */
export function ConflictDialog({
  entry,
  message,
  conflicts,
  names,
  busy,
  error,
  onResolve,
  onClose,
}: {
  entry: HistoryItem;
  message: string;
  conflicts: RevertConflict[];
  names: GuildNames;
  busy: boolean;
  error: string | null;
  onResolve(resolutions: Record<string, Resolution>): void;
  onClose(): void;
}) {
  const [choices, setChoices] = useState<Record<string, Resolution>>({});
  const complete = conflicts.every((c) => choices[c.path]);
  return (
    <Dialog
      titleId="conflict-title"
      title={`Revert change #${entry.id}: choose what to keep`}
      describedBy="conflict-text"
      onClose={onClose}
      busy={busy}
      footer={
        <div className="flex flex-wrap items-center justify-end gap-2">
          {!complete && <p className="mr-auto text-sm text-muted">Choose for every field to continue.</p>}
          <button type="button" className="btn-secondary" onClick={onClose} disabled={busy}>
            Cancel
          </button>
          <button type="button" className="btn-primary" onClick={() => onResolve(choices)} disabled={busy || !complete}>
            {busy ? 'Reverting...' : 'Revert with these choices'}
          </button>
        </div>
      }
    >
      <p id="conflict-text" className="text-sm text-muted">
        {message}
      </p>
      {error && (
        <p role="alert" className="mt-3 rounded-lg border border-danger/50 bg-danger/10 p-3 text-sm text-danger">
          {error}
        </p>
      )}
      <div className="mt-3 space-y-3">
        {conflicts.map((conflict, i) => (
          <fieldset key={conflict.path} className="rounded-lg border border-line bg-panel-2 p-3 text-sm">
            <legend className="px-1 font-semibold">{conflict.label}</legend>
            <div className="grid gap-2 sm:grid-cols-2">
              {CHOICES.map((choice) => {
                const id = `conflict-${i}-${choice.value}`;
                const value = choice.value === 'keep' ? conflict.current : conflict.reverted;
                return (
                  <label
                    key={choice.value}
                    htmlFor={id}
                    className="flex cursor-pointer gap-2 rounded-md border border-line p-2 has-[:checked]:border-brand"
                  >
                    <input
                      id={id}
                      type="radio"
                      name={`conflict-${i}`}
                      value={choice.value}
                      checked={choices[conflict.path] === choice.value}
                      onChange={() => setChoices((prev) => ({ ...prev, [conflict.path]: choice.value }))}
                    />
                    <span className="min-w-0">
                      <span className="block font-semibold">{choice.label}</span>
                      <ChangeValue value={value} names={names} />
                    </span>
                  </label>
                );
              })}
            </div>
          </fieldset>
        ))}
      </div>
    </Dialog>
  );
}
