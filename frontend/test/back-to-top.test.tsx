// Back to top (issue 32): offered past 400 px of scrolling, and stepping aside while it would lie over a control (on a
// phone it hid a transcript's Delete). Layout is the browser's: jsdom has none, so what lies at a point is stubbed.
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BACK_TO_TOP_MARGIN_PX, BackToTop, coversControl } from '../src/layouts/BackToTop';

let under: Element[];
let asked: [number, number][];

beforeEach(() => {
  under = [];
  asked = [];
  document.elementsFromPoint = (x: number, y: number) => {
    asked.push([x, y]);
    return under;
  };
  // The next frame, as the browser would run it: after the events of this task.
  vi.stubGlobal('requestAnimationFrame', (run: FrameRequestCallback) => setTimeout(() => run(0), 0));
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  window.scrollY = 0;
});

async function scrollTo(y: number) {
  await act(async () => {
    window.scrollY = y;
    window.dispatchEvent(new Event('scroll'));
    await new Promise((resolve) => setTimeout(resolve, 5));
  });
}

describe('Back to top', () => {
  it('shows past 400 px of scrolling over plain content', async () => {
    under = [document.body];
    render(<BackToTop />);
    expect(screen.queryByRole('button', { name: 'Back to top' })).toBeNull();
    await scrollTo(401);
    screen.getByRole('button', { name: 'Back to top' });
  });

  it('steps aside while a control lies where it sits, and comes back once the page moves on', async () => {
    const remove = document.createElement('button');
    document.body.append(remove);
    under = [remove, document.body];
    render(<BackToTop />);
    await scrollTo(900);
    expect(screen.queryByRole('button', { name: 'Back to top' })).toBeNull();
    under = [document.body];
    await scrollTo(950);
    screen.getByRole('button', { name: 'Back to top' });
    remove.remove();
  });

  it('looks where it sits (24 px from the bottom right) and never counts itself', () => {
    const self = document.createElement('button');
    self.setAttribute('data-back-to-top', '');
    under = [self, document.body];
    expect(coversControl()).toBe(false);
    const { clientWidth, clientHeight } = document.documentElement;
    expect(asked).toContainEqual([clientWidth - BACK_TO_TOP_MARGIN_PX - 1, clientHeight - BACK_TO_TOP_MARGIN_PX - 1]);
    const link = document.createElement('a');
    link.href = '/somewhere';
    const icon = document.createElement('span');
    link.append(icon);
    under = [icon, link, document.body];
    expect(coversControl()).toBe(true);
  });
});
