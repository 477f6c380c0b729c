import type { JoinDmSettings } from '@guildhall/generated/types';
import { Eye, EyeOff, Lightbulb, Send } from 'lucide-react';
import { useCallback, useRef, useState } from 'react';
import { useParams } from 'react-router-dom';
import { useSettings } from '../../api/queries';
import { FallbackImage } from '../../components/FallbackImage';
import { Spinner } from '../../components/Spinner';
import { useTimedBanner } from '../../components/StatusBanner';
import { type FormValues, SchemaForm } from '../../form/SchemaForm';
import { usePageGrant } from './dashboard-access/grant';
import { SectionHeader } from './SectionHeader';
import { usePreviewContext } from './shared/preview-context';
import { JoinDmPreview } from './joindms/JoinDmPreview';
import { KeepDraft, type PendingDraft } from './joindms/KeepDraft';
import { Toast } from './joindms/Toast';
import { failureMessage, useJoinDmStats, useJoinDmToggle, useSendJoinDmTest } from './joindms/use-joindms';
import { VariablesPanel } from './joindms/VariablesPanel';

const formatTime = (iso: string) => new Date(iso).toLocaleString();

const TIPS = [
  'Keep it short: a greeting, where to start, and where to ask for help.',
  'Use {member.mention} or {member.name} so the message feels personal.',
  'Members who closed their DMs never see it: post the essentials in a channel too.',
  'Send a test after each change to see it exactly as members will.',
];

/** The Join DM page ('Welcome Messages'): status and switch, the generated form, preview, stats and tips. */
export default function JoinDms() {
  const { guildId = '' } = useParams();
  const settings = useSettings(guildId, 'joindms');
  const context = usePreviewContext(guildId);
  const stats = useJoinDmStats(guildId);
  const [toast, showToast] = useTimedBanner();
  // A read-only grantee sees the settings; switching Join DMs on or off and Send Test act through the bot.
  const grant = usePageGrant('joindms');
  const fail = useCallback((message: string) => showToast({ kind: 'error', message }), [showToast]);
  const form = useRef<FormValues | null>(null);
  const pending = useRef<PendingDraft | null>(null);
  const keepDraft = useCallback(
    (enabled: boolean) => {
      const draft = form.current?.values;
      const stored = settings.data?.settings;
      if (!draft || !stored || JSON.stringify(draft) === JSON.stringify(stored)) return;
      const { enabled: _, ...changes } = draft;
      pending.current = { enabled, changes };
    },
    [settings.data],
  );
  const toggle = useJoinDmToggle(guildId, fail, keepDraft);
  const test = useSendJoinDmTest(guildId);
  const [showPreview, setShowPreview] = useState(true);
  const [draft, setDraft] = useState<Partial<JoinDmSettings>>({});
  const onValuesChange = useCallback((values: Partial<JoinDmSettings>) => setDraft(values), []);

  const sendTest = async () => {
    try {
      const answer = await test.mutateAsync();
      showToast({ kind: 'success', message: answer.message });
    } catch (err) {
      fail(failureMessage(err, 'Failed to send test DM', 'Error sending test DM'));
    }
  };

  const guild = context.guild;
  const lastSent = stats.data?.last_sent ?? null;

  return (
    <div className="mx-auto max-w-6xl">
      <Toast toast={toast} />
      <SectionHeader section="joindms" />
      {settings.isPending ? (
        <Spinner label="Loading Join DM settings..." />
      ) : settings.isError ? (
        <div role="alert" className="card p-6">
          <p className="font-semibold text-danger">Failed to load settings</p>
          <p className="mt-1 text-sm text-muted">There was an issue loading the Join DM settings for this server.</p>
          <button type="button" className="btn-secondary mt-4" onClick={() => void settings.refetch()}>
            Retry
          </button>
        </div>
      ) : (
        <div className="flex flex-col gap-6">
          <section className="card flex items-center gap-4 p-4 md:p-6" aria-label="Server">
            <FallbackImage src={guild?.iconURL} alt="" className="h-14 w-14 rounded-full" />
            <div className="min-w-0">
              <h2 className="truncate text-xl font-bold">Welcome Messages</h2>
              <p className="text-muted">
                {guild?.name ?? 'This server'}
                {context.memberCount !== undefined && <> · {context.memberCount.toLocaleString()} members</>}
              </p>
            </div>
          </section>

          <section className="card flex flex-wrap items-center justify-between gap-4 p-4 md:p-6" aria-labelledby="joindm-status-heading">
            <div>
              <h2 id="joindm-status-heading" className="font-semibold">
                Join DMs
              </h2>
              <p className="text-sm text-muted" data-joindm-status="">
                {toggle.enabled ? (
                  <>
                    <span className="text-ok">Welcome messages are active</span>
                    {' · '}
                    <span>{lastSent ? `Last sent ${formatTime(lastSent)}` : 'No messages sent yet'}</span>
                  </>
                ) : (
                  'Welcome messages are disabled'
                )}
              </p>
            </div>
            <button
              type="button"
              role="switch"
              aria-checked={toggle.enabled}
              aria-label="Send Join DMs"
              aria-busy={toggle.busy || undefined}
              disabled={toggle.busy || grant.readOnly}
              onClick={() => void toggle.toggle()}
              className={`relative inline-flex h-7 w-12 shrink-0 items-center rounded-full border border-line transition-colors disabled:opacity-60 ${toggle.enabled ? 'bg-brand' : 'bg-panel-2'}`}
            >
              <span
                aria-hidden="true"
                className={`inline-block h-5 w-5 rounded-full bg-white shadow transition-transform ${toggle.enabled ? 'translate-x-6' : 'translate-x-1'}`}
              />
            </button>
          </section>

          <VariablesPanel
            onCopied={(variable) => showToast({ kind: 'success', message: `Copied ${variable} to clipboard!` })}
            onCopyFailed={() => fail('Could not copy to the clipboard')}
          />

          <SchemaForm
            guildId={guildId}
            section="joindms"
            saveLabel="Save Settings"
            onValuesChange={onValuesChange}
            aside={
              showPreview
                ? () => <JoinDmPreview draft={draft} enabled={toggle.enabled} values={context.values} mentions={context.mentions} />
                : undefined
            }
            actions={
              <>
                <KeepDraft form={form} pending={pending} />
                <button
                  type="button"
                  className="btn-secondary"
                  disabled={test.isPending || !toggle.enabled || grant.readOnly}
                  aria-busy={test.isPending || undefined}
                  onClick={() => void sendTest()}
                >
                  <Send aria-hidden="true" className="h-4 w-4" /> {test.isPending ? 'Sending...' : 'Send Test'}
                </button>
                <button type="button" className="btn-secondary" aria-pressed={showPreview} onClick={() => setShowPreview((s) => !s)}>
                  {showPreview ? <EyeOff aria-hidden="true" className="h-4 w-4" /> : <Eye aria-hidden="true" className="h-4 w-4" />}
                  {showPreview ? 'Hide Preview' : 'Show Preview'}
                </button>
              </>
            }
          />

          <div className="grid gap-6 md:grid-cols-2">
            <section className="card p-4 md:p-6" aria-labelledby="joindm-stats-heading">
              <h2 id="joindm-stats-heading" className="mb-4 font-semibold">
                Statistics
              </h2>
              <dl className="grid grid-cols-2 gap-4" data-joindm-stats="">
                {[
                  ['Total Sent', stats.data?.total_sent],
                  ['Successful', stats.data?.successful_sent],
                  ['Failed', stats.data?.failed_sent],
                ].map(([label, value]) => (
                  <div key={label as string} className="rounded-lg bg-panel-2 p-3">
                    <dt className="text-xs text-muted">{label}</dt>
                    <dd className="text-2xl font-bold" data-stat={label}>
                      {value ?? '–'}
                    </dd>
                  </div>
                ))}
                <div className="rounded-lg bg-panel-2 p-3">
                  <dt className="text-xs text-muted">Last Sent</dt>
                  <dd className="text-sm font-semibold" data-stat="Last Sent">
                    {lastSent ? formatTime(lastSent) : 'Never'}
                  </dd>
                </div>
              </dl>
            </section>
            <section className="card p-4 md:p-6" aria-labelledby="joindm-tips-heading">
              <h2 id="joindm-tips-heading" className="mb-4 flex items-center gap-2 font-semibold">
                <Lightbulb aria-hidden="true" className="h-4 w-4 text-warn" /> Tips
              </h2>
              <ul className="list-disc space-y-2 pl-5 text-sm text-muted">
                {TIPS.map((tip) => (
                  <li key={tip}>{tip}</li>
                ))}
              </ul>
            </section>
          </div>
        </div>
      )}
    </div>
  );
}
