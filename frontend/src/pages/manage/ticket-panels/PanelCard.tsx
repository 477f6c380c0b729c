import { refusals } from '@guildhall/generated/refusals';
import { Copy, Eye, type LucideIcon, Pencil, Rocket, Trash2 } from 'lucide-react';
import { memo } from 'react';
import type { PanelEntry } from './panel-model';

export type PanelAction = 'preview' | 'edit' | 'duplicate' | 'deploy' | 'delete';

/** One of a card's secondary actions, named with the panel's title for screen readers ('Edit Support'). */
function CardAction({
  icon: Icon,
  label,
  panelTitle,
  danger = false,
  disabled,
  onClick,
}: {
  icon: LucideIcon;
  label: string;
  panelTitle: string;
  danger?: boolean;
  disabled?: boolean;
  onClick(): void;
}) {
  return (
    <button
      type="button"
      className={`btn-secondary px-3${danger ? ' text-danger' : ''}`}
      onClick={onClick}
      disabled={disabled}
      aria-label={`${label} ${panelTitle}`}
    >
      <Icon aria-hidden="true" className="h-4 w-4" />
      {label}
    </button>
  );
}

/** One panel of the list: what it shows, where, its state, and its actions. */
export const PanelCard = memo(function PanelCard({
  entry,
  channelName,
  busy,
  onAction,
  readOnly = false,
}: {
  entry: PanelEntry;
  /** A read-only grantee: Preview only (nothing changed or posted). */
  readOnly?: boolean;
  /** The channel's name, or undefined when the panel has none (or it no longer exists). */
  channelName: string | undefined;
  busy: boolean;
  onAction(action: PanelAction, entry: PanelEntry): void;
}) {
  const { item } = entry;
  const headingId = `panel-${entry.id}-title`;
  const created = item.created_at ? new Date(item.created_at) : null;
  const noChannel = !item.channel_id;
  return (
    <li>
      <article aria-labelledby={headingId} className="card flex h-full flex-col gap-3 p-5" data-panel-card={entry.id}>
        <div className="flex items-start justify-between gap-3">
          <h2 id={headingId} className="min-w-0 break-words font-semibold">
            {item.title}
          </h2>
          <span
            className={`shrink-0 rounded-full px-2 py-0.5 text-xs font-semibold ${item.deployed ? 'bg-ok/15 text-ok' : 'bg-panel-2 text-muted'}`}
          >
            {item.deployed ? 'Deployed' : 'Draft'}
          </span>
        </div>
        <p className="line-clamp-3 text-sm break-words text-muted">{item.description}</p>
        <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-xs">
          <dt className="text-muted">Button</dt>
          <dd>
            <span className="inline-flex items-center gap-1 rounded bg-[#5865f2] px-2 py-0.5 font-medium text-white">
              {item.button_emoji && <span aria-hidden="true">{item.button_emoji}</span>}
              {item.button_label}
            </span>
          </dd>
          <dt className="text-muted">Colour</dt>
          <dd className="flex items-center gap-1.5">
            <span aria-hidden="true" className="h-3 w-3 rounded-full border border-line" style={{ backgroundColor: item.color }} />
            {item.color}
          </dd>
          <dt className="text-muted">Channel</dt>
          <dd>{noChannel ? 'No channel' : channelName ? `#${channelName}` : `Unknown channel (${item.channel_id})`}</dd>
          <dt className="text-muted">Created</dt>
          <dd>{created && !Number.isNaN(created.getTime()) ? created.toLocaleDateString() : 'Unknown'}</dd>
        </dl>
        <div className="mt-auto flex flex-wrap gap-2 pt-2">
          <CardAction icon={Eye} label="Preview" panelTitle={item.title} onClick={() => onAction('preview', entry)} />
          {!readOnly && (
            <>
              <CardAction icon={Pencil} label="Edit" panelTitle={item.title} onClick={() => onAction('edit', entry)} />
              <CardAction
                icon={Copy}
                label="Duplicate"
                panelTitle={item.title}
                disabled={busy}
                onClick={() => onAction('duplicate', entry)}
              />
              <button
                type="button"
                className="btn-primary px-3"
                onClick={() => onAction('deploy', entry)}
                disabled={busy || noChannel}
                title={noChannel ? refusals.panelNoChannelToDeploy : undefined}
                aria-label={`${item.deployed ? 'Redeploy' : 'Deploy'} ${item.title}`}
                aria-describedby={noChannel ? `panel-${entry.id}-no-channel` : undefined}
              >
                <Rocket aria-hidden="true" className="h-4 w-4" />
                {item.deployed ? 'Redeploy' : 'Deploy'}
              </button>
              <CardAction
                icon={Trash2}
                label="Delete"
                panelTitle={item.title}
                danger
                disabled={busy}
                onClick={() => onAction('delete', entry)}
              />
            </>
          )}
        </div>
        {noChannel && (
          <p id={`panel-${entry.id}-no-channel`} className="text-xs text-warn">
            {refusals.panelNoChannelToDeploy}
          </p>
        )}
      </article>
    </li>
  );
});
