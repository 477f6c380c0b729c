import { ariaDescribedByIds, type WidgetProps } from '@rjsf/utils';

/** A native select over the schema's enum, labelled by ui:enumNames. */
export function SelectWidget({ id, value, options, disabled, readonly, onChange, onBlur, onFocus, rawErrors, placeholder }: WidgetProps) {
  const enumOptions = options.enumOptions ?? [];
  const index = enumOptions.findIndex((o) => o.value === value);
  return (
    <select
      id={id}
      className={`field-input ${(rawErrors?.length ?? 0) > 0 ? 'border-danger' : ''}`}
      value={index >= 0 ? String(index) : ''}
      disabled={disabled || readonly}
      aria-describedby={ariaDescribedByIds(id)}
      onChange={(e) => onChange(e.target.value === '' ? options.emptyValue : enumOptions[Number(e.target.value)]?.value)}
      onBlur={() => onBlur(id, value)}
      onFocus={() => onFocus(id, value)}
    >
      {index < 0 && <option value="">{placeholder || 'Select...'}</option>}
      {enumOptions.map((o, i) => (
        <option key={String(o.value)} value={String(i)}>
          {o.label}
        </option>
      ))}
    </select>
  );
}
