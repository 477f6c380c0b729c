import { AlertTriangle, Copy, OctagonAlert, Pencil, Rocket, Trash2 } from 'lucide-react';
import { memo } from 'react';
import type { RoleMenuEntry, RoleMenuWarning } from '../../../api/role-menus';
import roleMenuFile from '@guildhall/generated/schema.role-menu.json';

export type MenuAction = 'edit' | 'duplicate' | 'deploy' | 'delete';

/** The kind's label, as the schema's x-ui names it (the published schema alone: the list loads no form engine). */
const KIND_LABELS = (roleMenuFile.schema.properties.kind['x-ui'] as { enumLabels: Record<string, string> }).enumLabels;
const kindLabel = (kind: string) => KIND_LABELS[kind] ?? kind;

/** The menu's pre-flight findings: blocking ones in red with their fix, the others in amber. */
export function MenuWarnings({ id, warnings }: { id: string; warnings: readonly RoleMenuWarning[] }) {
  if (warnings.length === 0) return null;
  return (
    <ul id={id} className="space-y-2" aria-label="Pre-flight warnings">
      {warnings.map((warning, i) => (
        <li
          key={`${warning.code}-${i}`}
          data-warning={warning.blocking ? 'blocking' : 'advice'}
          className={`flex gap-2 rounded-lg border p-2 text-xs ${warning.blocking ? 'border-danger/50 bg-danger/10 text-danger' : 'border-warn/50 bg-warn/10 text-warn'}`}
        >
          {warning.blocking ? (
            <OctagonAlert aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0" />
          ) : (
            <AlertTriangle aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0" />
          )}
          <span>
            <span className="font-semibold">{warning.message}</span> <span>{warning.fix}</span>
          </span>
        </li>
      ))}
    </ul>
  );
}

/** One menu of the list: its name, channel, kind, options, state, last save, warnings and actions. */
export const MenuCard = memo(function MenuCard({
  entry,
  channelName,
  warnings,
  checksUnavailable,
  busy,
  onAction,
  readOnly = false,
}: {
  entry: RoleMenuEntry;
  channelName: string | undefined;
  warnings: readonly RoleMenuWarning[];
  checksUnavailable: boolean;
  busy: boolean;
  onAction(action: MenuAction, entry: RoleMenuEntry): void;
  /** A read-only grantee: the card without its actions (nothing changed or posted). */
  readOnly?: boolean;
}) {
  const { item } = entry;
  const headingId = `menu-${entry.id}-title`;
  const blocked = warnings.some((w) => w.blocking);
  const saved = item.updated_at ?? item.created_at;
  const savedAt = saved ? new Date(saved) : null;
  const count = item.options?.length ?? 0;
  const reasonId = `menu-${entry.id}-blocked`;
  return (
    <li>
      <article aria-labelledby={headingId} className="card flex h-full flex-col gap-3 p-5" data-menu-card={entry.id}>
        <div className="flex items-start justify-between gap-3">
          <h2 id={headingId} className="min-w-0 font-semibold break-words">
            {item.title}
          </h2>
          <span
            data-state={item.deployed ? 'deployed' : 'draft'}
            className={`shrink-0 rounded-full px-2 py-0.5 text-xs font-semibold ${item.deployed ? 'bg-ok/15 text-ok' : 'bg-panel-2 text-muted'}`}
          >
            {item.deployed ? 'Deployed' : 'Draft'}
          </span>
        </div>
        <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-xs">
          <dt className="text-muted">Channel</dt>
          <dd>{!item.channel_id ? 'No channel' : channelName ? `#${channelName}` : `Unknown channel (${item.channel_id})`}</dd>
          <dt className="text-muted">Kind</dt>
          <dd>{kindLabel(item.kind)}</dd>
          <dt className="text-muted">Options</dt>
          <dd data-option-count="">{count}</dd>
          <dt className="text-muted">Last saved</dt>
          <dd>{savedAt && !Number.isNaN(savedAt.getTime()) ? savedAt.toLocaleString() : 'Unknown'}</dd>
        </dl>
        <MenuWarnings id={`menu-${entry.id}-warnings`} warnings={warnings} />
        {checksUnavailable && <p className="text-xs text-muted">Checks unavailable</p>}
        <div className={`mt-auto flex-wrap gap-2 pt-2 ${readOnly ? 'hidden' : 'flex'}`}>
          <button type="button" className="btn-secondary px-3" onClick={() => onAction('edit', entry)} aria-label={`Edit ${item.title}`}>
            <Pencil aria-hidden="true" className="h-4 w-4" />
            Edit
          </button>
          <button
            type="button"
            className="btn-secondary px-3"
            disabled={busy}
            onClick={() => onAction('duplicate', entry)}
            aria-label={`Duplicate ${item.title}`}
          >
            <Copy aria-hidden="true" className="h-4 w-4" />
            Duplicate
          </button>
          <button
            type="button"
            className="btn-primary px-3"
            disabled={busy || blocked}
            onClick={() => onAction('deploy', entry)}
            aria-label={`${item.deployed ? 'Redeploy' : 'Deploy'} ${item.title}`}
            aria-describedby={blocked ? reasonId : undefined}
          >
            <Rocket aria-hidden="true" className="h-4 w-4" />
            {item.deployed ? 'Redeploy' : 'Deploy'}
          </button>
          <button
            type="button"
            className="btn-secondary px-3 text-danger"
            disabled={busy}
            onClick={() => onAction('delete', entry)}
            aria-label={`Delete ${item.title}`}
          >
            <Trash2 aria-hidden="true" className="h-4 w-4" />
            Delete
          </button>
        </div>
        {blocked && (
          <p id={reasonId} className="text-xs text-danger">
            Fix the problems in red before deploying.
          </p>
        )}
      </article>
    </li>
  );
});
