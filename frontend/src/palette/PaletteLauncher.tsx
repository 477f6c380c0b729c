import { Search } from 'lucide-react';
import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';

/** The palette and its index: a chunk of their own, fetched when it first opens (or the button is pointed at). */
const loadPalette = () => import('./CommandPalette');
const CommandPalette = lazy(loadPalette);

/** The dialog's frame and its input, shared with the palette so the placeholder below looks the same. */
export const PALETTE_BACKDROP = 'fixed inset-0 z-[60] flex items-start justify-center p-4 pt-[10vh]';
export const PALETTE_DIALOG =
  'relative flex max-h-[75vh] w-full max-w-xl flex-col overflow-hidden rounded-xl border border-line bg-panel shadow-2xl';
export const PALETTE_INPUT = 'min-w-0 flex-1 bg-transparent px-4 py-3 text-base text-fg outline-none placeholder:text-muted';

/** What the shortcut says on this machine: ⌘K on Apple's, Ctrl K elsewhere. */
const APPLE = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform || navigator.userAgent);

/**
 * The manage area's way into the command palette: a search button at the top of the page and Ctrl+K / ⌘+K anywhere
 * in the area. Closed by Escape (or a click beside it), focus goes back to what had it; a choice opens its page.
 */
export function PaletteLauncher({ guildId }: { guildId: string }) {
  const [open, setOpen] = useState(false);
  // What is typed while the palette's chunk loads (Ctrl+K then typing at once): the palette starts from it.
  const [early, setEarly] = useState('');
  const opener = useRef<HTMLElement | null>(null);
  const show = useCallback(() => {
    if (!open) opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    setOpen(true);
  }, [open]);

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if ((e.ctrlKey || e.metaKey) && !e.altKey && !e.shiftKey && e.key.toLowerCase() === 'k') {
        e.preventDefault();
        show();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [show]);

  const close = useCallback((restoreFocus: boolean) => {
    setOpen(false);
    setEarly('');
    if (restoreFocus && opener.current?.isConnected) opener.current.focus();
    opener.current = null;
  }, []);

  return (
    <div className="mb-4 flex justify-end">
      <button
        type="button"
        onClick={show}
        onPointerEnter={() => void loadPalette().catch(() => undefined)}
        aria-keyshortcuts="Control+K Meta+K"
        className="flex items-center gap-2 rounded-lg border border-line bg-panel px-3 py-1.5 text-sm text-muted hover:text-fg"
      >
        <Search aria-hidden="true" className="h-4 w-4" />
        Search settings
        <kbd aria-hidden="true" className="hidden rounded border border-line px-1.5 text-xs sm:inline">
          {APPLE ? '⌘K' : 'Ctrl K'}
        </kbd>
      </button>
      {open && (
        <Suspense
          fallback={
            <div className={PALETTE_BACKDROP}>
              <div role="dialog" aria-modal="true" aria-label="Search settings" className={PALETTE_DIALOG}>
                <input
                  autoFocus
                  aria-label="Search settings and pages"
                  value={early}
                  onChange={(e) => setEarly(e.target.value)}
                  onKeyDown={(e) => e.key === 'Escape' && close(true)}
                  className={PALETTE_INPUT}
                />
              </div>
            </div>
          }
        >
          <CommandPalette guildId={guildId} initialQuery={early} onClose={close} />
        </Suspense>
      )}
    </div>
  );
}
