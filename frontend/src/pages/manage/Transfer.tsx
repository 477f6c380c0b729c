import { Download } from 'lucide-react';
import { useParams } from 'react-router-dom';
import { useExportGuild } from '../../api/transfer';
import { StatusBanner, useTimedBanner } from '../../components/StatusBanner';
import { useDocumentMeta } from '../../lib/use-document-meta';
import { CloneCard } from './transfer/CloneCard';
import { ImportCard } from './transfer/ImportCard';
import { useGuildLists } from './transfer/names';

export const TRANSFER_TITLE = 'Backup & Transfer';
export const TRANSFER_DESCRIPTION = "Export this server's settings to a file, import them, or clone them to another server.";

function saveFile(blob: Blob, name: string) {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  a.click();
  URL.revokeObjectURL(url);
}

/** /manage/{guildId}/transfer: the guild's settings as one file (export, import) or copied to another guild (clone). */
export default function Transfer() {
  const { guildId = '' } = useParams();
  useDocumentMeta(TRANSFER_TITLE, TRANSFER_DESCRIPTION);
  const [banner, notify] = useTimedBanner();
  const exportGuild = useExportGuild(guildId);
  const names = useGuildLists(guildId);

  const download = () =>
    exportGuild.mutate(undefined, {
      // The document as the server wrote it (compact JSON), under the name the export's Content-Disposition names (the
      // operation's description; the JSON client reads no headers).
      onSuccess: (document) => {
        saveFile(new Blob([JSON.stringify(document)], { type: 'application/json' }), `guildhall-${guildId}.json`);
        notify({ kind: 'success', message: 'Export downloaded.' });
      },
      onError: (err) => notify({ kind: 'error', message: err.message }),
    });

  return (
    <div className="mx-auto max-w-5xl space-y-6">
      <div>
        <h1 className="text-2xl font-bold">{TRANSFER_TITLE}</h1>
        <p className="mt-1 text-muted">{TRANSFER_DESCRIPTION}</p>
      </div>
      <StatusBanner banner={banner} />
      <section aria-labelledby="export-title" className="card p-6">
        <h2 id="export-title" className="text-lg font-semibold">
          Export
        </h2>
        <p className="mt-1 text-sm text-muted">Download every section's settings as one JSON file, to keep as a backup or import later.</p>
        <button type="button" className="btn-primary mt-4" onClick={download} disabled={exportGuild.isPending}>
          <Download aria-hidden="true" className="h-4 w-4" /> {exportGuild.isPending ? 'Preparing...' : 'Download export'}
        </button>
      </section>
      <ImportCard guildId={guildId} names={names} notify={notify} />
      <CloneCard guildId={guildId} notify={notify} />
    </div>
  );
}
