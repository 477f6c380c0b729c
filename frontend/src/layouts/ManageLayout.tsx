import { ChevronDown, Crown, Headphones, Info, Plus, Search, X } from 'lucide-react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { Link, NavLink, Outlet, useLocation, useParams } from 'react-router-dom';
import { ApiError } from '../api/client';
import { useManagedGuild } from '../api/queries';
import type { GuildSummary, ManagedGuildSummary as ManagedGuild } from '../api/types';
import { useAuth } from '../auth/AuthProvider';
import { FallbackImage } from '../components/FallbackImage';
import { Spinner } from '../components/Spinner';
import { avatarUrl } from '../lib/discord-cdn';
import { useDismiss } from '../lib/use-dismiss';
import { filterMenu, LEGACY_DISCORD_HOST, MANAGE_MENU, type MenuItem } from './manage-menu';
import { useSidebarToggle } from './PublicLayout';

function ItemInfo({ item }: { item: MenuItem }) {
  const [open, setOpen] = useState(false);
  useEffect(() => {
    if (!open) return;
    // Any click anywhere closes it (spec 1:2.7), including one inside the tooltip after its link works.
    const close = () => setOpen(false);
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && setOpen(false);
    const t = setTimeout(() => document.addEventListener('click', close), 0);
    document.addEventListener('keydown', onKey);
    return () => {
      clearTimeout(t);
      document.removeEventListener('click', close);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);
  const id = `info-${item.path}`;
  return (
    <span className="relative">
      <button
        type="button"
        aria-label={`About ${item.name}`}
        aria-expanded={open}
        aria-controls={open ? id : undefined}
        className="rounded p-1 text-muted hover:text-fg"
        onClick={(e) => {
          e.preventDefault();
          e.stopPropagation();
          setOpen((o) => !o);
        }}
      >
        <Info aria-hidden="true" className="h-4 w-4" />
      </button>
      {open && (
        <span
          id={id}
          role="tooltip"
          className="card absolute top-7 right-0 z-50 block w-max max-w-[300px] p-3 text-left text-xs font-normal text-fg shadow-xl"
        >
          <span className="block">{item.description ?? 'No description available'}</span>
          {item.premium ? (
            <span className="mt-2 flex items-start gap-1 text-warn">
              <Crown aria-hidden="true" className="h-4 w-4 shrink-0" />
              <span>
                <strong className="block">Premium Feature</strong>Upgrade to premium to unlock this feature.
              </span>
            </span>
          ) : (
            <Link to={`/docs#${item.path}`} className="mt-2 block text-brand underline">
              Learn more about this feature
            </Link>
          )}
        </span>
      )}
    </span>
  );
}

function ServerSwitcher({ current }: { current: ManagedGuild | undefined }) {
  const { user } = useAuth();
  const [open, setOpen] = useState(false);
  const ref = useRef<HTMLDivElement>(null);
  const close = useCallback(() => setOpen(false), []);
  useDismiss(open, ref, close);
  const guilds: GuildSummary[] = (user?.guilds ?? []).filter((g) => !g.settingsUrl.includes(LEGACY_DISCORD_HOST));
  return (
    <div className="relative" ref={ref}>
      <button
        type="button"
        aria-haspopup="listbox"
        aria-expanded={open}
        onClick={() => setOpen((o) => !o)}
        className="flex w-full items-center gap-3 rounded-lg border border-line bg-panel-2 p-2 text-left hover:border-brand"
      >
        <FallbackImage src={current?.iconURL} alt="" className="h-9 w-9 rounded-full" />
        <span className="min-w-0 flex-1">
          <span className="block truncate text-sm font-semibold">{current?.name ?? 'Loading...'}</span>
          <span className="block text-xs text-muted">Switch server</span>
        </span>
        <ChevronDown aria-hidden="true" className="h-4 w-4 text-muted" />
      </button>
      {open && (
        <div className="card absolute right-0 left-0 z-50 mt-2 p-2 shadow-xl">
          <p className="px-2 pb-2 text-xs font-semibold tracking-wide text-muted uppercase">Your Servers</p>
          {guilds.length === 0 ? (
            <p className="px-2 py-3 text-sm text-muted">
              <span className="block font-semibold text-fg">No servers found</span>Add a server to get started
            </p>
          ) : (
            <ul role="listbox" aria-label="Your Servers" className="max-h-72 overflow-y-auto">
              {guilds.map((g) => {
                const active = g.id === current?.id;
                const hasBot = g.settingsUrl.startsWith('/');
                return (
                  <li key={g.id} role="option" aria-selected={active}>
                    <a
                      // A full page load, as the spec says: the new server's data starts clean.
                      href={hasBot ? `/manage/${g.id}/dashboard` : g.settingsUrl}
                      className={`flex items-center gap-2 rounded-md p-2 text-sm hover:bg-panel-2 ${active ? 'bg-panel-2' : ''}`}
                    >
                      <FallbackImage src={g.iconURL} alt="" className="h-7 w-7 rounded-full" />
                      <span className="min-w-0 flex-1">
                        <span className="block truncate">{g.name}</span>
                        <span className="block font-mono text-xs text-muted">{g.id.slice(0, 8)}</span>
                      </span>
                      {active && <span className="rounded bg-ok/20 px-2 py-0.5 text-xs text-ok">Active</span>}
                      {!hasBot && <span className="rounded bg-panel-2 px-2 py-0.5 text-xs text-muted">Invite</span>}
                    </a>
                  </li>
                );
              })}
            </ul>
          )}
        </div>
      )}
    </div>
  );
}

function Sidebar({ guildId, guild, onNavigate }: { guildId: string; guild: ManagedGuild | undefined; onNavigate(): void }) {
  const { user } = useAuth();
  const [query, setQuery] = useState('');
  const groups = filterMenu(MANAGE_MENU, query);
  const [avatarFailed, setAvatarFailed] = useState(false);
  const avatar = avatarUrl(user, 64);
  return (
    <div className="flex h-full flex-col gap-4 p-4">
      <ServerSwitcher current={guild} />
      <label className="relative block">
        <span className="sr-only">Search features</span>
        <Search aria-hidden="true" className="pointer-events-none absolute top-2.5 left-3 h-4 w-4 text-muted" />
        <input
          type="search"
          value={query}
          onChange={(e) => setQuery(e.target.value)}
          placeholder="Search features..."
          className="field-input pl-9"
        />
      </label>
      <nav aria-label="Server management" className="-mx-1 flex-1 overflow-y-auto px-1">
        {groups.length === 0 && <p className="px-2 text-sm text-muted">No features match your search.</p>}
        {groups.map((group, i) => (
          <div key={group.heading ?? i} className="mb-4">
            {group.heading && <p className="px-2 pb-1 text-xs font-semibold tracking-wider text-muted">{group.heading}</p>}
            <ul>
              {group.items.map((item) => (
                <li key={item.path} className="flex items-center">
                  <NavLink
                    to={`/manage/${guildId}/${item.path}`}
                    onClick={onNavigate}
                    className={({ isActive }) =>
                      `flex-1 rounded-md px-2 py-2 text-sm ${isActive ? 'bg-brand/20 font-semibold text-fg' : 'text-muted hover:bg-panel-2 hover:text-fg'}`
                    }
                  >
                    {item.name}
                  </NavLink>
                  <ItemInfo item={item} />
                </li>
              ))}
            </ul>
          </div>
        ))}
        <div className="border-t border-line pt-3">
          <Link to="/selector" className="flex items-center gap-2 rounded-md px-2 py-2 text-sm text-muted hover:text-fg">
            <Plus aria-hidden="true" className="h-4 w-4" /> Add more servers
          </Link>
          <Link to="/contact" className="flex items-center gap-2 rounded-md px-2 py-2 text-sm text-muted hover:text-fg">
            <Headphones aria-hidden="true" className="h-4 w-4" /> Contact support
          </Link>
        </div>
      </nav>
      <div className="flex items-center gap-3 border-t border-line pt-3">
        <img
          src={avatar && !avatarFailed ? avatar : '/default-icon.svg'}
          alt=""
          className="h-9 w-9 rounded-full"
          onError={() => setAvatarFailed(true)}
        />
        <div className="min-w-0">
          <p className="truncate text-sm font-semibold">{user?.global_name || user?.username || 'User'}</p>
          <p className="flex items-center gap-1 text-xs text-ok">
            <span aria-hidden="true" className="h-2 w-2 rounded-full bg-ok" /> Online
          </p>
        </div>
      </div>
    </div>
  );
}

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

  if (!guildId) return <Spinner label="Loading server information..." />;

  return (
    <div className="mx-auto flex max-w-[1600px]">
      <aside className="sticky top-16 hidden h-[calc(100vh-4rem)] w-72 shrink-0 border-r border-line bg-panel md:block">
        <Sidebar guildId={guildId} guild={guild.data} onNavigate={() => undefined} />
      </aside>
      {open && (
        <div className="fixed inset-0 z-50 md:hidden" role="dialog" aria-modal="true" aria-label="Server menu">
          <div className="absolute inset-0 bg-black/60" onClick={() => setOpen(false)} aria-hidden="true" />
          <div className="absolute inset-y-0 left-0 w-72 max-w-[85vw] overflow-y-auto bg-panel pt-10 shadow-xl">
            <button
              type="button"
              aria-label="Close server menu"
              className="absolute top-3 right-3 rounded p-1 text-muted hover:text-fg"
              onClick={() => setOpen(false)}
            >
              <X aria-hidden="true" className="h-5 w-5" />
            </button>
            <Sidebar guildId={guildId} guild={guild.data} onNavigate={() => setOpen(false)} />
          </div>
        </div>
      )}
      <section className="min-w-0 flex-1 p-4 md:p-8">
        {guild.isPending ? (
          <Spinner label="Loading server information..." />
        ) : guild.isError ? (
          <AccessProblem error={guild.error} />
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
