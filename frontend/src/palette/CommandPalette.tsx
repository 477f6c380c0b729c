import { searchIndex } from '@guildhall/generated/search-index.js';
import { Search } from 'lucide-react';
import { type KeyboardEvent, useEffect, useId, useMemo, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useAuth } from '../auth/AuthProvider';
import { usePremiumLocked } from '../components/premium/use-premium';
import { MANAGE_MENU, restrictMenu, withoutAdministratorPages } from '../layouts/manage-menu';
import { administers } from '../layouts/manage/Sidebar';
import { openablePages } from '../pages/guild-pages';
import { type PaletteItem, paletteItems, searchPalette } from './palette-items';
import { PALETTE_BACKDROP, PALETTE_DIALOG, PALETTE_INPUT } from './PaletteLauncher';

/**
 * The command palette (a chunk of its own, loaded when first opened): a modal dialog with a combobox over a listbox of
 * the pages the user's sidebar lists and the fields of their sections. Arrows move, Enter opens, Escape closes; the
 * input keeps focus throughout (the active option is aria-activedescendant).
 */
export default function CommandPalette({
  guildId,
  initialQuery = '',
  onClose,
}: {
  guildId: string;
  /** What was typed before the palette arrived. */
  initialQuery?: string;
  onClose(restoreFocus: boolean): void;
}) {
  const { user } = useAuth();
  const summary = user?.guilds.find((g) => g.id === guildId);
  const only = useMemo(() => openablePages(summary), [summary]);
  const locked = usePremiumLocked(only ? '' : guildId); // as the sidebar asks it
  const items = useMemo(
    () => paletteItems(restrictMenu(withoutAdministratorPages(MANAGE_MENU, administers(summary)), only), searchIndex.sections, locked),
    [summary, only, locked],
  );
  const [query, setQuery] = useState(initialQuery);
  const results = useMemo(() => searchPalette(items, query), [items, query]);
  const [active, setActive] = useState(0);
  const navigate = useNavigate();
  const base = useId();
  const input = useRef<HTMLInputElement>(null);
  const optionId = (i: number) => `${base}-option-${i}`;
  const current = results.length ? Math.min(active, results.length - 1) : -1;

  useEffect(() => {
    // Focus, the caret after what was typed before the palette arrived.
    input.current?.focus();
    input.current?.setSelectionRange(initialQuery.length, initialQuery.length);
  }, []); // once, when the palette opens
  useEffect(() => {
    if (current >= 0) document.getElementById(optionId(current))?.scrollIntoView({ block: 'nearest' });
  });

  const choose = (item: PaletteItem | undefined) => {
    if (!item) return;
    onClose(false);
    navigate(item.to.startsWith('/') ? item.to : `/manage/${guildId}/${item.to}`);
  };

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    const move = (to: number) => {
      e.preventDefault();
      if (results.length) setActive((to + results.length) % results.length);
    };
    if (e.key === 'ArrowDown') move(current + 1);
    else if (e.key === 'ArrowUp') move(current - 1);
    else if (e.key === 'PageDown') move(Math.min(current + 8, results.length - 1));
    else if (e.key === 'PageUp') move(Math.max(current - 8, 0));
    else if (e.key === 'Enter') {
      e.preventDefault();
      choose(results[current]);
    } else if (e.key === 'Escape') {
      e.preventDefault();
      onClose(true);
    } else if (e.key === 'Tab') e.preventDefault(); // the input is the dialog's only stop: focus stays in it
  };

  return (
    <div className={PALETTE_BACKDROP}>
      <div className="absolute inset-0 bg-black/60" aria-hidden="true" onClick={() => onClose(true)} />
      <div role="dialog" aria-modal="true" aria-label="Search settings" className={PALETTE_DIALOG}>
        <div className="flex items-center border-b border-line pr-3 pl-4">
          <Search aria-hidden="true" className="h-4 w-4 shrink-0 text-muted" />
          <input
            ref={input}
            type="text"
            role="combobox"
            aria-label="Search settings and pages"
            aria-expanded={results.length > 0}
            aria-controls={`${base}-list`}
            aria-autocomplete="list"
            aria-activedescendant={current >= 0 ? optionId(current) : undefined}
            autoComplete="off"
            spellCheck={false}
            placeholder="Search settings and pages..."
            value={query}
            onChange={(e) => {
              setQuery(e.target.value);
              setActive(0);
            }}
            onKeyDown={onKeyDown}
            className={PALETTE_INPUT}
          />
          <kbd className="rounded border border-line px-1.5 py-0.5 text-xs text-muted">Esc</kbd>
        </div>
        {results.length > 0 ? (
          <ul id={`${base}-list`} role="listbox" aria-label="Results" className="overflow-y-auto p-2">
            {results.map((item, i) => (
              <li
                key={item.key}
                id={optionId(i)}
                role="option"
                aria-selected={i === current}
                onMouseDown={(e) => e.preventDefault()}
                onMouseMove={() => i !== current && setActive(i)}
                onClick={() => choose(item)}
                className={`cursor-pointer rounded-lg px-3 py-2 ${i === current ? 'bg-brand/20 text-fg' : 'text-fg'}`}
              >
                <span className="flex items-baseline justify-between gap-3">
                  <span className="truncate text-sm font-semibold">{item.title}</span>
                  <span className="shrink-0 text-xs text-muted">{item.context}</span>
                </span>
                {item.description && <span className="mt-0.5 block truncate text-xs text-muted">{item.description}</span>}
              </li>
            ))}
          </ul>
        ) : (
          <p className="p-4 text-sm text-muted">Nothing matches “{query.trim()}”.</p>
        )}
        <p className="sr-only" aria-live="polite">
          {results.length === 1 ? '1 result' : `${results.length} results`}
        </p>
      </div>
    </div>
  );
}
