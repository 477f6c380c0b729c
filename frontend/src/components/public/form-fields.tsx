import type { ReactNode } from 'react';

/** A required field's label: its name and a star that screen readers skip (the control itself is marked required). */
export function RequiredLabel({ htmlFor, children }: { htmlFor: string; children: ReactNode }) {
  return (
    <label htmlFor={htmlFor} className="mb-1 block text-sm font-medium">
      {children} <span aria-hidden="true">*</span>
    </label>
  );
}

/**
 * A form's field errors tied to its controls: a field's error is the paragraph `<its id>-error`, which its control
 * names first in aria-describedby (before any hint).
 */
export function fieldErrors<F extends string>(ids: Record<F, string>, errors: Partial<Record<F, string>>) {
  return {
    describedBy: (field: F, hint?: string) => [errors[field] ? `${ids[field]}-error` : '', hint ?? ''].join(' ').trim() || undefined,
    fieldError: (field: F) =>
      errors[field] && (
        <p id={`${ids[field]}-error`} className="mt-1 text-sm text-danger">
          {errors[field]}
        </p>
      ),
  };
}
