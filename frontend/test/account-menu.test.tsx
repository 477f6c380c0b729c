// The header's account menu for a signed-in user: Dashboard, Premium and Logout, as menu items. The API is a fake of
// fetch.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { routes } from '../src/routes';

const USER = {
  success: true,
  id: '1100000000000000100',
  username: 'demo-owner',
  global_name: 'Demo Owner',
  avatar: null,
  discriminator: '0',
  email: 'owner@example.com',
  discord_id: '1100000000000000100',
  guilds: [],
};
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('account menu', () => {
  it('lists Dashboard, Premium and Logout (in red), and Premium opens the premium page', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) => {
        const path = new URL(String(input), 'http://localhost').pathname;
        if (path === '/api/user') return json(200, USER);
        return json(404, { success: false, error: `No fake for ${path}` });
      }),
    );
    const router = createMemoryRouter(routes, { initialEntries: ['/'] });
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <RouterProvider router={router} />
      </QueryClientProvider>,
    );
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Demo Owner' }));
    const items = screen.getAllByRole('menuitem');
    expect(items.map((i) => i.textContent)).toEqual([' Dashboard', ' Premium', ' Logout']);
    expect(items.map((i) => i.className.includes('text-danger'))).toEqual([false, false, true]);
    await user.click(screen.getByRole('menuitem', { name: 'Premium' }));
    expect(router.state.location.pathname).toBe('/premium');
    expect(screen.queryByRole('menu')).toBeNull();
  });
});
