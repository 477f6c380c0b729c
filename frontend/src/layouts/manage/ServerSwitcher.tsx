import { ChevronDown } from 'lucide-react';
import { useCallback, useRef, useState } from 'react';
import type { GuildSummary, ManagedGuildSummary as ManagedGuild } from '../../api/types';
import { useAuth } from '../../auth/AuthProvider';
import { FallbackImage } from '../../components/FallbackImage';
import { useDismiss } from '../../lib/use-dismiss';
import { guildEntry } from '../../pages/guild-pages';
import { LEGACY_DISCORD_HOST } from '../manage-menu';

/**
 * The current server at the top of the sidebar; opens the list of the user's servers. `current`: the server as the
 * guild summary or the user's list names it; `refused`: the server refused the user, so nothing more will load.
 */
export function ServerSwitcher({ current, refused = false }: { current: ManagedGuild | undefined; refused?: boolean }) {
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
        className="flex w-full items-center gap-3 rounded-lg border border-line bg-panel-2 p-1.5 text-left hover:border-brand"
      >
        <FallbackImage src={current?.iconURL} alt="" className="h-8 w-8 rounded-full" />
        <span className="min-w-0 flex-1">
          <span className="block truncate text-sm font-semibold">{current?.name ?? (refused ? 'No access' : 'Loading...')}</span>
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
                  // The link is the option (a link inside an option nests two controls: axe's nested-interactive).
                  <li key={g.id} role="none">
                    <a
                      role="option"
                      aria-selected={active}
                      // A full page load, as the spec says: the new server's data starts clean.
                      href={hasBot ? guildEntry(g).path : g.settingsUrl}
                      className={`flex items-center gap-2 rounded-md p-2 text-sm hover:bg-panel-2 ${active ? 'bg-panel-2' : ''}`}
                    >
                      <FallbackImage src={g.iconURL} alt="" className="h-7 w-7 rounded-full" />
                      <span className="min-w-0 flex-1">
                        <span className="block truncate">{g.name}</span>
                        <span className="block font-mono text-xs text-muted">{g.id.slice(0, 8)}</span>
                      </span>
                      {active && <span className="rounded bg-ok/20 px-2 py-0.5 text-xs text-fg">Active</span>}
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
