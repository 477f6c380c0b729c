// The Reaction Roles page: its states, the editor drawn by the form engine from the role-menu schema, the options
// widget, server field errors at their fields, and the preview, over a fake of the role-menus collection API that
// validates with the same generated validator the server runs (pre-flight and deploy are not in this build's client).
import { collections } from '@guildhall/generated/collections';
import { validateWith } from '@guildhall/generated/field-errors';
import type { RoleMenu } from '@guildhall/generated/types';
import { validateRoleMenu } from '@guildhall/generated/validators';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import RoleMenus from '../src/pages/manage/RoleMenus';

const GUILD = '1100000000000010000';
const BASE = `/api/guild/${GUILD}`;
const COLLECTION = `${BASE}/collections/role-menus`;
const GENERAL = '400000000000000001';
const RED = '600000000000000001';
const GREEN = '600000000000000002';
const BOOSTER = '600000000000000009';
const ROLES = [
  { id: GUILD, name: '@everyone', color: 0, position: 0, managed: false },
  { id: RED, name: 'Red', color: 0, position: 1, managed: false },
  { id: GREEN, name: 'Green', color: 0, position: 2, managed: false },
  { id: BOOSTER, name: 'Server Booster', color: 0, position: 3, managed: true },
];
const SERVER_OWNED = collections['role-menus'].serverOwned;

interface Entry {
  id: string;
  version: number;
  item: RoleMenu;
}

function menu(overrides: Partial<RoleMenu> = {}): RoleMenu {
  return { ...(structuredClone(collections['role-menus'].defaults) as RoleMenu), channel_id: GENERAL, ...overrides };
}

function fakeApi(items: Entry[] = []) {
  const server = { items: structuredClone(items), calls: [] as { method: string; path: string; body: any }[], putAnswer: null as any };
  const json = (status: number, body: unknown) =>
    new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
  const checked = (item: object) => {
    const own = Object.fromEntries(Object.entries(item).filter(([k]) => !SERVER_OWNED.includes(k)));
    const result = validateWith(validateRoleMenu, own);
    return result.ok
      ? { value: result.value as RoleMenu }
      : {
          error: json(400, {
            success: false,
            error: 'Role Menus: the item is not valid.',
            fieldErrors: result.fieldErrors.map((e) => ({ ...e, path: `/item${e.path}` })),
          }),
        };
  };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const path = new URL(String(input), 'http://localhost').pathname;
      const method = (init.method ?? 'GET').toUpperCase();
      const body = init.body ? JSON.parse(String(init.body)) : undefined;
      server.calls.push({ method, path, body });
      if (path === `${BASE}/channels`)
        return json(200, { success: true, channels: [{ id: GENERAL, name: 'general', type: 0, position: 0 }] });
      if (path === `${BASE}/roles`) return json(200, { success: true, roles: ROLES });
      if (path === COLLECTION && method === 'GET') return json(200, { success: true, items: server.items, cap: 50 });
      if (path === COLLECTION && method === 'POST') {
        const c = checked(body.item);
        if (c.error) return c.error;
        const entry = { id: `m${server.items.length + 1}`, version: 1, item: { ...c.value, updated_at: '2026-11-27T08:00:00.000Z' } };
        server.items.push(entry);
        return json(201, { success: true, ...entry });
      }
      const id = new RegExp(`^${COLLECTION}/([^/]+)$`).exec(path)?.[1];
      const stored = server.items.find((e) => e.id === id);
      if (stored && method === 'PUT') {
        if (server.putAnswer) return json(server.putAnswer.status, server.putAnswer.body);
        const c = checked(body.item);
        if (c.error) return c.error;
        stored.version += 1;
        stored.item = { ...c.value, updated_at: '2026-11-27T08:05:00.000Z' };
        return json(200, { success: true, ...stored });
      }
      return json(404, { success: false, error: `No fake for ${method} ${path}` });
    }),
  );
  return server;
}

function renderPage() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[`/manage/${GUILD}/reactionroles`]}>
        <Routes>
          <Route path="/manage/:guildId/reactionroles" element={<RoleMenus />} />
        </Routes>
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

describe('Reaction Roles', () => {
  it('explains the feature when the server has no menu, with a Create button', async () => {
    fakeApi();
    renderPage();
    await screen.findByRole('heading', { name: 'No role menus yet' });
    screen.getByText(/A role menu is a message the bot posts/);
    screen.getByRole('button', { name: 'Create a menu' });
    expect(document.title).toBe('Reaction Roles | Guildhall');
  });

  it('lists a menu as a card: channel, kind, options, Draft, and checks unavailable while the pre-flight is not served', async () => {
    fakeApi([
      { id: 'a', version: 2, item: menu({ title: 'Colours', kind: 'select', options: [{ role_id: RED, label: 'Red' } as never] }) },
    ]);
    renderPage();
    const card = await screen.findByRole('article', { name: 'Colours' });
    await within(card).findByText('#general');
    within(card).getByText('Select menu');
    expect(card.querySelector('[data-option-count]')!.textContent).toBe('1');
    within(card).getByText('Draft');
    await within(card).findByText('Checks unavailable');
    screen.getByText('1 of 50 menus');
  });

  it('creates a button menu in the editor: options with assignable roles only, the preview, the save', async () => {
    const server = fakeApi();
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Create a menu' }));
    const editor = await screen.findByRole('region', { name: 'New role menu' });
    const name = await within(editor).findByLabelText('Menu name');
    await user.clear(name);
    await user.type(name, 'Colours');
    await waitFor(() => expect(within(editor).getByRole('option', { name: '#general' })).toBeTruthy());
    await user.selectOptions(within(editor).getByLabelText('Channel'), GENERAL);
    await user.click(await within(editor).findByRole('button', { name: 'Add option' }));
    const first = within(editor).getByRole('group', { name: /^Option 1/ });
    const role = within(first).getByLabelText('Role');
    await waitFor(() => expect(within(role).getByRole('option', { name: '@Red' })).toBeTruthy());
    // Managed roles and @everyone are not offered.
    expect(within(role).queryByRole('option', { name: '@Server Booster' })).toBeNull();
    expect(within(role).queryByRole('option', { name: '@@everyone' })).toBeNull();
    await user.selectOptions(role, RED);
    await user.type(within(first).getByLabelText('Label'), 'Red team');
    within(first).getByLabelText('Button style');
    expect(within(first).queryByLabelText('Description')).toBeNull();
    const preview = document.querySelector('[data-menu-preview="buttons"]')!;
    await waitFor(() => expect(preview.querySelector('[data-button]')!.textContent).toBe('Red team'));
    await user.click(within(editor).getByRole('button', { name: 'Save menu' }));
    await screen.findByText('Menu saved.');
    const post = server.calls.find((c) => c.method === 'POST')!;
    expect(post.body.item).toMatchObject({
      title: 'Colours',
      channel_id: GENERAL,
      kind: 'buttons',
      options: [{ role_id: RED, label: 'Red team' }],
    });
    expect(post.body.item).not.toHaveProperty('deployed');
  });

  it("a select menu's options show their description, not a button's style, and the preview opens the select", async () => {
    fakeApi([
      {
        id: 'a',
        version: 1,
        item: menu({
          title: 'Pick',
          kind: 'select',
          placeholder: 'Choose one',
          options: [{ role_id: RED, label: 'Red', description: 'The red team' } as never],
        }),
      },
    ]);
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Edit Pick' }));
    const editor = await screen.findByRole('region', { name: 'Edit Pick' });
    const first = await within(editor).findByRole('group', { name: /^Option 1/ });
    within(first).getByLabelText('Description');
    expect(within(first).queryByLabelText('Button style')).toBeNull();
    expect(within(first).queryByLabelText('Row')).toBeNull();
    within(editor).getByLabelText('Placeholder');
    const open = await screen.findByRole('button', { name: 'Choose one' });
    await user.click(open);
    expect(open.getAttribute('aria-expanded')).toBe('true');
    screen.getByText('The red team');
  });

  it("a reaction menu's preview shows the bot's reactions under the message, and its options no label", async () => {
    fakeApi([
      {
        id: 'a',
        version: 1,
        item: menu({
          title: 'Fruit',
          kind: 'reactions',
          options: [{ role_id: RED, emoji: '🍎' } as never, { role_id: GREEN, emoji: '🍏' } as never],
        }),
      },
    ]);
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Edit Fruit' }));
    const editor = await screen.findByRole('region', { name: 'Edit Fruit' });
    const first = await within(editor).findByRole('group', { name: /^Option 1/ });
    expect(within(first).queryByLabelText('Label')).toBeNull();
    const reactions = await screen.findByRole('list', { name: 'Reactions' });
    expect([...reactions.querySelectorAll('[data-reaction]')].map((r) => r.textContent)).toEqual(['🍎🍎1', '🍏🍏1']);
  });

  it('opens the editor with focus on its heading, and asks before Back discards unsaved changes', async () => {
    fakeApi([{ id: 'a', version: 1, item: menu({ title: 'Colours' }) }]);
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Edit Colours' }));
    const editor = await screen.findByRole('region', { name: 'Edit Colours' });
    expect(document.activeElement).toBe(within(editor).getByRole('heading', { name: 'Edit Colours' }));
    await user.type(await within(editor).findByLabelText('Menu name'), '!');
    await user.click(screen.getByRole('button', { name: 'Back to role menus' }));
    const ask = await screen.findByRole('alertdialog', { name: 'Leave without saving?' });
    await user.click(within(ask).getByRole('button', { name: 'Stay' }));
    expect(screen.getByRole('region', { name: 'Edit Colours!' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Back to role menus' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Leave' }));
    await screen.findByRole('article', { name: 'Colours' });
  });

  it("shows the server's field errors next to the option's field", async () => {
    const server = fakeApi([{ id: 'a', version: 1, item: menu({ title: 'Colours', options: [{ role_id: RED, label: 'Red' } as never] }) }]);
    server.putAnswer = {
      status: 400,
      body: {
        success: false,
        error: 'Role Menus: the item is not valid.',
        fieldErrors: [{ path: '/item/options/0/role_id', message: 'This role is not in this server' }],
      },
    };
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Edit Colours' }));
    const editor = await screen.findByRole('region', { name: 'Edit Colours' });
    const first = await within(editor).findByRole('group', { name: /^Option 1/ });
    await user.type(within(first).getByLabelText('Label'), '!');
    await user.click(within(editor).getByRole('button', { name: 'Save menu' }));
    await within(first).findByText('This role is not in this server');
    expect(within(first).getByLabelText('Role').getAttribute('aria-invalid')).toBe('true');
  });
});
