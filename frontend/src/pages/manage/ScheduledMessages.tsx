import type { DiscordMessage } from '@guildhall/generated/types';
import { useQueryClient } from '@tanstack/react-query';
import { CalendarClock, Plus, RefreshCw } from 'lucide-react';
import { lazy, Suspense, useCallback, useEffect, useMemo, useState } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router-dom';
import { ApiError, client } from '../../api/client';
import { useChannels } from '../../api/queries';
import { queryKeys } from '../../api/query-keys';
import { type ScheduleEntry, type ScheduleRun, useSchedules, useScheduleStatus } from '../../api/schedules';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { LoadErrorCard } from '../../components/LoadErrorCard';
import { Spinner } from '../../components/Spinner';
import { StatusBanner, useTimedBanner } from '../../components/StatusBanner';
import { MANAGE_MENU } from '../../layouts/manage-menu';
import { useDocumentMeta } from '../../lib/use-document-meta';
import { usePageGrant } from './dashboard-access/grant';
import { ReadOnlyNote } from './dashboard-access/ReadOnlyNote';
import { viewerTimeZone } from './schedules/plan-words';
import { type RunNowOutcome, ScheduleCard, type ScheduleAction } from './schedules/ScheduleCard';
import { ScheduleLimits } from './schedules/ScheduleLimits';
import { SectionHistoryLink } from './SectionHeader';
import { planLimitRefusal, type PlanLimitRefusal, UpgradeLink } from './ticket-panels/plan-limit';

// The editor (the embed builder's parts, the form engine for the plan, the preview) loads when a schedule is opened:
// the list alone stays within a manage route's byte budget (tests/route-budgets.test.ts).
const ScheduleEditor = lazy(() => import('./schedules/ScheduleEditor'));

type ScheduleList = Awaited<ReturnType<typeof client.listScheduledMessages>>;

/** The sidebar's entry for this page: its name and description are the page's heading and document meta. */
const PAGE = MANAGE_MENU.flatMap((group) => group.items).find((item) => item.path === 'schedules')!;

/** The Embed Builder's Schedule action opens this page with the builder's message in the router state. */
interface ScheduleMessageState {
  scheduleMessage?: DiscordMessage;
}

const reason = (err: unknown) => (err instanceof Error ? err.message : String(err));

/** A Run now that Discord refused answers 502 with the failed run (and the status after it). */
function failedRun(err: unknown): ScheduleRun | undefined {
  return err instanceof ApiError && err.body.run && typeof err.body.run === 'object' ? (err.body.run as ScheduleRun) : undefined;
}

/**
 * /manage/{guildId}/schedules: the guild's scheduled messages (the scheduled-messages collection) as cards with what
 * the server knows of each (next runs, last run, a pause of its own and why), the plan's limits, and the editor in
 * place of the list. The cache is updated from each answer, so an action shows at once; the status is read again
 * every 30 s and after each action.
 */
export default function ScheduledMessages() {
  useDocumentMeta(PAGE.name, PAGE.description);
  const { guildId = '' } = useParams();
  const location = useLocation();
  const navigate = useNavigate();
  const queries = useQueryClient();
  const schedules = useSchedules(guildId);
  const status = useScheduleStatus(guildId);
  const channels = useChannels(guildId);
  const grant = usePageGrant('scheduled-messages');
  const [notice, showNotice] = useTimedBanner();
  // A message the Embed Builder sent here to schedule: the editor opens on a new schedule with it.
  const [initialMessage] = useState(() => (location.state as ScheduleMessageState | null)?.scheduleMessage);
  // undefined: the list; null: a new schedule.
  const [editing, setEditing] = useState<ScheduleEntry | null | undefined>(initialMessage ? null : undefined);
  const [deleting, setDeleting] = useState<ScheduleEntry | null>(null);
  const [busyId, setBusyId] = useState<string | null>(null);
  const [outcomes, setOutcomes] = useState<Record<string, RunNowOutcome>>({});
  const [refused, setRefused] = useState<PlanLimitRefusal | null>(null);
  const viewerZone = useMemo(viewerTimeZone, []);

  // The builder's message is taken once: a reload or Back does not open the editor again.
  useEffect(() => {
    if (initialMessage) navigate(location.pathname, { replace: true, state: null });
  }, []); // once, on arrival

  const channelNames = useMemo(() => new Map((channels.data ?? []).map((c) => [c.id, c.name])), [channels.data]);
  const recheck = useCallback(() => void queries.invalidateQueries({ queryKey: queryKeys.scheduleStatus(guildId) }), [queries, guildId]);
  const setList = useCallback(
    (change: (items: ScheduleEntry[]) => ScheduleEntry[]) =>
      queries.setQueryData<ScheduleList>(queryKeys.scheduledMessages(guildId), (list) =>
        list ? { ...list, items: change(list.items) } : list,
      ),
    [queries, guildId],
  );
  const upsert = useCallback(
    (entry: ScheduleEntry) => {
      setList((items) => (items.some((e) => e.id === entry.id) ? items.map((e) => (e.id === entry.id ? entry : e)) : [...items, entry]));
      recheck();
    },
    [setList, recheck],
  );
  const recordRun = useCallback(
    (scheduleId: string, run: ScheduleRun) => {
      setOutcomes((all) => ({ ...all, [scheduleId]: { run, error: run.error } }));
      // The new run at the top of the history, open or not yet read.
      queries.setQueryData<ScheduleRun[]>(queryKeys.scheduleRuns(guildId, scheduleId), (runs) =>
        runs ? [run, ...runs.filter((r) => r.id !== run.id)] : runs,
      );
    },
    [queries, guildId],
  );

  const togglePause = useCallback(
    async (entry: ScheduleEntry, paused: boolean) => {
      try {
        const { success: _, ...saved } = await client.putScheduledMessage(guildId, entry.id, {
          version: entry.version,
          item: { ...entry.item, paused },
        });
        upsert(saved);
        showNotice({ kind: 'success', message: `"${saved.item.name}" ${paused ? 'paused' : 'resumed'}.` });
      } catch (err) {
        if (err instanceof ApiError && err.status === 409) {
          // Changed elsewhere since the page read it: show it as it is now, and let the admin decide again.
          await schedules.refetch();
          recheck();
          showNotice({
            kind: 'error',
            message: `"${entry.item.name}" was changed elsewhere, so it was not ${paused ? 'paused' : 'resumed'}. The page now shows it as saved: try again.`,
          });
          return;
        }
        throw err;
      }
    },
    [guildId, upsert, showNotice, schedules, recheck],
  );

  const onAction = useCallback(
    async (action: ScheduleAction, entry: ScheduleEntry) => {
      if (action === 'edit') return setEditing(entry);
      if (action === 'delete') return setDeleting(entry);
      setBusyId(entry.id);
      setOutcomes(({ [entry.id]: _, ...rest }) => rest);
      try {
        if (action === 'pause' || action === 'resume') await togglePause(entry, action === 'pause');
        else if (action === 'duplicate') {
          const { success: _, ...copy } = await client.duplicateScheduledMessage(guildId, entry.id);
          upsert(copy);
          showNotice({ kind: 'success', message: `"${copy.item.name}" created.` });
        } else {
          const answer = await client.runScheduleNow(guildId, entry.id);
          recordRun(entry.id, answer.run);
          recheck();
        }
      } catch (err) {
        const refusal = planLimitRefusal(err);
        if (refusal) {
          setRefused(refusal);
          void schedules.refetch();
          return;
        }
        const run = action === 'run' ? failedRun(err) : undefined;
        if (run) recordRun(entry.id, run);
        else showNotice({ kind: 'error', message: `Failed to ${action === 'run' ? 'run' : action} the schedule: ${reason(err)}` });
        recheck();
        // A failed run may have paused the schedule (its channel or permission gone): read the item again.
        if (run) void schedules.refetch();
      } finally {
        setBusyId(null);
      }
    },
    [guildId, upsert, showNotice, recheck, recordRun, togglePause, schedules],
  );

  const confirmDelete = async () => {
    const entry = deleting;
    if (!entry) return;
    setDeleting(null);
    setBusyId(entry.id);
    try {
      await client.deleteScheduledMessage(guildId, entry.id);
      setList((items) => items.filter((e) => e.id !== entry.id));
      recheck();
      showNotice({ kind: 'success', message: `"${entry.item.name}" deleted.` });
    } catch (err) {
      showNotice({ kind: 'error', message: `Failed to delete the schedule: ${reason(err)}` });
    } finally {
      setBusyId(null);
    }
  };

  const items = schedules.data?.items ?? [];
  const cap = schedules.data?.cap;
  const planLimit = schedules.data?.planLimit;
  const atPlanLimit = planLimit !== undefined && planLimit.max !== null && items.length >= planLimit.max;
  const full = cap !== undefined && items.length >= cap;
  const createBlocked = atPlanLimit || full;
  const create = () => setEditing(null);

  if (editing !== undefined) {
    const current = editing && (items.find((e) => e.id === editing.id) ?? editing);
    return (
      <Suspense fallback={<Spinner label="Loading the editor..." />}>
        <ScheduleEditor
          key={current?.id ?? 'new'}
          guildId={guildId}
          entry={current}
          initialMessage={current ? undefined : initialMessage}
          onSaved={upsert}
          onClose={() => setEditing(undefined)}
        />
      </Suspense>
    );
  }

  const createButton = (label: string) =>
    !grant.readOnly && (
      <button
        type="button"
        className="btn-primary min-h-11"
        onClick={create}
        disabled={!schedules.isSuccess || createBlocked}
        aria-describedby={createBlocked ? 'schedule-create-blocked' : undefined}
      >
        <Plus aria-hidden="true" className="h-4 w-4" />
        {label}
      </button>
    );

  return (
    <div className="space-y-6">
      <header className="flex flex-wrap items-center justify-between gap-4">
        <div>
          <h1 className="text-2xl font-bold sm:text-3xl">{PAGE.name}</h1>
          <p className="text-sm text-muted">{PAGE.description}</p>
        </div>
        <div className="flex flex-wrap gap-2">
          <SectionHistoryLink collection="scheduled-messages" />
          <button
            type="button"
            className="btn-secondary min-h-11"
            onClick={() => {
              void schedules.refetch();
              recheck();
            }}
            disabled={schedules.isFetching}
          >
            <RefreshCw aria-hidden="true" className={`h-4 w-4 ${schedules.isFetching ? 'animate-spin' : ''}`} />
            Refresh
          </button>
          {items.length > 0 && createButton('Create schedule')}
        </div>
      </header>

      <ReadOnlyNote grant={grant} />

      <StatusBanner banner={notice} />

      {refused && (
        <div role="alert" className="flex flex-wrap items-center gap-3 rounded-xl border border-warn/50 bg-warn/10 p-4 text-sm">
          <p className="flex-1">{refused.message}</p>
          <UpgradeLink limit={refused.planLimit} />
          <button type="button" className="btn-secondary min-h-11" onClick={() => setRefused(null)}>
            Dismiss
          </button>
        </div>
      )}

      {schedules.isPending ? (
        <Spinner label="Loading scheduled messages..." />
      ) : schedules.isError ? (
        <LoadErrorCard title="Failed to load scheduled messages" error={schedules.error} onRetry={() => void schedules.refetch()} />
      ) : (
        <>
          <ScheduleLimits id="schedule-plan-limit" used={items.length} planLimit={planLimit} rules={status.data} />
          {createBlocked && !grant.readOnly && (
            <p id="schedule-create-blocked" className="text-sm text-warn">
              {atPlanLimit
                ? `Your ${planLimit!.planName} plan allows no more schedules: delete one or upgrade to create another.`
                : `This server has the most schedules allowed (${cap}). Delete one to create another.`}
            </p>
          )}
          {status.isError && (
            <LoadErrorCard title="Failed to load the schedules' next runs" error={status.error} onRetry={() => void status.refetch()} />
          )}
          {items.length === 0 ? (
            <div className="card flex flex-col items-center gap-3 p-10 text-center" data-empty-state="">
              <CalendarClock aria-hidden="true" className="h-10 w-10 text-muted" />
              <h2 className="font-semibold">No scheduled messages yet</h2>
              <p className="max-w-prose text-sm text-muted">
                A scheduled message is a message composed as in the Embed Builder that the bot posts in a channel at a time you choose:
                once, or again every few hours, every day, week or month. Each run is listed here with a link to the message it posted.
              </p>
              {createButton('Create a schedule')}
            </div>
          ) : (
            <ul aria-label="Scheduled messages" className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
              {items.map((entry) => (
                <ScheduleCard
                  key={entry.id}
                  guildId={guildId}
                  entry={entry}
                  status={status.data?.schedules[entry.id]}
                  statusFailed={status.isError}
                  channelName={channelNames.get(entry.item.channel_id)}
                  viewerZone={viewerZone}
                  busy={busyId === entry.id}
                  outcome={outcomes[entry.id] ?? null}
                  onAction={(action, e) => void onAction(action, e)}
                  readOnly={grant.readOnly}
                />
              ))}
            </ul>
          )}
        </>
      )}
      {deleting && (
        <ConfirmDialog
          titleId="delete-schedule-title"
          textId="delete-schedule-text"
          title="Delete this schedule?"
          confirmLabel="Delete"
          onCancel={() => setDeleting(null)}
          onConfirm={() => void confirmDelete()}
        >
          &quot;{deleting.item.name}&quot; will be deleted with its run history. Messages already posted stay in Discord.
        </ConfirmDialog>
      )}
    </div>
  );
}
