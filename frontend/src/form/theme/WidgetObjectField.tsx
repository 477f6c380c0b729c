import { getDefaultRegistry } from '@rjsf/core';
import { type FieldProps, getUiOptions, getWidget } from '@rjsf/utils';

const { ObjectField } = getDefaultRegistry().fields;

/**
 * RJSF draws an object property by property and ignores `ui:widget` on it; a map (role id -> number) has no fixed
 * properties to draw. An object whose x-ui names a widget is handed to that widget as one value, the way RJSF already
 * hands an array to its custom widget: title, description, the widget, and the errors at the object itself
 * (too many entries, a key that is not a role id). Every other object is RJSF's own.
 */
export function WidgetObjectField(props: FieldProps) {
  const { schema, uiSchema, registry, fieldPathId, formData, onChange, onBlur, onFocus, errorSchema, name } = props;
  const { widget, title: uiTitle, ...options } = getUiOptions(uiSchema, registry.globalUiOptions);
  if (typeof widget !== 'string' || !(widget in registry.widgets)) return <ObjectField {...props} />;
  const Widget = getWidget(schema, widget, registry.widgets);
  const id = fieldPathId.$id;
  const label = String(uiTitle ?? schema.title ?? name);
  // Errors anywhere inside the map are shown here: its entries have no fields of their own.
  const errors: string[] = [];
  const collect = (node: unknown) => {
    if (!node || typeof node !== 'object') return;
    for (const [key, value] of Object.entries(node)) {
      if (key === '__errors' && Array.isArray(value)) errors.push(...value.map(String));
      else collect(value);
    }
  };
  collect(errorSchema);
  return (
    <fieldset className="mb-5" data-invalid={errors.length > 0 || undefined}>
      <legend className="mb-1.5 text-sm font-semibold">{label}</legend>
      {schema.description && <p className="mb-2 text-xs text-muted">{schema.description}</p>}
      <Widget
        id={id}
        name={name}
        htmlName={fieldPathId.name}
        schema={schema}
        uiSchema={uiSchema}
        registry={registry}
        options={options}
        value={formData}
        label={label}
        hideLabel
        required={props.required}
        disabled={props.disabled}
        readonly={props.readonly}
        autofocus={props.autofocus}
        rawErrors={errors}
        onChange={(value: unknown) => onChange(value, fieldPathId.path, undefined, id)}
        onBlur={onBlur}
        onFocus={onFocus}
      />
      {errors.length > 0 && (
        <ul id={`${id}__error`} className="mt-1 text-xs text-danger">
          {errors.map((error) => (
            <li key={error}>{error}</li>
          ))}
        </ul>
      )}
    </fieldset>
  );
}
