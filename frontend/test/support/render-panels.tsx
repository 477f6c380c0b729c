import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import TicketPanels from '../../src/pages/manage/TicketPanels';
import { GUILD } from './panels-api';

/** The panels page at /manage/{GUILD}/tickets/panel, no retries (a failed load shows at once). */
export function renderPanels() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[`/manage/${GUILD}/tickets/panel`]}>
        <Routes>
          <Route path="/manage/:guildId/tickets/panel" element={<TicketPanels />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}
