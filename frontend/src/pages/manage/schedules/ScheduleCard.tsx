import { ChevronDown, Copy, OctagonAlert, Pause, Pencil, Play, Send, Trash2 } from 'lucide-react';
import { memo, useState } from 'react';
import type { ScheduleEntry, ScheduleRun, ScheduleStatus } from '../../../api/schedules';
import { instantInZone, instantWords, planWords } from './plan-words';
import { RUN_STATUS_TONES, RUN_STATUS_WORDS, RunHistory, RunOutcome, runTime } from './RunHistory';

export type ScheduleAction = 'pause' | 'resume' | 'run' | 'edit' | 'duplicate' | 'delete';

/** What the card's badge says: the item's own pause first (it shows at once), then the server's status. */
type State = 'active' | 'paused' | 'paused-by-server' | 'finished';
const STATE_WORDS: Record<State, string> = {
  active: 'Active',
  paused: 'Paused',
  'paused-by-server': 'Paused by Guildhall',
  finished: 'Finished',
};
const STATE_TONES: Record<State, string> = {
  active: 'bg-ok/15 text-ok',
  paused: 'bg-panel-2 text-muted',
  'paused-by-server': 'bg-danger/15 text-danger',
  finished: 'bg-panel-2 text-muted',
};

function stateOf(entry: ScheduleEntry, status: ScheduleStatus | undefined): State {
  if (entry.item.paused) return status?.pausedReason ? 'paused-by-server' : 'paused';
  return status?.state === 'finished' ? 'finished' : 'active';
}

/** The last run in a line: "Sent 27 Nov 2026, 09:00" with its link, "Failed ...: Discord's words", "Missed ...". */
function LastRun({ run, unknown }: { run: ScheduleRun | null | undefined; unknown: string }) {
  if (run === undefined) return <span className="text-muted">{unknown}</span>;
  if (run === null) return <span className="text-muted">No runs yet</span>;
  return (
    <span data-last-run={run.status} className={run.status === 'sent' ? '' : RUN_STATUS_TONES[run.status]}>
      {RUN_STATUS_WORDS[run.status]} {runTime(run)}
      {run.status === 'sent' ? ' · ' : run.error ? ': ' : ''}
      <RunOutcome run={run} />
    </span>
  );
}

/** Up to the plan's preview count of next runs, in the viewer's zone and, when it differs, in the schedule's too. */
function NextRuns({
  runs,
  timeZone,
  viewerZone,
  unknown,
}: {
  runs: readonly string[] | undefined;
  timeZone: string;
  viewerZone: string;
  unknown: string;
}) {
  if (runs === undefined) return <span className="text-muted">{unknown}</span>;
  if (runs.length === 0) return <span className="text-muted">None</span>;
  return (
    <ol aria-label="Next runs" className="space-y-0.5">
      {runs.map((iso) => (
        <li key={iso} data-next-run={iso}>
          <time dateTime={iso}>{instantWords(iso)}</time>
          {viewerZone !== timeZone && (
            <span className="text-muted">
              {' '}
              ({instantInZone(iso, timeZone)} {timeZone})
            </span>
          )}
        </li>
      ))}
    </ol>
  );
}

/** The outcome of this card's last Run now, kept until the next action. */
export type RunNowOutcome = { run: ScheduleRun; error?: string } | null;

/**
 * One schedule: its name, channel, plan in words, next runs, last run, state (a pause by the server with its reason,
 * prominently), the actions, and its run history on demand.
 */
export const ScheduleCard = memo(function ScheduleCard({
  guildId,
  entry,
  status,
  statusFailed = false,
  channelName,
  viewerZone,
  busy,
  outcome,
  onAction,
  readOnly = false,
}: {
  guildId: string;
  entry: ScheduleEntry;
  /** The server's status of it; undefined while it loads or when it failed. */
  status: ScheduleStatus | undefined;
  /** The status could not be read: its parts say Unknown rather than Checking. */
  statusFailed?: boolean;
  channelName: string | undefined;
  viewerZone: string;
  busy: boolean;
  outcome: RunNowOutcome;
  onAction(action: ScheduleAction, entry: ScheduleEntry): void;
  /** A read-only grantee: the card without its actions (its history still opens). */
  readOnly?: boolean;
}) {
  const { item } = entry;
  const [historyOpen, setHistoryOpen] = useState(false);
  const state = stateOf(entry, status);
  const headingId = `schedule-${entry.id}-title`;
  const historyId = `schedule-${entry.id}-runs`;
  const button = 'btn-secondary min-h-11 px-3';
  const unknown = statusFailed ? 'Unknown' : 'Checking...';
  return (
    <li>
      <article aria-labelledby={headingId} className="card flex h-full flex-col gap-3 p-5" data-schedule-card={entry.id}>
        <div className="flex items-start justify-between gap-3">
          <h2 id={headingId} className="min-w-0 font-semibold break-words">
            {item.name}
          </h2>
          <span data-state={state} className={`shrink-0 rounded-full px-2 py-0.5 text-xs font-semibold ${STATE_TONES[state]}`}>
            {STATE_WORDS[state]}
          </span>
        </div>
        {state === 'paused-by-server' && (
          <p
            role="alert"
            className="flex gap-2 rounded-lg border border-danger/50 bg-danger/10 p-2 text-sm text-danger"
            data-paused-reason=""
          >
            <OctagonAlert aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0" />
            <span>
              <span className="font-semibold">Guildhall paused this schedule:</span> {status!.pausedReason}
              {!readOnly && ' Fix it, then resume.'}
            </span>
          </p>
        )}
        <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-xs">
          <dt className="text-muted">Channel</dt>
          <dd>{channelName ? `#${channelName}` : `Unknown channel (${item.channel_id})`}</dd>
          <dt className="text-muted">When</dt>
          <dd data-plan="">{planWords(item.plan)}</dd>
          <dt className="text-muted">Next runs</dt>
          <dd>
            <NextRuns runs={status?.nextRuns} timeZone={item.plan.timeZone} viewerZone={viewerZone} unknown={unknown} />
          </dd>
          <dt className="text-muted">Last run</dt>
          <dd>
            <LastRun run={status?.lastRun} unknown={unknown} />
          </dd>
        </dl>
        {outcome && (
          <p
            role={outcome.run.status === 'failed' ? 'alert' : 'status'}
            data-run-outcome={outcome.run.status}
            className={`rounded-lg border p-2 text-xs ${outcome.run.status === 'failed' ? 'border-danger/50 bg-danger/10 text-danger' : 'border-ok/50 bg-ok/10 text-ok'}`}
          >
            {outcome.run.status === 'sent' ? 'Posted now. ' : `Run now failed: ${outcome.error ?? outcome.run.error ?? ''} `}
            {outcome.run.status === 'sent' && <RunOutcome run={outcome.run} />}
          </p>
        )}
        {!readOnly && (
          <div className="mt-auto flex flex-wrap gap-2 pt-2">
            {item.paused ? (
              <button
                type="button"
                className={button}
                disabled={busy}
                onClick={() => onAction('resume', entry)}
                aria-label={`Resume ${item.name}`}
              >
                <Play aria-hidden="true" className="h-4 w-4" />
                Resume
              </button>
            ) : (
              <button
                type="button"
                className={button}
                disabled={busy}
                onClick={() => onAction('pause', entry)}
                aria-label={`Pause ${item.name}`}
              >
                <Pause aria-hidden="true" className="h-4 w-4" />
                Pause
              </button>
            )}
            <button
              type="button"
              className="btn-primary min-h-11 px-3"
              disabled={busy}
              onClick={() => onAction('run', entry)}
              aria-label={`Run now: ${item.name}`}
            >
              <Send aria-hidden="true" className="h-4 w-4" />
              Run now
            </button>
            <button type="button" className={button} onClick={() => onAction('edit', entry)} aria-label={`Edit ${item.name}`}>
              <Pencil aria-hidden="true" className="h-4 w-4" />
              Edit
            </button>
            <button
              type="button"
              className={button}
              disabled={busy}
              onClick={() => onAction('duplicate', entry)}
              aria-label={`Duplicate ${item.name}`}
            >
              <Copy aria-hidden="true" className="h-4 w-4" />
              Duplicate
            </button>
            <button
              type="button"
              className={`${button} text-danger`}
              disabled={busy}
              onClick={() => onAction('delete', entry)}
              aria-label={`Delete ${item.name}`}
            >
              <Trash2 aria-hidden="true" className="h-4 w-4" />
              Delete
            </button>
          </div>
        )}
        <div>
          <button
            type="button"
            className="inline-flex min-h-11 items-center gap-1 text-sm font-semibold"
            aria-expanded={historyOpen}
            aria-controls={historyOpen ? historyId : undefined}
            onClick={() => setHistoryOpen((open) => !open)}
          >
            <ChevronDown aria-hidden="true" className={`h-4 w-4 transition-transform ${historyOpen ? 'rotate-180' : ''}`} />
            Run history
          </button>
          {historyOpen && <RunHistory id={historyId} guildId={guildId} scheduleId={entry.id} />}
        </div>
      </article>
    </li>
  );
});
