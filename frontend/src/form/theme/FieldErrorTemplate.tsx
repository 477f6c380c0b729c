import { errorId, type FieldErrorProps } from '@rjsf/utils';

export function FieldErrorTemplate({ errors = [], fieldPathId }: FieldErrorProps) {
  const messages = errors.filter(Boolean);
  if (messages.length === 0) return null;
  return (
    <ul id={errorId(fieldPathId)} className="mt-1.5 text-sm text-danger" role="alert">
      {messages.map((m, i) => (
        <li key={i}>{m}</li>
      ))}
    </ul>
  );
}
