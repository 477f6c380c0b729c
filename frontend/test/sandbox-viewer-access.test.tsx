// The sandbox viewer on a public demo (issue 24 items 5 and 11): a signed-out visitor is asked to sign in and sees
// nothing else; a signed-in one sees their own servers, with the Simulate buttons only where they manage.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import SandboxViewer from '../src/pages/sandbox/SandboxViewer';

const guild = (id: string, name: string, manageable: boolean, botPresent = true) => ({
  id,
  name,
  botPresent,
  manageable,
  channels: [{ id: `${id.slice(0, -3)}106`, name: 'general', type: 0, parent_id: null, position: 1, posted: 2 }],
  roles: [],
  members: [],
});

function serve(overview: { status: number; body: unknown }) {
  const asked: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = String(input);
      asked.push(url);
      if (url === '/sandbox/discord/viewer/guilds') return new Response(JSON.stringify(overview.body), { status: overview.status });
      return new Response(JSON.stringify({ message: 'Sign in to see what the bot posted in your servers and your DMs.', code: 0 }), {
        status: 401,
      });
    }),
  );
  return asked;
}

function renderViewer(path = '/sandbox-viewer') {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[path]}>
        <SandboxViewer />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  sessionStorage.clear();
});

describe('the sandbox viewer for each visitor', () => {
  it('signed out: asks to sign in with a link that comes back here, and asks for no channel', async () => {
    const asked = serve({ status: 401, body: { message: 'Sign in to see what the bot posted in your servers and your DMs.', code: 0 } });
    const user = userEvent.setup();
    renderViewer('/sandbox-viewer?channel=1100000000000010106');
    const link = await screen.findByRole('link', { name: 'Sign in' });
    expect(link.getAttribute('href')).toBe('/login');
    screen.getByText(/Sign in to see what the bot posted in your servers and the DMs it sent you/);
    expect(screen.queryByRole('navigation', { name: 'Sandbox channels' })).toBeNull();
    expect(screen.queryByRole('button', { name: /Simulate/ })).toBeNull();
    expect(asked.filter((url) => url.includes('/channels/'))).toEqual([]);
    await user.click(link);
    expect(sessionStorage.getItem('redirectAfterLogin')).toBe('/sandbox-viewer?channel=1100000000000010106');
  });

  it('signed in: their servers with the bot, the Simulate buttons only where they manage', async () => {
    serve({
      status: 200,
      body: {
        guilds: [
          guild('1100000000000010000', 'Guildhall Community', false),
          guild('1100000000000020000', 'Pixel Painters', true),
          guild('1100000000000030000', 'Quiet Library', true, false),
        ],
        dms: [],
        botUserId: '1100000000000000001',
      },
    });
    renderViewer();
    await screen.findByRole('heading', { name: 'Guildhall Community' });
    screen.getByRole('heading', { name: 'Pixel Painters' });
    expect(screen.queryByRole('heading', { name: 'Quiet Library' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Simulate ticket in Guildhall Community' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Simulate member join in Guildhall Community' })).toBeNull();
    screen.getByRole('button', { name: 'Simulate ticket in Pixel Painters' });
    screen.getByRole('button', { name: 'Simulate member join in Pixel Painters' });
  });

  it('signed in with no server that has the bot and no DM: says so, and where to invite it', async () => {
    serve({
      status: 200,
      body: { guilds: [guild('1100000000000030000', 'Quiet Library', true, false)], dms: [], botUserId: '1100000000000000001' },
    });
    renderViewer();
    await screen.findByText(/None of your servers has the bot yet, and it has sent you no DM/);
    expect(screen.getByRole('link', { name: 'Choose a server' }).getAttribute('href')).toBe('/selector');
  });
});
