// Premium in the dashboard: the plan badge on the selector's cards, the dashboard's premium card, the sidebar's lock
// on Custom Embeds, the embed builder's locked state, and the ticket panels' plan limit (fakes of fetch answering as the
// payments contract says).
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AuthProvider } from '../src/auth/AuthProvider';
import { Sidebar } from '../src/layouts/manage/Sidebar';
import Dashboard from '../src/pages/manage/Dashboard';
import Selector from '../src/pages/Selector';
import { fakeEmbedApi } from './support/embed-builder-api';
import { FREE_PANELS, fakePanelsApi, panel } from './support/panels-api';
import { renderBuilder } from './support/render-embed-builder';
import { renderPanels } from './support/render-panels';

const PAID = '1100000000000010000';
const FREE = '1100000000000020000';
const LIFETIME = '1100000000000030000';
/** A guild whose data the server refuses the user (a page's access level admits them, not the dashboard). */
const REFUSED = '1100000000000040000';
const NO_MANAGE = 'You need the Manage Server or Administrator permission in this server.';
const STANDARD = { plan: 'standard', planName: 'Standard', endsAt: '2026-12-22T10:00:00.000Z' };
const FREE_TIER = { plan: null, planName: 'Free', endsAt: null };
const USER = {
  success: true,
  id: '1100000000000000100',
  username: 'demo-owner',
  avatar: null,
  discriminator: '0',
  email: null,
  discord_id: '1100000000000000100',
  guilds: [
    { id: PAID, name: 'Paid Guild', iconURL: null, settingsUrl: `/manage/${PAID}/dashboard`, owner: true, premium: STANDARD },
    { id: FREE, name: 'Free Guild', iconURL: null, settingsUrl: `/manage/${FREE}/dashboard`, owner: true, premium: FREE_TIER },
    {
      id: LIFETIME,
      name: 'Forever Guild',
      iconURL: null,
      settingsUrl: `/manage/${LIFETIME}/dashboard`,
      owner: true,
      premium: { plan: 'unlimited', planName: 'Unlimited', endsAt: null },
    },
  ],
};
const PREMIUM: Record<string, unknown> = { [PAID]: STANDARD, [FREE]: FREE_TIER };

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status });
function fakeApi() {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const path = new URL(String(input), 'http://localhost').pathname;
      if (path === '/api/user') return json(200, USER);
      if (path.startsWith(`/api/guild/${REFUSED}/`)) return json(403, { success: false, error: NO_MANAGE });
      const premium = /^\/api\/guild\/(\d+)\/premium$/.exec(path);
      if (premium) return json(200, { success: true, premium: PREMIUM[premium[1]!], limits: [] });
      if (/^\/api\/guild\/\d+$/.test(path)) return json(200, { success: true, guild: { id: PAID, name: 'Paid Guild', iconURL: null } });
      return json(404, { success: false, error: `No fake for ${path}` });
    }),
  );
}

function renderAt(path: string, routePath: string, element: React.ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[path]}>
        <AuthProvider onLoggedOut={() => undefined}>
          <Routes>
            <Route path={routePath} element={element} />
          </Routes>
        </AuthProvider>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

beforeEach(() => {
  document.cookie = 'XSRF-TOKEN=test-token';
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the selector', () => {
  it('shows each managed server’s paid plan with its end or Lifetime, and nothing on the free tier', async () => {
    fakeApi();
    renderAt('/selector', '/selector', <Selector />);
    const card = async (name: string) => (await screen.findByRole('heading', { name })).closest('li')!;
    expect((await card('Paid Guild')).textContent).toContain('Standard · until 22 Dec 2026');
    expect((await card('Forever Guild')).textContent).toContain('Unlimited · Lifetime');
    expect((await card('Free Guild')).querySelector('[data-plan]')).toBeNull();
  });
});

describe('the dashboard', () => {
  it('shows the plan and its end date', async () => {
    fakeApi();
    renderAt(`/manage/${PAID}/dashboard`, '/manage/:guildId/dashboard', <Dashboard />);
    const card = (await screen.findByRole('heading', { name: 'Standard plan' })).closest('section')!;
    within(card).getByText('Premium active until 22 Dec 2026');
    expect(screen.getByRole('link', { name: /Custom Embeds/ }).getAttribute('href')).toBe(`/manage/${PAID}/embeds`);
  });

  it('shows the free tier with Upgrade, and locks the Custom Embeds card', async () => {
    fakeApi();
    renderAt(`/manage/${FREE}/dashboard`, '/manage/:guildId/dashboard', <Dashboard />);
    const card = (await screen.findByRole('heading', { name: 'Free plan' })).closest('section')!;
    expect(within(card).getByRole('link', { name: 'Upgrade' }).getAttribute('href')).toBe('/premium');
    const embeds = screen.getByRole('link', { name: /^Custom Embeds.*Locked.*\(upgrade to premium to unlock this feature\)$/ });
    expect(embeds.getAttribute('href')).toBe('/premium');
    within(embeds).getByText('Locked');
  });

  it('says once, in the server’s words, that the dashboard is closed to someone it refuses, with no retry', async () => {
    fakeApi();
    renderAt(`/manage/${REFUSED}/dashboard`, '/manage/:guildId/dashboard', <Dashboard />);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(NO_MANAGE);
    expect(within(alert).getByRole('link', { name: 'Back to your servers' }).getAttribute('href')).toBe('/selector');
    expect(screen.queryByText('Could not load your plan.')).toBeNull();
    expect(screen.queryByText('Failed to load dashboard data')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
  });
});

describe('the sidebar', () => {
  const renderSidebar = (guildId: string) =>
    renderAt(
      `/manage/${guildId}/dashboard`,
      '/manage/:guildId/*',
      <Sidebar guildId={guildId} guild={undefined} onNavigate={() => undefined} />,
    );

  it('locks Embeds Configuration for a guild without a paid plan, leading to the plans, and keeps the premium tooltip', async () => {
    fakeApi();
    renderSidebar(FREE);
    const locked = await screen.findByRole('link', { name: 'Embeds Configuration (locked: premium feature, upgrade to unlock)' });
    expect(locked.getAttribute('href')).toBe('/premium');
    locked.focus();
    expect(document.activeElement).toBe(locked);
    await userEvent.click(screen.getByRole('button', { name: 'About Embeds Configuration' }));
    const tip = screen.getByRole('tooltip');
    expect(tip.textContent).toContain('Premium Feature');
    expect(tip.textContent).toContain('Upgrade to premium to unlock this feature.');
  });

  it('leads to the embed builder on a paid plan', async () => {
    fakeApi();
    renderSidebar(PAID);
    await waitFor(() =>
      expect(screen.getByRole('link', { name: 'Embeds Configuration' }).getAttribute('href')).toBe(`/manage/${PAID}/embeds`),
    );
    expect(screen.queryByRole('link', { name: /locked/ })).toBeNull();
    // The note reads the plan too: no upgrade offer for a feature the plan includes (issue 32).
    await userEvent.click(screen.getByRole('button', { name: 'About Embeds Configuration' }));
    const tip = screen.getByRole('tooltip');
    expect(tip.textContent).toContain('Included in your Standard plan.');
    expect(tip.textContent).not.toContain('Upgrade');
  });
});

describe('the embed builder', () => {
  it('shows the locked state instead of the builder for a guild without premium', async () => {
    fakeEmbedApi({ premium: FREE_TIER });
    renderBuilder();
    await screen.findByText('Custom Embeds is a premium feature.');
    screen.getByText('Upgrade to premium to unlock this feature.');
    expect(screen.getByRole('link', { name: 'Upgrade to Premium' }).getAttribute('href')).toBe('/premium');
    expect(screen.queryByRole('button', { name: /Send/ })).toBeNull();
  });

  it('shows the builder on a paid plan', async () => {
    fakeEmbedApi();
    renderBuilder();
    await waitFor(() => expect(screen.queryByText('Loading...')).toBeNull());
    expect(screen.queryByText('Custom Embeds is a premium feature.')).toBeNull();
  });
});

describe('the ticket panels’ plan limit', () => {
  it('says how many panels the plan allows', async () => {
    fakePanelsApi({ items: [{ id: 'a', version: 1, item: panel({ title: 'Support' }) }], planLimit: FREE_PANELS });
    renderPanels();
    expect((await screen.findByText('1 of 2 ticket panels on the Free plan')).closest('[data-plan-limit]')).not.toBeNull();
    expect(screen.getByRole('button', { name: 'Create Panel' })).toHaveProperty('disabled', false);
    expect(screen.queryByRole('link', { name: 'Upgrade to Standard' })).toBeNull();
  });

  it('at the limit, disables Create Panel with the reason and links to the plan that allows more', async () => {
    fakePanelsApi({
      items: [
        { id: 'a', version: 1, item: panel({ title: 'Support' }) },
        { id: 'b', version: 1, item: panel({ title: 'Billing' }) },
      ],
      planLimit: FREE_PANELS,
    });
    renderPanels();
    await screen.findByText(/2 of 2 ticket panels on the Free plan/);
    const create = screen.getByRole('button', { name: 'Create Panel' });
    expect(create).toHaveProperty('disabled', true);
    expect(document.getElementById(create.getAttribute('aria-describedby')!)!.textContent).toContain(
      '2 of 2 ticket panels on the Free plan',
    );
    expect(screen.getByRole('link', { name: 'Upgrade to Standard' }).getAttribute('href')).toBe('/plans/standard');
  });

  it('shows the server’s words and the upgrade link when a duplicate is refused by the plan', async () => {
    const server = fakePanelsApi({ items: [{ id: 'a', version: 1, item: panel({ title: 'Support' }) }], planLimit: FREE_PANELS });
    const message = "Your server's Free plan allows 2 ticket panels. Upgrade to Standard to create up to 4.";
    server.answers.duplicate.push({ status: 403, body: { success: false, error: message, planLimit: FREE_PANELS } });
    renderPanels();
    const card = await screen.findByRole('article', { name: 'Support' });
    await userEvent.click(within(card).getByRole('button', { name: /Duplicate/ }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(message);
    expect(within(alert).getByRole('link', { name: 'Upgrade to Standard' }).getAttribute('href')).toBe('/plans/standard');
  });
});
