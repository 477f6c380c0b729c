// The Ticket System landing: the cards in their three groups, each to /manage/{guildId}/tickets/{id}, the
// links to /docs and /contact, and the loading and 'Error Loading Data' states with Retry.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import Tickets from '../src/pages/manage/Tickets';

const GUILD = '1100000000000010000';

function serve(answers: number[]) {
  const calls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      calls.push(String(input));
      const status = answers.shift() ?? 200;
      const body =
        status === 200
          ? { success: true, section: 'ticket-general', version: 0, settings: {} }
          : { success: false, error: 'Discord is not answering' };
      return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
    }),
  );
  return calls;
}

function renderLanding() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[`/manage/${GUILD}/tickets`]}>
        <Routes>
          <Route path="/manage/:guildId/tickets" element={<Tickets />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('Ticket System landing', () => {
  it('shows the cards in three groups, each linking to its page, and the docs and contact links', async () => {
    const calls = serve([200]);
    renderLanding();
    screen.getByText('Loading ticket settings...');
    await screen.findByRole('heading', { name: 'Ticket System' });
    expect(calls).toEqual([`/api/guild/${GUILD}/settings/ticket-general`]);
    const groups = {
      'General Configuration': { 'General Settings': 'general' },
      Organization: { Categories: 'category', Panels: 'panel' },
      Advanced: { Transcripts: 'transcript', Limiter: 'limits' },
    };
    for (const [title, cards] of Object.entries(groups)) {
      const region = screen.getByRole('region', { name: title });
      const links = within(region).getAllByRole('link');
      expect(links.map((a) => a.getAttribute('href'))).toEqual(Object.values(cards).map((id) => `/manage/${GUILD}/tickets/${id}`));
      Object.keys(cards).forEach((name, i) => {
        within(links[i]!).getByText(name);
      });
    }
    expect(screen.getByRole('link', { name: 'documentation' }).getAttribute('href')).toBe('/docs');
    expect(screen.getByRole('link', { name: 'contact support' }).getAttribute('href')).toBe('/contact');
  });

  it("says 'Error Loading Data' when the settings cannot be read, and Retry loads them again", async () => {
    const calls = serve([502, 200]);
    renderLanding();
    const alert = await screen.findByRole('alert');
    within(alert).getByText('Error Loading Data');
    within(alert).getByText('Failed to load ticket settings. Please try refreshing the page.');
    await userEvent.setup().click(within(alert).getByRole('button', { name: 'Retry' }));
    await screen.findByRole('heading', { name: 'Ticket System' });
    expect(calls).toHaveLength(2);
  });
});
