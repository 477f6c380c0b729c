// The Ticket categories page: the lists with their star, Default and remove, the Server
// Categories panel, the Add Category dialog's rules and states, and every message of the catalogue, over a stubbed fetch.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import TicketCategories from '../src/pages/manage/TicketCategories';

const GUILD = '1100000000000010000';
const BASE = `/api/guild/${GUILD}/tickets/categories`;
const SUPPORT = { id: '1100000000000010105', name: 'Support' };
const STAFF = { id: '1100000000000010110', name: 'Staff' };
const ARCHIVE = { id: '1100000000000010120', name: 'Archive' };
const SPARE = { id: '1100000000000010130', name: 'Spare' };
const GONE = { id: '1100000000000010140', name: 'Old Tickets' };

type Json = Record<string, any>;
interface Call {
  method: string;
  url: string;
  body?: Json;
}

function view(overrides: Json = {}): Json {
  return {
    success: true,
    version: 3,
    categories: { open: [SUPPORT, STAFF], closed: [ARCHIVE], defaultOpen: SUPPORT.id, defaultClosed: ARCHIVE.id },
    channels: [SUPPORT, STAFF, ARCHIVE, SPARE],
    missing: [],
    ...overrides,
  };
}

/** Answers in order; an answer is [status, body], a promise of one (to hold a request), or 'offline'. */
type Answer = [number, Json] | Promise<[number, Json]> | 'offline';
function serve(answers: Answer[]) {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const url = String(input);
      if (url === '/api/user') return new Response('{}', { status: 200 });
      calls.push({ method: (init.method ?? 'GET').toUpperCase(), url, ...(init.body ? { body: JSON.parse(String(init.body)) } : {}) });
      const answer = answers.shift() ?? [200, view()];
      if (answer === 'offline') throw new TypeError('Failed to fetch');
      const [status, body] = await answer;
      return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
    }),
  );
  return calls;
}

function renderPage() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[`/manage/${GUILD}/tickets/category`]}>
        <Routes>
          <Route path="/manage/:guildId/tickets/category" element={<TicketCategories />} />
          <Route path="/manage/:guildId/tickets" element={<p>Ticket landing</p>} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const list = (name: 'Open Categories' | 'Closed Categories') => screen.getByRole('region', { name });
const deferred = () => {
  let resolve!: (value: [number, Json]) => void;
  const promise = new Promise<[number, Json]>((r) => (resolve = r));
  return { promise, resolve };
};

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('Ticket categories page', () => {
  it('loads, then shows both lists with the default starred, and Back goes to the landing', async () => {
    const calls = serve([[200, view()]]);
    renderPage();
    screen.getByText('Loading categories...');
    await screen.findByRole('region', { name: 'Open Categories' });
    expect(calls).toEqual([{ method: 'GET', url: BASE }]);
    const open = within(list('Open Categories'));
    expect(open.getByText('Support').closest('li')!.textContent).toContain('(default)');
    expect(open.queryByRole('button', { name: 'Set Support as default' })).toBeNull();
    open.getByRole('button', { name: 'Set Staff as default' });
    open.getByRole('button', { name: 'Remove Staff' });
    expect(within(list('Closed Categories')).getByText('Archive').closest('li')!.textContent).toContain('(default)');
    screen.getByRole('button', { name: 'Add to Open Categories' });
    screen.getByRole('button', { name: 'Add to Closed Categories' });
    await userEvent.setup().click(screen.getByRole('link', { name: 'Back' }));
    await screen.findByText('Ticket landing');
  });

  it('Server Categories marks the categories in use, and Refresh reads them again', async () => {
    const calls = serve([
      [200, view()],
      [200, view({ channels: [SUPPORT, STAFF, ARCHIVE, SPARE, GONE] })],
    ]);
    renderPage();
    const panel = within(await screen.findByRole('region', { name: 'Server Categories' }));
    const row = (name: string) => panel.getByText(name).closest('li')!.textContent;
    expect(row('Support')).toContain('In use: Open');
    expect(row('Archive')).toContain('In use: Closed');
    expect(row('Spare')).toContain('Not used');
    await userEvent.setup().click(panel.getByRole('button', { name: 'Refresh' }));
    await waitFor(() => panel.getByText('Old Tickets'));
    expect(calls.map((c) => c.method)).toEqual(['GET', 'GET']);
  });

  it("flags a category Discord no longer has as 'Deleted on Discord'", async () => {
    const categories = { open: [SUPPORT, GONE], closed: [], defaultOpen: SUPPORT.id, defaultClosed: null };
    serve([[200, view({ categories, missing: [GONE.id] })]]);
    renderPage();
    const open = within(await screen.findByRole('region', { name: 'Open Categories' }));
    expect(open.getByText('Old Tickets').closest('li')!.textContent).toContain('Deleted on Discord');
    expect(open.getByText('Support').closest('li')!.textContent).not.toContain('Deleted on Discord');
    // It can be removed, not starred.
    expect(open.queryByRole('button', { name: 'Set Old Tickets as default' })).toBeNull();
    open.getByRole('button', { name: 'Remove Old Tickets' });
    within(list('Closed Categories')).getByText('No closed categories yet.');
  });

  it('shows the name a category has on Discord now, not the one stored when it was added', async () => {
    const categories = { ...view().categories, open: [{ ...SUPPORT, name: 'Help Desk (old name)' }, STAFF] };
    serve([[200, view({ categories })]]);
    renderPage();
    const open = within(await screen.findByRole('region', { name: 'Open Categories' }));
    open.getByText('Support');
    expect(open.queryByText('Help Desk (old name)')).toBeNull();
  });

  it("shows the full-screen 'Error Loading Categories' when loading fails, and Try Again loads again", async () => {
    const calls = serve([
      [502, { success: false, error: 'Discord request failed: boom' }],
      [200, view()],
    ]);
    renderPage();
    const alert = await screen.findByRole('alert');
    within(alert).getByRole('heading', { name: 'Error Loading Categories' });
    within(alert).getByText('Failed to load category settings. Please try refreshing the page.');
    await userEvent.setup().click(within(alert).getByRole('button', { name: 'Try Again' }));
    await screen.findByRole('region', { name: 'Open Categories' });
    expect(calls).toHaveLength(2);
  });

  describe('Add Category dialog', () => {
    it('Add is disabled until a category is selected or a non-blank name is typed; the select offers only unused ones', async () => {
      serve([[200, view()]]);
      renderPage();
      const user = userEvent.setup();
      await user.click(await screen.findByRole('button', { name: 'Add to Open Categories' }));
      const dialog = within(screen.getByRole('dialog', { name: 'Add Category' }));
      const add = dialog.getByRole('button', { name: 'Add Category' }) as HTMLButtonElement;
      expect(add.disabled).toBe(true);
      const select = dialog.getByLabelText('Existing category') as HTMLSelectElement;
      expect([...select.options].map((o) => o.text)).toEqual(['Select a category', 'Spare']);
      await user.type(dialog.getByLabelText('New category name'), '   ');
      expect(add.disabled).toBe(true);
      await user.type(dialog.getByLabelText('New category name'), 'x');
      expect(add.disabled).toBe(false);
      await user.clear(dialog.getByLabelText('New category name'));
      await user.selectOptions(select, SPARE.id);
      expect(add.disabled).toBe(false);
      // Cancel closes without a call.
      await user.click(dialog.getByRole('button', { name: 'Cancel' }));
      expect(screen.queryByRole('dialog')).toBeNull();
    });

    it("sends the trimmed name (null id), shows 'Adding...' with inputs disabled, then closes and starts empty next time", async () => {
      const held = deferred();
      const calls = serve([[200, view()], held.promise]);
      renderPage();
      const user = userEvent.setup();
      await user.click(await screen.findByRole('button', { name: 'Add to Closed Categories' }));
      let dialog = within(screen.getByRole('dialog', { name: 'Add Category' }));
      await user.type(dialog.getByLabelText('New category name'), '  Resolved  ');
      await user.click(dialog.getByRole('button', { name: 'Add Category' }));
      const busy = dialog.getByRole('button', { name: 'Adding...' }) as HTMLButtonElement;
      expect(busy.disabled).toBe(true);
      expect((dialog.getByLabelText('New category name') as HTMLInputElement).disabled).toBe(true);
      expect((dialog.getByLabelText('Existing category') as HTMLSelectElement).disabled).toBe(true);
      expect(calls[1]).toEqual({ method: 'POST', url: BASE, body: { type: 'closed', categoryId: null, categoryName: 'Resolved' } });
      const created = { id: '1100000000000010150', name: 'Resolved' };
      held.resolve([
        200,
        view({
          categories: { ...view().categories, closed: [ARCHIVE, created] },
          channels: [...view().channels, created],
        }),
      ]);
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
      within(list('Closed Categories')).getByText('Resolved');
      await user.click(screen.getByRole('button', { name: 'Add to Closed Categories' }));
      dialog = within(screen.getByRole('dialog', { name: 'Add Category' }));
      expect((dialog.getByLabelText('New category name') as HTMLInputElement).value).toBe('');
      expect((dialog.getByLabelText('Existing category') as HTMLSelectElement).value).toBe('');
    });

    it('with both a selection and a name, sends the id along with the name', async () => {
      const calls = serve([
        [200, view()],
        [200, view()],
      ]);
      renderPage();
      const user = userEvent.setup();
      await user.click(await screen.findByRole('button', { name: 'Add to Open Categories' }));
      const dialog = within(screen.getByRole('dialog', { name: 'Add Category' }));
      await user.selectOptions(dialog.getByLabelText('Existing category'), SPARE.id);
      await user.type(dialog.getByLabelText('New category name'), 'Also typed');
      await user.click(dialog.getByRole('button', { name: 'Add Category' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
      expect(calls[1]!.body).toEqual({ type: 'open', categoryId: SPARE.id, categoryName: 'Also typed' });
    });

    it("shows the server's error, or 'Failed to add category. Please try again.', and stays open", async () => {
      // Offline for the call and its two retries with the same Idempotency-Key (api() retries a keyed call the network lost).
      serve([
        [200, view()],
        [400, { success: false, error: 'This category is already used as an open or closed category' }],
        'offline',
        'offline',
        'offline',
      ]);
      renderPage();
      const user = userEvent.setup();
      await user.click(await screen.findByRole('button', { name: 'Add to Open Categories' }));
      const dialog = within(screen.getByRole('dialog', { name: 'Add Category' }));
      await user.selectOptions(dialog.getByLabelText('Existing category'), SPARE.id);
      await user.click(dialog.getByRole('button', { name: 'Add Category' }));
      expect((await dialog.findByRole('alert')).textContent).toBe('This category is already used as an open or closed category');
      await user.click(dialog.getByRole('button', { name: 'Add Category' }));
      await waitFor(() => expect(dialog.getByRole('alert').textContent).toBe('Failed to add category. Please try again.'));
      screen.getByRole('dialog');
      expect((dialog.getByRole('button', { name: 'Add Category' }) as HTMLButtonElement).disabled).toBe(false);
    });
  });

  it('Default stars another category of that list', async () => {
    const calls = serve([
      [200, view()],
      [200, view({ categories: { ...view().categories, defaultOpen: STAFF.id } })],
    ]);
    renderPage();
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Set Staff as default' }));
    await waitFor(() => expect(within(list('Open Categories')).getByText('Staff').closest('li')!.textContent).toContain('(default)'));
    expect(calls[1]).toEqual({ method: 'PATCH', url: `${BASE}/default`, body: { type: 'open', categoryId: STAFF.id } });
  });

  it("a failed Default says the server's error, or 'Failed to set default category. Please try again.'", async () => {
    serve([[200, view()], [400, { success: false, error: 'The default category must be one of the categories in its list' }], 'offline']);
    renderPage();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Set Staff as default' }));
    expect((await screen.findByRole('alert')).textContent).toBe('The default category must be one of the categories in its list');
    await user.click(screen.getByRole('button', { name: 'Set Staff as default' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('Failed to set default category. Please try again.'));
  });

  it('remove asks first: Cancel keeps the category, Remove deletes it from its list', async () => {
    const after = view({ categories: { ...view().categories, open: [SUPPORT] } });
    const calls = serve([
      [200, view()],
      [200, after],
    ]);
    renderPage();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Remove Staff' }));
    let confirm = within(screen.getByRole('alertdialog', { name: 'Remove category?' }));
    confirm.getByText(/Staff will no longer be used for open tickets/);
    await user.click(confirm.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(calls).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: 'Remove Staff' }));
    confirm = within(screen.getByRole('alertdialog', { name: 'Remove category?' }));
    await user.click(confirm.getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(within(list('Open Categories')).queryByText('Staff')).toBeNull());
    expect(calls[1]).toEqual({ method: 'DELETE', url: `${BASE}/${STAFF.id}?type=open` });
  });

  it("a failed remove says the server's error, or 'Failed to remove category. Please try again.'", async () => {
    serve([[200, view()], [404, { success: false, error: 'This category is not one of the open categories.' }], 'offline']);
    renderPage();
    const user = userEvent.setup();
    for (const expected of ['This category is not one of the open categories.', 'Failed to remove category. Please try again.']) {
      await user.click(await screen.findByRole('button', { name: 'Remove Staff' }));
      await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Remove' }));
      await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(expected));
    }
    within(list('Open Categories')).getByText('Staff');
  });
});
