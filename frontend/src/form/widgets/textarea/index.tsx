import { ariaDescribedByIds, type WidgetProps } from '@rjsf/utils';

/** Multi-line text with a live character counter when the schema has a maxLength. */
export function TextareaWidget({
  id,
  value,
  options,
  disabled,
  readonly,
  placeholder,
  onChange,
  onBlur,
  onFocus,
  schema,
  rawErrors,
}: WidgetProps) {
  const text = typeof value === 'string' ? value : '';
  const max = typeof schema.maxLength === 'number' ? schema.maxLength : undefined;
  const over = max !== undefined && text.length > max;
  return (
    <div>
      <textarea
        id={id}
        rows={(options.rows as number | undefined) ?? 4}
        className={`field-input resize-y ${(rawErrors?.length ?? 0) > 0 || over ? 'border-danger' : ''}`}
        value={text}
        placeholder={placeholder}
        disabled={disabled}
        readOnly={readonly}
        aria-describedby={ariaDescribedByIds(id)}
        onChange={(e) => onChange(e.target.value === '' ? options.emptyValue : e.target.value)}
        onBlur={(e) => onBlur(id, e.target.value)}
        onFocus={(e) => onFocus(id, e.target.value)}
      />
      {max !== undefined && (
        <p className={`mt-1 text-right text-xs ${over ? 'text-danger' : 'text-muted'}`} aria-live="polite">
          {text.length}/{max}
        </p>
      )}
    </div>
  );
}
