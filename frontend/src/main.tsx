import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter, useRoutes } from 'react-router-dom';
import './index.css';
// Before the router: the unsaved-changes guard's popstate listener must run ahead of BrowserRouter's.
import './lib/popstate-first';
import { routes } from './routes';
import { applyStoredTheme } from './lib/theme';

applyStoredTheme();

const queryClient = new QueryClient({
  defaultOptions: {
    queries: { retry: 1, refetchOnWindowFocus: false },
  },
});

/**
 * Declarative routing over the same route table: data comes through TanStack Query, not route loaders, so
 * the data router (createBrowserRouter) would be about 17 KB gzip of JavaScript that every page loads and
 * none uses (each public route must stay within 120 KB; see tests/bundle-size.test.ts).
 */
function App() {
  return useRoutes(routes);
}

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <BrowserRouter>
        <App />
      </BrowserRouter>
    </QueryClientProvider>
  </StrictMode>,
);
