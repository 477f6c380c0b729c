// The tab lists' keys (the greeting page's tabs, the tabbed settings forms, the panel editor's tabs): arrows move and
// wrap, Home and End jump, any other key is not the tab list's.
import { describe, expect, it } from 'vitest';
import { tabKeyMove, tabKeyTarget } from '../src/lib/tab-keys';

describe('tab list keys', () => {
  it('Arrow Right and Left move to the next and previous tab, wrapping at the ends', () => {
    expect(tabKeyTarget('ArrowRight', 0, 3)).toBe(1);
    expect(tabKeyTarget('ArrowRight', 2, 3)).toBe(0);
    expect(tabKeyTarget('ArrowLeft', 1, 3)).toBe(0);
    expect(tabKeyTarget('ArrowLeft', 0, 3)).toBe(2);
  });

  it('Home and End go to the first and the last tab', () => {
    expect(tabKeyTarget('Home', 2, 3)).toBe(0);
    expect(tabKeyTarget('End', 0, 3)).toBe(2);
  });

  it('leaves other keys alone', () => {
    expect(tabKeyTarget('Enter', 1, 3)).toBeNull();
    expect(tabKeyTarget('ArrowDown', 1, 3)).toBeNull();
  });

  it('by id: moves to the neighbouring tab and stops the page scrolling; other keys pass through', () => {
    const key = (name: string) => ({
      key: name,
      prevented: false,
      preventDefault() {
        this.prevented = true;
      },
    });
    const right = key('ArrowRight');
    expect(tabKeyMove(right, ['general', 'advanced', 'preview'], 'preview')).toBe('general');
    expect(right.prevented).toBe(true);
    const enter = key('Enter');
    expect(tabKeyMove(enter, ['general', 'advanced', 'preview'], 'general')).toBeNull();
    expect(enter.prevented).toBe(false);
  });
});
