import Form, { type FormProps } from '@rjsf/core';
import type { RJSFSchema } from '@rjsf/utils';
import { useMemo, useState } from 'react';
import { partComponent } from './part-component';
import { type FormDefinition, validatorFor } from './validator';
import { templates } from './theme';
import { WidgetObjectField } from './theme/WidgetObjectField';
import { widgets } from './widgets';

/**
 * An object whose x-ui names a widget is drawn by it (a map); see WidgetObjectField. RJSF's fields for arrays and for
 * anyOf/oneOf are form parts, chunks of their own that few forms load (src/form/parts.ts).
 */
const MultiSchemaField = partComponent('form/parts/MultiSchemaField', (m) => m.MultiSchemaFieldPart);
const FIELDS = {
  ObjectField: WidgetObjectField,
  ArrayField: partComponent('form/parts/ArrayField', (m) => m.ArrayFieldPart),
  AnyOfField: MultiSchemaField,
  OneOfField: MultiSchemaField,
};

export type EngineFormProps = Omit<FormProps, 'schema' | 'validator' | 'widgets'> & {
  /**
   * A section's generated module (useSectionModule), or a collection's (an item's editor): its published schema and
   * precompiled validator are used.
   */
  form: FormDefinition;
  busy?: boolean;
};

/**
 * RJSF as every settings form uses it: the section's generated schema and validator, our widgets and templates,
 * errors at their fields (no list, no browser validation). A field is first checked when it loses focus; once an error
 * shows (from a blur or a refused save), every change is checked as it is typed. Were errors checked only on blur,
 * fixing a field and clicking Save would lose the click: the mousedown blurs the field, its error goes, the Save
 * button moves up under the pointer, and the mouseup lands beside it.
 */
export function EngineForm({ form, busy, onChange, onError, templates: custom, ...rest }: EngineFormProps) {
  const [checking, setChecking] = useState(false);
  const validator = useMemo(() => validatorFor(form), [form]);
  return (
    <Form
      {...rest}
      schema={form.schema as RJSFSchema}
      validator={validator}
      widgets={widgets}
      fields={FIELDS}
      templates={custom ?? templates}
      liveValidate={checking ? 'onChange' : 'onBlur'}
      showErrorList={false}
      noHtml5Validate
      focusOnFirstError
      disabled={busy}
      onChange={(event, id) => {
        // Switched on a change, not at the blur itself: a prop change during the blur would drop the blur's errors.
        if (!checking && event.errors.length > 0) setChecking(true);
        onChange?.(event, id);
      }}
      onError={(errors) => {
        setChecking(true);
        onError?.(errors);
      }}
    />
  );
}
