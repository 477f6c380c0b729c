import { useEffect, useState } from 'react';

/** The spec's mobile breakpoint for the advanced embed editor. */
export const NARROW_QUERY = '(max-width: 1023.98px)';

/** Below Tailwind's `sm` (640 px): a phone held upright. */
export const PHONE_QUERY = '(max-width: 639.98px)';

const matches = (media: string) =>
  typeof window !== 'undefined' && typeof window.matchMedia === 'function' && window.matchMedia(media).matches;

/** Whether the window is below 1024 px (or matches `media`), following resizes. */
export function useNarrow(media: string = NARROW_QUERY): boolean {
  const [narrow, setNarrow] = useState(() => matches(media));
  useEffect(() => {
    if (typeof window.matchMedia !== 'function') return;
    const query = window.matchMedia(media);
    const update = () => setNarrow(query.matches);
    update();
    query.addEventListener('change', update);
    return () => query.removeEventListener('change', update);
  }, [media]);
  return narrow;
}

/** Locks the page behind an open dialog from scrolling while `locked` (the page scrolls again when it ends). */
export function useScrollLock(locked: boolean) {
  useEffect(() => {
    if (!locked) return;
    const before = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    return () => {
      document.body.style.overflow = before;
    };
  }, [locked]);
}
