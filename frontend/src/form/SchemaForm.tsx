import type { ErrorSchema, UiSchema } from '@rjsf/utils';
import { sectionPages } from '@guildhall/generated/section-pages';
import type { SectionName, SettingsBySection } from '@guildhall/generated/types';
import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useRef, useState } from 'react';
import { ApiError } from '../api/client';
import { useSaveSettings, useSettings } from '../api/queries';
import { LoadErrorCard } from '../components/LoadErrorCard';
import { ReadOnlyReason } from '../components/ReadOnlyReason';
import { Spinner } from '../components/Spinner';
import { UnsavedChangesGuard } from '../lib/unsaved-changes';
import { StatusBanner, useTimedBanner } from '../components/StatusBanner';
import { ConflictDialog } from './LazyConflictDialog';
import { applyAccess, type Capabilities } from './core/access';
import { type Conflict, conflictOf } from './core/conflict';
import { fieldErrorsToErrorSchema } from './core/error-schema';
import { DEFAULT_LOAD_ERROR, DEFAULT_SAVED_MESSAGE, type PageOptions, saveErrorMessage } from './core/page-messages';
import { besideTargets } from './core/beside';
import type { FieldSlots, FormTabs, SchemaFormContext } from './core/form-context';
import { applyVisibility } from './core/visibility';
import { useFocusFieldFromUrl } from './core/field-from-url';
import { EngineForm } from './EngineForm';
import { SaveBar } from './SaveBar';
import { type SectionModule, useSectionModule } from './section-module';

export interface SchemaFormProps<S extends SectionName> {
  guildId: string;
  /** A section of schemas/sections.json. */
  section: S;
  /**
   * Rendered beside the form, given the live (unsaved) values: previews, command lists... They are a draft, not yet
   * valid: a field being edited may be missing (an emptied text field) or out of bounds.
   */
  aside?: (values: Partial<SettingsBySection[S]>) => ReactNode;
  /** Extra buttons in the action bar (e.g. Cancel). */
  actions?: ReactNode;
  onValuesChange?: (values: Partial<SettingsBySection[S]>) => void;
  /** The caller's rights: fields whose x-access names a capability they lack are read-only, with the reason. */
  access?: { capabilities: Capabilities; denied?: Readonly<Record<string, string>> };
  /** The user may change nothing: no Save, a disabled 'View Only' button instead. */
  viewOnly?: boolean;
  /** The submit button's label ('Save Changes'). */
  saveLabel?: string;
  /** The banner after a save; else the schema's x-ui savedMessage, else 'Settings saved successfully!'. */
  successMessage?: string;
  /** Called once a save is kept (e.g. to reload what depends on the settings). */
  onSaved?: () => void;
  /** Drives the tabs of a schema whose x-ui says `layout: 'tabs'`. */
  tabs?: FormTabs;
}

/** A section's document with nothing set: every default of its schema (the generator validated {} into it). */
export function defaultsOf(form: SectionModule): Record<string, unknown> {
  return structuredClone(form.defaults) as Record<string, unknown>;
}

/** The live values of the form around it, and a way to set some of them (page content inside a tab). */
export interface FormValues {
  values: Record<string, unknown>;
  patch(changes: Record<string, unknown>): void;
}
const FormValuesContext = createContext<FormValues | null>(null);

/** For page content rendered inside a SchemaForm (a tab's extras): its draft values and a setter. */
export function useFormValues(): FormValues | null {
  return useContext(FormValuesContext);
}

/**
 * The one settings form: loads a section (its document and, beside it, its generated module: schema, uiSchema,
 * validator), renders it from its schema and uiSchema, validates with the precompiled validator as you type (after
 * the first save attempt or blur), saves with the version it loaded, shows server field errors at their fields, and
 * on 409 lets the user choose.
 */
export function SchemaForm<S extends SectionName>(props: SchemaFormProps<S>) {
  const loaded = useSectionModule(props.section);
  useSettings(props.guildId, props.section); // the document's request starts beside the module's, not after it
  if (loaded.status === 'loading') return <Spinner label="Loading settings..." />;
  if (loaded.status === 'error') return <LoadErrorCard title={DEFAULT_LOAD_ERROR} error={loaded.error} onRetry={loaded.retry} />;
  return <LoadedSchemaForm {...props} form={loaded.module} />;
}

function LoadedSchemaForm<S extends SectionName>({
  guildId,
  section,
  form,
  aside,
  actions,
  onValuesChange,
  access,
  viewOnly: viewOnlyProp = false,
  saveLabel,
  successMessage: successProp,
  onSaved,
  tabs,
}: SchemaFormProps<S> & { form: SectionModule<S> }) {
  type Settings = SettingsBySection[S];
  const query = useSettings(guildId, section);
  const save = useSaveSettings(guildId, section);
  const [formData, setFormData] = useState<Settings | undefined>(undefined);
  const [baseVersion, setBaseVersion] = useState(0);
  const [serverErrors, setServerErrors] = useState<ErrorSchema | undefined>(undefined);
  const [conflict, setConflict] = useState<Conflict<Settings> | null>(null);
  const baseUi = form.uiSchema as UiSchema;
  const rootOptions = (baseUi['ui:options'] ?? {}) as PageOptions;
  const successMessage = successProp ?? rootOptions.savedMessage ?? DEFAULT_SAVED_MESSAGE;
  const [banner, showBanner] = useTimedBanner(rootOptions.noticeSeconds ? rootOptions.noticeSeconds * 1000 : undefined);
  const loadedFor = useRef<string | null>(null);
  // A Dashboard Access grantee with read on this section (the GET's `grant`): the form is view only, as the server
  // would refuse a save.
  const readGrant = query.data?.grant === 'read';
  const viewOnly = viewOnlyProp || readGrant;
  useFocusFieldFromUrl(section, formData !== undefined); // `?field=` names a field: focus it once the form shows

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

  const schema = form.schema as { properties?: Record<string, unknown> };
  const lockedUi = useMemo(() => applyAccess(schema, baseUi, access?.capabilities, access?.denied), [schema, baseUi, access]);
  const uiSchema = useMemo<UiSchema>(
    () => ({
      ...applyVisibility(lockedUi, formData as Record<string, unknown> | undefined),
      ...(viewOnly ? { 'ui:readonly': true } : {}),
      'ui:submitButtonOptions': { norender: true },
    }),
    [lockedUi, formData, viewOnly],
  );
  const targets = useMemo(() => besideTargets(baseUi), [baseUi]);
  const [slotElements, setSlotElements] = useState<Record<string, HTMLElement>>({});
  const registerSlot = useCallback((pointer: string, element: HTMLElement | null) => {
    setSlotElements((current) => {
      if (element ? current[pointer] === element : !(pointer in current)) return current;
      const next = { ...current };
      if (element) next[pointer] = element;
      else delete next[pointer];
      return next;
    });
  }, []);
  const slots = useMemo<FieldSlots | undefined>(
    () => (targets.size ? { targets, elements: slotElements, register: registerSlot } : undefined),
    [targets, slotElements, registerSlot],
  );
  const formContext = useMemo<SchemaFormContext>(
    () => ({ guildId, section, tabs, slots, version: baseVersion }),
    [guildId, section, tabs, slots, baseVersion],
  );
  const formValues = useMemo<FormValues>(
    () => ({
      values: (formData ?? {}) as Record<string, unknown>,
      patch: (changes) => setFormData((current) => ({ ...(current as object), ...changes }) as unknown as Settings),
    }),
    [formData],
  );

  const submit = useCallback(
    async (settings: Settings, version: number) => {
      setServerErrors(undefined);
      try {
        const saved = await save.mutateAsync({ version, settings });
        loadedFor.current = null;
        showBanner({ kind: 'success', message: successMessage });
        setConflict(null);
        onSaved?.();
        // Reload after a successful save, so what shows is what the server keeps.
        await query.refetch();
        return saved;
      } catch (err) {
        const collided = conflictOf<Settings>(err);
        if (collided) return setConflict(collided);
        if (err instanceof ApiError && err.fieldErrors.length) setServerErrors(fieldErrorsToErrorSchema(err.fieldErrors, '/settings'));
        const failure =
          err instanceof ApiError
            ? {
                status: err.status,
                serverError: typeof err.body.error === 'string' && err.body.error ? err.body.error : undefined,
                message: err.message,
              }
            : { status: 0, message: err instanceof Error ? err.message : String(err) };
        showBanner({ kind: 'error', message: saveErrorMessage(failure, rootOptions.saveErrorMessages) });
      }
    },
    [save, showBanner, query, successMessage, onSaved, rootOptions.saveErrorMessages],
  );

  // Until the effect above has taken the loaded document, the form would draw the schema's defaults (a busy machine
  // showed '.' for a stored '!'), and an edit then could save them over what the server keeps.
  if (query.isPending || (query.data && formData === undefined)) return <Spinner label="Loading settings..." />;
  if (query.isError)
    return (
      <LoadErrorCard title={rootOptions.loadErrorMessage ?? DEFAULT_LOAD_ERROR} error={query.error} onRetry={() => void query.refetch()} />
    );

  const dirty = !!formData && !!query.data && JSON.stringify(formData) !== JSON.stringify(query.data.settings);
  const busy = save.isPending;
  // x-ui `resettable` on the schema's root: its Reset puts the schema's defaults in the form rather than the loaded
  // document (the draft is then dirty, and Save stores them), and Save waits for a change (ticket general settings:
  // Back, Reset, Save, Save enabled only once something changed).
  const resettable = rootOptions.resettable === true;

  return (
    <div className={`grid grid-cols-1 gap-6 ${aside ? 'xl:grid-cols-[minmax(0,1fr)_minmax(0,420px)]' : ''}`}>
      <div className="card p-6">
        {readGrant && (
          <p role="note" className="mb-4 rounded-lg border border-line bg-panel-2 p-3 text-sm text-muted">
            <ReadOnlyReason title={sectionPages[section].title} />
          </p>
        )}
        <StatusBanner banner={banner} />
        <FormValuesContext.Provider value={formValues}>
          <EngineForm
            form={form}
            uiSchema={uiSchema}
            formData={formData}
            formContext={formContext}
            extraErrors={serverErrors}
            busy={busy}
            idPrefix={`${section}`}
            onChange={(e) => {
              setFormData(e.formData as Settings);
              if (serverErrors) setServerErrors(undefined);
            }}
            onSubmit={(e) => void submit(e.formData as Settings, baseVersion)}
          >
            {viewOnly ? (
              <div className="mt-6 flex flex-wrap items-center gap-3 border-t border-line pt-5">
                <button type="button" className="btn-secondary" disabled>
                  View Only
                </button>
                {actions}
              </div>
            ) : (
              <SaveBar busy={busy} dirty={dirty} label={saveLabel} needsChange={resettable}>
                {resettable ? (
                  <button
                    type="button"
                    className="btn-secondary"
                    title="Every setting back to its default (Save keeps them)"
                    disabled={busy}
                    onClick={() => {
                      setFormData(defaultsOf(form) as unknown as Settings);
                      setServerErrors(undefined);
                    }}
                  >
                    Reset
                  </button>
                ) : (
                  <button
                    type="button"
                    className="btn-secondary"
                    disabled={busy || !dirty}
                    onClick={() => {
                      setFormData(structuredClone(query.data!.settings));
                      setServerErrors(undefined);
                    }}
                  >
                    Reset
                  </button>
                )}
                {actions}
              </SaveBar>
            )}
          </EngineForm>
        </FormValuesContext.Provider>
      </div>
      {aside && formData && <div>{aside(formData)}</div>}
      <UnsavedChangesGuard dirty={dirty && !viewOnly} />
      {conflict && (
        <ConflictDialog
          busy={busy}
          onCancel={() => setConflict(null)}
          onReload={() => {
            loadedFor.current = null;
            setConflict(null);
            void query.refetch();
          }}
          onOverwrite={() => formData && void submit(formData, conflict.version)}
        />
      )}
    </div>
  );
}
