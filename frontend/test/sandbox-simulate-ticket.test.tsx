// The sandbox viewer's 'Simulate ticket' (issue 11 item 6): one button per guild with the bot, busy while the sandbox
// plays the ticket, then a link to that guild's transcripts, or the sandbox's reason when it could not.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import SandboxViewer from '../src/pages/sandbox/SandboxViewer';

const GUILD = '1100000000000010000';
const OVERVIEW = {
  guilds: [
    { id: GUILD, name: 'Guildhall Community', botPresent: true, manageable: true, channels: [], roles: [], members: [] },
    { id: '1100000000000020000', name: 'Pixel Painters', botPresent: true, manageable: true, channels: [], roles: [], members: [] },
    { id: '1100000000000030000', name: 'No Bot Here', botPresent: false, manageable: true, channels: [], roles: [], members: [] },
  ],
  dms: [],
  botUserId: '1100000000000000001',
};

function serve(simulate: () => Promise<Response>) {
  const posted: { url: string; body: string; contentType: string | null }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const url = String(input);
      if (url === '/sandbox/discord/viewer/guilds') return new Response(JSON.stringify(OVERVIEW), { status: 200 });
      if (url.endsWith('/simulate-ticket')) {
        posted.push({ url, body: String(init.body), contentType: new Headers(init.headers).get('content-type') });
        return simulate();
      }
      return new Response('{}', { status: 200 });
    }),
  );
  return posted;
}

function renderViewer() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <SandboxViewer />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

beforeEach(() => {
  document.cookie = 'XSRF-TOKEN=csrf';
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('Simulate ticket in the sandbox viewer', () => {
  it('offers it for each guild with the bot only', async () => {
    serve(async () => new Response('{}'));
    renderViewer();
    await screen.findByRole('button', { name: 'Simulate ticket in Guildhall Community' });
    screen.getByRole('button', { name: 'Simulate ticket in Pixel Painters' });
    expect(screen.queryByRole('button', { name: 'Simulate ticket in No Bot Here' })).toBeNull();
  });

  it('is busy while the sandbox works, then links to the guild transcripts', async () => {
    let answer!: (res: Response) => void;
    const posted = serve(() => new Promise<Response>((resolve) => (answer = resolve)));
    const user = userEvent.setup();
    renderViewer();
    const button = await screen.findByRole('button', { name: 'Simulate ticket in Guildhall Community' });
    await user.click(button);
    expect(button.textContent).toContain('Simulating...');
    expect(button).toHaveProperty('disabled', true);
    expect(posted).toEqual([
      { url: `/sandbox/discord/viewer/guilds/${GUILD}/simulate-ticket`, body: '{}', contentType: 'application/json' },
    ]);
    answer(
      new Response(
        JSON.stringify({
          success: true,
          ticket: { transcriptId: 'tr-1', ticketId: '0001', channelName: 'ticket-0001', userName: 'demo-member' },
        }),
        { status: 201 },
      ),
    );
    const done = await screen.findByText(/closed; its transcript is saved/);
    expect(done.getAttribute('role')).toBe('status');
    expect(done.textContent).toContain('Ticket 0001 (demo-member) closed; its transcript is saved.');
    expect(within(done).getByRole('link', { name: 'Open transcripts' }).getAttribute('href')).toBe(`/manage/${GUILD}/tickets/transcript`);
    expect(button.textContent).toContain('Simulate ticket');
  });

  it("shows the sandbox's reason when it cannot", async () => {
    serve(
      async () =>
        new Response(JSON.stringify({ message: 'The bot is not in this guild: invite it before simulating a ticket.', code: 0 }), {
          status: 403,
        }),
    );
    const user = userEvent.setup();
    renderViewer();
    await user.click(await screen.findByRole('button', { name: 'Simulate ticket in Pixel Painters' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Could not simulate a ticket: The bot is not in this guild: invite it before simulating a ticket.',
    );
  });
});
