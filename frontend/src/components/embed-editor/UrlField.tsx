import { ExternalLink } from 'lucide-react';
import { memo } from 'react';
import { clampText } from './schema-field';

/** Empty (none) or an absolute http(s) URL without spaces, as the schemas' URL pattern says. */
export function isValidUrl(value: string): boolean {
  if (value === '') return true;
  if (/\s/.test(value)) return false;
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

export interface UrlFieldProps {
  id: string;
  label: string;
  name: string;
  value: string;
  onChange(value: string, name: string): void;
  maxLength?: number;
  placeholder?: string;
  /** The schema's words for a value that is not a URL (its `pattern` message, schemaField(...).messages.pattern). */
  invalidMessage: string;
  /** A message from elsewhere (the server); the field's own check comes first. */
  error?: string;
}

/** An image or icon URL: checked as typed (red border, the message linked to the field), with a link to open it when valid. */
export const UrlField = memo(function UrlField({
  id,
  label,
  name,
  value,
  onChange,
  maxLength,
  placeholder = 'https://',
  invalidMessage,
  error,
}: UrlFieldProps) {
  const message = isValidUrl(value) ? error : invalidMessage;
  const errorId = `${id}-error`;
  return (
    <div className="space-y-1">
      <label htmlFor={id} className="block text-sm font-medium">
        {label}
      </label>
      <input
        id={id}
        name={name}
        type="url"
        inputMode="url"
        value={value}
        placeholder={placeholder}
        onChange={(e) => onChange(clampText(e.target.value, maxLength), name)}
        className={`field-input ${message ? 'border-danger' : ''}`}
        aria-invalid={message ? true : undefined}
        aria-describedby={message ? errorId : undefined}
      />
      {message ? (
        <p id={errorId} className="text-xs text-danger">
          {message}
        </p>
      ) : (
        value && (
          <a
            href={value}
            target="_blank"
            rel="noreferrer noopener"
            className="inline-flex items-center gap-1 text-xs text-fg underline decoration-brand"
          >
            Open {label.toLowerCase()} <ExternalLink aria-hidden="true" className="h-3 w-3" />
            <span className="sr-only">(opens in a new tab)</span>
          </a>
        )
      )}
    </div>
  );
});
