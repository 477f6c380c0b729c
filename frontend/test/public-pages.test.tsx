import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AuthProvider } from '../src/auth/AuthProvider';
import { COPY_FEEDBACK_MS, CopyButton } from '../src/components/public/CopyButton';
import PlanPage from '../src/pages/public/PlanPage';

const USER = {
  success: true,
  id: '1100000000000000100',
  username: 'demo-owner',
  avatar: null,
  discriminator: '0',
  email: null,
  discord_id: '1100000000000000100',
  guilds: [],
};

/** /api/user answers as the server would: the user, or 401 when signed out. */
function stubSession(signedIn: boolean) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () =>
      signedIn
        ? new Response(JSON.stringify(USER), { status: 200 })
        : new Response(JSON.stringify({ success: false, error: 'You are not signed in.' }), { status: 401 }),
    ),
  );
}

function renderAt(path: string, element: ReactNode, routePath: string) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[path]}>
        <AuthProvider onLoggedOut={() => undefined}>
          <Routes>
            <Route path={routePath} element={element} />
            <Route path="/login" element={<h1>Login</h1>} />
          </Routes>
        </AuthProvider>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.useRealTimers();
  sessionStorage.clear();
});

describe('plan page', () => {
  beforeEach(() => stubSession(false));

  it('falls back to Basic for an unknown plan type', async () => {
    renderAt('/plans/gold', <PlanPage />, '/plans/:planType');
    await screen.findByRole('heading', { level: 1, name: 'Basic plan' });
    expect(document.title).toBe('Basic plan | Guildhall');
  });

  it('shows four durations with the savings, 3 months marked Most Popular and chosen first', async () => {
    renderAt('/plans/standard', <PlanPage />, '/plans/:planType');
    const group = await screen.findByRole('group', { name: 'Choose a duration' });
    const radios = within(group).getAllByRole('radio') as HTMLInputElement[];
    expect(radios.map((r) => r.value)).toEqual(['monthly', 'quarterly', 'yearly', 'lifetime']);
    expect(radios.find((r) => r.checked)?.value).toBe('quarterly');
    within(group).getByText('Most Popular');
    within(group).getByText('Save 47%');
    within(group).getByText('Save 26%');
    within(group).getByText('Save 34%');
    within(group).getByText('against 3 years of monthly payments');
  });

  it('renders the limit table with numbers, Included, Unlimited and Not shown cells', async () => {
    renderAt('/plans/unlimited', <PlanPage />, '/plans/:planType');
    const table = await screen.findByRole('table');
    const row = (name: string) => within(table).getByRole('rowheader', { name }).closest('tr') as HTMLElement;
    expect(row('Scrims Tag Check').textContent).toContain('Not shown');
    expect(
      within(row('Scrims'))
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['6', '8', 'Unlimited']);
    expect(
      within(row('Drop Location Panel'))
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['Included', 'Included', 'Included']);
  });

  it('signed out, Continue to Payment goes to /login and remembers the plan', async () => {
    renderAt('/plans/standard', <PlanPage />, '/plans/:planType');
    const link = await screen.findByRole('link', { name: 'Continue to Payment' });
    expect(link.getAttribute('href')).toBe('/login');
    fireEvent.click(link);
    expect(sessionStorage.getItem('redirectAfterLogin')).toBe('/premium/standard/quarterly/process');
  });

  it('signed in, Continue to Payment goes to the process page of the chosen duration', async () => {
    stubSession(true);
    renderAt('/plans/basic', <PlanPage />, '/plans/:planType');
    const group = await screen.findByRole('group', { name: 'Choose a duration' });
    fireEvent.click(within(group).getByRole('radio', { name: /1 year/ }));
    const link = screen.getByRole('link', { name: 'Continue to Payment' });
    await vi.waitFor(() => expect(link.getAttribute('href')).toBe('/premium/basic/yearly/process'));
  });
});

describe('copy button', () => {
  it('says Copied! for 2 seconds after copying the command', async () => {
    const writeText = vi.fn(async () => undefined);
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    vi.useFakeTimers();
    render(<CopyButton text="/whitelist add <user>" label="/whitelist add <user>" />);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Copy /whitelist add <user>' })));
    expect(writeText).toHaveBeenCalledWith('/whitelist add <user>');
    expect(screen.getByRole('button').textContent).toBe('Copied!');
    act(() => vi.advanceTimersByTime(COPY_FEEDBACK_MS - 1));
    expect(screen.getByRole('button').textContent).toBe('Copied!');
    act(() => vi.advanceTimersByTime(1));
    expect(screen.getByRole('button').textContent).toBe('Copy');
  });

  it('says so when the browser refuses to copy', async () => {
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText: vi.fn(async () => Promise.reject(new Error('denied'))) } });
    render(<CopyButton text="/ping" label="/ping" />);
    await act(async () => fireEvent.click(screen.getByRole('button')));
    expect(screen.getByRole('button').textContent).toBe('Copy failed');
  });
});
