import type { ErrorSchema, UiSchema } from '@rjsf/utils';
import { ArrowLeft, Rocket } from 'lucide-react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { ApiError, client } from '../../../api/client';
import { deployRoleMenu, type RoleMenuEntry, type RoleMenuWarning } from '../../../api/role-menus';
import { LazyDiscordMessage } from '../../../components/discord/LazyDiscordMessage';
import { StatusBanner, useTimedBanner } from '../../../components/StatusBanner';
import { useUnsavedChanges } from '../../../lib/unsaved-changes';
import { ConflictDialog } from '../../../form/LazyConflictDialog';
import { EngineForm } from '../../../form/EngineForm';
import { SaveBar } from '../../../form/SaveBar';
import { fieldErrorsToErrorSchema } from '../../../form/core/error-schema';
import { formPartsOf } from '../../../form/core/form-parts';
import type { SchemaFormContext } from '../../../form/core/form-context';
import { applyVisibility } from '../../../form/core/visibility';
import { settledFormPart } from '../../../form/parts';
import { MenuWarnings } from './MenuCard';
import { checkMenu, defaultMenu, draftOf, errorsByPointer, itemToSend, MENU_FORM, type MenuDraft, previewMessage } from './menu-model';

const reason = (err: unknown) => (err instanceof Error ? err.message : String(err));
const PREVIEW_AUTHOR = { name: 'Guildhall', bot: true } as const;

/**
 * One menu's editor, in place of the list: the item's fields drawn by the form engine from the role-menu schema (its
 * uiSchema, validator and conditions: the embed and the options are widgets of the engine), the server's field errors
 * at their fields, a save with the version it was based on (409: reload theirs or overwrite), and a live preview drawn
 * by the Discord message renderer. Deploy saves first, then posts (or edits) the message.
 */
export default function MenuEditor({
  guildId,
  entry,
  warnings,
  onSaved,
  onRecheck,
  onClose,
}: {
  guildId: string;
  entry: RoleMenuEntry | null;
  /** This menu's pre-flight findings, as the list last read them. */
  warnings: readonly RoleMenuWarning[];
  onSaved(entry: RoleMenuEntry): void;
  /** Read the pre-flight again (a deploy refused: something changed in the server since). */
  onRecheck(): void;
  onClose(): void;
}) {
  const [draft, setDraft] = useState<MenuDraft>(() => (entry ? draftOf(entry.item) : defaultMenu()));
  const saved = useRef<{ id: string; version: number } | null>(entry ? { id: entry.id, version: entry.version } : null);
  const [lastSaved, setLastSaved] = useState(() => JSON.stringify(itemToSend(draft)));
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const [attempted, setAttempted] = useState(false);
  const [busy, setBusy] = useState<'save' | 'deploy' | null>(null);
  const [conflict, setConflict] = useState<RoleMenuEntry | null>(null);
  const [banner, showBanner] = useTimedBanner();
  const heading = useRef<HTMLHeadingElement>(null);
  // The editor takes the list's place: focus moves to its heading, so keyboard and screen reader users start there.
  useEffect(() => heading.current?.focus(), []);
  // The form parts the menu's form draws (its widgets, the role lists), fetched together as it opens.
  useEffect(() => {
    for (const part of formPartsOf(MENU_FORM.schema, MENU_FORM.uiSchema)) void settledFormPart(part);
  }, []);

  const liveErrors = useMemo(() => (attempted ? checkMenu(draft) : {}), [attempted, draft]);
  const errors = useMemo(() => ({ ...liveErrors, ...serverErrors }), [liveErrors, serverErrors]);
  const extraErrors = useMemo<ErrorSchema | undefined>(
    () =>
      Object.keys(serverErrors).length
        ? fieldErrorsToErrorSchema(Object.entries(serverErrors).map(([path, message]) => ({ path, message })))
        : undefined,
    [serverErrors],
  );
  const uiSchema = useMemo<UiSchema>(
    () => ({
      ...applyVisibility(MENU_FORM.uiSchema as UiSchema, draft as unknown as Record<string, unknown>),
      'ui:submitButtonOptions': { norender: true },
    }),
    [draft],
  );
  const formContext = useMemo<SchemaFormContext>(
    () => ({ guildId, document: { values: draft as unknown as Record<string, unknown>, errors } }),
    [guildId, draft, errors],
  );
  const message = useMemo(() => previewMessage(draft, saved.current?.id), [draft]);
  const dirty = JSON.stringify(itemToSend(draft)) !== lastSaved;
  const unsaved = useUnsavedChanges(dirty, { message: 'This menu has changes that are not saved. Leaving the editor discards them.' });

  /** Saves the draft (create, or put with the version it was based on); the entry saved, or null. */
  const save = async (item = draft, version = saved.current?.version): Promise<RoleMenuEntry | null> => {
    setServerErrors({});
    try {
      const body = itemToSend(item);
      const answer = saved.current
        ? await client.putRoleMenu(guildId, saved.current.id, { version: version ?? saved.current.version, item: body })
        : await client.createRoleMenu(guildId, { item: body });
      const { success: _, ...kept } = answer;
      saved.current = { id: kept.id, version: kept.version };
      setLastSaved(JSON.stringify(body));
      setDraft((current) => ({ ...current, ...pickServerOwned(kept.item) }));
      onSaved(kept);
      return kept;
    } catch (err) {
      if (err instanceof ApiError && err.status === 409 && typeof err.body.version === 'number') {
        setConflict({
          id: String(err.body.id ?? saved.current?.id),
          version: err.body.version,
          item: err.body.item as RoleMenuEntry['item'],
        });
      } else {
        if (err instanceof ApiError && err.fieldErrors.length) setServerErrors(errorsByPointer(err.fieldErrors, '/item'));
        showBanner({ kind: 'error', message: `Failed to save the menu: ${reason(err)}` });
      }
      return null;
    }
  };

  const submit = async (item: MenuDraft) => {
    setBusy('save');
    const kept = await save(item);
    setBusy(null);
    if (kept) showBanner({ kind: 'success', message: 'Menu saved.' });
  };

  const deploy = async () => {
    setAttempted(true);
    if (Object.keys(checkMenu(draft)).length) return showBanner({ kind: 'error', message: 'Fix the fields marked in red first.' });
    setBusy('deploy');
    try {
      if (!saved.current || dirty) if (!(await save())) return;
      const answer = await deployRoleMenu(guildId, saved.current!.id);
      saved.current = { id: answer.id, version: answer.version };
      setDraft((current) => ({ ...current, ...pickServerOwned(answer.item) }));
      onSaved({ id: answer.id, version: answer.version, item: answer.item });
      showBanner({ kind: 'success', message: answer.redeployed ? 'Menu redeployed.' : 'Menu deployed.' });
    } catch (err) {
      showBanner({ kind: 'error', message: `Failed to deploy the menu: ${reason(err)}` });
      onRecheck();
    } finally {
      setBusy(null);
    }
  };

  const reloadTheirs = () => {
    if (!conflict) return;
    saved.current = { id: conflict.id, version: conflict.version };
    setDraft(draftOf(conflict.item));
    setLastSaved(JSON.stringify(itemToSend(draftOf(conflict.item))));
    onSaved(conflict);
    setConflict(null);
  };
  const overwrite = async () => {
    const theirs = conflict;
    setConflict(null);
    if (!theirs) return;
    setBusy('save');
    if (await save(draft, theirs.version)) showBanner({ kind: 'success', message: 'Menu saved.' });
    setBusy(null);
  };

  const blocked = warnings.some((w) => w.blocking);
  return (
    <section aria-labelledby="menu-editor-title" className="space-y-4">
      <header className="flex flex-wrap items-center gap-3">
        <button type="button" className="btn-secondary px-3" onClick={() => unsaved.confirm(onClose)} aria-label="Back to role menus">
          <ArrowLeft aria-hidden="true" className="h-4 w-4" />
        </button>
        <h2 id="menu-editor-title" ref={heading} tabIndex={-1} className="min-w-0 flex-1 text-xl font-bold break-words outline-none">
          {saved.current ? `Edit ${draft.title || 'menu'}` : 'New role menu'}
        </h2>
        <span
          data-state={draft.deployed ? 'deployed' : 'draft'}
          className={`rounded-full px-2 py-0.5 text-xs font-semibold ${draft.deployed ? 'bg-ok/15 text-ok' : 'bg-panel-2 text-muted'}`}
        >
          {draft.deployed ? 'Deployed' : 'Draft'}
        </span>
      </header>
      <StatusBanner banner={banner} />
      <MenuWarnings id="menu-editor-warnings" warnings={warnings} />
      <div className="grid grid-cols-1 gap-6 xl:grid-cols-[minmax(0,1fr)_minmax(0,420px)]">
        <div className="card min-w-0 p-4 sm:p-6">
          <EngineForm
            form={MENU_FORM}
            uiSchema={uiSchema}
            formData={draft}
            formContext={formContext}
            extraErrors={extraErrors}
            busy={busy !== null}
            idPrefix="role-menu"
            onChange={(e) => {
              setDraft(e.formData as MenuDraft);
              if (Object.keys(serverErrors).length) setServerErrors({});
            }}
            onError={() => setAttempted(true)}
            onSubmit={(e) => {
              setAttempted(true);
              void submit(e.formData as MenuDraft);
            }}
          >
            <SaveBar busy={busy === 'save'} dirty={dirty} label="Save menu">
              <button
                type="button"
                className="btn-secondary"
                onClick={() => void deploy()}
                disabled={busy !== null || blocked}
                aria-describedby={blocked ? 'menu-editor-warnings' : undefined}
              >
                <Rocket aria-hidden="true" className="h-4 w-4" />
                {busy === 'deploy' ? 'Deploying...' : draft.deployed ? 'Redeploy' : 'Deploy'}
              </button>
            </SaveBar>
          </EngineForm>
        </div>
        <aside aria-labelledby="menu-preview-title" className="min-w-0 space-y-2 xl:sticky xl:top-4 xl:self-start">
          <h3 id="menu-preview-title" className="text-sm font-semibold">
            Preview
          </h3>
          <div className="overflow-hidden rounded-lg" data-menu-preview={draft.kind}>
            <LazyDiscordMessage author={PREVIEW_AUTHOR} message={message} />
          </div>
        </aside>
      </div>
      {unsaved.prompt}
      {conflict && (
        <ConflictDialog
          busy={busy !== null}
          onReload={reloadTheirs}
          onOverwrite={() => void overwrite()}
          onCancel={() => setConflict(null)}
        />
      )}
    </section>
  );
}

/** The properties only the server sets, from its answer (the user's edits since stay as they are). */
function pickServerOwned(item: RoleMenuEntry['item']): Partial<MenuDraft> {
  return Object.fromEntries(
    MENU_FORM.serverOwned.map((key) => [key, (item as unknown as Record<string, unknown>)[key]]),
  ) as Partial<MenuDraft>;
}
