// The 404 page: its way back depends on where it shows (issue 32: inside a guild's pages, the guild's dashboard).
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import NotFound from '../src/pages/NotFound';

const GUILD = '1100000000000010000';

function renderAt(path: string) {
  render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/manage/:guildId/*" element={<NotFound />} />
        <Route path="*" element={<NotFound />} />
      </Routes>
    </MemoryRouter>,
  );
}

afterEach(cleanup);

describe('Page not found', () => {
  it("inside a guild's pages leads back to that guild's dashboard, never the marketing home", () => {
    renderAt(`/manage/${GUILD}/no-such-page`);
    expect(screen.getByRole('link', { name: 'Back to dashboard' }).getAttribute('href')).toBe(`/manage/${GUILD}/dashboard`);
    expect(screen.getByRole('link', { name: 'Your servers' }).getAttribute('href')).toBe('/selector');
    expect(screen.queryByRole('link', { name: 'Go home' })).toBeNull();
  });

  it('on a public address leads home', () => {
    renderAt('/no-such-page');
    expect(screen.getByRole('link', { name: 'Go home' }).getAttribute('href')).toBe('/');
    expect(screen.queryByRole('link', { name: 'Back to dashboard' })).toBeNull();
  });
});
