// The spec's messages and Back buttons on the three generic ticket pages (issue 11 item 7: the limits and
// transcripts pages' messages, and how long their notices stay), all from x-ui hints on each schema's root: no page
// code says them.
import { sections } from '@guildhall/generated/sections';
import type { SectionName } from '@guildhall/generated/types';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { saveErrorMessage } from '../src/form/core/page-messages';
import { SectionPage } from '../src/pages/manage/SectionPage';

const GUILD = '1100000000000010000';
const PATHS: Partial<Record<SectionName, string>> = {
  'ticket-general': 'tickets/general',
  'ticket-limits': 'tickets/limits',
  transcripts: 'tickets/transcript',
};
const SETTINGS: Partial<Record<SectionName, Record<string, unknown>>> = {
  'ticket-limits': {
    maxTicketsPerUser: 3,
    maxOpenTickets: 50,
    rateLimitEnabled: true,
    cooldownPeriod: 300,
    autoCloseInactive: true,
    inactiveThreshold: 7,
    userLimits: { default: 3, premium: 5, vip: 10 },
    roleLimits: {},
  },
  transcripts: {
    enabled: true,
    autoGenerate: true,
    includeAttachments: true,
    format: 'html',
    retentionDays: 30,
    dmUser: false,
    logChannel: null,
  },
  'ticket-general': {
    support_team_roles: null,
    additional_roles: [],
    two_step_close: true,
    two_step_ticket: true,
    auto_pin_ticket: false,
    ticket_padding: '4',
  },
};

type SaveAnswer = 'ok' | 'refused' | 'unexplained' | 'unreachable';
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/** The settings API for one section: GET answers (or fails), PUT answers as told. */
function serve(section: SectionName, { load = 'ok', save = 'ok' }: { load?: 'ok' | 'fail'; save?: SaveAnswer } = {}) {
  let version = 1;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const url = String(input);
      if (url.endsWith('/roles')) return json(200, { success: true, roles: [] });
      if (url.endsWith('/channels')) return json(200, { success: true, channels: [] });
      if (url !== `/api/guild/${GUILD}/settings/${section}`) return json(404, { success: false, error: `No fake for ${url}` });
      if ((init.method ?? 'GET') === 'GET') {
        if (load === 'fail') return json(500, { success: false, error: 'The database is down' });
        // As the server answers: the stored settings over the schema's defaults (which fill fields added since a save).
        const settings = structuredClone({ ...sections[section].defaults, ...SETTINGS[section] });
        return json(200, { success: true, section, version, settings });
      }
      if (save === 'refused') return json(400, { success: false, error: 'The server says no', fieldErrors: [] });
      if (save === 'unexplained') return new Response('', { status: 502 });
      if (save === 'unreachable') throw new TypeError('Failed to fetch');
      version += 1;
      return json(200, { success: true, section, version, settings: JSON.parse(String(init.body)).settings });
    }),
  );
}

function renderPage(section: SectionName) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={['/somewhere-before', `/manage/${GUILD}/${PATHS[section]}`]} initialIndex={1}>
        <Routes>
          <Route path="/somewhere-before" element={<p>The previous page</p>} />
          <Route path="/manage/:guildId/tickets" element={<p>The Ticket System landing</p>} />
          <Route path={`/manage/:guildId/${PATHS[section]}`} element={<SectionPage section={section} />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

async function saveWith(section: SectionName, save: SaveAnswer) {
  serve(section, { save });
  const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
  renderPage(section);
  await user.click(await screen.findByRole('button', { name: 'Save Changes' }));
}

beforeEach(() => {
  document.cookie = 'XSRF-TOKEN=csrf';
  vi.useFakeTimers({ shouldAdvanceTime: true });
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('Ticket limits page', () => {
  it("says 'Failed to load ticket limits' when they cannot be read, with a retry", async () => {
    serve('ticket-limits', { load: 'fail' });
    renderPage('ticket-limits');
    await screen.findByText('Failed to load ticket limits');
    screen.getByRole('button', { name: 'Try again' });
  });

  it("says 'Ticket limits saved successfully!' for 3 seconds", async () => {
    await saveWith('ticket-limits', 'ok');
    await screen.findByText('Ticket limits saved successfully!');
    act(() => vi.advanceTimersByTime(2800));
    expect(screen.queryByText('Ticket limits saved successfully!')).not.toBeNull();
    act(() => vi.advanceTimersByTime(300));
    expect(screen.queryByText('Ticket limits saved successfully!')).toBeNull();
  });

  it("says 'Error saving limits: {server error}' when the server refuses", async () => {
    await saveWith('ticket-limits', 'refused');
    await screen.findByText('Error saving limits: The server says no');
  });

  it("says 'Failed to save ticket limits' when the server refuses without a reason", async () => {
    await saveWith('ticket-limits', 'unexplained');
    await screen.findByText('Failed to save ticket limits');
  });

  it("says 'Error saving limits: {message}' when the server cannot be reached", async () => {
    await saveWith('ticket-limits', 'unreachable');
    await screen.findByText(/^Error saving limits: Could not reach the server/);
  });

  it('Back goes to the previous page', async () => {
    serve('ticket-limits');
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    renderPage('ticket-limits');
    await user.click(await screen.findByRole('button', { name: 'Back' }));
    await screen.findByText('The previous page');
  });
});

describe('Ticket transcripts configuration', () => {
  it("says 'Failed to load transcript configuration' when it cannot be read", async () => {
    serve('transcripts', { load: 'fail' });
    renderPage('transcripts');
    await screen.findByText('Failed to load transcript configuration');
  });

  it("says 'Transcript configuration saved successfully!' for 3 seconds", async () => {
    await saveWith('transcripts', 'ok');
    await screen.findByText('Transcript configuration saved successfully!');
    act(() => vi.advanceTimersByTime(3100));
    expect(screen.queryByText('Transcript configuration saved successfully!')).toBeNull();
  });

  it("says 'Failed to save transcript configuration' when the server refuses, with or without a reason", async () => {
    await saveWith('transcripts', 'refused');
    await screen.findByText('Failed to save transcript configuration');
    cleanup();
    await saveWith('transcripts', 'unexplained');
    await screen.findByText('Failed to save transcript configuration');
  });

  it("says 'Error saving configuration' when the server cannot be reached", async () => {
    await saveWith('transcripts', 'unreachable');
    await screen.findByText('Error saving configuration');
  });
});

describe('Ticket general settings', () => {
  it('Back goes to the Ticket System landing; Save waits for a change, Reset restores the defaults', async () => {
    serve('ticket-general');
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    renderPage('ticket-general');
    const back = await screen.findByRole('link', { name: 'Back' });
    expect(back.getAttribute('href')).toBe(`/manage/${GUILD}/tickets`);
    const save = await screen.findByRole('button', { name: 'Save Changes' });
    expect(save).toHaveProperty('disabled', true);
    await user.click(screen.getByRole('switch', { name: 'Auto Pin' }));
    expect(save).toHaveProperty('disabled', false);
    await user.click(screen.getByRole('button', { name: 'Reset' }));
    await waitFor(() => expect(save).toHaveProperty('disabled', true));
    await user.click(back);
    await screen.findByText('The Ticket System landing');
  });
});

describe('saveErrorMessage (the rule behind the pages)', () => {
  it('keeps the generic words for a section without hints', () => {
    expect(saveErrorMessage({ status: 400, serverError: 'Bad', message: 'Bad' })).toBe('Error saving settings: Bad');
    expect(saveErrorMessage({ status: 0, message: 'offline' })).toBe('Error saving settings: offline');
    expect(saveErrorMessage({ status: 502, message: 'Request failed (502).' })).toBe('Error saving settings: Request failed (502).');
  });
});
