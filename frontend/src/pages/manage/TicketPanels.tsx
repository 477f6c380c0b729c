import { useQueryClient } from '@tanstack/react-query';
import { ArrowLeft, LayoutTemplate, Plus, RefreshCw } from 'lucide-react';
import { useCallback, useMemo, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { client } from '../../api/client';
import { useChannels, useTicketPanels } from '../../api/queries';
import { queryKeys } from '../../api/query-keys';
import { LoadErrorCard } from '../../components/LoadErrorCard';
import { Spinner } from '../../components/Spinner';
import { StatusBanner, useTimedBanner } from '../../components/StatusBanner';
import { useDocumentMeta } from '../../lib/use-document-meta';
import { DeletePanelDialog } from './ticket-panels/DeletePanelDialog';
import { PanelCard, type PanelAction } from './ticket-panels/PanelCard';
import { PanelEditor, type EditorOutcome } from './ticket-panels/PanelEditor';
import { PANEL_CHANNEL_TYPES } from './ticket-panels/panel-channels';
import type { PanelEntry } from './ticket-panels/panel-model';
import { planLimitRefusal, type PlanLimitRefusal, planLimitText, UpgradeLink } from './ticket-panels/plan-limit';
import { PreviewDialog } from './ticket-panels/PreviewDialog';
import { usePageGrant } from './dashboard-access/grant';
import { ReadOnlyNote } from './dashboard-access/ReadOnlyNote';
import { SectionHistoryLink } from './SectionHeader';

/** The list's notices clear after 4 seconds. */
export const LIST_NOTICE_MS = 4000;

type PanelList = Awaited<ReturnType<typeof client.listTicketPanels>>;

const reason = (err: unknown) => (err instanceof Error ? err.message : String(err));

/**
 * /manage/{guildId}/tickets/panel: the guild's ticket panels, their actions, and the
 * editor. The list is the collection API's; the cache is updated from each answer, so an action shows at once.
 */
export default function TicketPanels() {
  useDocumentMeta('Ticket Panels', 'The messages members open support tickets from.');
  const { guildId = '' } = useParams();
  const queries = useQueryClient();
  const panels = useTicketPanels(guildId);
  const channels = useChannels(guildId);
  const [notice, showNotice] = useTimedBanner(LIST_NOTICE_MS);
  // undefined: no editor; null: a new panel.
  const [editing, setEditing] = useState<PanelEntry | null | undefined>(undefined);
  const [previewing, setPreviewing] = useState<PanelEntry | null>(null);
  const [deleting, setDeleting] = useState<PanelEntry | null>(null);
  const [busyId, setBusyId] = useState<string | null>(null);
  const [refused, setRefused] = useState<PlanLimitRefusal | null>(null);
  const grant = usePageGrant('panels');

  const textChannels = useMemo(() => (channels.data ?? []).filter((c) => PANEL_CHANNEL_TYPES.includes(c.type)), [channels.data]);
  const channelNames = useMemo(() => new Map((channels.data ?? []).map((c) => [c.id, c.name])), [channels.data]);

  const setList = useCallback(
    (change: (items: PanelEntry[]) => PanelEntry[]) =>
      queries.setQueryData<PanelList>(queryKeys.ticketPanels(guildId), (list) =>
        list ? { ...list, items: change(list.items as PanelEntry[]) } : list,
      ),
    [queries, guildId],
  );
  const upsert = useCallback(
    (entry: PanelEntry) =>
      setList((items) => (items.some((e) => e.id === entry.id) ? items.map((e) => (e.id === entry.id ? entry : e)) : [...items, entry])),
    [setList],
  );
  const removeFromList = useCallback((id: string) => setList((items) => items.filter((e) => e.id !== id)), [setList]);

  const onAction = useCallback(
    async (action: PanelAction, entry: PanelEntry) => {
      if (action === 'preview') return setPreviewing(entry);
      if (action === 'edit') return setEditing(entry);
      if (action === 'delete') return setDeleting(entry);
      setBusyId(entry.id);
      try {
        if (action === 'duplicate') {
          upsert(await client.duplicateTicketPanel(guildId, entry.id));
          showNotice({ kind: 'success', message: 'Panel duplicated successfully!' });
        } else {
          const answer = await client.deployTicketPanel(guildId, entry.id, { channelId: entry.item.channel_id });
          upsert({ id: answer.id, version: answer.version, item: answer.item });
          showNotice({ kind: 'success', message: 'Panel deployed successfully!' });
        }
      } catch (err) {
        const refusal = planLimitRefusal(err);
        if (refusal) {
          setRefused(refusal);
          // The list's count and limit may be stale (a panel made elsewhere): read them again.
          void panels.refetch();
          return;
        }
        const what = action === 'duplicate' ? 'Failed to duplicate panel' : 'Failed to deploy panel';
        showNotice({ kind: 'error', message: `${what}: ${reason(err)}` });
      } finally {
        setBusyId(null);
      }
    },
    [guildId, upsert, showNotice, panels],
  );

  const confirmDelete = async () => {
    const entry = deleting;
    if (!entry) return;
    setDeleting(null);
    setBusyId(entry.id);
    try {
      await client.deleteTicketPanel(guildId, entry.id);
      removeFromList(entry.id);
      showNotice({ kind: 'success', message: 'Panel deleted successfully!' });
    } catch (err) {
      showNotice({ kind: 'error', message: `Failed to delete panel: ${reason(err)}` });
    } finally {
      setBusyId(null);
    }
  };

  const closeEditor = useCallback(
    (outcome: EditorOutcome) => {
      setEditing(undefined);
      if (outcome.created) showNotice({ kind: 'success', message: 'Panel saved successfully!' });
      else if (outcome.saved) showNotice({ kind: 'success', message: `Panel "${outcome.title}" updated successfully!` });
    },
    [showNotice],
  );

  const refresh = () => {
    void panels.refetch();
    void channels.refetch();
  };

  const items = (panels.data?.items ?? []) as PanelEntry[];
  const deployed = items.filter((e) => e.item.deployed).length;
  const cap = panels.data?.cap;
  const full = cap !== undefined && items.length >= cap;
  const planLimit = panels.data?.planLimit;
  const atPlanLimit = planLimit !== undefined && planLimit.max !== null && items.length >= planLimit.max;
  // One limit on the page: what the guild's plan allows (the line below names the plan and its upgrade). The item cap
  // is the engine's ceiling over every plan, said only when reached; a plan without a limit reads as none.
  const shownLimit = planLimit ? (planLimit.max ?? 'No limit') : cap;
  const onPlanLimit = useCallback(
    (refusal: PlanLimitRefusal) => {
      setRefused(refusal);
      void panels.refetch();
    },
    [panels],
  );

  return (
    <div className="space-y-6">
      <header className="flex flex-wrap items-center justify-between gap-4">
        <div className="flex items-center gap-3">
          <Link to={`/manage/${guildId}/tickets`} className="btn-secondary px-3" aria-label="Back to Ticket System">
            <ArrowLeft aria-hidden="true" className="h-4 w-4" />
          </Link>
          <div>
            <h1 className="text-2xl font-bold sm:text-3xl">Ticket Panels</h1>
            <p className="text-sm text-muted">The messages members open support tickets from.</p>
          </div>
        </div>
        <div className="flex flex-wrap gap-2">
          <SectionHistoryLink collection="panels" />
          <button type="button" className="btn-secondary" onClick={refresh} disabled={panels.isFetching}>
            <RefreshCw aria-hidden="true" className={`h-4 w-4 ${panels.isFetching ? 'animate-spin' : ''}`} />
            Refresh
          </button>
          {!grant.readOnly && (
            <button
              type="button"
              className="btn-primary"
              onClick={() => setEditing(null)}
              disabled={!panels.isSuccess || full || atPlanLimit}
              aria-describedby={atPlanLimit ? 'panel-plan-limit' : undefined}
            >
              <Plus aria-hidden="true" className="h-4 w-4" />
              Create Panel
            </button>
          )}
        </div>
      </header>

      <ReadOnlyNote grant={grant} />

      <StatusBanner banner={notice} />

      {refused && (
        <div role="alert" className="flex flex-wrap items-center gap-3 rounded-xl border border-warn/50 bg-warn/10 p-4 text-sm">
          <p className="flex-1">{refused.message}</p>
          <UpgradeLink limit={refused.planLimit} />
          <button type="button" className="btn-secondary" onClick={() => setRefused(null)}>
            Dismiss
          </button>
        </div>
      )}

      {channels.isError && (
        <LoadErrorCard title="Failed to load channels and categories" error={channels.error} onRetry={() => void channels.refetch()} />
      )}

      {panels.isPending ? (
        <Spinner label="Loading ticket panels..." />
      ) : panels.isError ? (
        <LoadErrorCard title="Failed to load ticket panels" error={panels.error} onRetry={() => void panels.refetch()} />
      ) : (
        <>
          <dl aria-label="Panel summary" className="grid grid-cols-3 gap-3">
            {(
              [
                ['Total panels', 'total', items.length],
                ['Deployed', 'deployed', deployed],
                ['Limit', 'cap', shownLimit],
              ] as const
            ).map(([label, key, value]) => (
              <div key={key} className="card p-4">
                <dt className="text-xs text-muted uppercase">{label}</dt>
                <dd className="text-2xl font-bold" data-summary={key}>
                  {value}
                </dd>
              </div>
            ))}
          </dl>
          {planLimit && (
            <p id="panel-plan-limit" className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm" data-plan-limit>
              <span className={atPlanLimit ? 'text-warn' : 'text-muted'}>
                {planLimitText(items.length, planLimit)}
                {atPlanLimit && '. Your plan allows no more.'}
              </span>
              {atPlanLimit && <UpgradeLink limit={planLimit} />}
            </p>
          )}
          {full && <p className="text-sm text-warn">This server has the most panels allowed ({cap}). Delete one to create another.</p>}
          {items.length === 0 ? (
            <div className="card flex flex-col items-center gap-3 p-10 text-center">
              <LayoutTemplate aria-hidden="true" className="h-10 w-10 text-muted" />
              <p className="font-semibold">No panels created yet</p>
              <p className="text-sm text-muted">A panel is a message with a button members press to open a ticket.</p>
              {!grant.readOnly && (
                <button type="button" className="btn-primary" onClick={() => setEditing(null)}>
                  <Plus aria-hidden="true" className="h-4 w-4" />
                  Create your first panel
                </button>
              )}
            </div>
          ) : (
            <ul aria-label="Ticket panels" className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
              {items.map((entry) => (
                <PanelCard
                  key={entry.id}
                  entry={entry}
                  channelName={channelNames.get(entry.item.channel_id)}
                  busy={busyId === entry.id}
                  onAction={onAction}
                  readOnly={grant.readOnly}
                />
              ))}
            </ul>
          )}
        </>
      )}

      {editing !== undefined && (
        <PanelEditor
          guildId={guildId}
          entry={editing}
          channels={textChannels}
          onChanged={upsert}
          onDeleted={removeFromList}
          onClose={closeEditor}
          onPlanLimit={onPlanLimit}
        />
      )}
      {previewing && <PreviewDialog entry={previewing} onClose={() => setPreviewing(null)} />}
      {deleting && (
        <DeletePanelDialog title={deleting.item.title} onCancel={() => setDeleting(null)} onConfirm={() => void confirmDelete()} />
      )}
    </div>
  );
}
