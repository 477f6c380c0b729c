import { ArrowUp } from 'lucide-react';
import { useEffect, useState } from 'react';

export const BACK_TO_TOP_AFTER_PX = 400;
export const SCROLL_DURATION_MS = 800;

/** Scrolls to the top over 800 ms with an ease; instant when the user prefers reduced motion. */
export function scrollToTop(duration = SCROLL_DURATION_MS) {
  const start = window.scrollY;
  if (start === 0) return;
  if (window.matchMedia?.('(prefers-reduced-motion: reduce)').matches) {
    window.scrollTo(0, 0);
    return;
  }
  const t0 = performance.now();
  const step = (now: number) => {
    const t = Math.min(1, (now - t0) / duration);
    const eased = 1 - Math.pow(1 - t, 3);
    window.scrollTo(0, Math.round(start * (1 - eased)));
    if (t < 1) requestAnimationFrame(step);
  };
  requestAnimationFrame(step);
}

export function BackToTop() {
  const [visible, setVisible] = useState(false);
  useEffect(() => {
    const onScroll = () => setVisible(window.scrollY > BACK_TO_TOP_AFTER_PX);
    onScroll();
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, []);
  if (!visible) return null;
  return (
    <button
      type="button"
      aria-label="Back to top"
      onClick={() => scrollToTop()}
      className="btn-primary fixed right-6 bottom-6 z-40 rounded-full p-3 shadow-lg"
    >
      <ArrowUp aria-hidden="true" className="h-5 w-5" />
    </button>
  );
}
