import type { DiscordMessage, FieldError } from '@guildhall/generated/types';
import { deepEquals, type ErrorSchema, type UiSchema } from '@rjsf/utils';
import { ArrowLeft, CalendarClock, Loader2 } from 'lucide-react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { ApiError, client } from '../../../api/client';
import type { ScheduleEntry } from '../../../api/schedules';
import { StatusBanner, useTimedBanner } from '../../../components/StatusBanner';
import { useUnsavedChanges } from '../../../lib/unsaved-changes';
import { EngineForm } from '../../../form/EngineForm';
import { ConflictDialog } from '../../../form/LazyConflictDialog';
import { SaveBar } from '../../../form/SaveBar';
import { fieldErrorsToErrorSchema } from '../../../form/core/error-schema';
import type { SchemaFormContext } from '../../../form/core/form-context';
import { formPartsOf } from '../../../form/core/form-parts';
import { applyVisibility } from '../../../form/core/visibility';
import { settledFormPart } from '../../../form/parts';
import { validateMessage } from '../embed-builder/model';
import { MessageField } from './MessageField';
import {
  browserTimeZone,
  draftOf,
  formatRun,
  itemErrors,
  itemToSend,
  newSchedule,
  planIsValid,
  SCHEDULE_FORM,
  type ScheduleDraft,
} from './schedule-model';

const reason = (err: unknown) => (err instanceof Error ? err.message : String(err));

/** How long the plan must stay unchanged before the server is asked for its next runs. */
const PREVIEW_DELAY_MS = 400;

/**
 * The form as this editor draws it: the collection's uiSchema, the message composed with the Embed Builder's parts,
 * Pause/Resume left to the page's cards (the stored value is kept), and the form's own Save bar.
 */
const BASE_UI: UiSchema = {
  ...(SCHEDULE_FORM.uiSchema as UiSchema),
  message: { 'ui:field': MessageField },
  paused: { 'ui:widget': 'hidden' },
  'ui:submitButtonOptions': { norender: true },
};

interface NextRuns {
  state: 'waiting' | 'busy' | 'done' | 'refused' | 'failed';
  runs: string[];
  /** The server's field errors for the plan (paths into the item: /plan/cron). */
  errors: FieldError[];
  failure?: string;
}

/**
 * One scheduled message's editor, in place of the list: name and channel drawn by the form engine from the
 * scheduled-message schema, the message composed with the Embed Builder's parts, and "When" (the plan, the engine's
 * form with its x-ui widgets), beside the next runs the server computes for the plan as it is typed. Save creates, or
 * puts with the version it was based on (409: reload theirs or overwrite); the server's field errors land at their
 * fields; leaving with unsaved changes asks first.
 */
export default function ScheduleEditor({
  guildId,
  entry,
  onSaved,
  onClose,
  initialMessage,
}: {
  guildId: string;
  entry: ScheduleEntry | null;
  onSaved(entry: ScheduleEntry): void;
  onClose(): void;
  /** A new schedule's message (the Embed Builder's Schedule action). */
  initialMessage?: DiscordMessage;
}) {
  const [draft, setDraft] = useState<ScheduleDraft>(() =>
    entry ? draftOf(entry.item) : newSchedule(new Date(), browserTimeZone(), initialMessage),
  );
  const saved = useRef<{ id: string; version: number } | null>(entry ? { id: entry.id, version: entry.version } : null);
  // A message brought from the Embed Builder is not saved yet: leaving asks first.
  const [lastSaved, setLastSaved] = useState(() => (!entry && initialMessage ? '' : JSON.stringify(itemToSend(draft))));
  // The plan as last saved: the server accepted it then, so what its preview says of it now (a once time that has
  // passed since) is said beside the runs, not as errors at fields a save would not be refused for.
  const [savedPlan, setSavedPlan] = useState(() => entry?.item.plan);
  const [serverErrors, setServerErrors] = useState<FieldError[]>([]);
  const [busy, setBusy] = useState(false);
  const [conflict, setConflict] = useState<ScheduleEntry | null>(null);
  const [banner, showBanner] = useTimedBanner();
  const [next, setNext] = useState<NextRuns>({ state: 'waiting', runs: [], errors: [] });
  const heading = useRef<HTMLHeadingElement>(null);
  // The editor takes the list's place: focus moves to its heading, so keyboard and screen reader users start there.
  useEffect(() => heading.current?.focus(), []);
  // The form parts the schedule's form draws (the plan's widgets), fetched together as it opens.
  useEffect(() => {
    for (const part of formPartsOf(SCHEDULE_FORM.schema, SCHEDULE_FORM.uiSchema)) void settledFormPart(part);
  }, []);

  // The next runs: asked of the server once the plan has been still for a moment and the schema accepts it.
  const planKey = JSON.stringify(draft.plan);
  useEffect(() => {
    const plan = draft.plan;
    if (!planIsValid(plan)) {
      setNext({ state: 'waiting', runs: [], errors: [] });
      return;
    }
    setNext((current) => ({ ...current, state: 'busy' }));
    let live = true;
    const timer = setTimeout(() => {
      client.previewSchedule(guildId, { plan }).then(
        (answer) => live && setNext({ state: 'done', runs: answer.nextRuns, errors: [] }),
        (err: unknown) => {
          if (!live) return;
          if (err instanceof ApiError && err.fieldErrors.length)
            setNext({ state: 'refused', runs: [], errors: itemErrors(err.fieldErrors, '') });
          else setNext({ state: 'failed', runs: [], errors: [], failure: reason(err) });
        },
      );
    }, PREVIEW_DELAY_MS);
    return () => {
      live = false;
      clearTimeout(timer);
    };
    // planKey stands for the plan: a new object with the same values asks nothing again.
  }, [guildId, planKey]);

  const planAsSaved = savedPlan !== undefined && deepEquals(draft.plan, savedPlan);
  const allErrors = useMemo(() => {
    const seen = new Set<string>();
    return [...serverErrors, ...(planAsSaved ? [] : next.errors)].filter(({ path, message }) => {
      const key = `${path}\n${message}`;
      return !seen.has(key) && (seen.add(key), true);
    });
  }, [serverErrors, next.errors, planAsSaved]);
  const extraErrors = useMemo<ErrorSchema | undefined>(
    () => (allErrors.length ? fieldErrorsToErrorSchema(allErrors) : undefined),
    [allErrors],
  );
  // Errors about the plan as a whole (its interval) have no field of their own: they show with the next runs.
  const planErrors = allErrors.filter((e) => e.path === '/plan').map((e) => e.message);
  const uiSchema = useMemo<UiSchema>(() => applyVisibility(BASE_UI, draft as unknown as Record<string, unknown>), [draft]);
  const formContext = useMemo<SchemaFormContext>(() => ({ guildId }), [guildId]);
  const dirty = JSON.stringify(itemToSend(draft)) !== lastSaved;
  const unsaved = useUnsavedChanges(dirty, { message: 'This schedule has changes that are not saved. Leaving the editor discards them.' });

  /** Saves the draft (create, or put with the version it was based on); the entry saved, or null. */
  const save = async (item: ScheduleDraft, version = saved.current?.version): Promise<ScheduleEntry | null> => {
    setServerErrors([]);
    try {
      const body = itemToSend(item);
      const answer = saved.current
        ? await client.putScheduledMessage(guildId, saved.current.id, { version: version ?? saved.current.version, item: body })
        : await client.createScheduledMessage(guildId, { item: body });
      const { success: _, ...kept } = answer;
      saved.current = { id: kept.id, version: kept.version };
      setLastSaved(JSON.stringify(body));
      setSavedPlan(kept.item.plan);
      onSaved(kept);
      return kept;
    } catch (err) {
      if (err instanceof ApiError && err.status === 409 && typeof err.body.version === 'number') {
        setConflict({
          id: String(err.body.id ?? saved.current?.id),
          version: err.body.version,
          item: err.body.item as ScheduleEntry['item'],
        });
      } else {
        if (err instanceof ApiError && err.fieldErrors.length) setServerErrors(itemErrors(err.fieldErrors, '/item'));
        // A plan limit (403) or a cap (409 without a version) is said in the server's own words.
        showBanner({ kind: 'error', message: `Failed to save the schedule: ${reason(err)}` });
      }
      return null;
    }
  };

  const submit = async (item: ScheduleDraft) => {
    setBusy(true);
    const kept = await save(item);
    setBusy(false);
    if (kept) showBanner({ kind: 'success', message: 'Schedule saved.' });
  };

  const reloadTheirs = () => {
    if (!conflict) return;
    saved.current = { id: conflict.id, version: conflict.version };
    setDraft(draftOf(conflict.item));
    setLastSaved(JSON.stringify(itemToSend(draftOf(conflict.item))));
    setSavedPlan(conflict.item.plan);
    onSaved(conflict);
    setConflict(null);
  };
  const overwrite = async () => {
    const theirs = conflict;
    setConflict(null);
    if (!theirs) return;
    setBusy(true);
    if (await save(draft, theirs.version)) showBanner({ kind: 'success', message: 'Schedule saved.' });
    setBusy(false);
  };

  return (
    <section aria-labelledby="schedule-editor-title" className="min-w-0 space-y-4">
      <header className="flex flex-wrap items-center gap-3">
        <button
          type="button"
          className="btn-secondary px-3"
          onClick={() => unsaved.confirm(onClose)}
          aria-label="Back to scheduled messages"
        >
          <ArrowLeft aria-hidden="true" className="h-4 w-4" />
        </button>
        <h2 id="schedule-editor-title" ref={heading} tabIndex={-1} className="min-w-0 flex-1 text-xl font-bold break-words outline-none">
          {saved.current ? `Edit ${draft.name || 'schedule'}` : 'New scheduled message'}
        </h2>
      </header>
      <StatusBanner banner={banner} />
      <div className="card min-w-0 p-4 sm:p-6">
        <EngineForm
          form={SCHEDULE_FORM}
          uiSchema={uiSchema}
          formData={draft}
          formContext={formContext}
          extraErrors={extraErrors}
          busy={busy}
          idPrefix="schedule"
          onChange={(e) => {
            setDraft(e.formData as ScheduleDraft);
            if (serverErrors.length) setServerErrors([]);
          }}
          onError={() => {
            // The message's fields show one embed at a time: say which embed is at fault, as the Embed Builder does.
            const [first] = Object.entries(validateMessage(draft.message.content ?? '', draft.message.embeds));
            if (!first) return;
            const embed = /^\/embeds\/(\d+)/.exec(first[0]);
            showBanner({
              kind: 'error',
              message: `Please fix the fields marked in red first: ${embed ? `Embed ${Number(embed[1]) + 1}: ` : ''}${first[1]}`,
            });
          }}
          onSubmit={(e) => void submit(e.formData as ScheduleDraft)}
        >
          <NextRunsPanel
            next={next}
            timeZone={draft.plan?.timeZone ?? ''}
            planErrors={planErrors}
            notes={planAsSaved ? next.errors.map((e) => e.message) : []}
          />
          <SaveBar busy={busy} dirty={dirty} label="Save schedule" />
        </EngineForm>
      </div>
      {unsaved.prompt}
      {conflict && (
        <ConflictDialog busy={busy} onReload={reloadTheirs} onOverwrite={() => void overwrite()} onCancel={() => setConflict(null)} />
      )}
    </section>
  );
}

/** The plan's next runs as the server computes them, in the viewer's words for dates and the schedule's zone. */
function NextRunsPanel({
  next,
  timeZone,
  planErrors,
  notes,
}: {
  next: NextRuns;
  timeZone: string;
  planErrors: string[];
  /** What the server says of the plan as saved (it may be kept as it is). */
  notes: string[];
}) {
  const busy = next.state === 'busy';
  return (
    <section
      aria-labelledby="schedule-next-runs-title"
      aria-busy={busy || undefined}
      className="rounded-lg border border-line bg-panel-2 p-4"
    >
      <h3 id="schedule-next-runs-title" className="flex items-center gap-2 text-sm font-semibold">
        <CalendarClock aria-hidden="true" className="h-4 w-4" />
        Next runs
        {busy && (
          <span className="inline-flex items-center gap-1 text-xs font-normal text-muted" role="status">
            <Loader2 aria-hidden="true" className="h-3 w-3 animate-spin" />
            Checking...
          </span>
        )}
      </h3>
      {planErrors.map((message) => (
        <p key={message} role="alert" className="mt-2 text-sm text-danger">
          {message}
        </p>
      ))}
      {next.state === 'waiting' && <p className="mt-2 text-sm text-muted">Fill in when the message is posted to see its next runs.</p>}
      {notes.map((message) => (
        <p key={message} className="mt-2 text-sm text-muted" data-plan-note="">
          {message}
        </p>
      ))}
      {next.state === 'refused' && planErrors.length === 0 && notes.length === 0 && (
        <p className="mt-2 text-sm text-danger">This plan cannot be saved as it is: see the fields marked in red.</p>
      )}
      {next.state === 'failed' && (
        <p role="alert" className="mt-2 text-sm text-danger">
          The next runs could not be computed: {next.failure}
        </p>
      )}
      {next.runs.length > 0 ? (
        <ol className="mt-2 space-y-1 text-sm" aria-label="Next runs">
          {next.runs.map((iso) => (
            <li key={iso}>
              <time dateTime={iso}>{formatRun(iso, timeZone)}</time>
            </li>
          ))}
        </ol>
      ) : (
        next.state === 'done' && <p className="mt-2 text-sm text-muted">This plan has no run to come.</p>
      )}
    </section>
  );
}
