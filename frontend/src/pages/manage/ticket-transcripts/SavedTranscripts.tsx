import type { TranscriptSummary } from '@guildhall/generated/types';
import { Download, FileText, Search, Trash2 } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { ApiError } from '../../../api/client';
import { useDeleteTranscript, useDownloadTranscript, useSettings, useTranscripts } from '../../../api/queries';
import { LoadErrorCard } from '../../../components/LoadErrorCard';
import { Spinner } from '../../../components/Spinner';
import { StatusBanner, useTimedBanner } from '../../../components/StatusBanner';
import { IconCard } from '../shared/IconCard';
import { DeleteTranscriptDialog } from './DeleteTranscriptDialog';
import { usePageGrant } from '../dashboard-access/grant';
import { createdLabel, humanSize, SEARCH_DELAY_MS } from './format';
import { useDebounced } from './use-debounced';
import { PHONE_QUERY, useNarrow } from '../ticket-panels/use-narrow';

/** The transcript page's notices stay 3 seconds. */
export const TRANSCRIPT_NOTICE_MS = 3000;

/**
 * The spec's two words for a failed action: 'Failed to ...' when the server answered no, 'Error ...' when no answer
 * came (the request itself failed).
 */
const failureOf = (err: unknown, failed: string, errored: string) => (err instanceof ApiError && err.status > 0 ? failed : errored);

/** Saves a downloaded file under its name, as the browser's own download would. */
function saveFile(blob: Blob, filename: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  // The browser has taken the file once click() returns; a tick later the URL can go.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/**
 * The saved transcripts of a guild (ticket id, user, created, size): searched on the server by
 * ticket id or user name and filtered by date, each downloadable and deletable (after a confirmation).
 */
export function SavedTranscripts({ guildId }: { guildId: string }) {
  const ids = useId();
  const [search, setSearch] = useState('');
  const [date, setDate] = useState('');
  const q = useDebounced(search.trim(), SEARCH_DELAY_MS);
  const list = useTranscripts(guildId, { q, date });
  const config = useSettings(guildId, 'transcripts');
  const download = useDownloadTranscript(guildId);
  const remove = useDeleteTranscript(guildId);
  const [banner, showBanner] = useTimedBanner(TRANSCRIPT_NOTICE_MS);
  const [confirming, setConfirming] = useState<TranscriptSummary | null>(null);
  // A read-only grantee reads and downloads transcripts; deleting one is a change.
  const grant = usePageGrant('transcripts');
  const searchBox = useRef<HTMLInputElement>(null);
  const filtered = q !== '' || date !== '';
  const phone = useNarrow(PHONE_QUERY);

  const onDownload = async (transcript: TranscriptSummary) => {
    try {
      const file = await download.mutateAsync(transcript.id);
      const format = config.data?.settings.format ?? 'html';
      saveFile(file.blob, file.filename ?? `transcript_${transcript.id}.${format}`);
      showBanner({ kind: 'success', message: 'Transcript downloaded successfully!' });
    } catch (err) {
      showBanner({ kind: 'error', message: failureOf(err, 'Failed to download transcript', 'Error downloading transcript') });
    }
  };

  const onDelete = async (transcript: TranscriptSummary) => {
    try {
      await remove.mutateAsync(transcript.id);
      showBanner({ kind: 'success', message: 'Transcript deleted successfully!' });
      // Its row (and the button that had focus) is gone: the keyboard carries on from the search box, not the page top.
      requestAnimationFrame(() => searchBox.current?.focus());
    } catch (err) {
      showBanner({ kind: 'error', message: failureOf(err, 'Failed to delete transcript', 'Error deleting transcript') });
    } finally {
      setConfirming(null);
    }
  };

  /** A transcript's Download and (unless read only) Delete, in its table row or its card on a phone. */
  const actions = (t: TranscriptSummary) => (
    <>
      <button
        type="button"
        className="btn-secondary px-3"
        aria-label={`Download transcript ${t.ticketId}`}
        disabled={download.isPending}
        onClick={() => void onDownload(t)}
      >
        <Download aria-hidden="true" className="h-4 w-4" /> Download
      </button>
      {!grant.readOnly && (
        <button
          type="button"
          className="btn-secondary px-3 hover:border-danger"
          aria-label={`Delete transcript ${t.ticketId}`}
          onClick={() => setConfirming(t)}
        >
          <Trash2 aria-hidden="true" className="h-4 w-4 text-danger" /> Delete
        </button>
      )}
    </>
  );

  return (
    <IconCard headingId={`${ids}-title`} icon={FileText} title="Saved transcripts" className="card mt-6 p-6">
      <p className="mt-1 text-sm text-muted">Conversations of closed tickets, newest first.</p>
      <div className="mt-4 flex flex-col gap-3 sm:flex-row sm:items-end">
        <div className="flex-1">
          <label htmlFor={`${ids}-search`} className="mb-1 block text-sm font-medium">
            Search transcripts
          </label>
          <div className="relative">
            <Search aria-hidden="true" className="pointer-events-none absolute top-1/2 left-3 h-4 w-4 -translate-y-1/2 text-muted" />
            <input
              ref={searchBox}
              id={`${ids}-search`}
              type="search"
              className="field-input pl-9"
              placeholder="Ticket ID or user name"
              maxLength={100}
              value={search}
              onChange={(e) => setSearch(e.target.value)}
            />
          </div>
        </div>
        <div>
          <label htmlFor={`${ids}-date`} className="mb-1 block text-sm font-medium">
            Created on
          </label>
          <input id={`${ids}-date`} type="date" className="field-input" value={date} onChange={(e) => setDate(e.target.value)} />
        </div>
        {(search !== '' || date !== '') && (
          <button
            type="button"
            className="btn-secondary"
            onClick={() => {
              setSearch('');
              setDate('');
            }}
          >
            Clear filters
          </button>
        )}
      </div>
      <div className="mt-4">
        <StatusBanner banner={banner} />
      </div>
      {list.isPending ? (
        <Spinner label="Loading transcripts..." />
      ) : list.isError ? (
        <LoadErrorCard title="Failed to load transcripts" error={list.error} onRetry={() => void list.refetch()} />
      ) : list.data.length === 0 ? (
        <div className="rounded-lg border border-dashed border-line p-8 text-center">
          <p className="font-semibold">{filtered ? 'No transcripts match' : 'No transcripts yet'}</p>
          <p className="mt-1 text-sm text-muted">
            {filtered ? 'Try another ticket ID, user name or date.' : 'When a ticket is closed, its transcript is saved here.'}
          </p>
        </div>
      ) : phone ? (
        // A phone gets a card per transcript: as a table, Size and the actions sat off the screen's edge.
        <ul
          aria-label={`Saved transcripts${filtered ? ' matching the filters' : ''}`}
          className="space-y-3"
          aria-busy={list.isFetching || undefined}
        >
          {list.data.map((t) => (
            <li key={t.id} data-transcript="" className="rounded-lg border border-line p-3">
              <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1 text-sm">
                <dt className="text-muted">Ticket ID</dt>
                <dd className="font-mono">{t.ticketId}</dd>
                <dt className="text-muted">User</dt>
                <dd className="break-words">{t.userName}</dd>
                <dt className="text-muted">Created</dt>
                <dd>
                  <time dateTime={t.createdAt}>{createdLabel(t.createdAt)}</time>
                </dd>
                <dt className="text-muted">Size</dt>
                <dd className="tabular-nums">{humanSize(t.size)}</dd>
              </dl>
              <div className="mt-3 flex flex-wrap justify-end gap-2">{actions(t)}</div>
            </li>
          ))}
        </ul>
      ) : (
        <div className="overflow-x-auto" aria-busy={list.isFetching || undefined}>
          <table className="w-full min-w-[36rem] text-left text-sm">
            <caption className="sr-only">Saved transcripts{filtered ? ' matching the filters' : ''}</caption>
            <thead>
              <tr className="text-muted">
                {['Ticket ID', 'User', 'Created', 'Size'].map((name) => (
                  <th key={name} scope="col" className="py-2 pr-4 font-semibold">
                    {name}
                  </th>
                ))}
                <th scope="col" className="py-2 text-right font-semibold">
                  Actions
                </th>
              </tr>
            </thead>
            <tbody>
              {list.data.map((t) => (
                <tr key={t.id} className="border-t border-line" data-transcript="">
                  <td className="py-2 pr-4 font-mono">{t.ticketId}</td>
                  <td className="py-2 pr-4">{t.userName}</td>
                  <td className="py-2 pr-4">
                    <time dateTime={t.createdAt}>{createdLabel(t.createdAt)}</time>
                  </td>
                  <td className="py-2 pr-4 tabular-nums">{humanSize(t.size)}</td>
                  <td className="py-2">
                    <div className="flex justify-end gap-2">{actions(t)}</div>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {confirming && (
        <DeleteTranscriptDialog
          transcript={confirming}
          busy={remove.isPending}
          onCancel={() => setConfirming(null)}
          onConfirm={() => void onDelete(confirming)}
        />
      )}
    </IconCard>
  );
}
