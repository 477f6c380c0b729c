import { type RefObject, useEffect } from 'react';

/** Open modals, innermost last: only the innermost answers the keyboard (a confirmation over an editor). */
const openModals: object[] = [];

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * What a modal dialog owes the keyboard: focus moves into it (to `initial`, else its first control), Tab and
 * Shift+Tab cycle inside it, Escape closes it, and focus returns where it was when it closes.
 */
export function useModal(ref: RefObject<HTMLElement | null>, close: () => void, initial?: RefObject<HTMLElement | null>) {
  useEffect(() => {
    const before = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const self = {};
    openModals.push(self);
    const controls = () => [...(ref.current?.querySelectorAll<HTMLElement>(FOCUSABLE) ?? [])];
    (initial?.current ?? controls()[0])?.focus();
    const onKey = (e: KeyboardEvent) => {
      if (openModals.at(-1) !== self) return;
      if (e.key === 'Escape') return close();
      if (e.key !== 'Tab') return;
      const list = controls();
      if (list.length === 0) return e.preventDefault();
      const first = list[0]!;
      const last = list[list.length - 1]!;
      const inside = ref.current?.contains(document.activeElement);
      if (e.shiftKey && (document.activeElement === first || !inside)) {
        e.preventDefault();
        last.focus();
      } else if (!e.shiftKey && (document.activeElement === last || !inside)) {
        e.preventDefault();
        first.focus();
      }
    };
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
      openModals.splice(openModals.indexOf(self), 1);
      if (before?.isConnected) before.focus();
    };
  }, [ref, close, initial]);
}
