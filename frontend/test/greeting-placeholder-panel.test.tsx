// The greeting page's placeholder list: collapsed at first, grouped, a copy button per placeholder.
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { GREETING_PLACEHOLDERS } from '../src/pages/manage/shared/placeholders';
import { PlaceholderPanel } from '../src/pages/manage/greeting/PlaceholderPanel';

afterEach(cleanup);

describe('greeting placeholders panel', () => {
  it('opens from its heading, lists member and server placeholders, and copies one with a Copied mark', async () => {
    render(<PlaceholderPanel />);
    const user = userEvent.setup(); // its clipboard stands in for the browser's
    const toggle = screen.getByRole('button', { name: `Placeholders (${GREETING_PLACEHOLDERS.length}, click to copy)` });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('heading', { name: 'Member' })).toBeNull();

    await user.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(toggle.getAttribute('aria-controls')).toBe('placeholders-list');
    expect(screen.getByRole('heading', { name: 'Member' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Server' })).toBeTruthy();
    expect(screen.getAllByRole('listitem')).toHaveLength(GREETING_PLACEHOLDERS.length);

    await user.click(screen.getByRole('button', { name: 'Copy {member.mention}' }));
    expect(await navigator.clipboard.readText()).toBe('{member.mention}');
    expect(await screen.findByRole('button', { name: 'Copied {member.mention}' })).toBeTruthy();

    await user.click(toggle);
    expect(screen.queryByRole('heading', { name: 'Member' })).toBeNull();
  });
});
