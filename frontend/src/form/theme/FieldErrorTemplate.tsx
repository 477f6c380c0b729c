import { errorId, type FieldErrorProps } from '@rjsf/utils';

export function FieldErrorTemplate({ errors = [], fieldPathId }: FieldErrorProps) {
  const messages = errors.filter(Boolean);
  if (messages.length === 0) return null;
  return (
    // The alert wraps the list: role="alert" on the <ul> itself would strip its list semantics from the items.
    <div id={errorId(fieldPathId)} role="alert" className="mt-1.5 text-sm text-danger">
      <ul>
        {messages.map((m, i) => (
          <li key={i}>{m}</li>
        ))}
      </ul>
    </div>
  );
}
