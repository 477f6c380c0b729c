import { lazy, type ReactNode, Suspense, useCallback, useContext, useEffect, useRef, useState } from 'react';
import { UNSAFE_LocationContext, UNSAFE_NavigationContext } from 'react-router-dom';
import { armLeaveGuard } from './unsaved-changes-navigation';

// Only asked now and then: the dialog is a chunk of its own, fetched the first time someone would leave.
const LeaveDialog = lazy(() => import('./unsaved-changes-dialog'));

export const DEFAULT_LEAVE_MESSAGE = 'Your changes are not saved. If you leave now, they are lost.';

export interface UnsavedChanges {
  /** The question, when one is open: render it anywhere in the editor. */
  prompt: ReactNode;
  /** For the editor's own ways out (Back, Close): leaves at once when nothing is unsaved, else asks first. */
  confirm(leave: () => void): void;
  /** Runs a navigation that takes the changes along (the Embed Builder's Schedule): nothing asks. */
  carry(navigate: () => void): void;
}

/**
 * While `dirty` (changes not yet saved), leaving asks first: in-app navigation (links, navigate(), the browser's Back
 * and Forward: unsaved-changes-navigation.ts) with a dialog, closing or reloading the tab with the browser's own
 * question (beforeunload). Once the changes are saved or undone (`dirty` false) nothing asks.
 */
export function useUnsavedChanges(dirty: boolean, { message = DEFAULT_LEAVE_MESSAGE }: { message?: string } = {}): UnsavedChanges {
  const navigator = useContext(UNSAFE_NavigationContext)?.navigator;
  const pathname = useContext(UNSAFE_LocationContext)?.location.pathname;
  const here = useRef(pathname);
  here.current = pathname;
  const [pending, setPending] = useState<{ leave: () => void } | null>(null);
  const dirtyRef = useRef(dirty);
  dirtyRef.current = dirty;
  const carrying = useRef(false);

  useEffect(() => {
    if (!dirty) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Chromium before 119 and others still ask only when returnValue is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    const disarm = navigator
      ? armLeaveGuard(navigator, {
          pathname: () => here.current ?? window.location.pathname,
          ask: (leave) => (carrying.current ? leave() : setPending({ leave })),
        })
      : undefined;
    return () => {
      window.removeEventListener('beforeunload', onBeforeUnload);
      disarm?.();
    };
  }, [dirty, navigator]);

  const confirm = useCallback((leave: () => void) => (dirtyRef.current ? setPending({ leave }) : leave()), []);
  const carry = useCallback((navigate: () => void) => {
    carrying.current = true;
    try {
      navigate();
    } finally {
      carrying.current = false;
    }
  }, []);
  const stay = useCallback(() => setPending(null), []);

  const prompt = pending ? (
    <Suspense fallback={null}>
      <LeaveDialog
        message={message}
        onStay={stay}
        onLeave={() => {
          setPending(null);
          pending.leave();
        }}
      />
    </Suspense>
  ) : null;
  return { prompt, confirm, carry };
}

/** The hook as an element, for a component that knows `dirty` only below its early returns (the settings form). */
export function UnsavedChangesGuard({ dirty, message }: { dirty: boolean; message?: string }) {
  return useUnsavedChanges(dirty, { message }).prompt;
}
