/**
 * ARIA tabs' keys (WAI-ARIA Authoring Practices, tabs): the index of the tab that `key` moves to from tab `index` of
 * `count`. Arrow Right and Left go to the next and previous tab, wrapping; Home and End to the first and last. Any
 * other key: null (the key is not the tab list's).
 */
export function tabKeyTarget(key: string, index: number, count: number): number | null {
  const next = key === 'ArrowRight' ? index + 1 : key === 'ArrowLeft' ? index - 1 : key === 'Home' ? 0 : key === 'End' ? count - 1 : null;
  return next === null ? null : (next + count) % count;
}
