import { embedFromFetched, parseMessageLink } from '@guildhall/common/embed-message';
import { refusals } from '@guildhall/generated/refusals';
import type { DiscordEmbed } from '@guildhall/generated/types';
import { CalendarClock, Crown, Lock, LogIn, Pencil } from 'lucide-react';
import { useCallback, useMemo, useReducer, useRef, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { ApiError, client } from '../../api/client';
import { useGuildPremium } from '../../api/queries';
import { useAuth } from '../../auth/AuthProvider';
import { hasPaidPlan } from '../../components/premium/plan-status';
import { UPGRADE_PATH } from '../../components/premium/use-premium';
import { Spinner } from '../../components/Spinner';
import { StatusBanner, useTimedBanner } from '../../components/StatusBanner';
import { useUnsavedChanges } from '../../lib/unsaved-changes';
import { useDocumentMeta } from '../../lib/use-document-meta';
import { EmbedEditor, type EditorTab } from './embed-builder/EmbedEditor';
import { EmbedStrip } from './embed-builder/EmbedStrip';
import {
  type BuilderAction,
  type BuilderState,
  builderReducer,
  initialState,
  LIMITS,
  type MessageErrors,
  validateMessage,
} from './embed-builder/model';
import { Preview } from './embed-builder/Preview';
import { usePageGrant } from './dashboard-access/grant';
import { ReadOnlyNote } from './dashboard-access/ReadOnlyNote';
import { SavedEmbeds } from './embed-builder/SavedEmbeds';
import { SendOptions, type SendMode } from './embed-builder/SendOptions';
import { SectionHistoryLink } from './SectionHeader';

/** /manage/{guildId}/embeds, the Embed Builder: its own login prompt without a user. */
export default function EmbedBuilder() {
  useDocumentMeta('Embed Builder', 'Design rich embed messages and send them to a channel or a webhook.');
  const { status, user } = useAuth();
  const { guildId = '' } = useParams();
  const premium = useGuildPremium(user ? guildId : '');
  if (status === 'loading') return <Spinner label="Loading..." />;
  if (!user)
    return (
      <div className="mx-auto max-w-md px-4 py-20 text-center">
        <h1 className="text-3xl font-bold">Embed Builder</h1>
        <p className="mt-3 text-muted">Please log in to create and send embeds.</p>
        <Link to="/login" className="btn-primary mt-6 inline-flex items-center gap-2">
          <LogIn aria-hidden="true" className="h-4 w-4" />
          Login to Continue
        </Link>
      </div>
    );
  if (premium.isPending) return <Spinner label="Loading..." />;
  // Custom Embeds is a premium feature: the server refuses it without a paid plan, so the page says so first. (A plan
  // that cannot be read leaves the builder: the server still has the last word.)
  if (premium.isSuccess && !hasPaidPlan(premium.data.premium)) return <PremiumLocked />;
  return <Builder guilds={user.guilds ?? []} />;
}

function PremiumLocked() {
  return (
    <div className="mx-auto max-w-md px-4 py-20 text-center">
      <h1 className="text-3xl font-bold">Embed Builder</h1>
      <div className="card mt-6 flex flex-col items-center gap-3 p-8">
        <span className="relative">
          <Crown aria-hidden="true" className="h-12 w-12 text-warn" />
          <Lock aria-hidden="true" className="absolute -right-2 -bottom-1 h-5 w-5 text-muted" />
        </span>
        <p className="font-semibold">Custom Embeds is a premium feature.</p>
        <p className="text-muted">Upgrade to premium to unlock this feature.</p>
        <Link to={UPGRADE_PATH} className="btn-primary mt-2 inline-flex items-center gap-2">
          <Crown aria-hidden="true" className="h-4 w-4" />
          Upgrade to Premium
        </Link>
      </div>
    </div>
  );
}

interface EditTarget {
  messageId: string;
  guildId: string;
  channelId: string;
}

type Guilds = NonNullable<NonNullable<ReturnType<typeof useAuth>['user']>['guilds']>;

/** The server's words when it answered, or null when the call itself failed (network: the spec's "Check console"). */
function answered(err: unknown): string | null {
  if (err instanceof ApiError && err.status > 0)
    return typeof err.body.error === 'string' && err.body.error ? err.body.error : 'Unknown error';
  return null;
}

const messageKey = ({ content, embeds }: Pick<BuilderState, 'content' | 'embeds'>) => JSON.stringify([content, embeds]);

function Builder({ guilds: allGuilds }: { guilds: Guilds }) {
  const { guildId = '' } = useParams();
  const [state, dispatch] = useReducer(builderReducer, undefined, initialState);
  const { content, embeds, active } = state;
  const [tab, setTab] = useState<EditorTab>('message');
  const [banner, show] = useTimedBanner();
  const [mode, setMode] = useState<SendMode>('channel');
  const [webhookUrl, setWebhookUrl] = useState('');
  // The user's guilds they manage (a guild only viewable through AntiNuke's access levels carries `sections`).
  const guilds = useMemo(() => allGuilds.filter((g) => !g.sections), [allGuilds]);
  const [sendGuild, setSendGuild] = useState(() => (guilds.some((g) => g.id === guildId) ? guildId : ''));
  const [channelId, setChannelId] = useState('');
  const [editing, setEditing] = useState<EditTarget | null>(null);
  const [messageInput, setMessageInput] = useState('');
  const [busy, setBusy] = useState(false);
  const grant = usePageGrant('embeds');
  const [serverErrors, setServerErrors] = useState<{ for: unknown; errors: MessageErrors }>({ for: null, errors: {} });

  const clientErrors = useMemo(() => validateMessage(content, embeds), [content, embeds]);
  // The server's field errors stand until the message they were about changes.
  const errors = useMemo(
    () => (serverErrors.for === state ? { ...serverErrors.errors, ...clientErrors } : clientErrors),
    [serverErrors, state, clientErrors],
  );
  // The saved embeds read the message when they save or export: a stable getter keeps their list out of each keystroke.
  const latest = useRef(state);
  latest.current = state;
  const currentMessage = useCallback(() => ({ content: latest.current.content, embeds: latest.current.embeds }), []);
  // Unsaved: the message differs from the last one loaded, sent, updated or saved as a draft.
  const [kept, setKept] = useState(() => messageKey(state));
  const now = useMemo(() => messageKey({ content, embeds }), [content, embeds]);
  const unsaved = useUnsavedChanges(now !== kept);
  const keep = useCallback((message: Pick<BuilderState, 'content' | 'embeds'>) => setKept(messageKey(message)), []);
  /** Replaces the message with one that is kept elsewhere (fetched, a draft, the defaults). */
  const settle = useCallback((action: BuilderAction) => {
    setKept(messageKey(builderReducer(latest.current, action)));
    dispatch(action);
  }, []);
  const loadMessage = useCallback(
    (next: { content?: string; embeds: DiscordEmbed[] }) => settle({ type: 'replace', content: next.content ?? '', embeds: next.embeds }),
    [settle],
  );

  const onGuild = useCallback((id: string) => {
    setSendGuild(id);
    setChannelId('');
  }, []);
  const select = useCallback((index: number) => dispatch({ type: 'select', index }), []);
  const fail = (message: string) => show({ kind: 'error', message });
  const succeed = (message: string) => show({ kind: 'success', message });

  /** The form's own checks before anything leaves the browser; true when the message may go. */
  const ready = (): boolean => {
    const [first] = Object.entries(clientErrors);
    if (first) {
      // The field at fault may be on another embed: show that one, and say which.
      const embed = /^\/embeds\/(\d+)/.exec(first[0]);
      if (embed) dispatch({ type: 'select', index: Number(embed[1]) });
      // Discord's 6000 over all embeds is the schema's rule on the list itself: its words say what to do.
      if (first[0] === '/embeds') fail(first[1]);
      else fail(`Please fix the fields marked in red first: ${embed ? `Embed ${Number(embed[1]) + 1}: ` : ''}${first[1]}`);
      return false;
    }
    return true;
  };

  // A draft is a message too (the collection validates it with the same schema): the same checks before saving.
  const readyRef = useRef(ready);
  readyRef.current = ready;
  const checkMessage = useCallback(() => readyRef.current(), []);

  const keepFieldErrors = (err: unknown) => {
    if (err instanceof ApiError && err.fieldErrors.length) {
      const byPath: Record<string, string> = {};
      for (const { path, message } of err.fieldErrors) byPath[path] ??= message;
      setServerErrors({ for: state, errors: byPath });
    }
  };

  const resetToDefaults = () => {
    settle({ type: 'replace', content: initialState().content, embeds: initialState().embeds });
    setEditing(null);
    setMessageInput('');
  };

  const send = async () => {
    if (editing) return update();
    if (mode === 'webhook' && !webhookUrl.trim()) return fail(refusals.noWebhookUrl);
    if (mode === 'channel' && (!sendGuild || !channelId)) return fail(refusals.noGuildOrChannel);
    if (!ready()) return;
    setBusy(true);
    try {
      if (mode === 'webhook') await client.sendEmbedToWebhook({ webhookUrl: webhookUrl.trim(), content, embeds });
      else await client.sendEmbedToChannel({ guildId: sendGuild, channelId, content, embeds });
      keep({ content, embeds });
      succeed('Embed sent successfully!');
    } catch (err) {
      const reason = answered(err);
      keepFieldErrors(err);
      if (reason === null) console.error('Failed to send embed', err);
      fail(reason === null ? 'Failed to send embed. Check console for details.' : `Failed to send embed: ${reason}`);
    } finally {
      setBusy(false);
    }
  };

  const fetchMessage = async () => {
    const text = messageInput.trim();
    if (!text) return fail(refusals.noMessageId);
    const link = parseMessageLink(text);
    if (link) {
      setSendGuild(link.guildId);
      setChannelId(link.channelId);
    }
    // An empty channel asks the server to look through the guild's text and announcement channels.
    const request = link ?? { messageId: text, guildId: sendGuild || guildId, channelId };
    setBusy(true);
    try {
      const answer = await client.getEmbedById(request);
      if (!answer.embeds?.length) return fail('No embeds found in this message');
      settle({ type: 'replace', content: answer.content ?? '', embeds: answer.embeds.map(embedFromFetched) });
      // Edit mode forces channel mode, on the guild and channel the message is in.
      setEditing({ messageId: answer.messageId, guildId: answer.guildId, channelId: answer.channelId });
      setMode('channel');
      setSendGuild(answer.guildId);
      setChannelId(answer.channelId);
      succeed('Embed loaded successfully!');
    } catch (err) {
      const reason = answered(err);
      if (reason === null) console.error('Failed to fetch embed', err);
      fail(reason === null ? 'Failed to fetch embed. Check console for details.' : `Failed to fetch embed: ${reason}`);
    } finally {
      setBusy(false);
    }
  };

  const update = async () => {
    if (!editing) return fail(refusals.noMessageEditing);
    if (!ready()) return;
    setBusy(true);
    try {
      await client.updateEmbed({ ...editing, content, embeds });
      keep({ content, embeds });
      succeed('Embed updated successfully!');
    } catch (err) {
      const reason = answered(err);
      keepFieldErrors(err);
      if (reason === null) console.error('Failed to update embed', err);
      fail(reason === null ? 'Failed to update embed. Check console for details.' : `Failed to update embed: ${reason}`);
    } finally {
      setBusy(false);
    }
  };

  // Schedule: the Scheduled Messages page opens a new schedule with this message (router state, discord-message's shape).
  const navigate = useNavigate();
  const schedule = () => {
    if (!ready()) return;
    // The message goes with it (the new schedule's editor asks before it is lost), so leaving asks nothing.
    unsaved.carry(() => navigate(`/manage/${guildId}/schedules`, { state: { scheduleMessage: { content, embeds } } }));
  };

  const count = embeds.length;
  const sendLabel = `${editing ? 'Update' : 'Send'} ${count === 1 ? 'Embed' : `${count} Embeds`}`;

  const editPanel = (
    <div className="space-y-4">
      {editing && (
        <div role="status" className="flex items-start gap-2 rounded-lg border border-warn/50 bg-warn/10 p-3 text-sm">
          <Pencil aria-hidden="true" className="mt-0.5 h-4 w-4 text-warn" />
          <div>
            <p className="font-semibold">Editing Message</p>
            <p className="text-muted">Message {editing.messageId}: your changes replace its embeds when you update it.</p>
          </div>
        </div>
      )}
      <div className="space-y-1">
        <label htmlFor="eb-message-id" className="text-sm font-medium">
          Message ID or message link
        </label>
        <div className="flex flex-col gap-2 sm:flex-row">
          <input
            id="eb-message-id"
            type="text"
            value={messageInput}
            onChange={(e) => setMessageInput(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === 'Enter' && !busy) void fetchMessage();
            }}
            placeholder="123456789012345678 or https://discord.com/channels/..."
            aria-describedby="eb-message-id-hint"
            className="field-input"
          />
          <button type="button" className="btn-secondary shrink-0" disabled={busy} onClick={() => void fetchMessage()}>
            Fetch Embed
          </button>
        </div>
        <p id="eb-message-id-hint" className="text-xs text-muted">
          Only messages the bot sent can be edited. A pasted link also picks the server and channel.
        </p>
      </div>
      <div className="flex flex-wrap gap-2">
        <button type="button" className="btn-primary" disabled={busy || grant.readOnly} onClick={() => void update()}>
          Update Existing Embed
        </button>
        {editing && (
          <>
            <button type="button" className="btn-secondary" onClick={resetToDefaults}>
              Exit Edit Mode
            </button>
            <button type="button" className="btn-secondary" onClick={resetToDefaults}>
              Cancel Editing
            </button>
          </>
        )}
      </div>
    </div>
  );

  return (
    <div className="mx-auto max-w-7xl space-y-6 px-4 py-6">
      <header className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <h1 className="text-2xl font-bold">Embed Builder</h1>
          <p className="mt-1 text-sm text-muted">
            Design up to {LIMITS.embeds} embeds with optional text, then send them or update a message the bot sent.
          </p>
        </div>
        <SectionHistoryLink collection="embeds" />
      </header>
      {/* A toast at the top right: Send and Fetch sit far down the page, on a phone below the fold. */}
      <div className="fixed top-4 right-4 left-4 z-40 rounded-lg bg-panel shadow-2xl sm:left-auto sm:w-96 [&_p]:mb-0">
        <StatusBanner banner={banner} />
      </div>
      <div className="grid gap-6 lg:grid-cols-2">
        <div className="min-w-0 space-y-6">
          <section aria-label="Embeds" className="card space-y-4 p-4">
            <EmbedStrip count={count} active={active} dispatch={dispatch} />
            <EmbedEditor
              tab={tab}
              onTab={setTab}
              content={content}
              embed={embeds[active]!}
              index={active}
              errors={errors}
              dispatch={dispatch}
              editPanel={editPanel}
            />
          </section>
          <section aria-label="Send" className="card space-y-4 p-4">
            <SendOptions
              mode={mode}
              onMode={setMode}
              webhookUrl={webhookUrl}
              onWebhookUrl={setWebhookUrl}
              guilds={guilds}
              guildId={sendGuild}
              onGuild={onGuild}
              channelId={channelId}
              onChannel={setChannelId}
              editing={editing !== null}
            />
            <ReadOnlyNote grant={grant} />
            <div className="flex flex-col gap-2 sm:flex-row">
              <button type="button" className="btn-primary w-full sm:w-auto" disabled={busy || grant.readOnly} onClick={() => void send()}>
                {sendLabel}
              </button>
              <button type="button" className="btn-secondary w-full sm:w-auto" disabled={busy} onClick={schedule}>
                <CalendarClock aria-hidden="true" className="h-4 w-4" />
                Schedule
              </button>
            </div>
          </section>
          <SavedEmbeds
            guildId={guildId}
            current={currentMessage}
            check={checkMessage}
            onLoad={loadMessage}
            onSaved={keep}
            notify={show}
            readOnly={grant.readOnly}
          />
        </div>
        <div className="min-w-0 lg:sticky lg:top-4 lg:self-start">
          <Preview content={content} embeds={embeds} active={active} editing={editing !== null} onSelect={select} />
        </div>
      </div>
      {unsaved.prompt}
    </div>
  );
}
