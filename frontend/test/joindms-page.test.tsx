// The Join DM page (issue 12 item 5): loading and load-failure states, the optimistic switch and its revert,
// copying a variable, the live preview with variables filled, the statistics, and Send Test's messages.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AuthProvider } from '../src/auth/AuthProvider';
import JoinDms from '../src/pages/manage/JoinDms';

const GUILD = '1100000000000010000';
const USER_ID = '1100000000000000101';
const USER = {
  success: true,
  id: USER_ID,
  username: 'demo-owner',
  global_name: 'Demo Owner',
  avatar: null,
  discriminator: '0',
  email: null,
  discord_id: USER_ID,
  guilds: [
    { id: GUILD, name: 'Guildhall Community', iconURL: null, settingsUrl: `/manage/${GUILD}/dashboard`, permissions: '8', owner: true },
  ],
};

type Answer = { status: number; body: unknown } | (() => Promise<never>);
const json = (status: number, body: unknown) => ({ status, body });

function settingsDoc(overrides: Record<string, unknown> = {}, version = 3) {
  return {
    success: true,
    section: 'joindms',
    version,
    settings: {
      enabled: true,
      message_type: 'both',
      content: 'Hi {member.mention}, welcome to {server.name}! Owner: {server.owner}',
      embed: {
        enabled: true,
        title: 'Welcome {member.name}',
        description: 'Joined {member.joinedAt}',
        color: '#068ADD',
        thumbnail: false,
        footer: '',
        image: '',
        author: { name: '', iconURL: '' },
      },
      variables: {
        member: { name: true, tag: true, mention: true, avatar: true, id: true, createdAt: true, joinedAt: true },
        server: { name: true, icon: true, members: true, id: true, owner: true },
      },
      test_enabled: true,
      ...overrides,
    },
  };
}

/** Answers by method and path; a route's list of answers is used in turn (the last one repeats). */
function serve(routes: Record<string, Answer[]>) {
  const calls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const path = String(input).split('?')[0]!;
      const key = `${init?.method ?? 'GET'} ${path}`;
      calls.push(key);
      const base: Record<string, Answer[]> = {
        'GET /api/user': [json(200, USER)],
        [`GET /api/guild/${GUILD}`]: [json(200, { success: true, guild: { id: GUILD, name: 'Guildhall Community', iconURL: null } })],
        [`GET /api/guild/${GUILD}/stats`]: [json(200, { success: true, stats: { memberCount: 42 } })],
        [`GET /api/guild/${GUILD}/channels`]: [json(200, { success: true, channels: [] })],
        [`GET /api/guild/${GUILD}/roles`]: [json(200, { success: true, roles: [] })],
        [`GET /api/guild/${GUILD}/joindms/stats`]: [
          json(200, { success: true, stats: { total_sent: 5, successful_sent: 4, failed_sent: 1, last_sent: '2026-11-20T10:00:00.000Z' } }),
        ],
      };
      const list = routes[key] ?? base[key];
      if (!list) return new Response(JSON.stringify({ success: false, error: `no stub for ${key}` }), { status: 404 });
      const answer = list.length > 1 ? list.shift()! : list[0]!;
      if (typeof answer === 'function') return answer();
      return new Response(JSON.stringify(answer.body), { status: answer.status, headers: { 'Content-Type': 'application/json' } });
    }),
  );
  return calls;
}

function renderPage() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[`/manage/${GUILD}/joindms`]}>
        <AuthProvider onLoggedOut={() => {}}>
          <Routes>
            <Route path="/manage/:guildId/joindms" element={<JoinDms />} />
          </Routes>
        </AuthProvider>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const settingsKey = `GET /api/guild/${GUILD}/settings/joindms`;
const toggleKey = `POST /api/guild/${GUILD}/joindms/toggle`;
const testKey = `POST /api/guild/${GUILD}/joindms/test`;

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('Join DM page', () => {
  it("shows 'Loading Join DM settings...', then the header, the status and the statistics", async () => {
    serve({ [settingsKey]: [json(200, settingsDoc())] });
    renderPage();
    screen.getByText('Loading Join DM settings...');
    await screen.findByRole('heading', { name: 'Welcome Messages' });
    await screen.findByText(/Guildhall Community · 42 members/);
    screen.getByText('Welcome messages are active');
    const stats = within(screen.getByRole('region', { name: 'Statistics' }));
    const stat = (label: string) => stats.getByText(label).nextSibling!.textContent;
    await waitFor(() => expect(stat('Total Sent')).toBe('5'));
    expect(stat('Successful')).toBe('4');
    expect(stat('Failed')).toBe('1');
    screen.getByText(/^Last sent /);
    screen.getByRole('region', { name: 'Tips' });
  });

  it("says 'No messages sent yet' before any delivery", async () => {
    serve({
      [settingsKey]: [json(200, settingsDoc())],
      [`GET /api/guild/${GUILD}/joindms/stats`]: [
        json(200, { success: true, stats: { total_sent: 0, successful_sent: 0, failed_sent: 0, last_sent: null } }),
      ],
    });
    renderPage();
    await screen.findByText('No messages sent yet');
  });

  it("on a load failure shows 'Failed to load settings' with the spec's sentence, and Retry loads again", async () => {
    const calls = serve({ [settingsKey]: [json(502, { success: false, error: 'Discord is down' }), json(200, settingsDoc())] });
    renderPage();
    const alert = await screen.findByRole('alert');
    within(alert).getByText('Failed to load settings');
    within(alert).getByText('There was an issue loading the Join DM settings for this server.');
    await userEvent.setup().click(within(alert).getByRole('button', { name: 'Retry' }));
    await screen.findByRole('heading', { name: 'Welcome Messages' });
    expect(calls.filter((c) => c === settingsKey)).toHaveLength(2);
  });

  it("the switch flips at once and flips back when the toggle fails, with the server's reason in a red toast", async () => {
    let fail!: (r: Response) => void;
    // One held answer for the toggle and its retries with the same Idempotency-Key (the network lost each).
    const held = new Promise<never>((_, reject) => void (fail = reject as never));
    held.catch(() => undefined);
    serve({
      [settingsKey]: [json(200, settingsDoc())],
      [toggleKey]: [() => held],
    });
    renderPage();
    const toggle = await screen.findByRole('switch', { name: 'Send Join DMs' });
    expect(toggle.getAttribute('aria-checked')).toBe('true');
    fireEvent.click(toggle);
    await waitFor(() => expect(typeof fail).toBe('function'));
    // Flipped before any answer.
    expect(toggle.getAttribute('aria-checked')).toBe('false');
    screen.getByText('Welcome messages are disabled');
    await act(async () => fail(new TypeError('network down') as never));
    await waitFor(() => expect(toggle.getAttribute('aria-checked')).toBe('true'));
    expect((await screen.findByRole('alert')).textContent).toContain('Error toggling settings');
  });

  it("a refused toggle reverts and shows the server's error; a kept toggle stays", async () => {
    serve({
      [settingsKey]: [json(200, settingsDoc())],
      [toggleKey]: [
        json(403, { success: false, error: 'You cannot manage this server' }),
        json(200, { ...settingsDoc({ enabled: false }, 4), message: 'Join DMs disabled' }),
      ],
    });
    renderPage();
    const toggle = await screen.findByRole('switch', { name: 'Send Join DMs' });
    fireEvent.click(toggle);
    expect((await screen.findByRole('alert')).textContent).toContain('Failed to toggle settings: You cannot manage this server');
    await waitFor(() => expect(toggle.getAttribute('aria-checked')).toBe('true'));
    fireEvent.click(toggle);
    await waitFor(() => expect(screen.getByRole('switch', { name: 'Send Join DMs' }).hasAttribute('aria-busy')).toBe(false));
    expect(screen.getByRole('switch', { name: 'Send Join DMs' }).getAttribute('aria-checked')).toBe('false');
    screen.getByRole('heading', { name: 'Disabled Mode' });
  });

  it('an unsaved edit survives the toggle: the form takes the new version and keeps what was typed', async () => {
    serve({
      [settingsKey]: [json(200, settingsDoc())],
      [toggleKey]: [json(200, { ...settingsDoc({ enabled: false }, 4), message: 'Join DMs disabled' })],
    });
    renderPage();
    const text = (await screen.findByLabelText(/Message Text/)) as HTMLTextAreaElement;
    fireEvent.change(text, { target: { value: 'Typed but not saved' } });
    await waitFor(() => expect(text.value).toBe('Typed but not saved'));
    fireEvent.click(screen.getByRole('switch', { name: 'Send Join DMs' }));
    await waitFor(() => expect(screen.getByRole('switch', { name: 'Send Join DMs' }).hasAttribute('aria-busy')).toBe(false));
    expect(screen.getByRole('switch', { name: 'Send Join DMs' }).getAttribute('aria-checked')).toBe('false');
    await waitFor(() => expect((screen.getByLabelText(/Message Text/) as HTMLTextAreaElement).value).toBe('Typed but not saved'));
  });

  it("copies a variable and says 'Copied {variable} to clipboard!'", async () => {
    serve({ [settingsKey]: [json(200, settingsDoc())] });
    renderPage();
    const user = userEvent.setup(); // its clipboard stands in for the browser's
    await user.click(await screen.findByRole('button', { name: /Available Variables/ }));
    await user.click(screen.getByRole('button', { name: 'Copy {member.mention}' }));
    expect(await navigator.clipboard.readText()).toBe('{member.mention}');
    expect((await screen.findByRole('status')).textContent).toContain('Copied {member.mention} to clipboard!');
  });

  it("the Live Preview fills the variables: the user, the server, '@Owner', today's join date", async () => {
    serve({ [settingsKey]: [json(200, settingsDoc())] });
    renderPage();
    const preview = await screen.findByRole('region', { name: 'Live Preview' });
    await waitFor(() => expect(preview.textContent).toContain('welcome to Guildhall Community!'));
    expect(preview.textContent).toContain('@Demo Owner');
    expect(preview.textContent).toContain('Owner: @Owner');
    expect(preview.textContent).toContain('Welcome Demo Owner');
    expect(preview.textContent).not.toContain('{member.joinedAt}');
    const today = new Date().toLocaleDateString(undefined, { month: 'long', day: 'numeric', year: 'numeric' });
    expect(preview.textContent).toContain(today);
    // Hide Preview hides it.
    await userEvent.setup().click(screen.getByRole('button', { name: 'Hide Preview' }));
    expect(screen.queryByRole('region', { name: 'Live Preview' })).toBeNull();
  });

  it("Send Test shows the server's message in green, the server's error or 'Error sending test DM' in red", async () => {
    serve({
      [settingsKey]: [json(200, settingsDoc())],
      [testKey]: [
        json(200, { success: true, message: 'Test DM sent! Check your direct messages.' }),
        json(502, { success: false, error: 'This user does not accept direct messages from the bot (their privacy settings).' }),
        () => Promise.reject(new TypeError('offline')),
      ],
    });
    renderPage();
    const user = userEvent.setup();
    const send = await screen.findByRole('button', { name: 'Send Test' });
    await user.click(send);
    const ok = await screen.findByRole('status');
    expect(ok.textContent).toContain('Test DM sent! Check your direct messages.');
    expect(ok.getAttribute('data-toast')).toBe('success');
    await user.click(screen.getByRole('button', { name: 'Send Test' }));
    expect((await screen.findByRole('alert')).textContent).toContain('This user does not accept direct messages');
    await user.click(screen.getByRole('button', { name: 'Send Test' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toContain('Error sending test DM'));
  });

  it("Save Settings says 'Settings saved successfully!', else the server's error, 'Failed to save settings' or 'Error saving settings'", async () => {
    const putKey = `PUT /api/guild/${GUILD}/settings/joindms`;
    serve({
      [settingsKey]: [json(200, settingsDoc())],
      [putKey]: [
        json(200, settingsDoc({}, 4)),
        json(500, { success: false, error: 'Storage is unavailable' }),
        json(500, { success: false }),
        () => Promise.reject(new TypeError('offline')),
      ],
    });
    renderPage();
    const user = userEvent.setup();
    await screen.findByLabelText(/Message Text/);
    const saveWith = async (value: string) => {
      fireEvent.change(screen.getByLabelText(/Message Text/), { target: { value } });
      await waitFor(() => expect((screen.getByRole('button', { name: 'Save Settings' }) as HTMLButtonElement).disabled).toBe(false));
      await user.click(screen.getByRole('button', { name: 'Save Settings' }));
    };
    await saveWith('One');
    await screen.findByText('Settings saved successfully!');
    await saveWith('Two');
    await screen.findByText('Storage is unavailable');
    await saveWith('Three');
    await screen.findByText('Failed to save settings');
    await saveWith('Four');
    await screen.findByText('Error saving settings');
  });

  it('Send Test is disabled while Join DMs are off', async () => {
    serve({ [settingsKey]: [json(200, settingsDoc({ enabled: false }))] });
    renderPage();
    const send = await screen.findByRole('button', { name: 'Send Test' });
    expect((send as HTMLButtonElement).disabled).toBe(true);
    screen.getByRole('heading', { name: 'Disabled Mode' });
  });
});
