/**
 * ARIA tabs' keys (WAI-ARIA Authoring Practices, tabs): the index of the tab that `key` moves to from tab `index` of
 * `count`. Arrow Right and Left go to the next and previous tab, wrapping; Home and End to the first and last. Any
 * other key: null (the key is not the tab list's).
 */
export function tabKeyTarget(key: string, index: number, count: number): number | null {
  const next = key === 'ArrowRight' ? index + 1 : key === 'ArrowLeft' ? index - 1 : key === 'Home' ? 0 : key === 'End' ? count - 1 : null;
  return next === null ? null : (next + count) % count;
}

/**
 * The same for a tab list keyed by id: the tab a key-down moves to from `current` (the key's default then prevented,
 * so the page does not scroll), or null.
 */
export function tabKeyMove<K>(e: { key: string; preventDefault(): void }, tabs: readonly K[], current: K): K | null {
  const next = tabKeyTarget(e.key, tabs.indexOf(current), tabs.length);
  if (next === null) return null;
  e.preventDefault();
  return tabs[next]!;
}
