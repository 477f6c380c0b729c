import { ariaDescribedByIds, type BaseInputTemplateProps, getInputProps } from '@rjsf/utils';
import type { ChangeEvent } from 'react';

/** Text and number inputs. No maxLength attribute: a too-long value shows the schema's message instead of being cut. */
export function BaseInputTemplate(props: BaseInputTemplateProps) {
  const {
    id,
    htmlName,
    value,
    readonly,
    disabled,
    autofocus,
    onBlur,
    onFocus,
    onChange,
    onChangeOverride,
    options,
    schema,
    type,
    rawErrors,
    placeholder,
    required,
  } = props;
  const inputProps = getInputProps(schema, type, options);
  const isNumber = inputProps.type === 'number' || inputProps.type === 'integer';
  const shown = isNumber ? (value || value === 0 ? value : '') : (value ?? '');
  const handleChange = (e: ChangeEvent<HTMLInputElement>) => {
    const raw = e.target.value;
    if (raw === '') return onChange(options.emptyValue);
    // Numbers go to the validator as numbers; anything else as typed, so its message can be shown.
    onChange(isNumber && raw.trim() !== '' && !Number.isNaN(Number(raw)) ? Number(raw) : raw);
  };
  const invalid = (rawErrors?.length ?? 0) > 0;
  return (
    <input
      id={id}
      name={htmlName || id}
      {...inputProps}
      type={isNumber ? 'number' : inputProps.type}
      className={`field-input ${invalid ? 'border-danger' : ''}`}
      readOnly={readonly}
      disabled={disabled}
      autoFocus={autofocus}
      placeholder={placeholder}
      required={required}
      value={shown}
      aria-invalid={invalid || undefined}
      aria-describedby={ariaDescribedByIds(id)}
      onChange={onChangeOverride || handleChange}
      onBlur={(e) => onBlur(id, e.target.value)}
      onFocus={(e) => onFocus(id, e.target.value)}
    />
  );
}
