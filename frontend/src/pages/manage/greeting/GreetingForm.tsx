import type { ErrorSchema, ObjectFieldTemplateProps, RJSFValidationError, UiSchema } from '@rjsf/utils';
import { memo, type ReactNode, useMemo } from 'react';
import { EngineForm } from '../../../form/EngineForm';
import { useFocusFieldFromUrl } from '../../../form/core/field-from-url';
import { useSectionModule } from '../../../form/section-module';
import { templates } from '../../../form/theme';
import { ObjectFieldTemplate } from '../../../form/theme/ObjectFieldTemplate';
import type { GreetingKind, GreetingSection } from './greeting-message';

/** The page's tabs name the x-ui groups of schemas/settings/greeting.json they show. */
export type GreetingGroup = 'message' | 'embed';

interface GreetingFormContext {
  guildId: string;
  kind: GreetingKind;
  group: GreetingGroup;
}

/**
 * One greeting, one tab: the root shows only this greeting, the greeting shows only the fields of the tab's x-ui
 * group, nested objects (the embed's author) use the engine's template. Fields, widgets, limits and messages all come
 * from the schema; this template only chooses which of them a tab shows.
 */
function GreetingObjectTemplate(props: ObjectFieldTemplateProps) {
  const { kind, group } = props.registry.formContext as GreetingFormContext;
  const depth = props.fieldPathId.path.length;
  if (depth === 0) return <>{props.properties.find((p) => p.name === kind)?.content}</>;
  if (depth > 1) return <ObjectFieldTemplate {...props} />;
  const groupOf = (name: string) => ((props.uiSchema?.[name] as UiSchema | undefined)?.['ui:options'] as { group?: string })?.group;
  return (
    <div>
      {props.properties
        .filter((p) => groupOf(p.name) === group)
        .map((p) => (
          <div key={p.name}>{p.content}</div>
        ))}
    </div>
  );
}

const formTemplates = { ...templates, ObjectFieldTemplate: GreetingObjectTemplate };

function uiSchemaFor(baseUi: UiSchema, kind: GreetingKind): UiSchema {
  const ui = baseUi[kind] as UiSchema;
  const embed = ui.embed as UiSchema;
  return {
    ...baseUi,
    [kind]: { ...ui, embed: { ...embed, 'ui:options': { ...(embed['ui:options'] as object), label: false } } },
    'ui:submitButtonOptions': { norender: true },
  };
}

export interface GreetingFormProps {
  guildId: string;
  kind: GreetingKind;
  group: GreetingGroup;
  section: GreetingSection;
  serverErrors?: ErrorSchema;
  busy: boolean;
  onChange(kind: GreetingKind, section: GreetingSection): void;
  onSubmit(kind: GreetingKind): void;
  /** Validation failed on fields this tab does not show (e.g. the channel, when saving the embed). */
  onHiddenErrors(kind: GreetingKind, errors: RJSFValidationError[]): void;
  /** Nothing may be changed (a read-only Dashboard Access grantee): every field read only. */
  readOnly?: boolean;
  children?: ReactNode;
}

/**
 * RJSF over the whole greeting schema (so the precompiled validator applies as is), holding one greeting. The page
 * draws it once the greeting's module is loaded (useSectionModule), and renders nothing before.
 */
export const GreetingForm = memo(function GreetingForm({
  guildId,
  kind,
  group,
  section,
  serverErrors,
  busy,
  onChange,
  onSubmit,
  onHiddenErrors,
  readOnly = false,
  children,
}: GreetingFormProps) {
  const loaded = useSectionModule('greeting');
  const greeting = loaded.status === 'ready' ? loaded.module : undefined;
  useFocusFieldFromUrl(`greeting-${group}`, !!greeting); // `?field=` names a field of this tab: focus it
  const uiSchema = useMemo<UiSchema>(
    () => (greeting ? { ...uiSchemaFor(greeting.uiSchema as UiSchema, kind), ...(readOnly ? { 'ui:readonly': true } : {}) } : {}),
    [greeting, kind, readOnly],
  );
  const formContext = useMemo<GreetingFormContext>(() => ({ guildId, kind, group }), [guildId, kind, group]);
  // The form holds the whole document (RJSF compares the schema it resolved against the validator's, which depends on
  // the data's shape); the greeting not edited here stays at its defaults, is never shown and never saved from here.
  // A copy: the module's defaults are frozen, and the validator fills defaults into what it checks.
  const defaults = useMemo(() => structuredClone(greeting?.defaults) as Record<GreetingKind, GreetingSection> | undefined, [greeting]);
  const formData = useMemo(() => ({ ...defaults, [kind]: section }), [defaults, kind, section]);
  const extraErrors = useMemo(() => (serverErrors ? ({ [kind]: serverErrors } as ErrorSchema) : undefined), [kind, serverErrors]);
  const shown = (property: string | undefined) => {
    const field = property?.split('.')[2];
    const hint = field ? ((uiSchema[kind] as UiSchema)[field] as UiSchema | undefined) : undefined;
    return (hint?.['ui:options'] as { group?: string } | undefined)?.group === group;
  };
  if (!greeting) return null;
  return (
    <EngineForm
      form={greeting}
      uiSchema={uiSchema}
      formData={formData}
      templates={formTemplates}
      formContext={formContext}
      extraErrors={extraErrors}
      busy={busy}
      idPrefix={`greeting-${group}`}
      onChange={(e) => onChange(kind, (e.formData as Record<GreetingKind, GreetingSection>)[kind])}
      onError={(errors) => {
        const hidden = errors.filter((e) => e.name !== 'if' && !shown(e.property));
        if (hidden.length) onHiddenErrors(kind, hidden);
      }}
      onSubmit={() => onSubmit(kind)}
    >
      {children}
    </EngineForm>
  );
});
