import type { PersonalizerSettings, PersonalizerStatus } from '@guildhall/generated/types';
import { Info, Send } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { AlertDialog } from '../../../components/AlertDialog';
import { Spinner } from '../../../components/Spinner';
import { guildImageUrl } from '../../../api/client';
import { type FieldTitles, Outcomes } from './Outcomes';
import { ReadOnlyReason } from '../../../components/ReadOnlyReason';
import { usePageGrant } from '../dashboard-access/grant';
import {
  type ApplyResult,
  PERSONALIZER_FIELDS,
  type PersonalizerField,
  usePersonalizerAction,
  usePersonalizerStatus,
} from './use-personalizer';

/** A saved field as the side-by-side shows it. */
function SavedValue({ guildId, field, saved }: { guildId: string; field: PersonalizerField; saved: PersonalizerSettings }) {
  const value = saved[field] ?? '';
  if (!value) return <span className="text-muted">Empty (the global profile)</span>;
  if (field === 'avatar' || field === 'banner')
    return <img src={guildImageUrl(guildId, value)} alt="The saved image" className="h-10 max-w-24 rounded object-cover" />;
  return <span className="break-words">{value}</span>;
}

/** A field as Discord has it now (Discord reports the nickname and whether an image is set, not the bio). */
function LiveValue({ field, live }: { field: PersonalizerField; live: PersonalizerStatus['live'] }) {
  if (field === 'bio') return <span className="text-muted">Discord does not report it</span>;
  const value = live[field];
  if (!value) return <span className="text-muted">Empty (the global profile)</span>;
  if (field === 'nick') return <span className="break-words">{value}</span>;
  return <span>Another image, set in Discord</span>;
}

/**
 * Before Reset. Not ConfirmDialog's danger button: nothing is lost (the saved profile stays, to apply again), so the
 * confirming button is the page's usual one; Cancel is where focus starts.
 */
function ResetDialog({ id, onCancel, onConfirm }: { id: string; onCancel(): void; onConfirm(): void }) {
  const cancel = useRef<HTMLButtonElement>(null);
  return (
    <AlertDialog titleId={`${id}-title`} textId={`${id}-text`} initialFocus={cancel} onClose={onCancel}>
      <h2 id={`${id}-title`} className="text-lg font-semibold">
        Use the global profile?
      </h2>
      <p id={`${id}-text`} className="mt-2 text-sm text-muted">
        Discord shows the bot&apos;s global name, avatar, banner and bio in this server again. The saved profile stays here, to apply again
        later.
      </p>
      <div className="mt-6 flex flex-wrap justify-end gap-3">
        <button ref={cancel} type="button" className="btn-secondary" onClick={onCancel}>
          Cancel
        </button>
        <button type="button" className="btn-primary" onClick={onConfirm}>
          Use the global profile
        </button>
      </div>
    </AlertDialog>
  );
}

/**
 * Apply and Reset, what Discord said to them, and how the saved profile compares with what is live: fields saved but
 * not applied yet, and fields someone changed in Discord since (side by side, with Re-apply, and Adopt for the
 * nickname). A failed status read says why; the form above still works.
 */
export function StatusPanel({
  guildId,
  saved,
  dirty,
  titles,
  onAdopt,
}: {
  guildId: string;
  saved: PersonalizerSettings | undefined;
  dirty: boolean;
  titles: FieldTitles;
  onAdopt(nick: string): void;
}) {
  const status = usePersonalizerStatus(guildId);
  const apply = usePersonalizerAction(guildId, 'apply');
  const reset = usePersonalizerAction(guildId, 'reset');
  const [result, setResult] = useState<ApplyResult | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [adopted, setAdopted] = useState(false);
  const ids = useId();
  // A read-only grantee sees the status; Apply, Reset and Adopt change the profile or act through the bot.
  const grant = usePageGrant('personalizer');
  const busy = apply.isPending || reset.isPending || grant.readOnly;

  const run = (action: typeof apply) => {
    setResult(null);
    setAdopted(false);
    action.mutate(undefined, { onSuccess: setResult });
  };

  const fields = status.data?.fields;
  const pending = fields ? PERSONALIZER_FIELDS.filter((f) => fields[f] === 'pending') : [];
  const changed = fields ? PERSONALIZER_FIELDS.filter((f) => fields[f] === 'changed') : [];

  return (
    <section aria-labelledby={`${ids}-heading`} className="card p-4 md:p-6" data-personalizer-status="">
      <h2 id={`${ids}-heading`} className="text-lg font-semibold">
        In Discord
      </h2>
      <p className="mt-1 text-sm text-muted">Save keeps the profile here. Apply sends the saved profile to Discord for this server.</p>

      <div className="mt-4 flex flex-wrap gap-2">
        <button
          type="button"
          className="btn-primary"
          disabled={dirty || busy}
          aria-busy={apply.isPending || undefined}
          aria-describedby={dirty ? `${ids}-dirty` : undefined}
          onClick={() => run(apply)}
        >
          <Send aria-hidden="true" className="h-4 w-4" /> {apply.isPending ? 'Applying...' : 'Apply to Discord'}
        </button>
        <button
          type="button"
          className="btn-secondary"
          disabled={busy}
          aria-busy={reset.isPending || undefined}
          onClick={() => setConfirming(true)}
        >
          {reset.isPending ? 'Resetting...' : 'Use the global profile'}
        </button>
      </div>
      {grant.readOnly && (
        <p className="mt-2 text-sm text-muted">
          <ReadOnlyReason title={grant.title} />
        </p>
      )}
      {dirty && (
        <p id={`${ids}-dirty`} className="mt-2 text-sm text-warn" data-apply-hint="">
          Save your changes first: Apply sends the saved profile.
        </p>
      )}

      <div aria-live="polite" className="mt-3 empty:hidden">
        {result && <Outcomes result={result} titles={titles} headingId={`${ids}-outcome`} />}
      </div>

      <div className="mt-4">
        {status.isPending ? (
          <Spinner label="Reading the bot's profile from Discord..." className="py-2" />
        ) : status.isError ? (
          <div role="alert" className="rounded-lg border border-danger/50 bg-danger/10 p-3 text-sm break-words" data-status-error="">
            <p className="font-semibold text-danger">Could not read the bot's profile from Discord.</p>
            <p className="mt-1 text-danger">{status.error.message}</p>
            <p className="mt-1 text-muted">You can still edit and save the profile.</p>
            <button type="button" className="btn-secondary mt-2" onClick={() => void status.refetch()}>
              Try again
            </button>
          </div>
        ) : (
          <>
            {pending.length > 0 && (
              <div data-pending="">
                <h3 className="text-sm font-semibold">Saved, not applied yet</h3>
                <ul className="mt-1 list-disc pl-5 text-sm text-muted">
                  {pending.map((f) => (
                    <li key={f} data-pending-field={f}>
                      {titles[f]}: saved, not applied yet
                    </li>
                  ))}
                </ul>
              </div>
            )}
            {changed.length > 0 && saved && status.data && (
              <div className="mt-4 rounded-lg border border-warn/50 bg-warn/10 p-3" data-differs="">
                <h3 className="text-sm font-semibold text-warn">Changed in Discord since it was applied from here</h3>
                <table className="mt-2 w-full table-fixed text-left text-sm">
                  <caption className="sr-only">The saved profile beside what Discord shows now</caption>
                  <thead>
                    <tr className="text-muted">
                      <th scope="col" className="w-1/4 py-1 font-semibold">
                        Field
                      </th>
                      <th scope="col" className="py-1 font-semibold">
                        Saved here
                      </th>
                      <th scope="col" className="py-1 font-semibold">
                        In Discord now
                      </th>
                    </tr>
                  </thead>
                  <tbody>
                    {changed.map((f) => (
                      <tr key={f} className="border-t border-line align-top" data-changed-field={f}>
                        <th scope="row" className="py-1.5 pr-2 font-semibold">
                          {titles[f]}
                        </th>
                        <td className="py-1.5 pr-2">
                          <SavedValue guildId={guildId} field={f} saved={saved} />
                        </td>
                        <td className="py-1.5">
                          <LiveValue field={f} live={status.data.live} />
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
                <div className="mt-3 flex flex-wrap gap-2">
                  <button
                    type="button"
                    className="btn-secondary"
                    disabled={dirty || busy}
                    aria-describedby={dirty ? `${ids}-dirty` : undefined}
                    onClick={() => run(apply)}
                  >
                    Re-apply
                  </button>
                  {changed.includes('nick') && (
                    <button
                      type="button"
                      className="btn-secondary"
                      disabled={busy}
                      onClick={() => {
                        onAdopt(status.data.live.nick ?? '');
                        setAdopted(true);
                      }}
                    >
                      Adopt the nickname
                    </button>
                  )}
                </div>
                {adopted && (
                  <p role="status" className="mt-2 text-sm">
                    The nickname from Discord is in the form, not saved yet: save to keep it.
                  </p>
                )}
                {(changed.includes('avatar') || changed.includes('banner')) && (
                  <p className="mt-2 text-sm text-muted">
                    An image changed in Discord cannot be copied here: upload it to keep it, or Re-apply the saved one.
                  </p>
                )}
              </div>
            )}
          </>
        )}
      </div>

      <p className="mt-4 flex items-start gap-2 rounded-lg bg-panel-2 p-3 text-sm text-muted" data-not-per-server="">
        <Info aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0" />
        <span>
          Only the nickname, avatar, banner and about me can differ per server. The bot&apos;s username and its status and activity are the
          same in every server.
        </span>
      </p>

      {confirming && (
        <ResetDialog
          id={`${ids}-reset`}
          onCancel={() => setConfirming(false)}
          onConfirm={() => {
            setConfirming(false);
            run(reset);
          }}
        />
      )}
    </section>
  );
}
