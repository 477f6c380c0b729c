import savedEmbedFile from '@guildhall/generated/schema.saved-embed.json';
import type { DiscordEmbed, SavedEmbed } from '@guildhall/generated/types';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Copy, Download, Upload } from 'lucide-react';
import { type ChangeEvent, memo, useRef, useState } from 'react';
import { ApiError, client } from '../../../api/client';
import { queryKeys } from '../../../api/query-keys';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { schemaField, schemaMessage } from '../../../components/embed-editor';
import type { Banner } from '../../../components/StatusBanner';
import { copyText } from '../../../lib/clipboard';
import { exportJson, importJson } from './transfer';

interface Entry {
  id: string;
  version: number;
  item: SavedEmbed;
}

interface SavedEmbedsProps {
  guildId: string;
  /** The builder's message now: read when saving or exporting, so typing in the builder does not redraw this list. */
  current(): { content: string; embeds: DiscordEmbed[] };
  /** The builder's own checks (it shows what is wrong); false: nothing is saved. */
  check(): boolean;
  onLoad(message: { content?: string; embeds: DiscordEmbed[] }): void;
  /** A draft kept the builder's message (it is no longer unsaved). */
  onSaved?(message: { content: string; embeds: DiscordEmbed[] }): void;
  notify(banner: Banner): void;
  /** A read-only grantee: drafts are loaded and exported, never saved, renamed, duplicated or deleted. */
  readOnly?: boolean;
}

/** The draft name's label and limit, from schemas/settings/saved-embed.json. */
const NAME = schemaField(savedEmbedFile.schema, 'name');
/** Its words for an empty name, which the server says too. */
const NAME_REQUIRED = schemaMessage(savedEmbedFile.schema, 'name', 'minLength');

const reason = (err: unknown) => (err instanceof Error ? err.message : String(err));

function download(name: string, json: string) {
  const url = URL.createObjectURL(new Blob([json], { type: 'application/json' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = `${name.replace(/[^\w.-]+/g, '-') || 'embed'}.json`;
  a.click();
  URL.revokeObjectURL(url);
}

/**
 * Saved embeds (issue 12, beyond the spec): named drafts of the builder in the guild's `embeds` collection, and export
 * and import in Discord's message payload shape. A draft that was loaded is saved at its version; a 409 offers to
 * load the newer one or overwrite it, as the panel editor does.
 */
export const SavedEmbeds = memo(function SavedEmbeds({
  guildId,
  current: builder,
  check,
  onLoad,
  onSaved,
  notify,
  readOnly = false,
}: SavedEmbedsProps) {
  const queries = useQueryClient();
  const list = useQuery({
    queryKey: queryKeys.savedEmbeds(guildId),
    queryFn: () => client.listSavedEmbeds(guildId),
    refetchOnWindowFocus: false,
  });
  const [name, setName] = useState('');
  const [current, setCurrent] = useState<Entry | null>(null);
  const [conflict, setConflict] = useState<Entry | null>(null);
  const [renaming, setRenaming] = useState<{ id: string; name: string } | null>(null);
  const [deleting, setDeleting] = useState<Entry | null>(null);
  const [importText, setImportText] = useState('');
  const [importErrors, setImportErrors] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  const overwriteButton = useRef<HTMLButtonElement>(null);

  const items = (list.data?.items ?? []) as Entry[];
  const cap = list.data?.cap;
  const refresh = () => queries.invalidateQueries({ queryKey: queryKeys.savedEmbeds(guildId) });
  const ok = (message: string) => notify({ kind: 'success', message });
  const fail = (message: string) => notify({ kind: 'error', message });

  const run = async (work: () => Promise<void>) => {
    setBusy(true);
    try {
      await work();
    } finally {
      setBusy(false);
    }
  };

  const saveNew = () =>
    run(async () => {
      const draftName = name.trim();
      if (!draftName) return fail(NAME_REQUIRED);
      if (!check()) return;
      try {
        const message = builder();
        const saved = await client.createSavedEmbed(guildId, { item: { name: draftName, message } });
        onSaved?.(message);
        setCurrent(saved);
        setName('');
        ok(`Saved draft '${saved.item.name}'`);
        await refresh();
      } catch (err) {
        fail(`Failed to save draft: ${reason(err)}`);
      }
    });

  const saveCurrent = (base: Entry, version = base.version) =>
    run(async () => {
      if (!check()) return;
      try {
        const message = builder();
        const saved = await client.putSavedEmbed(guildId, base.id, { version, item: { name: base.item.name, message } });
        onSaved?.(message);
        setCurrent(saved);
        setConflict(null);
        ok(`Saved draft '${saved.item.name}'`);
        await refresh();
      } catch (err) {
        if (err instanceof ApiError && err.status === 409 && typeof err.body.version === 'number')
          setConflict(err.body as unknown as Entry);
        else fail(`Failed to save draft: ${reason(err)}`);
      }
    });

  const load = (entry: Entry) => {
    onLoad(entry.item.message);
    setCurrent(entry);
    setConflict(null);
    ok(`Loaded draft '${entry.item.name}'`);
  };

  const rename = (entry: Entry, next: string) =>
    run(async () => {
      const newName = next.trim();
      if (!newName) return fail(NAME_REQUIRED);
      try {
        const saved = await client.putSavedEmbed(guildId, entry.id, { version: entry.version, item: { ...entry.item, name: newName } });
        if (current?.id === entry.id) setCurrent(saved);
        setRenaming(null);
        ok(`Renamed to '${saved.item.name}'`);
        await refresh();
      } catch (err) {
        fail(`Failed to rename draft: ${reason(err)}`);
      }
    });

  const duplicate = (entry: Entry) =>
    run(async () => {
      try {
        const copy = await client.duplicateSavedEmbed(guildId, entry.id);
        ok(`Duplicated as '${copy.item.name}'`);
        await refresh();
      } catch (err) {
        fail(`Failed to duplicate draft: ${reason(err)}`);
      }
    });

  const remove = (entry: Entry) =>
    run(async () => {
      try {
        await client.deleteSavedEmbed(guildId, entry.id);
        if (current?.id === entry.id) setCurrent(null);
        setDeleting(null);
        ok(`Deleted draft '${entry.item.name}'`);
        await refresh();
      } catch (err) {
        setDeleting(null);
        fail(`Failed to delete draft: ${reason(err)}`);
      }
    });

  const copyJson = async (json: string) => {
    try {
      await copyText(json);
      ok('Copied the JSON to the clipboard');
    } catch {
      fail('Could not copy: your browser refused the clipboard');
    }
  };

  const applyImport = (text: string) => {
    const result = importJson(text);
    if (!result.ok) {
      setImportErrors(result.errors);
      return;
    }
    setImportErrors([]);
    setImportText('');
    onLoad(result);
    ok('Imported the message');
  };

  const onFile = async (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    e.target.value = '';
    if (file) applyImport(await file.text());
  };

  return (
    <section aria-labelledby="eb-saved-heading" className="card space-y-4 p-4">
      <h2 id="eb-saved-heading" className="font-semibold">
        Saved embeds
      </h2>
      <div className={`flex-col gap-2 sm:flex-row sm:items-end ${readOnly ? 'hidden' : 'flex'}`}>
        <div className="flex-1 space-y-1">
          <label htmlFor="eb-draft-name" className="text-sm font-medium">
            {NAME.title}
          </label>
          <input
            id="eb-draft-name"
            type="text"
            maxLength={NAME.maxLength}
            value={name}
            onChange={(e) => setName(e.target.value)}
            className="field-input"
          />
        </div>
        <button
          type="button"
          className="btn-primary"
          disabled={busy || (cap !== undefined && items.length >= cap)}
          onClick={() => void saveNew()}
        >
          Save as new draft
        </button>
      </div>
      {current && !readOnly && (
        <div className="flex flex-wrap items-center gap-2 text-sm">
          <span className="text-muted">
            Working on <strong className="text-fg">{current.item.name}</strong>
          </span>
          <button type="button" className="btn-secondary" disabled={busy} onClick={() => void saveCurrent(current)}>
            Save changes
          </button>
        </div>
      )}
      {conflict && (
        <div role="alert" className="space-y-2 rounded-lg border border-warn/50 bg-warn/10 p-3 text-sm">
          <p>This draft was changed elsewhere since you loaded it.</p>
          <div className="flex flex-wrap gap-2">
            <button type="button" className="btn-secondary" onClick={() => load(conflict)}>
              Load their version
            </button>
            <button ref={overwriteButton} type="button" className="btn-danger" onClick={() => void saveCurrent(conflict, conflict.version)}>
              Overwrite with mine
            </button>
          </div>
        </div>
      )}
      {list.isPending ? (
        <p className="text-sm text-muted">Loading saved embeds...</p>
      ) : list.isError ? (
        <p role="alert" className="text-sm text-danger">
          Failed to load saved embeds: {reason(list.error)}{' '}
          <button type="button" className="underline" onClick={() => void list.refetch()}>
            Retry
          </button>
        </p>
      ) : items.length === 0 ? (
        <p className="text-sm text-muted">No saved embeds yet.</p>
      ) : (
        <ul className="divide-y divide-line" aria-label="Saved embeds">
          {items.map((entry) => (
            <li key={entry.id} className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center sm:justify-between">
              {renaming?.id === entry.id ? (
                <form
                  className="flex flex-1 gap-2"
                  onSubmit={(e) => {
                    e.preventDefault();
                    void rename(entry, renaming.name);
                  }}
                >
                  <label htmlFor={`eb-rename-${entry.id}`} className="sr-only">
                    New name for {entry.item.name}
                  </label>
                  <input
                    id={`eb-rename-${entry.id}`}
                    type="text"
                    maxLength={NAME.maxLength}
                    value={renaming.name}
                    onChange={(e) => setRenaming({ id: entry.id, name: e.target.value })}
                    className="field-input"
                    autoFocus
                  />
                  <button type="submit" className="btn-primary" disabled={busy}>
                    Save name
                  </button>
                  <button type="button" className="btn-secondary" onClick={() => setRenaming(null)}>
                    Cancel
                  </button>
                </form>
              ) : (
                <div className="min-w-0">
                  <p className="truncate font-medium">{entry.item.name}</p>
                  <p className="text-xs text-muted">
                    {entry.item.message.embeds.length} embed{entry.item.message.embeds.length === 1 ? '' : 's'}
                    {entry.item.updated_at && ` · saved ${new Date(entry.item.updated_at).toLocaleString()}`}
                  </p>
                </div>
              )}
              {renaming?.id !== entry.id && (
                <div className="flex flex-wrap gap-2" role="group" aria-label={`Actions for ${entry.item.name}`}>
                  <button type="button" className="btn-secondary" onClick={() => load(entry)}>
                    Load
                  </button>
                  {!readOnly && (
                    <>
                      <button type="button" className="btn-secondary" onClick={() => setRenaming({ id: entry.id, name: entry.item.name })}>
                        Rename
                      </button>
                      <button type="button" className="btn-secondary" disabled={busy} onClick={() => void duplicate(entry)}>
                        Duplicate
                      </button>
                    </>
                  )}
                  <button
                    type="button"
                    className="btn-secondary"
                    onClick={() =>
                      download(
                        entry.item.name,
                        exportJson({ content: entry.item.message.content ?? '', embeds: entry.item.message.embeds }),
                      )
                    }
                  >
                    Export
                  </button>
                  {!readOnly && (
                    <button type="button" className="btn-danger" onClick={() => setDeleting(entry)}>
                      Delete
                    </button>
                  )}
                </div>
              )}
            </li>
          ))}
        </ul>
      )}
      {cap !== undefined && (
        <p className="text-xs text-muted">
          {items.length}/{cap} saved embeds{items.length >= cap && ': delete one to save another.'}
        </p>
      )}

      <div className="space-y-3 border-t border-line pt-4">
        <h3 className="text-sm font-semibold">Export and import (Discord message JSON)</h3>
        <div className="flex flex-wrap gap-2">
          <button
            type="button"
            className="btn-secondary inline-flex items-center gap-1"
            onClick={() => download('embed', exportJson(builder()))}
          >
            <Download aria-hidden="true" className="h-4 w-4" />
            Download JSON
          </button>
          <button
            type="button"
            className="btn-secondary inline-flex items-center gap-1"
            onClick={() => void copyJson(exportJson(builder()))}
          >
            <Copy aria-hidden="true" className="h-4 w-4" />
            Copy JSON
          </button>
        </div>
        <div className="space-y-1">
          <label htmlFor="eb-import" className="text-sm font-medium">
            Paste message JSON
          </label>
          <textarea
            id="eb-import"
            rows={4}
            value={importText}
            onChange={(e) => setImportText(e.target.value)}
            className="field-input font-mono text-xs"
            aria-invalid={importErrors.length ? true : undefined}
            aria-describedby={importErrors.length ? 'eb-import-errors' : undefined}
          />
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <button type="button" className="btn-secondary" disabled={!importText.trim()} onClick={() => applyImport(importText)}>
            Import
          </button>
          <label className="btn-secondary inline-flex cursor-pointer items-center gap-1 focus-within:ring-2 focus-within:ring-brand">
            <Upload aria-hidden="true" className="h-4 w-4" />
            Import a file
            <input type="file" accept="application/json,.json" className="sr-only" onChange={(e) => void onFile(e)} />
          </label>
        </div>
        {importErrors.length > 0 && (
          <div id="eb-import-errors" role="alert" className="text-sm text-danger">
            <p>Nothing was imported:</p>
            <ul className="list-disc pl-5">
              {importErrors.map((e) => (
                <li key={e}>{e}</li>
              ))}
            </ul>
          </div>
        )}
      </div>

      {deleting && (
        <ConfirmDialog
          titleId="eb-delete-title"
          textId="eb-delete-text"
          title="Delete saved embed?"
          confirmLabel="Delete"
          confirmDisabled={busy}
          actionsClassName="mt-6 flex justify-end gap-2"
          onCancel={() => setDeleting(null)}
          onConfirm={() => void remove(deleting)}
        >
          '{deleting.item.name}' will be deleted. This cannot be undone.
        </ConfirmDialog>
      )}
    </section>
  );
});
