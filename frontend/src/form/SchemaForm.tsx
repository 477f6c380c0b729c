import type { ErrorSchema, UiSchema } from '@rjsf/utils';
import { publishedSchemas } from '@guildhall/generated/schemas';
import type { SectionName } from '@guildhall/generated/types';
import { uiSchemas } from '@guildhall/generated/ui-schemas';
import { type ReactNode, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { ApiError } from '../api/client';
import { useSaveSettings, useSettings } from '../api/queries';
import { Spinner } from '../components/Spinner';
import { StatusBanner, useTimedBanner } from '../components/StatusBanner';
import { ConflictDialog } from './ConflictDialog';
import { fieldErrorsToErrorSchema } from './core/error-schema';
import type { SchemaFormContext } from './core/form-context';
import { applyVisibility } from './core/visibility';
import { EngineForm } from './EngineForm';

type Settings = Record<string, unknown>;
/** The engine edits every section's document alike, driven by its schema: as a plain record (a copy). */
const editable = (settings: object) => structuredClone(settings) as Settings;

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
  const query = useSettings(guildId, section as SectionName);
  const save = useSaveSettings(guildId, section as SectionName);
  const [formData, setFormData] = useState<Settings | undefined>(undefined);
  const [baseVersion, setBaseVersion] = useState(0);
  const [serverErrors, setServerErrors] = useState<ErrorSchema | undefined>(undefined);
  const [conflict, setConflict] = useState<{ version: number; settings: Settings } | null>(null);
  const [banner, showBanner] = useTimedBanner();
  const loadedFor = useRef<string | null>(null);

  const schema = publishedSchemas[section];
  const baseUi = (uiSchemas as Record<string, UiSchema>)[section] ?? {};

  // Take the server's document when it (re)loads, never while the user is editing an older copy.
  useEffect(() => {
    if (!query.data) return;
    const key = `${section}@${query.data.version}`;
    if (loadedFor.current === key) return;
    loadedFor.current = key;
    setFormData(editable(query.data.settings));
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
        <EngineForm
          section={section}
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
          <div className="mt-6 flex flex-wrap items-center gap-3 border-t border-line pt-5">
            <button type="submit" className="btn-primary" disabled={busy} aria-busy={busy || undefined}>
              {busy ? 'Saving...' : 'Save Changes'}
            </button>
            <button
              type="button"
              className="btn-secondary"
              disabled={busy || !dirty}
              onClick={() => {
                setFormData(editable(query.data!.settings));
                setServerErrors(undefined);
              }}
            >
              Reset
            </button>
            {actions}
            {dirty && !busy && <span className="text-xs text-warn">Unsaved changes</span>}
          </div>
        </EngineForm>
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
