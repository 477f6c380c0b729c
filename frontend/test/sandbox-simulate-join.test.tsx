// The sandbox viewer's 'Simulate member join' (issue 12 item 7): per guild with the bot, a member chosen or the next in
// turn, busy while the sandbox works, then what became of the DM (with a link to the Join DM page) or the reason.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import SandboxViewer from '../src/pages/sandbox/SandboxViewer';

const GUILD = '1100000000000010000';
const ZARA = '1100000000000000207';
const member = (id: string, username: string, bot = false) => ({ id, username, global_name: null, avatar: null, bot, nick: null });
const OVERVIEW = {
  guilds: [
    {
      id: GUILD,
      name: 'Guildhall Community',
      botPresent: true,
      manageable: true,
      channels: [],
      roles: [],
      members: [member('1100000000000000201', 'ava.chen'), member(ZARA, 'zara.ali'), member('1100000000000000001', 'guildhall', true)],
    },
    { id: '1100000000000030000', name: 'No Bot Here', botPresent: false, manageable: true, channels: [], roles: [], members: [] },
  ],
  dms: [],
  botUserId: '1100000000000000001',
};

function serve(simulate: () => Promise<Response>) {
  const posted: { url: string; body: string }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const url = String(input);
      if (url === '/sandbox/discord/viewer/guilds') return new Response(JSON.stringify(OVERVIEW), { status: 200 });
      if (url.endsWith('/simulate-join')) {
        posted.push({ url, body: String(init.body) });
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

describe('Simulate member join in the sandbox viewer', () => {
  it('offers it for guilds with the bot, with their human members to choose from', async () => {
    serve(async () => new Response('{}'));
    renderViewer();
    await screen.findByRole('button', { name: 'Simulate member join in Guildhall Community' });
    expect(screen.queryByRole('button', { name: 'Simulate member join in No Bot Here' })).toBeNull();
    const select = screen.getByLabelText('Member who joins Guildhall Community');
    expect(
      within(select)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Next member', 'ava.chen', 'zara.ali']);
  });

  it('is busy while the sandbox works, sends the chosen member, then says the DM failed (DMs closed) in red', async () => {
    let answer!: (res: Response) => void;
    const posted = serve(() => new Promise<Response>((resolve) => (answer = resolve)));
    const user = userEvent.setup();
    renderViewer();
    await user.selectOptions(await screen.findByLabelText('Member who joins Guildhall Community'), ZARA);
    const button = screen.getByRole('button', { name: 'Simulate member join in Guildhall Community' });
    await user.click(button);
    expect(button.textContent).toContain('Simulating...');
    expect(button).toHaveProperty('disabled', true);
    expect(posted).toEqual([{ url: `/sandbox/discord/viewer/guilds/${GUILD}/simulate-join`, body: JSON.stringify({ userId: ZARA }) }]);
    answer(
      new Response(
        JSON.stringify({
          success: true,
          join: {
            userId: ZARA,
            userName: 'zara.ali',
            sent: true,
            ok: false,
            error: { code: 50007, reason: 'Cannot send messages to this user' },
          },
        }),
        { status: 201 },
      ),
    );
    const done = await screen.findByText(/the Join DM failed/);
    expect(done.getAttribute('role')).toBe('status');
    expect(done.className).toContain('text-danger');
    expect(done.textContent).toContain('zara.ali joined; the Join DM failed: Cannot send messages to this user.');
    expect(within(done).getByRole('link', { name: 'Open Join DMs' }).getAttribute('href')).toBe(`/manage/${GUILD}/joindms`);
  });

  it("sends no member when none is chosen, and shows the sandbox's reason when it cannot", async () => {
    const posted = serve(
      async () =>
        new Response(JSON.stringify({ message: 'Simulate member join needs the app around the sandbox.', code: 0 }), { status: 503 }),
    );
    const user = userEvent.setup();
    renderViewer();
    await user.click(await screen.findByRole('button', { name: 'Simulate member join in Guildhall Community' }));
    expect(posted[0]!.body).toBe('{}');
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Could not simulate a join: Simulate member join needs the app around the sandbox.',
    );
  });
});
