import { ExternalLink } from 'lucide-react';
import { type ScheduleRun, useScheduleRuns } from '../../../api/schedules';
import { Spinner } from '../../../components/Spinner';
import { instantWords } from './plan-words';

/** A run's status in words (the history's and the card's last run). */
export const RUN_STATUS_WORDS: Record<ScheduleRun['status'], string> = {
  sending: 'Sending',
  sent: 'Sent',
  failed: 'Failed',
  missed: 'Missed',
};
export const RUN_STATUS_TONES: Record<ScheduleRun['status'], string> = {
  sending: 'text-muted',
  sent: 'text-ok',
  failed: 'text-danger',
  missed: 'text-warn',
};

/** A plan run happened at its due time; Run now when it was asked. */
export const runTime = (run: ScheduleRun) => instantWords(run.trigger === 'plan' ? run.dueAt : run.at);

/** What a run came to: its message's link, or why it was not posted. */
export function RunOutcome({ run }: { run: ScheduleRun }) {
  if (run.status === 'sent' && run.messageUrl)
    return (
      <a href={run.messageUrl} target="_blank" rel="noreferrer" className="inline-flex items-center gap-1 underline">
        View message
        <ExternalLink aria-hidden="true" className="h-3 w-3" />
      </a>
    );
  return run.error ? <span>{run.error}</span> : null;
}

/** One schedule's runs, newest first (the server keeps the latest 100): time, status, link or error, and what ran it. */
export function RunHistory({ id, guildId, scheduleId }: { id: string; guildId: string; scheduleId: string }) {
  const runs = useScheduleRuns(guildId, scheduleId);
  if (runs.isPending) return <Spinner label="Loading runs..." />;
  if (runs.isError)
    return (
      <p id={id} role="alert" className="text-xs text-danger">
        Failed to load the runs: {runs.error.message}{' '}
        <button type="button" className="underline" onClick={() => void runs.refetch()}>
          Retry
        </button>
      </p>
    );
  if (runs.data.length === 0)
    return (
      <p id={id} className="text-xs text-muted" data-runs-empty="">
        No runs yet
      </p>
    );
  return (
    <ol id={id} aria-label="Runs" className="max-h-72 space-y-2 overflow-y-auto text-xs">
      {runs.data.map((run) => (
        <li key={run.id} data-run={run.status} className="rounded-lg border border-line p-2">
          <div className="flex flex-wrap items-baseline justify-between gap-x-3">
            <time dateTime={run.trigger === 'plan' ? run.dueAt : run.at}>{runTime(run)}</time>
            <span className={`font-semibold ${RUN_STATUS_TONES[run.status]}`}>{RUN_STATUS_WORDS[run.status]}</span>
          </div>
          <div className="flex flex-wrap items-baseline justify-between gap-x-3 text-muted">
            <span>{run.trigger === 'plan' ? 'Scheduled' : `Run now${run.by ? ` by ${run.by}` : ''}`}</span>
            <span className={run.status === 'sent' ? '' : RUN_STATUS_TONES[run.status]}>
              <RunOutcome run={run} />
            </span>
          </div>
        </li>
      ))}
    </ol>
  );
}
