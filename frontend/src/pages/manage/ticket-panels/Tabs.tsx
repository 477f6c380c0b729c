import { type KeyboardEvent, type ReactNode, useRef } from 'react';
import { tabKeyTarget } from '../../../lib/tab-keys';

export interface TabDefinition<K extends string> {
  key: K;
  label: string;
}

/**
 * An ARIA tablist: one tab in the Tab order (the selected one), arrow keys, Home and End move between tabs and select
 * them, each tab names its panel.
 */
export function Tabs<K extends string>({
  idPrefix,
  label,
  tabs,
  selected,
  onSelect,
  children,
  wrap = false,
}: {
  idPrefix: string;
  label: string;
  tabs: readonly TabDefinition<K>[];
  selected: K;
  onSelect(key: K): void;
  children: ReactNode;
  /** Tabs that do not fit go to a second row instead of scrolling out of sight (a narrow column). */
  wrap?: boolean;
}) {
  const refs = useRef<(HTMLButtonElement | null)[]>([]);
  const onKeyDown = (e: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const next = tabKeyTarget(e.key, index, tabs.length);
    if (next === null) return;
    e.preventDefault();
    onSelect(tabs[next]!.key);
    refs.current[next]?.focus();
  };
  return (
    <div>
      <div role="tablist" aria-label={label} className={`flex gap-1 border-b border-line ${wrap ? 'flex-wrap' : 'overflow-x-auto'}`}>
        {tabs.map((tab, i) => {
          const active = tab.key === selected;
          return (
            <button
              key={tab.key}
              ref={(el) => {
                refs.current[i] = el;
              }}
              type="button"
              role="tab"
              id={`${idPrefix}-tab-${tab.key}`}
              aria-selected={active}
              // Only the selected tab's panel is in the page; naming an absent one is an invalid reference.
              aria-controls={active ? `${idPrefix}-panel-${tab.key}` : undefined}
              tabIndex={active ? 0 : -1}
              onClick={() => onSelect(tab.key)}
              onKeyDown={(e) => onKeyDown(e, i)}
              className={`shrink-0 border-b-2 px-3 py-2 text-sm font-medium whitespace-nowrap ${
                active ? 'border-brand text-fg' : 'border-transparent text-muted hover:text-fg'
              }`}
            >
              {tab.label}
            </button>
          );
        })}
      </div>
      <div
        role="tabpanel"
        id={`${idPrefix}-panel-${selected}`}
        aria-labelledby={`${idPrefix}-tab-${selected}`}
        tabIndex={0}
        className="pt-4"
      >
        {children}
      </div>
    </div>
  );
}
