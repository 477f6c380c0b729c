import type { Channel } from '@guildhall/generated/types';
import { Rocket, Save, SlidersHorizontal, Trash2 } from 'lucide-react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError, client } from '../../../api/client';
import { CountedTextField, schemaField } from '../../../components/embed-editor';
import { StatusBanner, useTimedBanner } from '../../../components/StatusBanner';
import { ConflictDialog } from '../../../form/LazyConflictDialog';
import { AdvancedEditor } from './AdvancedEditor';
import { DeletePanelDialog } from './DeletePanelDialog';
import { Dialog } from '../../../components/Dialog';
import { useUnsavedChanges } from '../../../lib/unsaved-changes';
import {
  AUTO_SAVE_FIELDS,
  CHANNEL_REQUIRED_TO_DEPLOY,
  defaultPanel,
  draftOf,
  errorsByField,
  itemToSend,
  PANEL_SCHEMA,
  validatePanel,
  type EmbedValues,
  type PanelDraft,
  type PanelEntry,
  type PanelErrors,
} from './panel-model';
import { PanelPreview } from './PanelPreview';
import { planLimitRefusal, type PlanLimitRefusal } from './plan-limit';

// The panel editor's timings: auto-save 3 s after the last change (500 ms after an embed-editor save), success
// banner 3 s, error banner 5 s, the dialog closing 1.5 s after a delete.
export const AUTO_SAVE_DELAY_MS = 3000;
export const AUTO_SAVE_AFTER_EMBED_MS = 500;
export const SUCCESS_BANNER_MS = 3000;
export const ERROR_BANNER_MS = 5000;
export const CLOSE_AFTER_DELETE_MS = 1500;

type Status = 'saved' | 'unsaved' | 'saving';
const STATUS_TEXT: Record<Status, string> = { saved: 'Saved', unsaved: 'Unsaved changes', saving: 'Saving...' };

/** How the editor ended, for the list's notice. */
export interface EditorOutcome {
  saved: boolean;
  created: boolean;
  title: string;
}

const readyToSave = (d: PanelDraft) => d.title.trim() !== '' && d.channel_id !== '';

/**
 * The panel editor dialog: title, channel, a small preview, the advanced embed editor, auto-save, Save,
 * Deploy and Delete. A new panel starts in the advanced editor and is created by its first save. Saves are queued one
 * after another, so a quick second save is based on the version the first one returned.
 */
export function PanelEditor({
  guildId,
  entry,
  channels,
  onChanged,
  onDeleted,
  onClose,
  onPlanLimit,
}: {
  guildId: string;
  entry: PanelEntry | null;
  /** The guild's text channels. */
  channels: readonly Channel[];
  onChanged(entry: PanelEntry): void;
  onDeleted(id: string): void;
  onClose(outcome: EditorOutcome): void;
  /** A create the guild's plan refused. */
  onPlanLimit?(refusal: PlanLimitRefusal): void;
}) {
  const [draft, setDraft] = useState<PanelDraft>(() => (entry ? draftOf(entry.item) : defaultPanel()));
  const draftRef = useRef(draft);
  const savedRef = useRef<{ id: string; version: number } | null>(entry ? { id: entry.id, version: entry.version } : null);
  const [status, setStatus] = useState<Status>(entry ? 'saved' : 'unsaved');
  const statusRef = useRef(status);
  statusRef.current = status;
  const [lastSaved, setLastSaved] = useState<Date | null>(() => savedTime(entry?.item));
  const [errors, setErrors] = useState<PanelErrors>({});
  const [autoSave, setAutoSave] = useState(true);
  const autoSaveRef = useRef(autoSave);
  autoSaveRef.current = autoSave;
  const [view, setView] = useState<'settings' | 'advanced'>(entry ? 'settings' : 'advanced');
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [conflict, setConflict] = useState<PanelEntry | null>(null);
  const [busy, setBusy] = useState<'deploy' | 'delete' | null>(null);
  const [deleted, setDeleted] = useState(false);
  const [successBanner, showSuccess] = useTimedBanner(SUCCESS_BANNER_MS);
  const [errorBanner, showError] = useTimedBanner(ERROR_BANNER_MS);
  const savedAny = useRef(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const queue = useRef<Promise<unknown>>(Promise.resolve());
  /** Counts the user's edits, to tell whether one came while a save was on its way. */
  const edits = useRef(0);

  // Unsaved: an edit not saved yet (auto-save saves 3 s after the last one); a new panel nobody touched is not.
  const unsaved = useUnsavedChanges(!deleted && (status === 'saving' || (status === 'unsaved' && edits.current > 0)));
  const confirmLeave = unsaved.confirm;

  const succeed = useCallback((message: string) => (showError(null), showSuccess({ kind: 'success', message })), [showError, showSuccess]);
  const fail = useCallback((message: string) => (showSuccess(null), showError({ kind: 'error', message })), [showError, showSuccess]);

  useEffect(() => () => clearTimeout(timer.current), []);

  const replaceDraft = (next: PanelDraft) => {
    draftRef.current = next;
    setDraft(next);
  };

  /** The server's answer: its version, and the properties only it sets (the user's edits since stay as they are). */
  const adopt = (answer: PanelEntry) => {
    savedRef.current = { id: answer.id, version: answer.version };
    savedAny.current = true;
    const { message_id, deployed, created_at } = answer.item;
    replaceDraft({ ...draftRef.current, message_id, deployed, created_at });
    onChanged(answer);
  };

  const runSave = async (manual: boolean): Promise<boolean> => {
    clearTimeout(timer.current);
    const sent = draftRef.current;
    const editsAtStart = edits.current;
    // The schema refuses a blank title and a missing channel with its own words ('Panel title is required'...).
    const found = validatePanel(sent);
    if (Object.keys(found).length > 0) {
      setErrors(found);
      if (manual) fail(Object.values(found)[0]!);
      return false;
    }
    setErrors({});
    setStatus('saving');
    try {
      const item = itemToSend(sent);
      const saved = savedRef.current;
      const answer = saved
        ? await client.putTicketPanel(guildId, saved.id, { version: saved.version, item })
        : await client.createTicketPanel(guildId, { item });
      adopt(answer);
      setLastSaved(savedTime(answer.item) ?? new Date());
      // An edit made while the save was on its way is still unsaved (its own timer saves it).
      setStatus(edits.current === editsAtStart ? 'saved' : 'unsaved');
      if (manual) succeed('Panel saved successfully!');
      return true;
    } catch (err) {
      setStatus('unsaved');
      const refusal = planLimitRefusal(err);
      if (refusal) {
        // The plan's limit, not the panel, is the problem: the list page says so, with the plan that allows more.
        fail(`Failed to save panel: ${refusal.message}`);
        onPlanLimit?.(refusal);
      } else if (err instanceof ApiError && err.status === 409 && typeof err.body.version === 'number') {
        setConflict(err.body as unknown as PanelEntry);
      } else if (err instanceof ApiError && err.status === 400) {
        setErrors(errorsByField(err.fieldErrors));
        // The fields say what is wrong; the banner gives the server's reason, or the spec's when it has none.
        const reason = typeof err.body.error === 'string' ? err.body.error : 'Panel title and channel are required';
        fail(`Failed to save panel: ${reason}`);
      } else {
        fail(`Failed to save panel: ${err instanceof Error ? err.message : String(err)}`);
      }
      return false;
    }
  };

  /** Saves after the ones already on their way. */
  const save = (manual: boolean): Promise<boolean> => {
    const next = queue.current.then(() => runSave(manual));
    queue.current = next.catch(() => undefined);
    return next;
  };
  const saveRef = useRef(save);
  saveRef.current = save;

  const scheduleAutoSave = (delay: number) => {
    clearTimeout(timer.current);
    if (!autoSaveRef.current || !readyToSave(draftRef.current)) return;
    timer.current = setTimeout(() => {
      if (autoSaveRef.current && readyToSave(draftRef.current)) void saveRef.current(false);
    }, delay);
  };

  const change = <K extends keyof PanelDraft>(key: K, value: PanelDraft[K]) => {
    edits.current += 1;
    replaceDraft({ ...draftRef.current, [key]: value });
    setErrors((e) => (e[key] ? { ...e, [key]: undefined } : e));
    setStatus('unsaved');
    if ((AUTO_SAVE_FIELDS as readonly string[]).includes(key)) scheduleAutoSave(AUTO_SAVE_DELAY_MS);
  };
  const onTitle = useCallback((value: string) => change('title', value), []);

  const applyEmbed = (values: EmbedValues) => {
    // Only the embed's properties change: id, channel, message id, deployed and created date stay the panel's.
    edits.current += 1;
    replaceDraft({ ...draftRef.current, ...values });
    setStatus('unsaved');
    setView('settings');
    scheduleAutoSave(AUTO_SAVE_AFTER_EMBED_MS);
  };

  const cancelEmbed = () => {
    // A panel that does not exist yet has nothing to go back to.
    if (!savedRef.current) onClose({ saved: false, created: false, title: draftRef.current.title });
    else setView('settings');
  };

  const finish = () => onClose({ saved: savedAny.current, created: !entry && savedAny.current, title: draftRef.current.title });

  const close = useCallback(async () => {
    if (statusRef.current !== 'saved' && autoSaveRef.current && readyToSave(draftRef.current)) {
      if (!(await saveRef.current(false))) return;
      return finish();
    }
    confirmLeave(finish);
  }, [confirmLeave]);
  const requestClose = useCallback(() => void close(), [close]);

  const deploy = async () => {
    const current = draftRef.current;
    if (!current.channel_id) {
      setErrors((e) => ({ ...e, channel_id: CHANNEL_REQUIRED_TO_DEPLOY }));
      fail(CHANNEL_REQUIRED_TO_DEPLOY);
      return;
    }
    setBusy('deploy');
    try {
      if (!savedRef.current || (autoSaveRef.current && statusRef.current !== 'saved')) {
        if (!(await save(false))) return;
      }
      const answer = await client.deployTicketPanel(guildId, savedRef.current!.id, { channelId: draftRef.current.channel_id });
      adopt({ id: answer.id, version: answer.version, item: answer.item });
      succeed('Panel deployed successfully!');
    } catch (err) {
      fail(`Failed to deploy panel: ${err instanceof Error ? err.message : String(err)}`);
    } finally {
      setBusy(null);
    }
  };

  const remove = async () => {
    const saved = savedRef.current;
    if (!saved) return;
    setConfirmDelete(false);
    setBusy('delete');
    clearTimeout(timer.current);
    try {
      await client.deleteTicketPanel(guildId, saved.id);
      setDeleted(true);
      succeed('Panel deleted successfully!');
      onDeleted(saved.id);
      setTimeout(() => onClose({ saved: false, created: false, title: draftRef.current.title }), CLOSE_AFTER_DELETE_MS);
    } catch (err) {
      fail(`Failed to delete panel: ${err instanceof Error ? err.message : String(err)}`);
      setBusy(null);
    }
  };

  const reloadTheirs = async () => {
    const saved = savedRef.current;
    if (!saved) return;
    try {
      const theirs = await client.getTicketPanel(guildId, saved.id);
      savedRef.current = { id: theirs.id, version: theirs.version };
      replaceDraft(draftOf(theirs.item));
      setStatus('saved');
      setErrors({});
      onChanged(theirs);
    } catch (err) {
      fail(err instanceof Error ? err.message : String(err));
    }
    setConflict(null);
  };

  const overwrite = async () => {
    if (conflict && savedRef.current) savedRef.current = { ...savedRef.current, version: conflict.version };
    setConflict(null);
    await save(true);
  };

  if (view === 'advanced') {
    return (
      <>
        <AdvancedEditor panel={draft} panelId={savedRef.current?.id} onCancel={cancelEmbed} onSave={applyEmbed} />
        {unsaved.prompt}
      </>
    );
  }

  const titleField = schemaField(PANEL_SCHEMA, 'title');
  const channelField = schemaField(PANEL_SCHEMA, 'channel_id');
  const channelKnown = !draft.channel_id || channels.some((c) => c.id === draft.channel_id);
  const locked = deleted || busy !== null;

  return (
    <>
      <Dialog
        titleId="panel-editor-title"
        title={entry || savedRef.current ? 'Edit Panel' : 'New Panel'}
        onClose={requestClose}
        headerExtra={
          <p className="text-xs text-muted" data-last-saved="">
            {lastSaved ? `Last saved ${lastSaved.toLocaleString()}` : 'Not saved yet'}
          </p>
        }
      >
        <div className="space-y-5">
          <StatusBanner banner={errorBanner ?? successBanner} />
          <CountedTextField
            id="panel-title"
            name="title"
            label={titleField.title}
            value={draft.title}
            onChange={onTitle}
            maxLength={titleField.maxLength}
            error={errors.title}
          />
          <div className="space-y-1">
            <label htmlFor="panel-channel" className="block text-sm font-medium">
              {channelField.title}
            </label>
            <select
              id="panel-channel"
              value={draft.channel_id}
              onChange={(e) => change('channel_id', e.target.value)}
              className={`field-input ${errors.channel_id ? 'border-danger' : ''}`}
              aria-invalid={errors.channel_id ? true : undefined}
              aria-describedby={errors.channel_id ? 'panel-channel-error' : 'panel-channel-hint'}
            >
              <option value="">Select a channel</option>
              {!channelKnown && <option value={draft.channel_id}>Unknown channel ({draft.channel_id})</option>}
              {channels.map((c) => (
                <option key={c.id} value={c.id}>
                  #{c.name}
                </option>
              ))}
            </select>
            {errors.channel_id ? (
              <p id="panel-channel-error" className="text-xs text-danger">
                {errors.channel_id}
              </p>
            ) : (
              <p id="panel-channel-hint" className="text-xs text-muted">
                Text channels only. The bot posts the panel there when you deploy it.
              </p>
            )}
          </div>
          {Object.entries(errors)
            .filter(([key, message]) => message && key !== 'title' && key !== 'channel_id')
            .map(([key, message]) => (
              <p key={key} role="alert" className="text-xs text-danger">
                {schemaField(PANEL_SCHEMA, key).title}: {message}
              </p>
            ))}
          <section aria-labelledby="panel-preview-heading" className="space-y-2">
            <div className="flex items-center justify-between gap-2">
              <h3 id="panel-preview-heading" className="text-sm font-semibold">
                Preview
              </h3>
              <span
                className={`rounded-full px-2 py-0.5 text-xs font-semibold ${draft.deployed ? 'bg-ok/15 text-ok' : 'bg-panel-2 text-muted'}`}
              >
                {draft.deployed ? 'Deployed' : 'Not Deployed'}
              </span>
            </div>
            <PanelPreview panel={draft} panelId={savedRef.current?.id} narrow />
            <button type="button" className="btn-secondary" onClick={() => setView('advanced')} disabled={locked}>
              <SlidersHorizontal aria-hidden="true" className="h-4 w-4" />
              Open Advanced Editor
            </button>
          </section>
          <div className="flex flex-wrap items-center justify-between gap-3 border-t border-line pt-4">
            <label className="flex items-center gap-2 text-sm">
              <input
                type="checkbox"
                checked={autoSave}
                onChange={(e) => {
                  setAutoSave(e.target.checked);
                  if (!e.target.checked) clearTimeout(timer.current);
                }}
                className="h-4 w-4 accent-brand"
              />
              Auto-save
            </label>
            <p role="status" aria-live="polite" data-save-status="" className="text-sm text-muted">
              {STATUS_TEXT[status]}
            </p>
          </div>
          <div className="flex flex-wrap justify-between gap-3">
            {savedRef.current ? (
              <button type="button" className="btn-danger" onClick={() => setConfirmDelete(true)} disabled={locked}>
                <Trash2 aria-hidden="true" className="h-4 w-4" />
                Delete Panel
              </button>
            ) : (
              <span />
            )}
            <div className="flex flex-wrap gap-3">
              <button type="button" className="btn-secondary" onClick={() => void save(true)} disabled={locked || status === 'saving'}>
                <Save aria-hidden="true" className="h-4 w-4" />
                Save
              </button>
              <button type="button" className="btn-primary" onClick={() => void deploy()} disabled={locked}>
                <Rocket aria-hidden="true" className="h-4 w-4" />
                {busy === 'deploy' ? 'Deploying...' : 'Deploy'}
              </button>
            </div>
          </div>
        </div>
      </Dialog>
      {unsaved.prompt}
      {confirmDelete && <DeletePanelDialog title={draft.title} onCancel={() => setConfirmDelete(false)} onConfirm={() => void remove()} />}
      {conflict && (
        <ConflictDialog
          busy={false}
          onReload={() => void reloadTheirs()}
          onOverwrite={() => void overwrite()}
          onCancel={() => setConflict(null)}
        />
      )}
    </>
  );
}

/** When the panel was last saved, as the server stamped it (older panels have only their creation time). */
function savedTime(item: { updated_at?: string | null; created_at?: string | null } | undefined): Date | null {
  const stamp = item?.updated_at ?? item?.created_at;
  const time = stamp ? Date.parse(stamp) : Number.NaN;
  return Number.isNaN(time) ? null : new Date(time);
}
