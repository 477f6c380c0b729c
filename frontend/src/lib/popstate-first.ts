/**
 * Popstate listeners that run before the router's. Chromium calls a window's listeners in the order they were added,
 * capture or not, and BrowserRouter adds its own as it mounts: this module adds one listener before that (main.tsx
 * imports it first), through which the unsaved-changes guard may stop a Back or Forward before the router sees it.
 */
type Listener = (event: PopStateEvent) => void;

const listeners = new Set<Listener>();

window.addEventListener('popstate', (event) => {
  for (const listener of [...listeners]) listener(event);
});

/** Adds `listener` ahead of the router's popstate listener; returns its removal. */
export function beforeRouterPopstate(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
