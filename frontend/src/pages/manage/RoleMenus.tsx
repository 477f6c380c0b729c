import { useQueryClient } from '@tanstack/react-query';
import { Plus, RefreshCw, SmilePlus } from 'lucide-react';
import { lazy, Suspense, useCallback, useMemo, useState } from 'react';
import { useParams } from 'react-router-dom';
import { client } from '../../api/client';
import { useChannels } from '../../api/queries';
import { queryKeys } from '../../api/query-keys';
import { deployRoleMenu, type RoleMenuEntry, useRoleMenuPreflight, useRoleMenus } from '../../api/role-menus';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { LoadErrorCard } from '../../components/LoadErrorCard';
import { Spinner } from '../../components/Spinner';
import { StatusBanner, useTimedBanner } from '../../components/StatusBanner';
import { MANAGE_MENU } from '../../layouts/manage-menu';
import { useDocumentMeta } from '../../lib/use-document-meta';
import { MenuCard, type MenuAction } from './role-menus/MenuCard';
import { usePageGrant } from './dashboard-access/grant';
import { ReadOnlyNote } from './dashboard-access/ReadOnlyNote';
import { SectionHistoryLink } from './SectionHeader';

// The editor (the form engine, the role-menu schema's module and validator, the message renderer) loads when a menu is
// opened: the list alone stays within a manage route's byte budget (tests/route-budgets.test.ts).
const MenuEditor = lazy(() => import('./role-menus/MenuEditor'));

type MenuList = Awaited<ReturnType<typeof client.listRoleMenus>>;

/** The sidebar's entry for this page: its name and description are the page's heading and document meta. */
const PAGE = MANAGE_MENU.flatMap((group) => group.items).find((item) => item.path === 'reactionroles')!;

const reason = (err: unknown) => (err instanceof Error ? err.message : String(err));
const NO_WARNINGS: never[] = [];

/**
 * /manage/{guildId}/reactionroles: the guild's role menus (the role-menus collection) as cards with their pre-flight
 * warnings, and the editor in place of the list. The cache is updated from each answer, so an action shows at once;
 * the warnings are read again on every open of the page and after each change.
 */
export default function RoleMenus() {
  useDocumentMeta(PAGE.name, PAGE.description);
  const { guildId = '' } = useParams();
  const queries = useQueryClient();
  const menus = useRoleMenus(guildId);
  const preflight = useRoleMenuPreflight(guildId);
  const channels = useChannels(guildId);
  const [notice, showNotice] = useTimedBanner();
  // undefined: the list; null: a new menu.
  const [editing, setEditing] = useState<RoleMenuEntry | null | undefined>(undefined);
  const [deleting, setDeleting] = useState<RoleMenuEntry | null>(null);
  const [busyId, setBusyId] = useState<string | null>(null);

  const channelNames = useMemo(() => new Map((channels.data ?? []).map((c) => [c.id, c.name])), [channels.data]);
  const recheck = useCallback(() => void queries.invalidateQueries({ queryKey: queryKeys.roleMenuPreflight(guildId) }), [queries, guildId]);
  const setList = useCallback(
    (change: (items: RoleMenuEntry[]) => RoleMenuEntry[]) =>
      queries.setQueryData<MenuList>(queryKeys.roleMenus(guildId), (list) => (list ? { ...list, items: change(list.items) } : list)),
    [queries, guildId],
  );
  const upsert = useCallback(
    (entry: RoleMenuEntry) => {
      setList((items) => (items.some((e) => e.id === entry.id) ? items.map((e) => (e.id === entry.id ? entry : e)) : [...items, entry]));
      recheck();
    },
    [setList, recheck],
  );

  const onAction = useCallback(
    async (action: MenuAction, entry: RoleMenuEntry) => {
      if (action === 'edit') return setEditing(entry);
      if (action === 'delete') return setDeleting(entry);
      setBusyId(entry.id);
      try {
        if (action === 'duplicate') {
          const { success: _, ...copy } = await client.duplicateRoleMenu(guildId, entry.id);
          upsert(copy);
          showNotice({ kind: 'success', message: `"${copy.item.title}" created.` });
        } else {
          const answer = await deployRoleMenu(guildId, entry.id);
          upsert({ id: answer.id, version: answer.version, item: answer.item });
          showNotice({ kind: 'success', message: answer.redeployed ? 'Menu redeployed.' : 'Menu deployed.' });
        }
      } catch (err) {
        showNotice({ kind: 'error', message: `Failed to ${action} the menu: ${reason(err)}` });
        recheck();
      } finally {
        setBusyId(null);
      }
    },
    [guildId, upsert, showNotice, recheck],
  );

  const confirmDelete = async () => {
    const entry = deleting;
    if (!entry) return;
    setDeleting(null);
    setBusyId(entry.id);
    try {
      await client.deleteRoleMenu(guildId, entry.id);
      setList((items) => items.filter((e) => e.id !== entry.id));
      showNotice({ kind: 'success', message: `"${entry.item.title}" deleted.` });
    } catch (err) {
      showNotice({ kind: 'error', message: `Failed to delete the menu: ${reason(err)}` });
    } finally {
      setBusyId(null);
    }
  };

  const items = menus.data?.items ?? [];
  const cap = menus.data?.cap;
  const full = cap !== undefined && items.length >= cap;
  const warningsOf = (id: string) => preflight.data?.[id] ?? NO_WARNINGS;
  const create = () => setEditing(null);
  const grant = usePageGrant('role-menus');

  if (editing !== undefined) {
    const current = editing && (items.find((e) => e.id === editing.id) ?? editing);
    return (
      <Suspense fallback={<Spinner label="Loading the editor..." />}>
        <MenuEditor
          key={current?.id ?? 'new'}
          guildId={guildId}
          entry={current}
          warnings={current ? warningsOf(current.id) : NO_WARNINGS}
          onSaved={upsert}
          onRecheck={recheck}
          onClose={() => setEditing(undefined)}
        />
      </Suspense>
    );
  }

  return (
    <div className="space-y-6">
      <header className="flex flex-wrap items-center justify-between gap-4">
        <div>
          <h1 className="text-2xl font-bold sm:text-3xl">{PAGE.name}</h1>
          <p className="text-sm text-muted">{PAGE.description}</p>
        </div>
        <div className="flex flex-wrap gap-2">
          <SectionHistoryLink collection="role-menus" />
          <button
            type="button"
            className="btn-secondary"
            onClick={() => {
              void menus.refetch();
              recheck();
            }}
            disabled={menus.isFetching}
          >
            <RefreshCw aria-hidden="true" className={`h-4 w-4 ${menus.isFetching ? 'animate-spin' : ''}`} />
            Refresh
          </button>
          {!grant.readOnly && (
            <button type="button" className="btn-primary" onClick={create} disabled={!menus.isSuccess || full}>
              <Plus aria-hidden="true" className="h-4 w-4" />
              Create menu
            </button>
          )}
        </div>
      </header>

      <ReadOnlyNote grant={grant} />

      <StatusBanner banner={notice} />

      {menus.isPending ? (
        <Spinner label="Loading role menus..." />
      ) : menus.isError ? (
        <LoadErrorCard title="Failed to load role menus" error={menus.error} onRetry={() => void menus.refetch()} />
      ) : items.length === 0 ? (
        <div className="card flex flex-col items-center gap-3 p-10 text-center" data-empty-state="">
          <SmilePlus aria-hidden="true" className="h-10 w-10 text-muted" />
          <h2 className="font-semibold">No role menus yet</h2>
          <p className="max-w-prose text-sm text-muted">
            A role menu is a message the bot posts with buttons, a select menu or reactions, each giving a role. Members choose their own
            roles, and the menu&apos;s rules decide what they may hold.
          </p>
          {!grant.readOnly && (
            <button type="button" className="btn-primary" onClick={create}>
              <Plus aria-hidden="true" className="h-4 w-4" />
              Create a menu
            </button>
          )}
        </div>
      ) : (
        <>
          <p className={`text-sm ${full ? 'text-warn' : 'text-muted'}`} data-cap="">
            {items.length} of {cap} menus
            {full && '. Delete one to create another.'}
          </p>
          {preflight.isPending && <p className="text-xs text-muted">Checking menus...</p>}
          <ul aria-label="Role menus" className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
            {items.map((entry) => (
              <MenuCard
                key={entry.id}
                entry={entry}
                channelName={channelNames.get(entry.item.channel_id)}
                warnings={warningsOf(entry.id)}
                checksUnavailable={preflight.isError}
                busy={busyId === entry.id}
                onAction={(action, e) => void onAction(action, e)}
                readOnly={grant.readOnly}
              />
            ))}
          </ul>
        </>
      )}
      {deleting && (
        <ConfirmDialog
          titleId="delete-menu-title"
          textId="delete-menu-text"
          title="Delete this menu?"
          confirmLabel="Delete"
          onCancel={() => setDeleting(null)}
          onConfirm={() => void confirmDelete()}
        >
          &quot;{deleting.item.title}&quot; will be deleted. A message already posted stays in Discord until you delete it there.
        </ConfirmDialog>
      )}
    </div>
  );
}
