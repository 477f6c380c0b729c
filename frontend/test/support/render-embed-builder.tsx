import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { AuthProvider } from '../../src/auth/AuthProvider';
import EmbedBuilder from '../../src/pages/manage/EmbedBuilder';
import { GUILD } from './embed-builder-api';

/** The Embed Builder at /manage/{GUILD}/embeds with the real AuthProvider (GET /api/user from the fake), no retries. */
export function renderBuilder() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[`/manage/${GUILD}/embeds`]}>
        <AuthProvider onLoggedOut={() => undefined}>
          <Routes>
            <Route path="/manage/:guildId/embeds" element={<EmbedBuilder />} />
            <Route path="/manage/:guildId/schedules" element={<Arrived />} />
          </Routes>
        </AuthProvider>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

/** Where the builder's Schedule action leads (the Scheduled Messages page), with the router state it was given. */
function Arrived() {
  const { pathname, state } = useLocation();
  return (
    <pre data-arrived={pathname} data-testid="arrived">
      {JSON.stringify(state)}
    </pre>
  );
}
