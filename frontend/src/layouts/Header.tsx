import { Crown, LayoutDashboard, LogOut, type LucideIcon, Menu, Moon, Sun, X } from 'lucide-react';
import { useCallback, useRef, useState } from 'react';
import { Link, NavLink, useLocation, useNavigate } from 'react-router-dom';
import { useAuth } from '../auth/AuthProvider';
import { UserAvatar } from '../components/FallbackImage';
import { useDismiss } from '../lib/use-dismiss';
import { currentTheme, setTheme, type Theme } from '../lib/theme';

export const HEADER_LINKS = [
  { to: '/', label: 'Home' },
  { to: '/features', label: 'Features' },
  { to: '/dev', label: 'Developer' },
  { to: '/docs', label: 'Documentation' },
] as const;

/** One entry of the account menu. */
function MenuItem({ icon: Icon, label, danger = false, onClick }: { icon: LucideIcon; label: string; danger?: boolean; onClick(): void }) {
  return (
    <button
      role="menuitem"
      type="button"
      className={`flex w-full items-center gap-2 rounded-md px-3 py-2 text-left text-sm ${danger ? 'text-danger ' : ''}hover:bg-panel-2`}
      onClick={onClick}
    >
      <Icon aria-hidden="true" className="h-4 w-4" /> {label}
    </button>
  );
}

function UserMenu() {
  const { user, logout } = useAuth();
  const [open, setOpen] = useState(false);
  const ref = useRef<HTMLDivElement>(null);
  const close = useCallback(() => setOpen(false), []);
  useDismiss(open, ref, close);
  const navigate = useNavigate();
  if (!user) return null;
  const name = user.global_name || user.username;
  const choose = (to: string) => {
    close();
    navigate(to);
  };
  return (
    <div className="relative" ref={ref}>
      <button
        type="button"
        className="flex items-center gap-2 rounded-full border border-line bg-panel-2 p-1 text-sm hover:border-brand sm:pr-3"
        aria-label={name}
        aria-haspopup="menu"
        aria-expanded={open}
        onClick={() => setOpen((o) => !o)}
      >
        <UserAvatar user={user} className="h-8 w-8 rounded-full" />
        {/* On a phone the avatar alone: the name would push the header's row into the site name. */}
        <span className="hidden max-w-32 truncate sm:block">{name}</span>
      </button>
      {open && (
        <div role="menu" aria-label="Account" className="card absolute right-0 z-50 mt-2 w-48 overflow-hidden p-1 shadow-xl">
          <MenuItem icon={LayoutDashboard} label="Dashboard" onClick={() => choose('/selector')} />
          <MenuItem icon={Crown} label="Premium" onClick={() => choose('/premium')} />
          <MenuItem
            icon={LogOut}
            label="Logout"
            danger
            onClick={() => {
              close();
              void logout();
            }}
          />
        </div>
      )}
    </div>
  );
}

function ThemeToggle() {
  const [theme, setLocal] = useState<Theme>(currentTheme);
  const next: Theme = theme === 'dark' ? 'light' : 'dark';
  return (
    <button
      type="button"
      className="rounded-md p-2 text-muted hover:text-fg"
      aria-label={`Switch to ${next} theme`}
      onClick={() => {
        setTheme(next);
        setLocal(next);
      }}
    >
      {theme === 'dark' ? <Sun aria-hidden="true" className="h-5 w-5" /> : <Moon aria-hidden="true" className="h-5 w-5" />}
    </button>
  );
}

/**
 * The site header. On /manage/ paths the mobile toggle opens the manage sidebar (the link list is
 * hidden there); elsewhere it opens the link list.
 */
export function Header({ onToggleSidebar }: { onToggleSidebar?: () => void }) {
  const { status } = useAuth();
  const { pathname } = useLocation();
  const managing = pathname.startsWith('/manage/');
  const [mobileOpen, setMobileOpen] = useState(false);
  return (
    <header className="sticky top-0 z-40 border-b border-line bg-surface/90 backdrop-blur">
      <div className="mx-auto flex h-16 max-w-7xl items-center gap-4 px-4">
        <button
          type="button"
          className="rounded-md p-2 text-muted hover:text-fg md:hidden"
          aria-label={managing ? 'Open server menu' : mobileOpen ? 'Close menu' : 'Open menu'}
          aria-expanded={managing ? undefined : mobileOpen}
          onClick={() => (managing ? onToggleSidebar?.() : setMobileOpen((o) => !o))}
        >
          {mobileOpen && !managing ? <X aria-hidden="true" /> : <Menu aria-hidden="true" />}
        </button>
        <Link to="/" className="flex shrink-0 items-center gap-2 text-lg font-bold">
          <img src="/favicon.svg" alt="" className="h-8 w-8" />
          Guildhall
        </Link>
        <nav aria-label="Main" className={`${managing ? 'hidden' : 'hidden md:flex'} ml-4 items-center gap-1`}>
          {HEADER_LINKS.map((l) => (
            <NavLink
              key={l.to}
              to={l.to}
              end={l.to === '/'}
              className={({ isActive }) => `rounded-md px-3 py-2 text-sm ${isActive ? 'text-fg' : 'text-muted hover:text-fg'}`}
            >
              {l.label}
            </NavLink>
          ))}
        </nav>
        <div className="ml-auto flex items-center gap-2">
          <ThemeToggle />
          {status === 'authenticated' ? (
            <UserMenu />
          ) : status === 'unauthenticated' ? (
            <Link to="/login" className="btn-primary">
              Login
            </Link>
          ) : null}
        </div>
      </div>
      {mobileOpen && !managing && (
        <nav aria-label="Main (mobile)" className="border-t border-line px-4 py-2 md:hidden">
          {HEADER_LINKS.map((l) => (
            <NavLink
              key={l.to}
              to={l.to}
              end={l.to === '/'}
              onClick={() => setMobileOpen(false)}
              className="block rounded-md px-3 py-2 text-sm text-muted hover:text-fg"
            >
              {l.label}
            </NavLink>
          ))}
        </nav>
      )}
    </header>
  );
}
