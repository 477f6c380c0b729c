import { ChevronRight, Headphones, Lock, Plus, Search } from 'lucide-react';
import { type ReactNode, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router-dom';
import type { ManagedGuildSummary as ManagedGuild } from '../../api/types';
import { useAuth } from '../../auth/AuthProvider';
import { UserAvatar } from '../../components/FallbackImage';
import { type PremiumState, UPGRADE_PATH, usePremiumState } from '../../components/premium/use-premium';
import { ADMINISTRATOR } from '../../components/public/purchase-guilds';
import { type OpenablePage, openablePages } from '../../pages/guild-pages';
import { currentEntry, filterMenu, flatItems, MANAGE_MENU, type MenuItem, restrictMenu, withoutAdministratorPages } from '../manage-menu';
import { ItemInfo } from './ItemInfo';
import { ServerSwitcher } from './ServerSwitcher';

/** The owner, or Administrator among the user's permissions: who may change Dashboard Access. */
export function administers(guild: { owner?: boolean; permissions?: string } | undefined): boolean {
  if (!guild) return false;
  if (guild.owner) return true;
  try {
    return (BigInt(guild.permissions ?? '0') & ADMINISTRATOR) !== 0n;
  } catch {
    return false;
  }
}

/**
 * The manage sidebar: server switcher, feature search, the menu (sub-pages in collapsible groups, the current one
 * open), the bottom links pinned under it, and the signed-in user. `pages`: the pages a user who does not manage the
 * guild may open (by default those of their list of servers; undefined there: all); `refusal`: why they may open none,
 * said in place of the menu.
 */
export function Sidebar({
  guildId,
  guild,
  pages,
  refusal,
  onNavigate,
}: {
  guildId: string;
  guild: ManagedGuild | undefined;
  pages?: readonly OpenablePage[] | undefined;
  refusal?: string;
  onNavigate(): void;
}) {
  const { user } = useAuth();
  const { pathname } = useLocation();
  const [query, setQuery] = useState('');
  // Groups opened or closed by hand, for the page they were toggled on: a new page opens its own group afresh.
  const [toggled, setToggled] = useState<{ at: string; open: Record<string, boolean> }>({ at: pathname, open: {} });
  const summary = user?.guilds.find((g) => g.id === guildId);
  const only = pages ?? openablePages(summary);
  const menu = restrictMenu(withoutAdministratorPages(MANAGE_MENU, administers(summary)), only);
  const groups = filterMenu(menu, query);
  const here = pathname.replace(/\/+$/, '').slice(`/manage/${guildId}/`.length);
  const current = currentEntry(menu, here);
  const premium = usePremiumState(only ? '' : guildId);
  const byHand = toggled.at === pathname ? toggled.open : {};
  const isOpen = (item: MenuItem) => byHand[item.path] ?? (query.trim() !== '' || flatItems([item]).some((i) => i.path === current?.path));
  const toggle = (item: MenuItem) => setToggled({ at: pathname, open: { ...byHand, [item.path]: !isOpen(item) } });
  const entry = (item: MenuItem, nested: boolean) => (
    <SidebarEntry
      key={item.path}
      item={item}
      guildId={guildId}
      current={item.path === current?.path}
      premium={premium}
      nested={nested}
      onNavigate={onNavigate}
    />
  );

  return (
    <div className="flex h-full flex-col gap-2 p-3">
      <ServerSwitcher
        current={guild ?? (summary && { id: summary.id, name: summary.name, iconURL: summary.iconURL })}
        refused={refusal !== undefined}
      />
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
      <nav aria-label="Server management" className="flex min-h-0 flex-1 flex-col">
        <ScrollArea>
          {refusal !== undefined ? (
            <p className="px-2 text-sm text-muted" data-sidebar-refusal="">
              {refusal}
            </p>
          ) : (
            groups.length === 0 && <p className="px-2 text-sm text-muted">No features match your search.</p>
          )}
          {groups.map((group, i) => (
            <div key={group.heading ?? i} className="mb-1.5">
              {group.heading && <p className="px-2 pt-1 pb-0.5 text-xs font-semibold tracking-wider text-muted">{group.heading}</p>}
              <ul>
                {group.items.map((item) =>
                  item.children?.length ? (
                    <li key={item.path}>
                      <div className="flex items-center">
                        <button
                          type="button"
                          aria-expanded={isOpen(item)}
                          aria-controls={`subpages-${item.path}`}
                          aria-label={`${item.name} pages`}
                          onClick={() => toggle(item)}
                          className="rounded p-1 text-muted hover:text-fg"
                        >
                          <ChevronRight aria-hidden="true" className={`h-4 w-4 transition-transform ${isOpen(item) ? 'rotate-90' : ''}`} />
                        </button>
                        {entry(item, false)}
                      </div>
                      <ul id={`subpages-${item.path}`} hidden={!isOpen(item)} className="ml-6 border-l border-line pl-1">
                        {item.children.map((child) => (
                          <li key={child.path} className="flex items-center">
                            {entry(child, true)}
                          </li>
                        ))}
                      </ul>
                    </li>
                  ) : (
                    <li key={item.path} className="flex items-center pl-6">
                      {entry(item, false)}
                    </li>
                  ),
                )}
              </ul>
            </div>
          ))}
        </ScrollArea>
        {/* Pinned under the list, so they stay in view however long it grows. */}
        <div className="mt-1 flex flex-wrap gap-x-1 border-t border-line pt-1">
          <Link to="/selector" className="flex items-center gap-1.5 rounded-md px-2 py-1 text-sm text-muted hover:text-fg">
            <Plus aria-hidden="true" className="h-4 w-4" /> Add more servers
          </Link>
          <Link to="/contact" className="flex items-center gap-1.5 rounded-md px-2 py-1 text-sm text-muted hover:text-fg">
            <Headphones aria-hidden="true" className="h-4 w-4" /> Contact support
          </Link>
        </div>
      </nav>
      <div className="flex items-center gap-3 border-t border-line pt-2">
        <UserAvatar user={user} className="h-8 w-8 rounded-full" />
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

/** One entry: its link (the plans, locked, for a premium feature the plan lacks) and its (i). */
function SidebarEntry({
  item,
  guildId,
  current,
  premium,
  nested,
  onNavigate,
}: {
  item: MenuItem;
  guildId: string;
  current: boolean;
  premium: PremiumState;
  nested: boolean;
  onNavigate(): void;
}) {
  const size = nested ? 'py-0.5 text-[0.8125rem] leading-5' : 'py-1 text-sm';
  return (
    <>
      {item.premium && premium.state === 'locked' ? (
        // A premium feature the guild's plan does not include: the way to the plans, saying so.
        <Link
          to={UPGRADE_PATH}
          onClick={onNavigate}
          aria-label={`${item.name} (locked: premium feature, upgrade to unlock)`}
          className={`flex flex-1 items-center gap-2 rounded-md px-2 ${size} text-muted hover:bg-panel-2 hover:text-fg`}
        >
          <span className="flex-1">{item.name}</span>
          <Lock aria-hidden="true" className="h-3.5 w-3.5 text-warn" />
        </Link>
      ) : (
        <Link
          to={`/manage/${guildId}/${item.path}`}
          onClick={onNavigate}
          aria-current={current ? 'page' : undefined}
          className={`flex-1 rounded-md px-2 ${size} ${current ? 'bg-brand/20 font-semibold text-fg' : 'text-muted hover:bg-panel-2 hover:text-fg'}`}
        >
          {item.name}
        </Link>
      )}
      <ItemInfo item={item} premium={premium} />
    </>
  );
}

/**
 * The menu's scroll area: when the list is longer than the room it has, a fade at the edge with more beyond says so
 * (and covers an entry the edge would cut), and goes once that edge is reached.
 */
function ScrollArea({ children }: { children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  const [more, setMore] = useState({ above: false, below: false });
  const measure = () => {
    const el = ref.current;
    if (!el) return;
    const above = el.scrollTop > 1;
    const below = el.scrollTop + el.clientHeight < el.scrollHeight - 1;
    setMore((m) => (m.above === above && m.below === below ? m : { above, below }));
  };
  // After every render: a group opened or a search typed changes the list's height.
  useLayoutEffect(measure);
  useEffect(() => {
    const el = ref.current;
    if (!el || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, []);
  return (
    <div className="relative min-h-0 flex-1">
      <div ref={ref} onScroll={measure} className="-mx-1 h-full overflow-y-auto px-1" data-sidebar-scroll="">
        {children}
      </div>
      {more.above && (
        <div
          aria-hidden="true"
          data-scroll-cue="above"
          className="pointer-events-none absolute inset-x-0 top-0 h-6 bg-gradient-to-b from-panel to-transparent"
        />
      )}
      {more.below && (
        <div
          aria-hidden="true"
          data-scroll-cue="below"
          className="pointer-events-none absolute inset-x-0 bottom-0 h-10 bg-gradient-to-t from-panel via-panel/80 to-transparent"
        />
      )}
    </div>
  );
}
