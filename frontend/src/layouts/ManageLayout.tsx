import { sectionPages } from '@guildhall/generated/section-pages';
import { X } from 'lucide-react';
import { lazy, Suspense, useEffect, useRef } from 'react';
import { Link, Outlet, useLocation, useParams } from 'react-router-dom';
import { ApiError } from '../api/client';
import { useManagedGuild } from '../api/queries';
import { Spinner } from '../components/Spinner';
import { useAuth } from '../auth/AuthProvider';
import { accessLabelOf, openablePages, pageOfSubject } from '../pages/guild-pages';
import { SELF_GUARDED_SECTIONS } from '../pages/manage/section-pages';
import { PaletteLauncher } from '../palette/PaletteLauncher';
import { Sidebar } from './manage/Sidebar';
import { useSidebarToggle } from './PublicLayout';

/** The 403 page of a page a grantee may not open: its own chunk, as managers never see it. */
const NoAccess = lazy(() => import('../pages/manage/dashboard-access/NoAccess').then((m) => ({ default: m.NoAccess })));

/** The manage area: the sidebar (a drawer on phones) beside the page, once the server has said the user may manage it. */
export function ManageLayout() {
  const { guildId } = useParams();
  const { open, setOpen } = useSidebarToggle();
  const location = useLocation();
  const guild = useManagedGuild(guildId ?? '');
  // Close the mobile menu when the page changes (not on mount: a tap may already have opened it).
  const shownPath = useRef(location.pathname);
  useEffect(() => {
    if (shownPath.current === location.pathname) return;
    shownPath.current = location.pathname;
    setOpen(false);
  }, [location.pathname, setOpen]);

  const { user, refresh } = useAuth();
  const summary = user?.guilds.find((g) => g.id === guildId);
  const refused = guild.error instanceof ApiError && guild.error.status === 403 ? guild.error : undefined;
  // The user's list of servers predates a change of their access (whitelisted, granted, removed while the app was
  // open) when the server does not treat them as a manager but the list has no pages for them: read it again, once.
  const stale = !summary?.sections && (refused !== undefined || guild.data?.manager === false);
  const refreshed = useRef<string | undefined>(undefined);
  useEffect(() => {
    if (!stale || refreshed.current === guildId) return;
    refreshed.current = guildId;
    void refresh();
  }, [stale, guildId, refresh]);

  if (!guildId) return <Spinner label="Loading server information..." />;
  // Someone a section's access levels or a Dashboard Access grant admits (not a manager) opens only those pages, and a
  // grantee their history too (filtered by the server); any other page says so, with the way to one they may open.
  // Until the list says which, a non-manager has the pages of their grants, and someone refused none at all.
  const openable =
    openablePages(summary) ??
    (refused
      ? []
      : guild.data?.manager === false
        ? Object.keys(guild.data.grants ?? {}).flatMap((name) => pageOfSubject(name) ?? [])
        : undefined);
  const refusal = refused && openable?.length === 0 ? refused.message : undefined;
  const here = location.pathname.replace(/\/+$/, '').slice(`/manage/${guildId}/`.length);
  // A page that answers its own 403 (AntiNuke) is shown even when the guild summary refuses the user.
  const selfGuardedHere = SELF_GUARDED_SECTIONS.some((name) => here === sectionPages[name].path);
  const selfGuarded = refused !== undefined && selfGuardedHere;
  const allowed =
    !openable || selfGuardedHere || openable.some((p) => p.path === here) || (accessLabelOf(summary) !== undefined && here === 'history');

  return (
    <div className="mx-auto flex max-w-[1600px]">
      <aside className="sticky top-16 hidden h-[calc(100vh-4rem)] w-72 shrink-0 border-r border-line bg-panel md:block">
        <Sidebar guildId={guildId} guild={guild.data} pages={openable} refusal={refusal} onNavigate={() => undefined} />
      </aside>
      {open && (
        <div className="fixed inset-0 z-50 md:hidden" role="dialog" aria-modal="true" aria-label="Server menu">
          <div className="absolute inset-0 bg-black/60" onClick={() => setOpen(false)} aria-hidden="true" />
          <div className="absolute inset-y-0 left-0 w-72 max-w-[85vw] bg-panel pt-10 shadow-xl">
            <button
              type="button"
              aria-label="Close server menu"
              className="absolute top-3 right-3 rounded p-1 text-muted hover:text-fg"
              onClick={() => setOpen(false)}
            >
              <X aria-hidden="true" className="h-5 w-5" />
            </button>
            <Sidebar guildId={guildId} guild={guild.data} pages={openable} refusal={refusal} onNavigate={() => setOpen(false)} />
          </div>
        </div>
      )}
      <section className="min-w-0 flex-1 p-4 md:p-8">
        <PaletteLauncher guildId={guildId} />
        {guild.isPending ? (
          <Spinner label="Loading server information..." />
        ) : guild.isError && !selfGuarded ? (
          <AccessProblem error={guild.error} />
        ) : !allowed ? (
          <Suspense fallback={<Spinner label="Loading..." />}>
            <NoAccess guildId={guildId} path={here} pages={openable ?? []} />
          </Suspense>
        ) : (
          <Outlet />
        )}
      </section>
    </div>
  );
}

function AccessProblem({ error }: { error: unknown }) {
  const message = error instanceof ApiError ? error.message : 'Could not load this server.';
  return (
    <div role="alert" className="card mx-auto mt-8 max-w-xl p-6">
      <h1 className="text-lg font-semibold">You can't manage this server</h1>
      <p className="mt-2 text-muted">{message}</p>
      <Link to="/selector" className="btn-primary mt-4">
        Back to your servers
      </Link>
    </div>
  );
}
