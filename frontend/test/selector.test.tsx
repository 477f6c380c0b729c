// Issue 10: the server selector offers a guild that only a section's access levels open to the user (an AntiNuke extra
// owner or whitelisted user without Manage Server), linked straight to that section's page; the sidebar then lists
// only the pages they may open.
import { sectionPages } from '@guildhall/generated/section-pages';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AuthProvider } from '../src/auth/AuthProvider';
import { MANAGE_MENU, restrictMenu } from '../src/layouts/manage-menu';
import { openablePages } from '../src/pages/guild-pages';
import Selector from '../src/pages/Selector';

const COMMUNITY = '1100000000000010000';
const NIGHT_OWLS = '1100000000000040000';
const USER = {
  success: true,
  id: '1100000000000000104',
  username: 'demo-extra',
  global_name: 'Demo Extra',
  avatar: null,
  discriminator: '0',
  email: null,
  discord_id: '1100000000000000104',
  guilds: [
    { id: NIGHT_OWLS, name: 'Night Owls', iconURL: null, settingsUrl: `/manage/${NIGHT_OWLS}/dashboard`, permissions: '8', owner: true },
    {
      id: COMMUNITY,
      name: 'Guildhall Community',
      iconURL: null,
      settingsUrl: `/manage/${COMMUNITY}/antinuke`,
      permissions: '0',
      owner: false,
      sections: ['antinuke'],
    },
  ],
};

function renderSelector() {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(JSON.stringify(USER), { status: 200 })),
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={['/selector']}>
        <AuthProvider onLoggedOut={() => {}}>
          <Routes>
            <Route path="/selector" element={<Selector />} />
          </Routes>
        </AuthProvider>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the server selector', () => {
  it('links a guild an access level opens to that section’s page, not to the dashboard', async () => {
    renderSelector();
    const open = await screen.findByRole('link', { name: `Open ${sectionPages.antinuke.title} in Guildhall Community` });
    expect(open.getAttribute('href')).toBe(`/manage/${COMMUNITY}/${sectionPages.antinuke.path}`);
    expect(open.textContent).toBe(`Open ${sectionPages.antinuke.title}`);
  });

  it('still links a guild the user manages to its dashboard', async () => {
    renderSelector();
    const manage = await screen.findByRole('link', { name: 'Manage Server Night Owls' });
    expect(manage.getAttribute('href')).toBe(`/manage/${NIGHT_OWLS}/dashboard`);
  });
});

describe('the manage sidebar of a guild an access level opens', () => {
  it('lists only the sections that level opens', () => {
    const items = restrictMenu(MANAGE_MENU, openablePages(USER.guilds[1])).flatMap((g) => g.items.map((i) => i.path));
    expect(items).toEqual([sectionPages.antinuke.path]);
  });

  it('lists everything for a guild the user manages', () => {
    expect(restrictMenu(MANAGE_MENU, openablePages(USER.guilds[0]))).toBe(MANAGE_MENU);
  });
});
