// A settings page loads its section's generated module (schema, uiSchema, validator) as a chunk of its own: the page's
// heading, with its Back, shows at once, 'Loading settings...' while the module is on its way, then the form; a module
// that fails to arrive says so and can be fetched again. The module's arrival is held here by a gate.
import { sections } from '@guildhall/generated/sections';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const GUILD = '1100000000000010000';

const gate = vi.hoisted(() => {
  const state = { open: () => {}, fail: (_error: Error) => {}, loads: 0 };
  return state;
});

// The loader of ticket-general waits for the test; every other section loads as generated.
vi.mock('@guildhall/generated/section-modules', async (importOriginal) => {
  const real = await importOriginal<typeof import('@guildhall/generated/section-modules')>();
  return {
    ...real,
    sectionModules: {
      ...real.sectionModules,
      'ticket-general': () => {
        gate.loads += 1;
        return new Promise<void>((resolve, reject) => {
          gate.open = resolve;
          gate.fail = reject;
        }).then(() => real.sectionModules['ticket-general']());
      },
    },
  };
});

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

let SectionPage: typeof import('../src/pages/manage/SectionPage').SectionPage;

beforeEach(async () => {
  // A fresh page module each time, with a fresh cache of loaded sections: each test sees the module arrive anew.
  vi.resetModules();
  ({ SectionPage } = await import('../src/pages/manage/SectionPage'));
  gate.loads = 0;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = String(input);
      if (url.endsWith('/roles')) return json(200, { success: true, roles: [] });
      if (url === `/api/guild/${GUILD}/settings/ticket-general`)
        return json(200, {
          success: true,
          section: 'ticket-general',
          version: 1,
          settings: structuredClone(sections['ticket-general'].defaults),
        });
      return json(404, { success: false, error: `No fake for ${url}` });
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderPage() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[`/manage/${GUILD}/tickets/general`]}>
        <Routes>
          <Route path="/manage/:guildId/tickets/general" element={<SectionPage section="ticket-general" />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe("a settings page while its section's module loads", () => {
  it('shows its heading and Back at once, Loading settings... meanwhile, then the form', async () => {
    renderPage();
    expect(screen.getByRole('heading', { name: sections['ticket-general'].title })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back' }).getAttribute('href')).toBe(`/manage/${GUILD}/tickets`);
    expect(await screen.findByText('Loading settings...')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Save Changes' })).toBeNull();
    gate.open();
    expect(await screen.findByRole('button', { name: 'Save Changes' })).toBeTruthy();
    expect(screen.queryByText('Loading settings...')).toBeNull();
  });

  it('says the settings failed to load when the module does not arrive, and Try again fetches it anew', async () => {
    renderPage();
    await screen.findByText('Loading settings...');
    gate.fail(new TypeError('Failed to fetch dynamically imported module'));
    expect(await screen.findByText('Failed to load settings')).toBeTruthy();
    const before = gate.loads;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(gate.loads).toBe(before + 1);
    gate.open();
    expect(await screen.findByRole('button', { name: 'Save Changes' })).toBeTruthy();
  });
});
