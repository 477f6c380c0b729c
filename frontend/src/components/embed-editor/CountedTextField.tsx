import { memo, type ChangeEvent } from 'react';
import { clampText, textLength } from './schema-field';

export interface CountedTextFieldProps {
  id: string;
  label: string;
  value: string;
  /** Called with the new text and `name`, so one stable handler can serve every field of a form. */
  onChange(value: string, name: string): void;
  name: string;
  /** From the schema (schemaField(...).maxLength): typing stops there and the counter shows how close it is. */
  maxLength?: number;
  multiline?: boolean;
  rows?: number;
  placeholder?: string;
  /** A message about this field (from validation or the server), shown under it. */
  error?: string;
  hint?: string;
}

/**
 * A text input or textarea with a live counter against its limit. Counted in code points as the schema counts, so an
 * emoji is one character here and on the server alike.
 */
export const CountedTextField = memo(function CountedTextField({
  id,
  label,
  value,
  onChange,
  name,
  maxLength,
  multiline = false,
  rows = 4,
  placeholder,
  error,
  hint,
}: CountedTextFieldProps) {
  const length = textLength(value);
  const counterId = `${id}-counter`;
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const describedBy =
    [maxLength !== undefined ? counterId : '', hint ? hintId : '', error ? errorId : ''].filter(Boolean).join(' ') || undefined;
  const change = (e: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => onChange(clampText(e.target.value, maxLength), name);
  // What the one-line and the multi-line control share.
  const control = {
    value,
    placeholder,
    onChange: change,
    className: `field-input ${error ? 'border-danger' : ''}`,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy,
  };
  const near = maxLength !== undefined && length >= maxLength * 0.9;
  return (
    <div className="space-y-1">
      <div className="flex items-baseline justify-between gap-2">
        <label htmlFor={id} className="text-sm font-medium">
          {label}
        </label>
        {maxLength !== undefined && (
          <span id={counterId} data-counter="" className={`text-xs tabular-nums ${near ? 'text-warn' : 'text-muted'}`}>
            <span className="sr-only">Characters used: </span>
            {length}/{maxLength}
          </span>
        )}
      </div>
      {multiline ? <textarea id={id} name={name} rows={rows} {...control} /> : <input id={id} name={name} type="text" {...control} />}
      {hint && (
        <p id={hintId} className="text-xs text-muted">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="text-xs text-danger">
          {error}
        </p>
      )}
    </div>
  );
});
