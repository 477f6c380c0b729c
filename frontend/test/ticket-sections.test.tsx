// The ticket sections through the one SchemaForm, over a small fake of the settings and roles API: the limits page
// shows the cooldown only while rate limiting is on and the inactive threshold only while auto-close is on (x-ui
// visibleIf in the schema, no page code); the general page saves only when changed and resets to the schema's
// defaults; its additional-roles picker leaves out roles already added; role limits are a role -> number map.
import { sections } from '@guildhall/generated/sections';
import type { SectionName } from '@guildhall/generated/types';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SchemaForm } from '../src/form/SchemaForm';

const GUILD = '1100000000000010000';
const ROLES = [
  { id: GUILD, name: '@everyone', color: 0, position: 0, managed: false },
  { id: '1100000000000010203', name: 'Moderator', color: 0, position: 3, managed: false },
  { id: '1100000000000010204', name: 'Event Host', color: 0, position: 2, managed: false },
  { id: '1100000000000010201', name: 'Guildhall', color: 0, position: 4, managed: true },
];

function fakeApi(section: SectionName, settings: Record<string, unknown>) {
  const server = { version: 1, settings, puts: [] as { version: number; settings: Record<string, unknown> }[] };
  const json = (status: number, body: unknown) =>
    new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const url = String(input);
      const method = (init.method ?? 'GET').toUpperCase();
      if (url === `/api/guild/${GUILD}/roles`) return json(200, { success: true, roles: ROLES });
      if (url !== `/api/guild/${GUILD}/settings/${section}`) return json(404, { success: false, error: `No fake for ${url}` });
      if (method === 'PUT') {
        const body = JSON.parse(String(init.body));
        server.puts.push(body);
        server.version += 1;
        server.settings = body.settings;
      }
      // As the server answers: the stored settings over the schema's defaults (which fill fields added since a save).
      const settings = structuredClone({ ...sections[section].defaults, ...server.settings });
      return json(200, { success: true, section, version: server.version, settings });
    }),
  );
  return server;
}

function renderForm(section: SectionName) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <SchemaForm guildId={GUILD} section={section} />
    </QueryClientProvider>,
  );
}

const LIMITS = {
  maxTicketsPerUser: 3,
  maxOpenTickets: 50,
  rateLimitEnabled: true,
  cooldownPeriod: 300,
  autoCloseInactive: true,
  inactiveThreshold: 7,
  userLimits: { default: 3, premium: 5, vip: 10 },
  roleLimits: {},
};
const GENERAL = {
  support_team_roles: null,
  additional_roles: [] as string[],
  two_step_close: false,
  two_step_ticket: true,
  auto_pin_ticket: true,
  ticket_padding: '6',
};

beforeEach(() => {
  document.cookie = 'XSRF-TOKEN=csrf';
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('ticket limits', () => {
  it('hides the cooldown while rate limiting is off, and the inactive threshold while auto-close is off', async () => {
    const user = userEvent.setup();
    fakeApi('ticket-limits', { ...LIMITS });
    renderForm('ticket-limits');
    await screen.findByLabelText('Cooldown period');
    screen.getByLabelText('Inactive threshold');

    await user.click(screen.getByRole('switch', { name: 'Rate limiting' }));
    await waitFor(() => expect(screen.queryByLabelText('Cooldown period')).toBeNull());
    screen.getByLabelText('Inactive threshold');

    await user.click(screen.getByRole('switch', { name: 'Auto-close inactive tickets' }));
    await waitFor(() => expect(screen.queryByLabelText('Inactive threshold')).toBeNull());

    await user.click(screen.getByRole('switch', { name: 'Rate limiting' }));
    await screen.findByLabelText('Cooldown period');
    expect(screen.queryByLabelText('Inactive threshold')).toBeNull();
  });

  it('keeps a hidden value and saves it unchanged', async () => {
    const user = userEvent.setup();
    const server = fakeApi('ticket-limits', { ...LIMITS, cooldownPeriod: 900 });
    renderForm('ticket-limits');
    await user.click(await screen.findByRole('switch', { name: 'Rate limiting' }));
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(server.puts).toHaveLength(1));
    expect(server.puts[0]!.settings).toMatchObject({ rateLimitEnabled: false, cooldownPeriod: 900 });
    // The spec's banner for this page (x-ui savedMessage), not the generic one.
    await screen.findByText('Ticket limits saved successfully!');
  });

  it('adds a role limit from the roles not yet limited, and removes it', async () => {
    const user = userEvent.setup();
    const server = fakeApi('ticket-limits', { ...LIMITS, roleLimits: { '1100000000000010203': 4 } });
    renderForm('ticket-limits');
    expect(await screen.findByLabelText('@Moderator')).toHaveProperty('value', '4');
    const picker = screen.getByRole('combobox', { name: 'Add a role limit' });
    await waitFor(() =>
      expect(
        within(picker)
          .getAllByRole('option')
          .map((o) => o.textContent),
      ).toEqual(['Add a role limit', '@Event Host']),
    );
    await user.selectOptions(picker, '1100000000000010204');
    expect(screen.getByLabelText('@Event Host')).toHaveProperty('value', '1');
    await user.click(screen.getByRole('button', { name: 'Remove the limit for @Moderator' }));
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(server.puts).toHaveLength(1));
    expect(server.puts[0]!.settings.roleLimits).toEqual({ '1100000000000010204': 1 });
  });
});

describe('ticket general settings', () => {
  it('saves only when changed, and Reset restores the schema defaults (dirty until saved)', async () => {
    const user = userEvent.setup();
    const server = fakeApi('ticket-general', { ...GENERAL });
    renderForm('ticket-general');
    const save = await screen.findByRole('button', { name: 'Save Changes' });
    expect(save).toHaveProperty('disabled', true);

    await user.click(screen.getByRole('button', { name: 'Reset' }));
    expect(screen.getByRole('switch', { name: 'Two-Step Close' }).getAttribute('aria-checked')).toBe('true');
    expect(screen.getByRole('switch', { name: 'Auto Pin' }).getAttribute('aria-checked')).toBe('false');
    expect(screen.getByLabelText('Ticket number padding')).toHaveProperty('value', '4');
    screen.getByText('Unsaved changes');
    expect(save).toHaveProperty('disabled', false);

    await user.click(save);
    await waitFor(() => expect(server.puts).toHaveLength(1));
    expect(server.puts[0]!.settings).toEqual(sections['ticket-general'].defaults);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Save Changes' })).toHaveProperty('disabled', true));
  });

  it('offers in the additional-roles picker only the roles not yet added', async () => {
    const user = userEvent.setup();
    fakeApi('ticket-general', { ...GENERAL, additional_roles: ['1100000000000010203'] });
    renderForm('ticket-general');
    const added = await screen.findByRole('list', { name: 'Additional Roles' });
    await waitFor(() => within(added).getByText('@Moderator'));
    const picker = document.getElementById('ticket-general_additional_roles') as HTMLSelectElement;
    await waitFor(() => expect([...picker.options].map((o) => o.textContent)).toEqual(['Add a role', '@Event Host']));
    await user.selectOptions(picker, '1100000000000010204');
    expect([...picker.options].map((o) => o.textContent)).toEqual(['Add a role']);
    await user.click(screen.getByRole('button', { name: 'Remove @Moderator' }));
    expect([...picker.options].map((o) => o.textContent)).toEqual(['Add a role', '@Moderator']);
  });
});
