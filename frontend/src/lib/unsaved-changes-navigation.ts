import type { Navigator } from 'react-router-dom';
import { beforeRouterPopstate } from './popstate-first';

/**
 * Holding in-app navigation while an editor has unsaved changes, under the declarative BrowserRouter (react-router's
 * useBlocker needs a data router, about 17 KB more on every route: main.tsx). Two ways out of a page exist there:
 * - the router's navigator (every Link, NavLink and navigate() calls its push or replace): while a guard is armed,
 *   both are wrapped, and a push to another pathname is held until the guard's question is answered;
 * - the browser's Back and Forward (popstate): the URL has already changed when the event comes, so a listener that
 *   runs before the router's (popstate-first.ts) stops it, goes back to the entry it came from (by the router's
 *   own index in history.state, `idx`), asks, and on Leave replays the move, which the router then sees as usual.
 * Guards stack (an editor over a page): the last one armed is the one that asks.
 */
export interface LeaveGuard {
  /** The pathname the editor lives at: a move within it (a search or hash change) leaves nothing. */
  pathname(): string;
  /** Asks the person; `leave` carries the held navigation out. */
  ask(leave: () => void): void;
}

type To = Parameters<Navigator['push']>[0];

interface Armed {
  guards: LeaveGuard[];
  push: Navigator['push'];
  replace: Navigator['replace'];
  /** The router's index of the entry the page is on (history.state.idx), null when the history holds none. */
  index: number | null;
  /** The next popstate is our own step back to `index`: nobody else sees it. */
  restoring: boolean;
  /** The next popstate is a move the person chose to make: the router takes it. */
  leaving: boolean;
  onPop(event: PopStateEvent): void;
  stopListening?: () => void;
}

const armed = new WeakMap<Navigator, Armed>();

const indexOf = (state: unknown): number | null => {
  const idx = (state as { idx?: unknown } | null)?.idx;
  return typeof idx === 'number' ? idx : null;
};

const pathnameOf = (to: To): string | undefined => (typeof to === 'string' ? new URL(to, window.location.href).pathname : to.pathname);

/** Holds `navigator`'s navigations (and the browser's Back and Forward) for `guard` until the returned function is called. */
export function armLeaveGuard(navigator: Navigator, guard: LeaveGuard): () => void {
  let state = armed.get(navigator);
  if (!state) {
    const entry: Armed = {
      guards: [],
      push: navigator.push,
      replace: navigator.replace,
      index: indexOf(window.history.state),
      restoring: false,
      leaving: false,
      onPop(event) {
        if (entry.restoring) {
          entry.restoring = false;
          event.stopImmediatePropagation();
          return;
        }
        const to = indexOf(event.state);
        const from = entry.index;
        const top = entry.guards.at(-1);
        if (entry.leaving || !top || to === null || from === null || to === from || window.location.pathname === top.pathname()) {
          entry.leaving = false;
          entry.index = to;
          return;
        }
        event.stopImmediatePropagation();
        const delta = from - to;
        entry.restoring = true;
        window.history.go(delta);
        top.ask(() => {
          entry.leaving = true;
          window.history.go(-delta);
        });
      },
    };
    const hold =
      (go: Navigator['push']): Navigator['push'] =>
      (to, routeState, options) => {
        const top = entry.guards.at(-1);
        const move = () => {
          go.call(navigator, to, routeState, options);
          entry.index = indexOf(window.history.state);
        };
        const pathname = pathnameOf(to);
        if (!top || pathname === undefined || pathname === top.pathname()) move();
        else top.ask(move);
      };
    navigator.push = hold(entry.push);
    navigator.replace = hold(entry.replace);
    entry.stopListening = beforeRouterPopstate(entry.onPop);
    armed.set(navigator, entry);
    state = entry;
  }
  const entry = state;
  entry.guards.push(guard);
  return () => {
    const at = entry.guards.indexOf(guard);
    if (at >= 0) entry.guards.splice(at, 1);
    if (entry.guards.length > 0) return;
    navigator.push = entry.push;
    navigator.replace = entry.replace;
    entry.stopListening?.();
    armed.delete(navigator);
  };
}
