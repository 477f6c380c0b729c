import type { GuildExport, TransferSectionPreview } from '@guildhall/generated/types';
import { Upload } from 'lucide-react';
import { type ChangeEvent, useId, useState } from 'react';
import { ApiError } from '../../../api/client';
import { useImportGuild } from '../../../api/transfer';
import type { Banner } from '../../../components/StatusBanner';
import type { GuildNames } from '../history/values';
import { FieldErrorList } from './field-errors';
import { PreviewList } from './PreviewList';

interface Problem {
  message: string;
  fieldErrors: ApiError['fieldErrors'];
}
const problemOf = (err: unknown): Problem =>
  err instanceof ApiError ? { message: err.message, fieldErrors: err.fieldErrors } : { message: String(err), fieldErrors: [] };

/** Import: a file exported before, checked and previewed by the server (a dry run), then applied: all sections or none. */
export function ImportCard({ guildId, names, notify }: { guildId: string; names: GuildNames; notify(banner: Banner): void }) {
  const inputId = useId();
  const importGuild = useImportGuild(guildId);
  const [document, setDocument] = useState<GuildExport | null>(null);
  const [fileName, setFileName] = useState('');
  const [preview, setPreview] = useState<TransferSectionPreview[] | null>(null);
  const [problem, setProblem] = useState<Problem | null>(null);

  const choose = async (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    e.target.value = '';
    setPreview(null);
    setProblem(null);
    setDocument(null);
    if (!file) return;
    setFileName(file.name);
    let parsed: GuildExport;
    try {
      parsed = JSON.parse(await file.text()) as GuildExport;
    } catch {
      setProblem({ message: 'This file is not a Guildhall export: it is not valid JSON.', fieldErrors: [] });
      return;
    }
    setDocument(parsed);
    importGuild.mutate(
      { document: parsed, dryRun: true },
      { onSuccess: (result) => setPreview(result.preview), onError: (err) => setProblem(problemOf(err)) },
    );
  };

  const apply = () => {
    if (!document) return;
    importGuild.mutate(
      { document },
      {
        onSuccess: (result) => {
          const count = result.sections?.length ?? result.preview.length;
          const skipped = result.preview.filter((s) => s.skipped).map((s) => s.title);
          setPreview(null);
          setDocument(null);
          setFileName('');
          const notImported = skipped.length ? ` Not imported (your access does not allow it): ${skipped.join(', ')}.` : '';
          notify({ kind: 'success', message: `Settings imported (${count} ${count === 1 ? 'section' : 'sections'}).${notImported}` });
        },
        onError: (err) => setProblem(problemOf(err)),
      },
    );
  };

  return (
    <section aria-labelledby="import-title" className="card p-6">
      <h2 id="import-title" className="text-lg font-semibold">
        Import
      </h2>
      <p className="mt-1 text-sm text-muted">
        Load settings from an export file. You see what will change before anything is saved; every section is applied, or none.
      </p>
      <label htmlFor={inputId} className="mt-4 block text-sm font-semibold">
        Settings file (.json)
      </label>
      <div className="mt-1 flex flex-wrap items-center gap-2">
        <input
          id={inputId}
          type="file"
          accept="application/json,.json"
          className="field-input max-w-md"
          onChange={(e) => void choose(e)}
          disabled={importGuild.isPending}
        />
        {fileName && <span className="text-sm text-muted">{fileName}</span>}
      </div>
      {importGuild.isPending && (
        <p role="status" className="mt-3 text-sm text-muted">
          {preview ? 'Importing...' : 'Checking the file...'}
        </p>
      )}
      {problem && (
        <div role="alert" className="mt-4 rounded-lg border border-danger/50 bg-danger/10 p-3 text-sm text-danger">
          <p className="font-semibold">{problem.message}</p>
          {problem.fieldErrors.length > 0 && <FieldErrorList errors={problem.fieldErrors} />}
        </div>
      )}
      {preview && (
        <div className="mt-4">
          <h3 className="mb-3 font-semibold">What will change</h3>
          <PreviewList preview={preview} names={names} headingLevel={4} />
          <div className="mt-4 flex flex-wrap gap-2">
            <button type="button" className="btn-primary" onClick={apply} disabled={importGuild.isPending}>
              <Upload aria-hidden="true" className="h-4 w-4" /> Apply import
            </button>
            <button
              type="button"
              className="btn-secondary"
              onClick={() => {
                setPreview(null);
                setDocument(null);
                setFileName('');
              }}
              disabled={importGuild.isPending}
            >
              Cancel
            </button>
          </div>
        </div>
      )}
    </section>
  );
}
