import { panelMessage } from '@guildhall/common/ticket-panel';
import { Send } from 'lucide-react';
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { ApiError } from '../../../api/client';
import { useChannels, useDeployTicketPanel, useTicketPanels } from '../../../api/queries';
import { DiscordMessage } from '../../../components/discord';
import { Dialog } from '../../../components/Dialog';
import { Spinner } from '../../../components/Spinner';
import { BANNER_TONES, type Banner, BannerLine } from '../../../components/StatusBanner';
import { PANEL_CHANNEL_TYPES } from '../ticket-panels/panel-channels';

/** The dialog closes (and forgets its choices) 2000 ms after a panel was sent. */
export const SEND_PANEL_CLOSE_MS = 2000;
/** The preview's fallback bot name. */
const PREVIEW_AUTHOR = { name: 'Discord Bot', bot: true };

type Phase = { kind: 'idle' } | { kind: 'sending' } | { kind: 'sent'; message: string } | { kind: 'failed'; message: string };
/** The send's outcome as a banner, once there is one. */
const outcomeOf = (phase: Phase): Banner | null =>
  phase.kind === 'sent'
    ? { kind: 'success', message: phase.message }
    : phase.kind === 'failed'
      ? { kind: 'error', message: phase.message }
      : null;

/**
 * The Send Embed Panel dialog: pick a saved panel and a text channel, see what the bot will post
 * (drawn by the same panelMessage the server posts), then Send Panel, which deploys the panel to that channel. It
 * loads panels and channels when opened; while sending it cannot be closed.
 */
export function SendPanelDialog({ guildId, onClose }: { guildId: string; onClose(): void }) {
  const panels = useTicketPanels(guildId);
  const channels = useChannels(guildId);
  const deploy = useDeployTicketPanel(guildId);
  const [panelId, setPanelId] = useState('');
  const [channelId, setChannelId] = useState('');
  const [phase, setPhase] = useState<Phase>({ kind: 'idle' });
  const sending = phase.kind === 'sending';
  const closeTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(closeTimer.current), []);

  // Read through a ref so `close` stays the same function: useModal would otherwise move focus each time it changes.
  const sendingNow = useRef(false);
  sendingNow.current = sending;
  const close = useCallback(() => {
    if (!sendingNow.current) onClose();
  }, [onClose]);
  const ids = { title: useId(), panel: useId(), channel: useId(), status: useId() };

  // Only text channels are offered (the panel schema's channel types, which the server checks).
  const textChannels = (channels.data ?? []).filter((c) => PANEL_CHANNEL_TYPES.includes(c.type));
  const panelList = panels.data?.items ?? [];
  const panel = panelList.find((entry) => entry.id === panelId);
  const loading = panels.isPending || channels.isPending;
  const loadFailed = panels.isError || channels.isError;

  // A new choice answers the 'select both' message (or an earlier failure): it is not about this choice any more.
  const choose = (set: (id: string) => void) => (id: string) => {
    set(id);
    if (phase.kind === 'failed') setPhase({ kind: 'idle' });
  };

  async function send() {
    const channel = textChannels.find((c) => c.id === channelId);
    if (!panel || !channel) {
      setPhase({ kind: 'failed', message: 'Please select both an embed panel and a channel' });
      return;
    }
    setPhase({ kind: 'sending' });
    try {
      await deploy.mutateAsync({ panelId: panel.id, channelId: channel.id });
      setPhase({ kind: 'sent', message: `Panel sent successfully to #${channel.name}` });
      closeTimer.current = setTimeout(() => {
        setPanelId('');
        setChannelId('');
        setPhase({ kind: 'idle' });
        onClose();
      }, SEND_PANEL_CLOSE_MS);
    } catch (err) {
      const reason = err instanceof ApiError && typeof err.body.error === 'string' ? err.body.error : 'Failed to send panel';
      setPhase({ kind: 'failed', message: reason });
    }
  }

  const outcome = outcomeOf(phase);
  return (
    <Dialog
      titleId={ids.title}
      title="Send Embed Panel"
      onClose={close}
      busy={sending}
      footer={
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <button type="button" className="btn-secondary" disabled={sending} onClick={close}>
            Cancel
          </button>
          <button
            type="button"
            className="btn-primary"
            disabled={sending || phase.kind === 'sent' || loading || loadFailed}
            onClick={() => void send()}
          >
            <Send aria-hidden="true" className="h-4 w-4" />
            {sending ? 'Sending...' : 'Send Panel'}
          </button>
        </div>
      }
    >
      <div className="space-y-4">
        {loading ? (
          <Spinner label="Loading embed panels and channels..." className="py-8" />
        ) : loadFailed ? (
          <div role="alert" className="rounded-lg border border-danger/50 bg-danger/10 p-4 text-sm text-danger">
            <p>Failed to load embed panels and channels</p>
            <button
              type="button"
              className="btn-secondary mt-3"
              onClick={() => {
                if (panels.isError) void panels.refetch();
                if (channels.isError) void channels.refetch();
              }}
            >
              Retry
            </button>
          </div>
        ) : (
          <>
            <div className="grid gap-4 sm:grid-cols-2">
              <div>
                <label htmlFor={ids.panel} className="mb-1 block text-sm font-medium">
                  Embed Panel
                </label>
                <select
                  id={ids.panel}
                  className="field-input"
                  value={panelId}
                  disabled={sending}
                  onChange={(e) => choose(setPanelId)(e.target.value)}
                >
                  <option value="">{panelList.length ? 'Select a panel' : 'No panels created yet'}</option>
                  {panelList.map(({ id, item }) => (
                    <option key={id} value={id}>
                      {item.title}
                      {item.deployed ? ' (Deployed)' : ''}
                    </option>
                  ))}
                </select>
              </div>
              <div>
                <label htmlFor={ids.channel} className="mb-1 block text-sm font-medium">
                  Channel
                </label>
                <select
                  id={ids.channel}
                  className="field-input"
                  value={channelId}
                  disabled={sending}
                  onChange={(e) => choose(setChannelId)(e.target.value)}
                >
                  <option value="">Select a channel</option>
                  {textChannels.map((c) => (
                    <option key={c.id} value={c.id}>
                      #{c.name}
                    </option>
                  ))}
                </select>
              </div>
            </div>

            <section aria-label="Preview">
              <h3 className="mb-2 text-sm font-medium text-muted">Preview</h3>
              {panel ? (
                <div className="overflow-hidden rounded-lg border border-line">
                  <DiscordMessage message={panelMessage(panel.item, panel.id)} author={PREVIEW_AUTHOR} />
                </div>
              ) : (
                <p className="rounded-lg border border-dashed border-line p-6 text-center text-sm text-muted">
                  Choose a panel to see what the bot will post.
                </p>
              )}
            </section>
          </>
        )}

        <div id={ids.status} aria-live="polite">
          {outcome && (
            <BannerLine
              banner={outcome}
              iconClassName="h-4 w-4 shrink-0"
              className={`flex items-center gap-2 rounded-lg border p-3 text-sm ${BANNER_TONES[outcome.kind]}`}
            />
          )}
        </div>
      </div>
    </Dialog>
  );
}
