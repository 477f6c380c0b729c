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

/** Where the button sits: this far from the viewport's bottom and right edges, this wide and high (p-3 around 20 px). */
export const BACK_TO_TOP_MARGIN_PX = 24;
export const BACK_TO_TOP_SIZE_PX = 44;

const CONTROLS = 'a[href], button, input, select, textarea, summary, [role="button"], [role="tab"], [tabindex]:not([tabindex="-1"])';

/**
 * Whether the button, where it sits, would lie over a control of the page (its corners and centre; the button itself
 * left out): a row's Delete at the end of a list on a phone was hidden under it.
 */
export function coversControl(): boolean {
  if (typeof document.elementsFromPoint !== 'function') return false;
  const right = document.documentElement.clientWidth - BACK_TO_TOP_MARGIN_PX;
  const bottom = document.documentElement.clientHeight - BACK_TO_TOP_MARGIN_PX;
  const left = right - BACK_TO_TOP_SIZE_PX;
  const top = bottom - BACK_TO_TOP_SIZE_PX;
  const points: [number, number][] = [
    [left, top],
    [right - 1, top],
    [left, bottom - 1],
    [right - 1, bottom - 1],
    [(left + right) / 2, (top + bottom) / 2],
  ];
  return points.some(([x, y]) => document.elementsFromPoint(x, y).some((el) => !el.closest('[data-back-to-top]') && el.closest(CONTROLS)));
}

/** Offered past 400 px of scrolling, and never over a control (it steps aside until the page moves on). */
export function BackToTop() {
  const [visible, setVisible] = useState(false);
  useEffect(() => {
    let frame = 0;
    const update = () => {
      frame = 0;
      setVisible(window.scrollY > BACK_TO_TOP_AFTER_PX && !coversControl());
    };
    // Once per frame: the check reads the layout, and scroll events come faster than frames.
    const onScroll = () => {
      if (!frame) frame = requestAnimationFrame(update);
    };
    update();
    window.addEventListener('scroll', onScroll, { passive: true });
    window.addEventListener('resize', onScroll);
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener('scroll', onScroll);
      window.removeEventListener('resize', onScroll);
    };
  }, []);
  if (!visible) return null;
  return (
    <button
      type="button"
      aria-label="Back to top"
      data-back-to-top=""
      onClick={() => scrollToTop()}
      className="btn-primary fixed z-40 rounded-full p-3 shadow-lg"
      style={{ right: BACK_TO_TOP_MARGIN_PX, bottom: BACK_TO_TOP_MARGIN_PX }}
    >
      <ArrowUp aria-hidden="true" className="h-5 w-5" />
    </button>
  );
}
