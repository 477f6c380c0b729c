import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useCallback } from 'react';
import { MemoryRouter, Route, Routes, useNavigate } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AuthProvider } from '../src/auth/AuthProvider';
import Logout from '../src/pages/Logout';

const USER = {
  success: true,
  id: '1100000000000000102',
  username: 'demo-admin',
  global_name: 'Demo Admin',
  avatar: null,
  discriminator: '0',
  email: null,
  discord_id: '1100000000000000102',
  guilds: [],
};

/** The server as the page meets it: who is signed in, and a sign-out that ends it. Every call is recorded. */
function stubServer(signedIn = true) {
  let session = signedIn;
  const calls: { method: string; url: string; csrf: string | null }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const method = (init.method ?? 'GET').toUpperCase();
      calls.push({ method, url, csrf: new Headers(init.headers).get('X-XSRF-TOKEN') });
      if (url === '/api/logout' && method === 'POST') {
        session = false;
        return new Response(JSON.stringify({ success: true }), { status: 200 });
      }
      return session
        ? new Response(JSON.stringify(USER), { status: 200 })
        : new Response(JSON.stringify({ success: false, error: 'You are not signed in.' }), { status: 401 });
    }),
  );
  return calls;
}

/** The app's shell around the page: AuthProvider goes to /login after a logout, as routes.tsx's Root does. */
function Shell() {
  const navigate = useNavigate();
  const onLoggedOut = useCallback(() => navigate('/login', { replace: true }), [navigate]);
  return (
    <AuthProvider onLoggedOut={onLoggedOut}>
      <Routes>
        <Route path="/logout" element={<Logout />} />
        <Route path="/login" element={<h1>Login page</h1>} />
        <Route path="/selector" element={<h1>Server list</h1>} />
      </Routes>
    </AuthProvider>
  );
}

function renderLogout() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={['/logout']}>
        <Shell />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

beforeEach(() => {
  document.cookie = 'XSRF-TOKEN=token-from-the-server';
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  document.cookie = 'XSRF-TOKEN=; expires=Thu, 01 Jan 1970 00:00:00 GMT';
});

describe('the /logout page', () => {
  it('asks first: opening it signs nobody out', async () => {
    const calls = stubServer();
    renderLogout();
    await screen.findByRole('heading', { name: 'Sign out of Guildhall?' });
    screen.getByText('You are signed in as Demo Admin.');
    expect(document.title).toBe('Sign out | Guildhall');
    expect(calls.filter((c) => c.method !== 'GET')).toEqual([]);
  });

  it('Cancel keeps the session and goes to the server list', async () => {
    const calls = stubServer();
    renderLogout();
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel' }));
    await screen.findByRole('heading', { name: 'Server list' });
    expect(calls.filter((c) => c.method !== 'GET')).toEqual([]);
  });

  it('Sign out posts to /api/logout with the CSRF header, then goes to /login', async () => {
    const calls = stubServer();
    renderLogout();
    fireEvent.click(await screen.findByRole('button', { name: 'Sign out' }));
    await screen.findByRole('heading', { name: 'Login page' });
    expect(calls.filter((c) => c.method !== 'GET')).toEqual([{ method: 'POST', url: '/api/logout', csrf: 'token-from-the-server' }]);
  });

  it('sends a visitor who is not signed in to /login', async () => {
    const calls = stubServer(false);
    renderLogout();
    await screen.findByRole('heading', { name: 'Login page' });
    expect(calls.filter((c) => c.method !== 'GET')).toEqual([]);
  });
});
