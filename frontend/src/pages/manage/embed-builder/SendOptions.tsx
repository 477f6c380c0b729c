import type { GuildSummary } from '@guildhall/generated/types';
import { useQuery } from '@tanstack/react-query';
import { memo, useEffect, useMemo } from 'react';
import { client } from '../../../api/client';
import { queryKeys } from '../../../api/query-keys';

export type SendMode = 'webhook' | 'channel';

/** The channel types a message can be sent to (text and announcement). */
const SENDABLE_TYPES = new Set([0, 5]);

interface SendOptionsProps {
  mode: SendMode;
  onMode(mode: SendMode): void;
  webhookUrl: string;
  onWebhookUrl(url: string): void;
  guilds: readonly GuildSummary[];
  guildId: string;
  onGuild(id: string): void;
  channelId: string;
  onChannel(id: string): void;
  editing: boolean;
}

/** Send Options: Webhook (not while editing a message) or a guild's text/announcement channel. */
export const SendOptions = memo(function SendOptions(props: SendOptionsProps) {
  const { mode, onMode, webhookUrl, onWebhookUrl, guilds, guildId, onGuild, channelId, onChannel, editing } = props;
  // The same cache entry as useChannels, but only once a guild is chosen (any guild of the user, not only the page's).
  const channels = useQuery({
    queryKey: queryKeys.channels(guildId),
    queryFn: () => client.getGuildChannels(guildId).then((r) => r.channels),
    enabled: guildId !== '',
    staleTime: 60_000,
  });
  // A failed channel load is only logged; the select stays empty with its hint.
  useEffect(() => {
    if (channels.error) console.error('Failed to load channels', channels.error);
  }, [channels.error]);
  const sendable = useMemo(() => (channels.data ?? []).filter((c) => SENDABLE_TYPES.has(c.type)), [channels.data]);
  return (
    <fieldset className="space-y-4">
      <legend className="text-sm font-semibold">Send Options</legend>
      <div className="flex flex-wrap gap-4">
        <label className={`flex items-center gap-2 text-sm ${editing ? 'opacity-60' : ''}`}>
          <input
            type="radio"
            name="eb-send-mode"
            value="webhook"
            checked={mode === 'webhook'}
            disabled={editing}
            onChange={() => onMode('webhook')}
            className="h-4 w-4 accent-brand"
          />
          Webhook
        </label>
        <label className="flex items-center gap-2 text-sm">
          <input
            type="radio"
            name="eb-send-mode"
            value="channel"
            checked={mode === 'channel'}
            onChange={() => onMode('channel')}
            className="h-4 w-4 accent-brand"
          />
          Channel
        </label>
      </div>
      {mode === 'webhook' ? (
        <div className="space-y-1">
          <label htmlFor="eb-webhook" className="text-sm font-medium">
            Webhook URL
          </label>
          <input
            id="eb-webhook"
            type="url"
            value={webhookUrl}
            onChange={(e) => onWebhookUrl(e.target.value)}
            placeholder="https://discord.com/api/webhooks/..."
            aria-describedby="eb-webhook-hint"
            className="field-input"
          />
          <p id="eb-webhook-hint" className="text-xs text-muted">
            Starts with https://discord.com/api/webhooks/
          </p>
        </div>
      ) : (
        <div className="grid gap-4 sm:grid-cols-2">
          <div className="space-y-1">
            <label htmlFor="eb-guild" className="text-sm font-medium">
              Server
            </label>
            <select id="eb-guild" value={guildId} onChange={(e) => onGuild(e.target.value)} className="field-input">
              <option value="">Select a server</option>
              {guilds.map((g) => (
                <option key={g.id} value={g.id}>
                  {g.name}
                </option>
              ))}
            </select>
          </div>
          <div className="space-y-1">
            <label htmlFor="eb-channel" className="text-sm font-medium">
              Text channel
            </label>
            <select
              id="eb-channel"
              value={channelId}
              disabled={!guildId}
              onChange={(e) => onChannel(e.target.value)}
              className="field-input"
              aria-describedby={guildId && channels.isSuccess && sendable.length === 0 ? 'eb-no-channels' : undefined}
            >
              <option value="">Select a channel</option>
              {sendable.map((c) => (
                <option key={c.id} value={c.id}>
                  #{c.name}
                </option>
              ))}
            </select>
            {guildId && !channels.isPending && sendable.length === 0 && (
              <p id="eb-no-channels" className="text-xs text-warn">
                No text channels found or bot doesn't have access
              </p>
            )}
          </div>
        </div>
      )}
    </fieldset>
  );
});
