import MultiSchemaField from '@rjsf/core/lib/components/fields/MultiSchemaField.js';
import MultiSchemaFieldTemplate from '@rjsf/core/lib/components/templates/MultiSchemaFieldTemplate.js';
import type { FieldProps } from '@rjsf/utils';
import { type ComponentType, useMemo } from 'react';

/** RJSF's field for anyOf and oneOf, for any form's field props. */
const Field = MultiSchemaField as unknown as ComponentType<FieldProps>;
const TEMPLATES = { MultiSchemaFieldTemplate };

/**
 * RJSF's AnyOfField and OneOfField (one component) with the template only it draws, which a form's registry may lack
 * (a form part: src/form/parts.ts). No schema of ours has an anyOf or a oneOf today; one that does fetches this.
 */
export function MultiSchemaFieldPart(props: FieldProps) {
  const { registry } = props;
  const withTemplate = useMemo(() => ({ ...registry, templates: { ...TEMPLATES, ...registry.templates } }), [registry]);
  return <Field {...props} registry={withTemplate} />;
}
