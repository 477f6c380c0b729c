import { Undo2 } from 'lucide-react';
import type { HistoryItem } from '../../../api/history';
import { FallbackImage } from '../../../components/FallbackImage';
import { formatDiscordTimestamp } from '../../../components/discord/timestamp';
import { ChangeValue, type GuildNames } from './values';

/** What an entry did, in the words of the timeline ("Ana changed Server Settings"). */
export function actionText(entry: Pick<HistoryItem, 'action' | 'revertOf'>): string {
  switch (entry.action) {
    case 'revert':
      return entry.revertOf != null ? `reverted change #${entry.revertOf}` : 'reverted a change';
    case 'import':
      return 'imported';
    case 'clone':
      return 'cloned';
    case 'create':
      return 'created';
    case 'delete':
      return 'deleted';
    default:
      return 'changed';
  }
}

/** "3 minutes ago", with the exact time in the element's title and dateTime. */
export function RelativeTime({ at, now = Date.now() }: { at: string; now?: number }) {
  const date = new Date(at);
  if (Number.isNaN(date.getTime())) return <time>{at}</time>;
  const exact = new Intl.DateTimeFormat(undefined, { dateStyle: 'full', timeStyle: 'medium' }).format(date);
  return (
    <time dateTime={date.toISOString()} title={exact}>
      {formatDiscordTimestamp(date.getTime() / 1000, 'R', now)}
    </time>
  );
}

/** The changed fields of an entry: each under its schema title, before then after (side by side from `sm` up). */
/** One side of a field's change: its value before or after, under its heading. */
function ChangeSide({ heading, tone, value, names }: { heading: string; tone: string; value: unknown; names: GuildNames }) {
  return (
    <div className="min-w-0">
      <p className="text-xs font-semibold tracking-wide text-muted uppercase">{heading}</p>
      <div className={`mt-0.5 ${tone}`}>
        <ChangeValue value={value} names={names} />
      </div>
    </div>
  );
}

export function ChangeList({ changes, names }: { changes: HistoryItem['changes']; names: GuildNames }) {
  if (changes.length === 0) return <p className="text-sm text-muted">No field changed.</p>;
  return (
    <ul className="space-y-3">
      {changes.map((change) => (
        <li key={change.path} className="rounded-lg border border-line bg-panel-2 p-3 text-sm">
          <p className="font-semibold">{change.label}</p>
          <div className="mt-2 grid gap-2 sm:grid-cols-2">
            <ChangeSide heading="Before" tone="text-danger/90" value={change.before} names={names} />
            <ChangeSide heading="After" tone="text-ok" value={change.after} names={names} />
          </div>
        </li>
      ))}
    </ul>
  );
}

export function HistoryEntry({ entry, names, onRevert }: { entry: HistoryItem; names: GuildNames; onRevert(entry: HistoryItem): void }) {
  const who = entry.author?.userName ?? 'Someone';
  const headingId = `history-entry-${entry.id}`;
  return (
    <article aria-labelledby={headingId} className="card flex flex-col gap-3 p-4 sm:flex-row sm:gap-4">
      <FallbackImage src={entry.author?.avatarURL} alt="" className="h-10 w-10 shrink-0 rounded-full" width={40} height={40} />
      <div className="min-w-0 flex-1">
        <div className="flex flex-col gap-2 sm:flex-row sm:items-start sm:justify-between">
          <div className="min-w-0">
            <h2 id={headingId} className="text-base">
              <span className="font-semibold">{who}</span> {actionText(entry)} <span className="font-semibold">{entry.title}</span>
              <span className="text-muted"> · #{entry.id}</span>
            </h2>
            <p className="text-sm text-muted">
              <RelativeTime at={entry.at} /> · version {entry.version}
            </p>
          </div>
          {entry.revertible && (
            <button type="button" className="btn-secondary shrink-0 self-start" onClick={() => onRevert(entry)}>
              <Undo2 aria-hidden="true" className="h-4 w-4" /> Revert this change
              <span className="sr-only"> (#{entry.id})</span>
            </button>
          )}
        </div>
        <div className="mt-3">
          <ChangeList changes={entry.changes} names={names} />
        </div>
      </div>
    </article>
  );
}
