import ArrayField from '@rjsf/core/lib/components/fields/ArrayField.js';
import ArrayFieldDescriptionTemplate from '@rjsf/core/lib/components/templates/ArrayFieldDescriptionTemplate.js';
import ArrayFieldItemButtonsTemplate from '@rjsf/core/lib/components/templates/ArrayFieldItemButtonsTemplate.js';
import ArrayFieldItemTemplate from '@rjsf/core/lib/components/templates/ArrayFieldItemTemplate.js';
import ArrayFieldTemplate from '@rjsf/core/lib/components/templates/ArrayFieldTemplate.js';
import ArrayFieldTitleTemplate from '@rjsf/core/lib/components/templates/ArrayFieldTitleTemplate.js';
import type { FieldProps } from '@rjsf/utils';
import { type ComponentType, useMemo } from 'react';

/** RJSF's ArrayField for any form's field props (its own type asks for an array's). */
const Field = ArrayField as unknown as ComponentType<FieldProps>;

/** The templates only RJSF's ArrayField draws (the build's registry leaves them out: src/form/rjsf-defaults.ts). */
export const ARRAY_TEMPLATES = {
  ArrayFieldDescriptionTemplate,
  ArrayFieldItemButtonsTemplate,
  ArrayFieldItemTemplate,
  ArrayFieldTemplate,
  ArrayFieldTitleTemplate,
};

/** RJSF's ArrayField with its templates, which a form's registry may lack (a form part: src/form/parts.ts). */
export function ArrayFieldPart(props: FieldProps) {
  const { registry } = props;
  const withTemplates = useMemo(() => ({ ...registry, templates: { ...ARRAY_TEMPLATES, ...registry.templates } }), [registry]);
  return <Field {...props} registry={withTemplates} />;
}
