import requestFile from '@guildhall/generated/schema.ticket-category-request.json';
import type { TicketCategoryRequest } from '@guildhall/generated/types';
import { AlertTriangle } from 'lucide-react';
import { type FormEvent, useCallback, useId, useRef, useState } from 'react';
import { Dialog } from '../../../components/Dialog';
import { failureMessage, MESSAGES, type CategoryListType } from './messages';

const NAME_MAX = (requestFile.schema as unknown as { properties: { categoryName: { maxLength: number } } }).properties.categoryName
  .maxLength;

/**
 * Add Category: an unused existing category, or the name of a new one the bot creates. Add is
 * enabled with a selection or a non-blank name; with both, the id is sent along with the name (the server uses the
 * id). While the request runs the inputs are disabled and the button reads 'Adding...'; on success it closes (the
 * parent unmounts it, so its fields start empty next time).
 */
export function AddCategoryDialog({
  type,
  listTitle,
  choices,
  onAdd,
  onClose,
}: {
  type: CategoryListType;
  listTitle: string;
  choices: { id: string; name: string }[];
  onAdd(body: TicketCategoryRequest): Promise<unknown>;
  onClose(): void;
}) {
  const ids = useId();
  const existing = useRef<HTMLSelectElement>(null);
  const [categoryId, setCategoryId] = useState('');
  const [name, setName] = useState('');
  const [submitting, setSubmitting] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // Escape and Cancel do nothing while the request runs: the answer decides whether the dialog closes. Read through a
  // ref so `close` stays the same function and the modal's focus handling is not set up again mid-request.
  const running = useRef(false);
  running.current = submitting;
  const close = useCallback(() => {
    if (!running.current) onClose();
  }, [onClose]);

  const trimmed = name.trim();
  const canAdd = categoryId !== '' || trimmed !== '';

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (!canAdd || submitting) return;
    setSubmitting(true);
    setError(null);
    try {
      await onAdd({ type, categoryId: categoryId || null, categoryName: trimmed || null });
      onClose();
    } catch (err) {
      setError(failureMessage(err, MESSAGES.add));
      setSubmitting(false);
    }
  }

  return (
    <Dialog
      titleId={`${ids}-title`}
      title="Add Category"
      describedBy={`${ids}-text`}
      onClose={close}
      initialFocus={existing}
      busy={submitting}
      narrow
      footer={
        <div className="flex flex-wrap justify-end gap-3">
          <button type="button" className="btn-secondary" onClick={close} disabled={submitting}>
            Cancel
          </button>
          <button type="submit" form={`${ids}-form`} className="btn-primary" disabled={!canAdd || submitting}>
            {submitting ? 'Adding...' : 'Add Category'}
          </button>
        </div>
      }
    >
      <p id={`${ids}-text`} className="text-sm text-muted">
        Add to {listTitle}: pick a category of your server, or name a new one and the bot creates it.
      </p>
      <form id={`${ids}-form`} className="mt-5 space-y-4" onSubmit={(e) => void submit(e)}>
        <div>
          <label htmlFor={`${ids}-existing`} className="mb-1 block text-sm font-medium">
            Existing category
          </label>
          <select
            ref={existing}
            id={`${ids}-existing`}
            className="field-input"
            value={categoryId}
            disabled={submitting}
            onChange={(e) => setCategoryId(e.target.value)}
          >
            <option value="">{choices.length ? 'Select a category' : 'No unused categories'}</option>
            {choices.map((c) => (
              <option key={c.id} value={c.id}>
                {c.name}
              </option>
            ))}
          </select>
        </div>
        <p className="text-center text-xs font-semibold uppercase tracking-wide text-muted" aria-hidden="true">
          or
        </p>
        <div>
          <label htmlFor={`${ids}-name`} className="mb-1 block text-sm font-medium">
            New category name
          </label>
          <input
            id={`${ids}-name`}
            className="field-input"
            value={name}
            maxLength={NAME_MAX}
            placeholder="e.g. Support Tickets"
            disabled={submitting}
            aria-describedby={`${ids}-name-help`}
            onChange={(e) => setName(e.target.value)}
          />
          <p id={`${ids}-name-help`} className="mt-1 text-xs text-muted">
            Used when no existing category is selected.
          </p>
        </div>
        {error && (
          <p role="alert" className="flex items-start gap-2 rounded-lg border border-danger/50 bg-danger/10 p-3 text-sm text-danger">
            <AlertTriangle aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0" />
            {error}
          </p>
        )}
      </form>
    </Dialog>
  );
}
