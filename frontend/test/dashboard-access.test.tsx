// Dashboard Access (issue 30) in the browser's components, over a fake of the API the backend contract describes: the
// owner's page (the matrix of who may open what, the empty state, a grant added and saved through the engine), and
// what a grantee sees (the selector's label, a sidebar of what they may open, view-only forms, the 403 page).
import { refusals } from '@guildhall/generated/refusals';
import { defaults as accessDefaults } from '@guildhall/generated/sections/dashboard-access.js';
import { defaults as levelsDefaults } from '@guildhall/generated/sections/levels.js';
import { sectionPages } from '@guildhall/generated/section-pages';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AuthProvider } from '../src/auth/AuthProvider';
import { fromLocalInput, toLocalInput } from '../src/form/widgets/date-time';
import { SchemaForm } from '../src/form/SchemaForm';
import { MANAGE_MENU, restrictMenu, withoutAdministratorPages } from '../src/layouts/manage-menu';
import { ManageLayout } from '../src/layouts/ManageLayout';
import { COLLECTION_PAGES } from '../src/manage-paths';
import { openablePages } from '../src/pages/guild-pages';
import DashboardAccess from '../src/pages/manage/DashboardAccess';
import { fakePanelsApi, panel } from './support/panels-api';
import { renderPanels } from './support/render-panels';
import Selector from '../src/pages/Selector';

const GUILD = '1100000000000010000';
const MODERATOR = '1100000000000010203';
const AVA = '1100000000000000201';
const ROLES = [
  { id: GUILD, name: '@everyone', color: 0, position: 0, managed: false, permissions: '0', hoist: false, mentionable: false },
  { id: MODERATOR, name: 'Moderator', color: 0x3498db, position: 7, managed: false, permissions: '0', hoist: true, mentionable: true },
];
const USERS = [{ id: AVA, username: 'ava.chen', discriminator: '0', avatar: null, global_name: 'Ava Chen' }];

const GRANTEE = {
  success: true,
  id: AVA,
  username: 'ava.chen',
  global_name: 'Ava Chen',
  avatar: null,
  discriminator: '0',
  email: null,
  discord_id: AVA,
  guilds: [
    {
      id: GUILD,
      name: 'Guildhall Community',
      iconURL: null,
      settingsUrl: `/manage/${GUILD}/progression`,
      permissions: '0',
      owner: false,
      sections: ['levels', 'greeting', 'panels'],
      accessLabel: 'Read access, Write access',
    },
  ],
};

interface Put {
  version: number;
  settings: Record<string, unknown>;
}

/** The API for one guild, as the server answers: the stored grants, the caller's grants, roles and members. */
function fakeApi(options: { access?: Record<string, unknown>; grants?: Record<string, 'read' | 'write'>; user?: unknown } = {}) {
  const server = { version: options.access ? 1 : 0, access: { ...accessDefaults, ...options.access }, puts: [] as Put[] };
  const json = (status: number, body: unknown) =>
    new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const url = new URL(String(input), 'http://localhost');
      const method = (init.method ?? 'GET').toUpperCase();
      const base = `/api/guild/${GUILD}`;
      if (url.pathname === '/api/user') return json(200, options.user ?? GRANTEE);
      if (url.pathname === base)
        return json(200, {
          success: true,
          guild: { id: GUILD, name: 'Guildhall Community', iconURL: null },
          manager: !options.grants,
          ...(options.grants ? { grants: options.grants } : {}),
        });
      if (url.pathname === `${base}/roles`) return json(200, { success: true, roles: ROLES });
      if (url.pathname === `${base}/users`)
        return json(200, { success: true, users: USERS.filter((u) => (url.searchParams.get('ids') ?? '').split(',').includes(u.id)) });
      if (url.pathname === `${base}/settings/dashboard-access`) {
        if (method === 'PUT') {
          const body = JSON.parse(String(init.body)) as Put;
          server.puts.push(body);
          server.version += 1;
          server.access = { ...accessDefaults, ...body.settings };
        }
        return json(200, { success: true, section: 'dashboard-access', version: server.version, settings: server.access });
      }
      if (url.pathname === `${base}/settings/levels`)
        return json(200, { success: true, section: 'levels', version: 1, settings: levelsDefaults, grant: options.grants?.levels });
      return json(404, { success: false, error: `No fake for ${method} ${url.pathname}` });
    }),
  );
  return server;
}

function renderAt(path: string, routes: React.ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[path]}>
        <AuthProvider onLoggedOut={() => {}}>
          <Routes>{routes}</Routes>
        </AuthProvider>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const renderAccessPage = () => renderAt(`/manage/${GUILD}/access`, <Route path="/manage/:guildId/access" element={<DashboardAccess />} />);

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the Dashboard Access page', () => {
  it('says that only managers may use the dashboard while nobody has a grant', async () => {
    fakeApi();
    renderAccessPage();
    expect(
      await screen.findByText('Only server managers can use this dashboard. Grant a role or a member access to let them help.'),
    ).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('shows who has access to what: a row per section, a column per grantee, an expired grant marked', async () => {
    fakeApi({
      access: {
        roles: [{ id: MODERATOR, level: 'write', subjects: ['greeting'], expires_at: '', note: '' }],
        members: [
          { id: AVA, level: 'read', subjects: ['*'], expires_at: '', note: '' },
          { id: '1100000000000000299', level: 'write', subjects: ['levels'], expires_at: '2020-01-01T00:00:00.000Z', note: '' },
        ],
      },
    });
    renderAccessPage();
    const table = await screen.findByRole('table', { name: 'Who has access to what' });
    await waitFor(() =>
      expect(
        within(table)
          .getAllByRole('columnheader')
          .map((h) => h.textContent),
      ).toEqual(['Section', '@Moderator', 'Ava Chen', 'Member 1100000000000000299(Expired)']),
    );
    for (const header of within(table).getAllByRole('columnheader')) expect(header.getAttribute('scope')).toBe('col');
    const row = (title: string) => within(table).getByRole('rowheader', { name: title }).closest('tr')!;
    expect(
      within(row('Welcome Configuration'))
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['Write', 'Read', '—']);
    expect(
      within(row('Levels'))
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['—', 'Read', 'Write']);
    expect(within(row('Levels')).getAllByRole('cell')[2]!.getAttribute('data-expired')).toBe('true');
    // Collections are rows too, named as the grant's checklist names them; AntiNuke and Dashboard Access never are.
    expect(within(table).getByRole('rowheader', { name: 'Ticket Panels' })).toBeTruthy();
    expect(within(table).queryByRole('rowheader', { name: sectionPages.antinuke.title })).toBeNull();
    expect(within(table).queryByRole('rowheader', { name: sectionPages['dashboard-access'].title })).toBeNull();
  });

  it('adds a grant to a role with the engine and saves it as the schema says', async () => {
    const server = fakeApi();
    renderAccessPage();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Add role grant' }));
    const role = await screen.findByLabelText('Role');
    await waitFor(() => expect(within(role).queryByRole('option', { name: '@Moderator' })).toBeTruthy());
    await user.selectOptions(role, '@Moderator');
    await user.selectOptions(screen.getByLabelText('Access'), 'Read and write');
    const sections = await screen.findByRole('group', { name: 'Sections' });
    // 'All settings' stands for every other subject while it is checked.
    expect((within(sections).getByLabelText('Levels') as HTMLInputElement).disabled).toBe(true);
    await user.click(within(sections).getByLabelText('All settings'));
    await user.click(within(sections).getByLabelText('Levels'));
    await user.click(within(sections).getByLabelText('Welcome Configuration'));
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(server.puts).toHaveLength(1));
    expect(server.puts[0]).toEqual({
      version: 0,
      settings: { roles: [{ id: MODERATOR, level: 'write', subjects: ['levels', 'greeting'], expires_at: '', note: '' }], members: [] },
    });
    // The matrix follows the saved document.
    const table = await screen.findByRole('table', { name: 'Who has access to what' });
    await waitFor(() =>
      expect(
        within(table)
          .getAllByRole('columnheader')
          .map((h) => h.textContent),
      ).toEqual(['Section', '@Moderator']),
    );
  });

  it('refuses to save a grant without a role, in the schema’s words', async () => {
    const server = fakeApi();
    renderAccessPage();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Add role grant' }));
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Please select a role')).toBeTruthy();
    expect(server.puts).toHaveLength(0);
  });
});

describe('the expiry', () => {
  it('is typed in the browser’s time zone and stored as the same instant in UTC', () => {
    const local = toLocalInput('2030-06-01T12:30:00.000Z');
    expect(local).toMatch(/^2030-06-0[12]T\d{2}:30$/);
    expect(fromLocalInput(local)).toBe('2030-06-01T12:30:00.000Z');
    expect(fromLocalInput('')).toBe('');
    expect(toLocalInput('')).toBe('');
  });
});

describe('what a grantee sees', () => {
  it('finds the server in the selector with the words of their access, opening the first page they may', async () => {
    fakeApi({ grants: { levels: 'read', greeting: 'write', panels: 'read' } });
    renderAt('/selector', <Route path="/selector" element={<Selector />} />);
    expect(await screen.findByText('Read access, Write access')).toBeTruthy();
    const open = screen.getByRole('link', { name: 'Open Levels in Guildhall Community' });
    expect(open.getAttribute('href')).toBe(`/manage/${GUILD}/${sectionPages.levels.path}`);
  });

  it('has a sidebar of only the pages their grants open, collections at their pages, and no Dashboard Access', () => {
    const pages = openablePages(GRANTEE.guilds[0]);
    const menu = restrictMenu(withoutAdministratorPages(MANAGE_MENU, false), pages);
    expect(menu.flatMap((g) => g.items.map((i) => [i.name, i.path]))).toEqual([
      ['Levels', sectionPages.levels.path],
      ['Welcome Configuration', sectionPages.greeting.path],
      ['Ticket Panels', COLLECTION_PAGES.panels],
    ]);
    const paths = (administrator: boolean) =>
      withoutAdministratorPages(MANAGE_MENU, administrator).flatMap((g) => g.items.map((i) => i.path));
    expect(paths(true)).toContain(sectionPages['dashboard-access'].path);
    expect(paths(false)).not.toContain(sectionPages['dashboard-access'].path);
  });

  it('reads a section their grant opens for reading in the view-only form, with the server’s words', async () => {
    fakeApi({ grants: { levels: 'read' } });
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <QueryClientProvider client={client}>
        <SchemaForm guildId={GUILD} section="levels" />
      </QueryClientProvider>,
    );
    const viewOnly = await screen.findByRole('button', { name: 'View Only' });
    expect((viewOnly as HTMLButtonElement).disabled).toBe(true);
    expect(screen.queryByRole('button', { name: 'Save Changes' })).toBeNull();
    expect(await screen.findByText(refusals.accessReadOnly.replace('{section}', 'Levels'))).toBeTruthy();
    const switches = screen.getAllByRole('switch');
    expect(switches.length).toBeGreaterThan(0);
    for (const control of switches) expect((control as HTMLButtonElement).disabled).toBe(true);
  });

  it('meets the 403 page on a section no grant opens, with the way to the first page they may open', async () => {
    fakeApi({ grants: { levels: 'read', greeting: 'write', panels: 'read' } });
    renderAt(
      `/manage/${GUILD}/moderation`,
      <Route path="/manage/:guildId" element={<ManageLayout />}>
        <Route path="moderation" element={<p>Moderation form</p>} />
      </Route>,
    );
    expect(await screen.findByText(refusals.accessNone.replace('{section}', sectionPages.moderation.title))).toBeTruthy();
    expect(screen.queryByText('Moderation form')).toBeNull();
    const back = screen.getByRole('link', { name: 'Open Levels' });
    expect(back.getAttribute('href')).toBe(`/manage/${GUILD}/${sectionPages.levels.path}`);
  });

  it('sees the panels a read grant opens with Preview only: nothing created, changed, deployed or deleted', async () => {
    const server = fakePanelsApi({ items: [{ id: 'p1', version: 1, item: panel({ title: 'Support' }) }], grants: { panels: 'read' } });
    renderPanels();
    expect(await screen.findByRole('button', { name: 'Preview Support' })).toBeTruthy();
    expect(await screen.findByText(refusals.accessReadOnly.replace('{section}', 'Ticket Panels'))).toBeTruthy();
    for (const name of ['Create Panel', 'Edit Support', 'Duplicate Support', 'Deploy Support', 'Delete Support'])
      expect(screen.queryByRole('button', { name })).toBeNull();
    expect(server.writes()).toEqual([]);
  });

  it('keeps every action of the panels for a write grant', async () => {
    fakePanelsApi({ items: [{ id: 'p1', version: 1, item: panel({ title: 'Support' }) }], grants: { panels: 'write' } });
    renderPanels();
    for (const name of ['Preview Support', 'Edit Support', 'Duplicate Support', 'Deploy Support', 'Delete Support'])
      expect(await screen.findByRole('button', { name })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Create Panel' })).toBeTruthy();
  });
});
