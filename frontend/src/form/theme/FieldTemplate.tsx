import type { FieldTemplateProps } from '@rjsf/utils';

/** Label, control, help and errors, with the error right under its field. */
export function FieldTemplate(props: FieldTemplateProps) {
  const { id, label, children, errors, help, description, hidden, required, displayLabel, rawErrors, schema, classNames } = props;
  if (hidden) return <div className="hidden">{children}</div>;
  const isObject = schema.type === 'object';
  const invalid = (rawErrors?.length ?? 0) > 0;
  if (isObject) return <div className={classNames}>{children}</div>;
  // Toggles render their own label beside the switch.
  const inlineLabel = schema.type === 'boolean';
  return (
    <div className={`mb-5 ${classNames ?? ''}`} data-invalid={invalid || undefined}>
      {displayLabel && !inlineLabel && label && (
        // The required mark stays outside the label, so the control's name is the schema's title alone.
        <div className="mb-1.5 text-sm font-semibold">
          <label htmlFor={id}>{label}</label>
          {required && (
            <span aria-hidden="true" className="ml-0.5 text-danger">
              *
            </span>
          )}
        </div>
      )}
      {displayLabel && !inlineLabel && description}
      {children}
      {errors}
      {help}
    </div>
  );
}
