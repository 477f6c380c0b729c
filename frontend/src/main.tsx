import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter, useRoutes } from 'react-router-dom';
import './index.css';
import { ApiError } from './api/client';
// Before the router: the unsaved-changes guard's popstate listener must run ahead of BrowserRouter's.
import './lib/popstate-first';
import { routes } from './routes';
import { applyStoredTheme } from './lib/theme';

applyStoredTheme();

const queryClient = new QueryClient({
  defaultOptions: {
    // A refusal (not signed in, not allowed, not found) is an answer, not a failure: asking again changes nothing.
    queries: {
      retry: (count, err) => count < 1 && !(err instanceof ApiError && [401, 403, 404].includes(err.status)),
      refetchOnWindowFocus: false,
    },
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
