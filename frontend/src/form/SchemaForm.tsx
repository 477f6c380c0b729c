import Form from '@rjsf/core';
import { createSchemaUtils, type ErrorSchema, hashForSchema, type RJSFSchema, type UiSchema } from '@rjsf/utils';
import { createPrecompiledValidator } from '@rjsf/validator-ajv8';
import { localizeErrors } from '@guildhall/generated/field-errors';
import { publishedSchemas } from '@guildhall/generated/schemas';
import { uiSchemas } from '@guildhall/generated/ui-schemas';
import { validatorsById } from '@guildhall/generated/validators';
import { type ReactNode, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { ApiError } from '../api/client';
import { useSaveSettings, useSettings } from '../api/queries';
import { Spinner } from '../components/Spinner';
import { StatusBanner, useTimedBanner } from '../components/StatusBanner';
import { ConflictDialog } from './ConflictDialog';
import { fieldErrorsToErrorSchema } from './core/error-schema';
import type { SchemaFormContext } from './core/form-context';
import { applyVisibility } from './core/visibility';
import { templates } from './theme';
import { widgets } from './widgets';

type Settings = Record<string, unknown>;

const validatorCache = new Map<string, ReturnType<typeof createPrecompiledValidator>>();

/**
 * Cross-field rules are written as if/then (e.g. "an enabled greeting needs a channel"). RJSF evaluates each `if` to
 * pick the schema it draws, and asks the validator map for a function by the subschema's hash. Our schemas use
 * if/then to validate, never to change a form's shape, so the form draws the base schema (`if` answers false) while
 * the compiled validator of the whole document still enforces the rule and reports it at its field.
 */
function conditionStubs(schema: unknown, out: Record<string, unknown> = {}): Record<string, unknown> {
  if (!schema || typeof schema !== 'object') return out;
  for (const [key, value] of Object.entries(schema)) {
    if (key === 'default' || key === 'const' || key === 'enum' || key === 'x-ui' || key === 'x-messages') continue;
    if (key === 'if' && value && typeof value === 'object')
      out[hashForSchema(value as RJSFSchema)] = Object.assign(() => false, { errors: null });
    conditionStubs(value, out);
  }
  return out;
}

/** RJSF over the build-time validators: no Ajv compile in the browser, the schemas' own messages. */
export function validatorFor(section: string) {
  let v = validatorCache.get(section);
  if (!v) {
    const schema = publishedSchemas[section] as RJSFSchema;
    // RJSF rewrites a 2020-12 schema's $refs as absolute URLs before use; the validator must hold the same root, or
    // RJSF's root check fails as soon as it evaluates an `if`.
    const root = createSchemaUtils(undefined as never, schema).getRootSchema();
    v = createPrecompiledValidator({ ...conditionStubs(schema), ...validatorsById } as never, root, localizeErrors as never);
    validatorCache.set(section, v);
  }
  return v;
}

export interface SchemaFormProps {
  guildId: string;
  /** A section of schemas/sections.json. */
  section: string;
  /** Rendered beside the form, given the live (unsaved) values: previews, command lists... */
  aside?: (values: Settings) => ReactNode;
  /** Extra buttons in the action bar (e.g. Cancel). */
  actions?: ReactNode;
  onValuesChange?: (values: Settings) => void;
}

/**
 * The one settings form: loads a section, renders it from its schema and uiSchema, validates with the
 * precompiled validator as you type (after the first save attempt or blur), saves with the version it
 * loaded, shows server field errors at their fields, and on 409 lets the user choose.
 */
export function SchemaForm({ guildId, section, aside, actions, onValuesChange }: SchemaFormProps) {
  const query = useSettings<Settings>(guildId, section);
  const save = useSaveSettings<Settings>(guildId, section);
  const [formData, setFormData] = useState<Settings | undefined>(undefined);
  const [baseVersion, setBaseVersion] = useState(0);
  const [serverErrors, setServerErrors] = useState<ErrorSchema | undefined>(undefined);
  const [conflict, setConflict] = useState<{ version: number; settings: Settings } | null>(null);
  const [attempted, setAttempted] = useState(false);
  const [banner, showBanner] = useTimedBanner();
  const loadedFor = useRef<string | null>(null);

  const schema = publishedSchemas[section] as RJSFSchema | undefined;
  const baseUi = (uiSchemas as Record<string, UiSchema>)[section] ?? {};
  const validator = useMemo(() => validatorFor(section), [section]);

  // Take the server's document when it (re)loads, never while the user is editing an older copy.
  useEffect(() => {
    if (!query.data) return;
    const key = `${section}@${query.data.version}`;
    if (loadedFor.current === key) return;
    loadedFor.current = key;
    setFormData(structuredClone(query.data.settings));
    setBaseVersion(query.data.version);
    setServerErrors(undefined);
  }, [query.data, section]);

  useEffect(() => {
    if (formData) onValuesChange?.(formData);
  }, [formData, onValuesChange]);

  const uiSchema = useMemo<UiSchema>(
    () => ({ ...applyVisibility(baseUi, formData), 'ui:submitButtonOptions': { norender: true } }),
    [baseUi, formData],
  );
  const formContext = useMemo<SchemaFormContext>(() => ({ guildId }), [guildId]);

  const submit = useCallback(
    async (settings: Settings, version: number) => {
      setServerErrors(undefined);
      try {
        const saved = await save.mutateAsync({ version, settings });
        loadedFor.current = null;
        showBanner({ kind: 'success', message: 'Settings saved successfully!' });
        setConflict(null);
        setAttempted(false);
        // Spec 1:4: reload after a successful save, so what shows is what the server keeps.
        await query.refetch();
        return saved;
      } catch (err) {
        if (err instanceof ApiError && err.status === 409) {
          setConflict({ version: Number(err.body.version ?? 0), settings: (err.body.settings as Settings) ?? {} });
          return;
        }
        if (err instanceof ApiError && err.fieldErrors.length) setServerErrors(fieldErrorsToErrorSchema(err.fieldErrors));
        showBanner({ kind: 'error', message: `Error saving settings: ${err instanceof Error ? err.message : String(err)}` });
      }
    },
    [save, showBanner, query],
  );

  if (!schema) return <p role="alert">Unknown settings section: {section}</p>;
  if (query.isPending) return <Spinner label="Loading settings..." />;
  if (query.isError)
    return (
      <div role="alert" className="card p-6">
        <p className="font-semibold text-danger">Failed to load settings</p>
        <p className="mt-1 text-sm text-muted">{query.error instanceof Error ? query.error.message : ''}</p>
        <button type="button" className="btn-secondary mt-4" onClick={() => void query.refetch()}>
          Try again
        </button>
      </div>
    );

  const dirty = !!formData && !!query.data && JSON.stringify(formData) !== JSON.stringify(query.data.settings);
  const busy = save.isPending;

  return (
    <div className="grid gap-6 xl:grid-cols-[minmax(0,1fr)_minmax(0,420px)]">
      <div className="card p-6">
        <StatusBanner banner={banner} />
        <Form
          schema={schema}
          uiSchema={uiSchema}
          formData={formData}
          validator={validator}
          widgets={widgets}
          templates={templates}
          formContext={formContext}
          extraErrors={serverErrors}
          liveValidate={attempted ? 'onChange' : 'onBlur'}
          showErrorList={false}
          noHtml5Validate
          focusOnFirstError
          disabled={busy}
          idPrefix={`${section}`}
          onChange={(e) => {
            setFormData(e.formData as Settings);
            if (serverErrors) setServerErrors(undefined);
          }}
          onError={() => setAttempted(true)}
          onSubmit={(e) => void submit(e.formData as Settings, baseVersion)}
        >
          <div className="mt-6 flex flex-wrap items-center gap-3 border-t border-line pt-5">
            <button type="submit" className="btn-primary" disabled={busy} aria-busy={busy || undefined}>
              {busy ? 'Saving...' : 'Save Changes'}
            </button>
            <button
              type="button"
              className="btn-secondary"
              disabled={busy || !dirty}
              onClick={() => {
                setFormData(structuredClone(query.data!.settings));
                setServerErrors(undefined);
                setAttempted(false);
              }}
            >
              Reset
            </button>
            {actions}
            {dirty && !busy && <span className="text-xs text-warn">Unsaved changes</span>}
          </div>
        </Form>
      </div>
      {aside && formData && <div>{aside(formData)}</div>}
      {conflict && (
        <ConflictDialog
          busy={busy}
          onCancel={() => setConflict(null)}
          onReload={() => {
            loadedFor.current = null;
            setConflict(null);
            void query.refetch();
          }}
          onOverwrite={() => void submit(formData ?? {}, conflict.version)}
        />
      )}
    </div>
  );
}
