import Form, { type FormProps } from '@rjsf/core';
import type { RJSFSchema } from '@rjsf/utils';
import { publishedSchemas } from '@guildhall/generated/schemas';
import { sections } from '@guildhall/generated/sections';
import type { SectionName } from '@guildhall/generated/types';
import { useMemo, useState } from 'react';
import { validatorFor } from './validator';
import { templates } from './theme';
import { widgets } from './widgets';

export type EngineFormProps = Omit<FormProps, 'schema' | 'validator' | 'widgets'> & {
  /** A section of schemas/sections.json: its published schema and precompiled validator are used. */
  section: SectionName;
  busy?: boolean;
};

/**
 * RJSF as every settings form uses it: the section's generated schema and validator, our widgets and templates,
 * errors at their fields (no list, no browser validation), checked on blur until a save fails and on every
 * change after that.
 */
export function EngineForm({ section, busy, onError, onSubmit, templates: custom, ...rest }: EngineFormProps) {
  const [attempted, setAttempted] = useState(false);
  const validator = useMemo(() => validatorFor(section), [section]);
  return (
    <Form
      {...rest}
      schema={publishedSchemas[sections[section].schemaName] as RJSFSchema}
      validator={validator}
      widgets={widgets}
      templates={custom ?? templates}
      liveValidate={attempted ? 'onChange' : 'onBlur'}
      showErrorList={false}
      noHtml5Validate
      focusOnFirstError
      disabled={busy}
      onError={(errors) => {
        setAttempted(true);
        onError?.(errors);
      }}
      onSubmit={(data, event) => {
        setAttempted(false);
        onSubmit?.(data, event);
      }}
    />
  );
}
