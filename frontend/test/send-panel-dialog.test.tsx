// The Send Embed Panel dialog: it loads panels and channels when opened, offers text channels
// only, previews what the bot will post, needs both choices, blocks closing while sending, says where the panel went
// and closes 2000 ms later, and shows the server's error or 'Failed to send panel'.
import { collections } from '@guildhall/generated/collections';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import Tickets from '../src/pages/manage/Tickets';
import { SEND_PANEL_CLOSE_MS, SendPanelDialog } from '../src/pages/manage/tickets/SendPanelDialog';

const GUILD = '1100000000000010000';
const GENERAL = '1100000000000010106';
const PANEL = {
  id: 'panel-1',
  version: 1,
  item: { ...collections.panels.defaults, title: 'Help desk', button_label: 'Open a ticket', channel_id: GENERAL, created_at: null },
};
const CHANNELS = [
  { id: '1100000000000010105', name: 'Community', type: 4, position: 0, parent_id: null },
  { id: GENERAL, name: 'general', type: 0, position: 1, parent_id: null },
  { id: '1100000000000010104', name: 'announcements', type: 5, position: 2, parent_id: null },
  { id: '1100000000000010114', name: 'Lounge', type: 2, position: 3, parent_id: null },
  { id: '1100000000000010109', name: 'bot-commands', type: 0, position: 4, parent_id: null },
];

type Answer = { status: number; body: unknown };
const json = ({ status, body }: Answer) =>
  new Response(typeof body === 'string' ? body : JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/** A fetch stand-in: answers by path; the deploy answer may be held back to see the sending state. */
function serve(options: { panels?: Answer[]; deploy?: () => Promise<Answer> | Answer } = {}) {
  const calls: { method: string; url: string; body?: unknown; csrf: string | null }[] = [];
  const panels = options.panels ?? [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const url = String(input);
      const method = (init.method ?? 'GET').toUpperCase();
      calls.push({
        method,
        url,
        body: init.body ? JSON.parse(String(init.body)) : undefined,
        csrf: new Headers(init.headers).get('X-XSRF-TOKEN'),
      });
      if (url === `/api/guild/${GUILD}/settings/ticket-general`)
        return json({ status: 200, body: { success: true, section: 'ticket-general', version: 0, settings: {} } });
      if (url === `/api/guild/${GUILD}/collections/panels`)
        return json(panels.shift() ?? { status: 200, body: { success: true, items: [PANEL], cap: 100 } });
      if (url === `/api/guild/${GUILD}/channels`) return json({ status: 200, body: { success: true, channels: CHANNELS } });
      if (url === `/api/guild/${GUILD}/tickets/panels/${PANEL.id}/deploy` && method === 'POST') {
        const answer = await (options.deploy?.() ?? { status: 200, body: deployed(GENERAL) });
        return json(answer);
      }
      return json({ status: 404, body: { success: false, error: 'Not found' } });
    }),
  );
  return calls;
}

const deployed = (channelId: string) => ({
  success: true,
  id: PANEL.id,
  version: 2,
  item: { ...PANEL.item, channel_id: channelId, message_id: '1200000000000000001', deployed: true },
  message_id: '1200000000000000001',
  channel_id: channelId,
  redeployed: false,
});

function renderDialog(onClose = vi.fn()) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <SendPanelDialog guildId={GUILD} onClose={onClose} />
    </QueryClientProvider>,
  );
  return onClose;
}

/** Chooses the panel and a channel as a person would. */
async function choose(user: ReturnType<typeof userEvent.setup>, channel = 'general') {
  await user.selectOptions(await screen.findByLabelText('Embed Panel'), 'Help desk');
  await user.selectOptions(screen.getByLabelText('Channel'), `#${channel}`);
}

beforeEach(() => {
  document.cookie = 'XSRF-TOKEN=token-from-the-server';
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  document.cookie = 'XSRF-TOKEN=; expires=Thu, 01 Jan 1970 00:00:00 GMT';
});

describe('Send Embed Panel dialog', () => {
  it('loads panels and channels when opened, offers only text channels, and previews the panel as the bot posts it', async () => {
    const calls = serve();
    const user = userEvent.setup();
    renderDialog();
    const dialog = screen.getByRole('dialog', { name: 'Send Embed Panel' });
    within(dialog).getByText('Loading embed panels and channels...');
    expect(calls.map((c) => c.url).sort()).toEqual([`/api/guild/${GUILD}/channels`, `/api/guild/${GUILD}/collections/panels`]);

    const channel = await screen.findByLabelText('Channel');
    expect([...(channel as HTMLSelectElement).options].map((o) => o.text)).toEqual(['Select a channel', '#general', '#bot-commands']);
    screen.getByText('Choose a panel to see what the bot will post.');
    await user.selectOptions(screen.getByLabelText('Embed Panel'), 'Help desk');
    const preview = screen.getByRole('region', { name: 'Preview' });
    within(preview).getByText('Help desk');
    within(preview).getByText('Please use the button below to create a ticket');
    within(preview).getByText('Open a ticket');
    within(preview).getByText('Discord Bot');
  });

  it("says 'Please select both an embed panel and a channel' and sends nothing without both", async () => {
    const calls = serve();
    const user = userEvent.setup();
    renderDialog();
    await user.selectOptions(await screen.findByLabelText('Embed Panel'), 'Help desk');
    await user.click(screen.getByRole('button', { name: 'Send Panel' }));
    expect(screen.getByRole('alert').textContent).toBe('Please select both an embed panel and a channel');
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
    // Choosing the channel answers it.
    await user.selectOptions(screen.getByLabelText('Channel'), '#general');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('sends the panel to the channel, blocks closing while sending, then says where it went and closes after 2000 ms', async () => {
    let release!: (answer: Answer) => void;
    const calls = serve({ deploy: () => new Promise<Answer>((resolve) => (release = resolve)) });
    const user = userEvent.setup();
    const onClose = renderDialog();
    await choose(user, 'bot-commands');
    await user.click(screen.getByRole('button', { name: 'Send Panel' }));

    expect(await screen.findByRole('button', { name: 'Sending...' })).toHaveProperty('disabled', true);
    expect(screen.getByRole('button', { name: 'Cancel' })).toHaveProperty('disabled', true);
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(onClose).not.toHaveBeenCalled();
    const posted = calls.filter((c) => c.method === 'POST');
    expect(posted).toEqual([
      {
        method: 'POST',
        url: `/api/guild/${GUILD}/tickets/panels/${PANEL.id}/deploy`,
        body: { channelId: '1100000000000010109' },
        csrf: 'token-from-the-server',
      },
    ]);

    // From here the clock is the test's: the 2000 ms start when the answer arrives.
    vi.useFakeTimers();
    await act(async () => release({ status: 200, body: deployed('1100000000000010109') }));
    await act(async () => {
      await vi.advanceTimersByTimeAsync(0);
    });
    expect(screen.getByRole('status').textContent).toBe('Panel sent successfully to #bot-commands');
    act(() => vi.advanceTimersByTime(SEND_PANEL_CLOSE_MS - 100));
    expect(onClose).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(100));
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(SEND_PANEL_CLOSE_MS).toBe(2000);
  });

  it("shows the server's error when Discord refuses, and 'Failed to send panel' when the answer names none", async () => {
    const answers: Answer[] = [
      { status: 502, body: { success: false, error: 'Discord request failed: Missing Access' } },
      { status: 500, body: '{}' },
    ];
    serve({ deploy: () => answers.shift()! });
    const user = userEvent.setup();
    const onClose = renderDialog();
    await choose(user);
    await user.click(screen.getByRole('button', { name: 'Send Panel' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Discord request failed: Missing Access');
    await user.click(screen.getByRole('button', { name: 'Send Panel' }));
    await vi.waitFor(() => expect(screen.getByRole('alert').textContent).toBe('Failed to send panel'));
    expect(onClose).not.toHaveBeenCalled();
    // Not sending any more: Cancel closes.
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it("says 'Failed to load embed panels and channels' when they cannot be read, and Retry loads them again", async () => {
    const calls = serve({ panels: [{ status: 502, body: { success: false, error: 'Discord is not answering' } }] });
    const user = userEvent.setup();
    renderDialog();
    const alert = await screen.findByRole('alert');
    within(alert).getByText('Failed to load embed panels and channels');
    expect(screen.getByRole('button', { name: 'Send Panel' })).toHaveProperty('disabled', true);
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    await screen.findByLabelText('Embed Panel');
    expect(calls.filter((c) => c.url.endsWith('/collections/panels'))).toHaveLength(2);
  });

  it("opens from the landing's Send Panel button, and Escape or Cancel closes it", async () => {
    serve();
    const user = userEvent.setup();
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <QueryClientProvider client={client}>
        <MemoryRouter initialEntries={[`/manage/${GUILD}/tickets`]}>
          <Routes>
            <Route path="/manage/:guildId/tickets" element={<Tickets />} />
          </Routes>
        </MemoryRouter>
      </QueryClientProvider>,
    );
    await user.click(await screen.findByRole('button', { name: 'Send Panel' }));
    screen.getByRole('dialog', { name: 'Send Embed Panel' });
    await screen.findByLabelText('Embed Panel');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Send Panel' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
