import { Headphones, Lock, Plus, Search } from 'lucide-react';
import { useState } from 'react';
import { Link, NavLink } from 'react-router-dom';
import type { ManagedGuildSummary as ManagedGuild } from '../../api/types';
import { useAuth } from '../../auth/AuthProvider';
import { UserAvatar } from '../../components/FallbackImage';
import { UPGRADE_PATH, usePremiumLocked } from '../../components/premium/use-premium';
import { ADMINISTRATOR } from '../../components/public/purchase-guilds';
import { openablePages } from '../../pages/guild-pages';
import { filterMenu, MANAGE_MENU, restrictMenu, withoutAdministratorPages } from '../manage-menu';
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

/** The manage sidebar: server switcher, feature search, the menu, and the signed-in user. */
export function Sidebar({ guildId, guild, onNavigate }: { guildId: string; guild: ManagedGuild | undefined; onNavigate(): void }) {
  const { user } = useAuth();
  const [query, setQuery] = useState('');
  const summary = user?.guilds.find((g) => g.id === guildId);
  const only = openablePages(summary);
  const groups = filterMenu(restrictMenu(withoutAdministratorPages(MANAGE_MENU, administers(summary)), only), query);
  const locked = usePremiumLocked(only ? '' : guildId);
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
                  {item.premium && locked ? (
                    // A premium feature the guild's plan does not include: the way to the plans, saying so.
                    <Link
                      to={UPGRADE_PATH}
                      onClick={onNavigate}
                      aria-label={`${item.name} (locked: premium feature, upgrade to unlock)`}
                      className="flex flex-1 items-center gap-2 rounded-md px-2 py-2 text-sm text-muted hover:bg-panel-2 hover:text-fg"
                    >
                      <span className="flex-1">{item.name}</span>
                      <Lock aria-hidden="true" className="h-3.5 w-3.5 text-warn" />
                    </Link>
                  ) : (
                    <NavLink
                      to={`/manage/${guildId}/${item.path}`}
                      onClick={onNavigate}
                      className={({ isActive }) =>
                        `flex-1 rounded-md px-2 py-2 text-sm ${isActive ? 'bg-brand/20 font-semibold text-fg' : 'text-muted hover:bg-panel-2 hover:text-fg'}`
                      }
                    >
                      {item.name}
                    </NavLink>
                  )}
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
        <UserAvatar user={user} className="h-9 w-9 rounded-full" />
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
