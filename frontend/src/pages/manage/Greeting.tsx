import { deepEquals, type RJSFValidationError } from '@rjsf/utils';
import { ArrowLeft, ChevronDown, Send } from 'lucide-react';
import { memo, useCallback, useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { Link, useParams } from 'react-router-dom';
import { ApiError } from '../../api/client';
import { useSendGreetingPreview } from '../../api/queries';
import type { MentionNames } from '../../components/discord';
import { LazyDiscordMessage } from '../../components/discord/LazyDiscordMessage';
import { LoadErrorCard } from '../../components/LoadErrorCard';
import { Spinner } from '../../components/Spinner';
import { StatusBanner, useTimedBanner } from '../../components/StatusBanner';
import { ConflictDialog } from '../../form/LazyConflictDialog';
import { SaveBar } from '../../form/SaveBar';
import { groupOfField, useFieldFromUrl } from '../../form/core/field-from-url';
import { DEFAULT_LOAD_ERROR } from '../../form/core/page-messages';
import { useSectionModule } from '../../form/section-module';
import { tabKeyMove } from '../../lib/tab-keys';
import { useUnsavedChanges } from '../../lib/unsaved-changes';
import type { PlaceholderValues } from './shared/placeholders';
import { BOT_AUTHOR, usePreviewContext } from './shared/preview-context';
import { GreetingForm, type GreetingGroup } from './greeting/GreetingForm';
import { greetingMessage, type GreetingKind, type GreetingSection } from './greeting/greeting-message';
import { PlaceholderPanel } from './greeting/PlaceholderPanel';
import { ReadOnlyReason } from '../../components/ReadOnlyReason';
import { usePageGrant } from './dashboard-access/grant';
import { SectionHeader } from './SectionHeader';
import { KIND_TITLES, type SaveOutcome, useGreeting } from './greeting/use-greeting';

const KINDS: GreetingKind[] = ['welcome', 'farewell'];
type Tab = 'general' | 'advanced' | 'preview';
const TABS: { id: Tab; title: string; group?: GreetingGroup }[] = [
  { id: 'general', title: 'General', group: 'message' },
  { id: 'advanced', title: 'Advanced', group: 'embed' },
  { id: 'preview', title: 'Preview' },
];

function GreetingPreview({
  section,
  values,
  mentions,
}: {
  section: GreetingSection;
  values: PlaceholderValues | null;
  mentions: MentionNames;
}) {
  const message = useMemo(() => (values ? greetingMessage(section, values) : null), [section, values]);
  if (!message) return <Spinner label="Loading preview..." />;
  const empty = !message.content && !message.embeds?.length;
  return (
    <div className="overflow-hidden rounded-lg" data-greeting-preview="">
      {empty ? (
        <p className="bg-panel-2 p-4 text-sm text-muted">Nothing to send: write a message or fill in the embed.</p>
      ) : (
        <LazyDiscordMessage author={BOT_AUTHOR} message={message} mentions={mentions} />
      )}
    </div>
  );
}

interface SectionProps {
  guildId: string;
  kind: GreetingKind;
  group: GreetingGroup;
  section: GreetingSection;
  saved: GreetingSection | undefined;
  values: PlaceholderValues | null;
  mentions: MentionNames;
  busy: boolean;
  serverErrors: ReturnType<typeof useGreeting>['serverErrors'][GreetingKind];
  onChange(kind: GreetingKind, section: GreetingSection): void;
  onSave(kind: GreetingKind, group: GreetingGroup): Promise<SaveOutcome | null>;
}

/** One greeting in the General or Advanced tab: an expandable section with its form, Save and a live preview. */
const GreetingSectionCard = memo(function GreetingSectionCard(props: SectionProps) {
  const { guildId, kind, group, section, saved, values, mentions, busy, serverErrors, onChange, onSave } = props;
  const [open, setOpen] = useState(true);
  const [banner, showBanner] = useTimedBanner();
  const bodyId = useId();
  const title = KIND_TITLES[kind];
  const dirty = saved !== undefined && !deepEquals(saved, section);
  const grant = usePageGrant('greeting');
  const submit = useCallback(
    (k: GreetingKind) =>
      void onSave(k, group).then((outcome) => {
        if (!outcome) return;
        showBanner({
          kind: outcome.ok ? 'success' : 'error',
          message: outcome.detail ? `${outcome.message}: ${outcome.detail}` : outcome.message,
        });
      }),
    [onSave, group, showBanner],
  );
  const hiddenErrors = useCallback(
    (k: GreetingKind, errors: RJSFValidationError[]) =>
      showBanner({
        kind: 'error',
        message: `${group === 'embed' ? `Failed to update ${k} embed settings` : `Failed to update ${k} settings`}: ${errors[0]?.message ?? ''}`,
      }),
    [group, showBanner],
  );
  return (
    <section className="card" aria-labelledby={`${bodyId}-title`} data-greeting={kind}>
      <h2 id={`${bodyId}-title`}>
        <button
          type="button"
          aria-expanded={open}
          aria-controls={bodyId}
          onClick={() => setOpen((o) => !o)}
          className="flex w-full items-center justify-between gap-3 rounded-xl p-4 text-left hover:bg-panel-2 md:px-6"
        >
          <span className="flex flex-wrap items-center gap-2 text-lg font-semibold">
            {group === 'embed' ? `${title} Embed` : `${title} Message`}
            <span
              className={`rounded-full px-2 py-0.5 text-xs font-normal ${saved?.enabled ? 'bg-ok/15 text-ok' : 'bg-panel-2 text-muted'}`}
            >
              {saved?.enabled ? 'Enabled' : 'Disabled'}
            </span>
          </span>
          <ChevronDown aria-hidden="true" className={`h-5 w-5 text-muted transition-transform ${open ? 'rotate-180' : ''}`} />
        </button>
      </h2>
      {open && (
        <div id={bodyId} className="grid gap-6 border-t border-line p-4 md:p-6 xl:grid-cols-[minmax(0,1fr)_minmax(0,440px)]">
          <div>
            <StatusBanner banner={banner} />
            <GreetingForm
              guildId={guildId}
              kind={kind}
              group={group}
              section={section}
              serverErrors={serverErrors}
              busy={busy}
              onChange={onChange}
              onSubmit={submit}
              onHiddenErrors={hiddenErrors}
              readOnly={grant.readOnly}
            >
              {grant.readOnly ? (
                // The engine's view-only state (SchemaForm's): no Save, a disabled 'View Only', and why.
                <div className="mt-6 flex flex-wrap items-center gap-3 border-t border-line pt-5">
                  <button type="button" className="btn-secondary" disabled>
                    View Only
                  </button>
                  <span className="text-sm text-muted">
                    <ReadOnlyReason title={grant.title} />
                  </span>
                </div>
              ) : (
                <SaveBar busy={busy} dirty={dirty} label={group === 'embed' ? `Save ${title} Embed` : `Save ${title} Settings`} />
              )}
            </GreetingForm>
          </div>
          <div>
            <h3 className="mb-2 text-sm font-semibold text-muted">Live preview</h3>
            <GreetingPreview section={section} values={values} mentions={mentions} />
          </div>
        </div>
      )}
    </section>
  );
});

/** The Preview tab's card: what the saved greeting looks like, and Send Preview. */
function PreviewCard({
  guildId,
  kind,
  section,
  saved,
  values,
  mentions,
}: {
  guildId: string;
  kind: GreetingKind;
  section: GreetingSection;
  saved: GreetingSection | undefined;
  values: PlaceholderValues | null;
  mentions: MentionNames;
}) {
  const [banner, showBanner] = useTimedBanner();
  const sendPreview = useSendGreetingPreview(guildId);
  // A read-only grantee may see the preview, not make the bot post it.
  const grant = usePageGrant('greeting');
  const sending = sendPreview.isPending;
  const title = KIND_TITLES[kind];
  const ready = !!saved?.enabled && !!saved.channel;
  const dirty = saved !== undefined && !deepEquals(saved, section);
  const hintId = useId();
  const send = async () => {
    try {
      const answer = await sendPreview.mutateAsync({ type: kind });
      showBanner({ kind: 'success', message: answer.message });
    } catch (err) {
      const message =
        err instanceof ApiError && err.status === 500
          ? 'Server error. The bot may not be properly configured.'
          : (err instanceof Error && err.message) || 'Failed to send preview.';
      showBanner({ kind: 'error', message });
    }
  };
  return (
    <section className="card p-4 md:p-6" aria-labelledby={`preview-${kind}`} data-preview={kind}>
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <h2 id={`preview-${kind}`} className="text-lg font-semibold">
          {title} Preview
        </h2>
        <button
          type="button"
          className="btn-primary"
          disabled={!ready || sending || grant.readOnly}
          aria-busy={sending || undefined}
          aria-describedby={hintId}
          onClick={() => void send()}
        >
          <Send aria-hidden="true" className="h-4 w-4" />
          {sending ? 'Sending...' : 'Send Preview'}
        </button>
      </div>
      <p id={hintId} className="mb-3 text-xs text-muted">
        {grant.readOnly ? (
          <ReadOnlyReason title={grant.title} />
        ) : !ready ? (
          `Enable ${kind} messages, choose a channel and save to send a preview.`
        ) : dirty ? (
          'The bot sends the saved settings; save your changes first to send them.'
        ) : (
          'The bot posts this message in the configured channel, filled in for you.'
        )}
      </p>
      <StatusBanner banner={banner} />
      <GreetingPreview section={section} values={values} mentions={mentions} />
    </section>
  );
}

/** The greeting section's page (at /welcome): the welcome and farewell messages in tabs, with previews. */
export default function Greeting() {
  const { guildId = '' } = useParams();
  const greeting = useGreeting(guildId);
  const form = useSectionModule('greeting'); // loads beside the document: its forms are drawn once both are here
  const preview = usePreviewContext(guildId);
  const [tab, setTab] = useState<Tab>('general');
  // `?field=` names a field: the tab of its x-ui group opens (GreetingForm focuses it).
  const wanted = useFieldFromUrl();
  const wantedKey = wanted?.key;
  const wantedGroup = wanted && form.status === 'ready' ? groupOfField(form.module.uiSchema, wanted.pointer) : undefined;
  useEffect(() => {
    const target = TABS.find((t) => t.group && t.group === wantedGroup);
    if (wantedKey && target) setTab(target.id);
  }, [wantedKey, wantedGroup]);
  const tabRefs = useRef<Record<Tab, HTMLButtonElement | null>>({ general: null, advanced: null, preview: null });
  const { save } = greeting;
  const onSave = useCallback((kind: GreetingKind, group: GreetingGroup) => save(kind, group === 'embed' ? 'embed' : 'message'), [save]);
  // Either greeting changed and not saved (each saves on its own).
  const unsaved = useUnsavedChanges(!!greeting.drafts && !!greeting.stored && !deepEquals(greeting.drafts, greeting.stored));

  const onTabKey = (e: KeyboardEvent<HTMLButtonElement>) => {
    const target = tabKeyMove(
      e,
      TABS.map((t) => t.id),
      tab,
    );
    if (target === null) return;
    setTab(target);
    tabRefs.current[target]?.focus();
  };

  const current = TABS.find((t) => t.id === tab)!;
  return (
    <div className="mx-auto max-w-6xl">
      <SectionHeader section="greeting">
        <Link to={`/manage/${guildId}/dashboard`} className="btn-secondary">
          <ArrowLeft aria-hidden="true" className="h-4 w-4" /> Back to Dashboard
        </Link>
      </SectionHeader>

      {greeting.query.isPending ? (
        <Spinner label="Loading settings..." />
      ) : greeting.query.isError ? (
        <LoadErrorCard title="Failed to load settings" error={greeting.query.error} onRetry={() => void greeting.query.refetch()} />
      ) : form.status === 'error' ? (
        <LoadErrorCard title={DEFAULT_LOAD_ERROR} error={form.error} onRetry={form.retry} />
      ) : !greeting.drafts || form.status === 'loading' ? (
        <Spinner label="Loading settings..." />
      ) : (
        <div className="flex flex-col gap-6">
          <PlaceholderPanel />
          <div
            role="tablist"
            aria-label="Welcome settings"
            className="flex gap-1 overflow-x-auto rounded-xl border border-line bg-panel p-1"
          >
            {TABS.map((t) => (
              <button
                key={t.id}
                ref={(el) => {
                  tabRefs.current[t.id] = el;
                }}
                type="button"
                role="tab"
                id={`tab-${t.id}`}
                aria-selected={tab === t.id}
                aria-controls={`panel-${t.id}`}
                tabIndex={tab === t.id ? 0 : -1}
                onClick={() => setTab(t.id)}
                onKeyDown={onTabKey}
                className={`flex-1 rounded-lg px-4 py-2 text-sm font-semibold whitespace-nowrap ${tab === t.id ? 'bg-brand text-white' : 'text-muted hover:bg-panel-2 hover:text-fg'}`}
              >
                {t.title}
              </button>
            ))}
          </div>
          <div role="tabpanel" id={`panel-${tab}`} aria-labelledby={`tab-${tab}`} className="flex flex-col gap-6">
            {KINDS.map((kind) =>
              current.group ? (
                <GreetingSectionCard
                  key={`${tab}-${kind}`}
                  guildId={guildId}
                  kind={kind}
                  group={current.group}
                  section={greeting.drafts![kind]}
                  saved={greeting.stored?.[kind]}
                  values={preview.values}
                  mentions={preview.mentions}
                  busy={greeting.saving === kind}
                  serverErrors={greeting.serverErrors[kind]}
                  onChange={greeting.setDraft}
                  onSave={onSave}
                />
              ) : (
                <PreviewCard
                  key={`preview-${kind}`}
                  guildId={guildId}
                  kind={kind}
                  section={greeting.drafts![kind]}
                  saved={greeting.stored?.[kind]}
                  values={preview.values}
                  mentions={preview.mentions}
                />
              ),
            )}
          </div>
        </div>
      )}
      {greeting.conflict && (
        <ConflictDialog
          busy={greeting.saving !== null}
          onCancel={() => greeting.setConflict(null)}
          onReload={greeting.reloadFromConflict}
          onOverwrite={() => {
            const c = greeting.conflict!;
            void greeting.save(c.kind, c.scope, { version: c.version, settings: c.settings });
          }}
        />
      )}
      {unsaved.prompt}
    </div>
  );
}
