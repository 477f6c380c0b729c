// The Ticket transcripts page: the configuration form, then the saved transcripts table
// (Ticket ID, User, Created, Size, Actions), searched and filtered by date on the server, downloaded under
// transcript_{id}.{format}, deleted after a confirmation, with the spec's messages and the empty and error states.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import TicketTranscripts from '../src/pages/manage/TicketTranscripts';
import { humanSize } from '../src/pages/manage/ticket-transcripts/format';

const GUILD = '1100000000000010000';
const BASE = `/api/guild/${GUILD}/tickets/transcripts`;
const ROWS = [
  { id: 'tr-3', ticketId: '0003', userName: 'Zoe', createdAt: '2026-11-22T10:00:00.000Z', size: 2560 },
  { id: 'tr-2', ticketId: '0002', userName: 'alice', createdAt: '2026-11-21T09:00:00.000Z', size: 512 },
  { id: 'tr-1', ticketId: '0001', userName: 'Bob', createdAt: '2026-10-01T08:00:00.000Z', size: 3 * 1024 * 1024 },
];
const CONFIG = {
  enabled: true,
  autoGenerate: true,
  includeAttachments: true,
  format: 'txt',
  retentionDays: 30,
  dmUser: false,
  logChannel: null,
};

interface Fake {
  listed: string[];
  deleted: string[];
  rows: typeof ROWS;
}

type Failure = 'refused' | 'unreachable' | undefined;

/** The transcripts API, matching q and date as the server does (case-insensitive id or user; start of the date). */
function serve({ list, download, remove }: { list?: 'fail'; download?: Failure; remove?: Failure } = {}): Fake {
  const fake: Fake = { listed: [], deleted: [], rows: structuredClone(ROWS) };
  const json = (status: number, body: unknown) =>
    new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const url = new URL(String(input), 'http://guildhall.test');
      const method = (init.method ?? 'GET').toUpperCase();
      if (url.pathname.endsWith('/settings/transcripts'))
        return json(200, { success: true, section: 'transcripts', version: 1, settings: CONFIG });
      if (url.pathname.endsWith('/channels')) return json(200, { success: true, channels: [] });
      if (url.pathname === BASE) {
        fake.listed.push(url.search);
        if (list === 'fail') return json(500, { success: false, error: 'The database is down' });
        const q = (url.searchParams.get('q') ?? '').toLowerCase();
        const date = url.searchParams.get('date') ?? '';
        const rows = fake.rows.filter(
          (r) => (r.ticketId.toLowerCase().includes(q) || r.userName.toLowerCase().includes(q)) && r.createdAt.startsWith(date),
        );
        return json(200, { success: true, transcripts: rows });
      }
      const download_ = /\/([^/]+)\/download$/.exec(url.pathname);
      if (download_) {
        if (download === 'unreachable') throw new TypeError('Failed to fetch');
        if (download === 'refused') return json(404, { success: false, error: 'Transcript not found' });
        return new Response('<p>the transcript</p>', {
          status: 200,
          headers: { 'Content-Type': 'text/plain', 'Content-Disposition': `attachment; filename="transcript_${download_[1]}.txt"` },
        });
      }
      if (method === 'DELETE') {
        if (remove === 'unreachable') throw new TypeError('Failed to fetch');
        if (remove === 'refused') return json(404, { success: false, error: 'Transcript not found' });
        const id = decodeURIComponent(url.pathname.split('/').pop()!);
        fake.deleted.push(id);
        fake.rows = fake.rows.filter((r) => r.id !== id);
        return json(200, { success: true });
      }
      return json(404, { success: false, error: `No fake for ${url.pathname}` });
    }),
  );
  return fake;
}

function renderPage() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[`/manage/${GUILD}/tickets/transcript`]}>
        <Routes>
          <Route path="/manage/:guildId/tickets/transcript" element={<TicketTranscripts />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const table = () => screen.findByRole('table', { name: /Saved transcripts/ });
const ticketIds = async () =>
  within(await table())
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell')[0]!.textContent);

let downloads: string[];
beforeEach(() => {
  document.cookie = 'XSRF-TOKEN=csrf';
  downloads = [];
  vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:transcript'), revokeObjectURL: vi.fn() }));
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    downloads.push(this.download);
  });
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('Ticket transcripts page', () => {
  it('on a phone lists each transcript as a card: its id, user, date, size, Download and Delete (issue 32)', async () => {
    vi.stubGlobal(
      'matchMedia',
      vi.fn((query: string) => ({
        matches: query.includes('max-width: 639'),
        media: query,
        addEventListener() {},
        removeEventListener() {},
      })),
    );
    serve();
    renderPage();
    const list = await screen.findByRole('list', { name: 'Saved transcripts' });
    expect(screen.queryByRole('table')).toBeNull();
    const cards = within(list).getAllByRole('listitem');
    expect(cards).toHaveLength(3);
    const terms = [...cards[0]!.querySelectorAll('dt')].map((dt) => dt.textContent);
    expect(terms).toEqual(['Ticket ID', 'User', 'Created', 'Size']);
    expect([...cards[0]!.querySelectorAll('dd')].map((dd) => dd.textContent)).toEqual([
      '0003',
      'Zoe',
      expect.stringMatching(/UTC$/),
      '2.5 KB',
    ]);
    within(cards[0]!).getByRole('button', { name: 'Download transcript 0003' });
    within(cards[0]!).getByRole('button', { name: 'Delete transcript 0003' });
  });

  it('keeps the configuration form and lists the transcripts: Ticket ID, User, Created, Size, Actions', async () => {
    serve();
    renderPage();
    await screen.findByRole('switch', { name: 'Enable transcripts' });
    const rows = within(await table()).getAllByRole('row');
    expect(
      within(rows[0]!)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Ticket ID', 'User', 'Created', 'Size', 'Actions']);
    expect(await ticketIds()).toEqual(['0003', '0002', '0001']);
    const first = within(rows[1]!).getAllByRole('cell');
    expect(first[1]!.textContent).toBe('Zoe');
    expect(first[2]!.querySelector('time')!.getAttribute('datetime')).toBe('2026-11-22T10:00:00.000Z');
    // Shown in UTC, the day the date filter finds it under.
    expect(first[2]!.textContent).toMatch(/10:00.*UTC$/);
    expect(first[3]!.textContent).toBe('2.5 KB');
    expect(within(rows[2]!).getAllByRole('cell')[3]!.textContent).toBe('512 B');
    expect(within(rows[3]!).getAllByRole('cell')[3]!.textContent).toBe('3.0 MB');
    within(rows[1]!).getByRole('button', { name: 'Download transcript 0003' });
    within(rows[1]!).getByRole('button', { name: 'Delete transcript 0003' });
  });

  it('searches ticket id or user name through the server, case-insensitive', async () => {
    const fake = serve();
    const user = userEvent.setup();
    renderPage();
    await table();
    await user.type(screen.getByRole('searchbox', { name: 'Search transcripts' }), 'ALICE');
    await waitFor(async () => expect(await ticketIds()).toEqual(['0002']));
    expect(fake.listed).toContain('?q=ALICE');
    // Once typing pauses: not one request per key.
    expect(fake.listed.filter((s) => s.startsWith('?q=A')).length).toBe(1);
  });

  it('filters by the created date through the server', async () => {
    const fake = serve();
    const user = userEvent.setup();
    renderPage();
    await table();
    await user.type(screen.getByLabelText('Created on'), '2026-11-21');
    await waitFor(async () => expect(await ticketIds()).toEqual(['0002']));
    expect(fake.listed).toContain('?date=2026-11-21');
  });

  it("says 'No transcripts match' when the filters find nothing, and Clear filters brings the list back", async () => {
    serve();
    const user = userEvent.setup();
    renderPage();
    await table();
    await user.type(screen.getByRole('searchbox', { name: 'Search transcripts' }), 'nobody');
    await screen.findByText('No transcripts match');
    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(async () => expect(await ticketIds()).toEqual(['0003', '0002', '0001']));
  });

  it("says 'No transcripts yet' when the guild has none", async () => {
    const fake = serve();
    fake.rows = [];
    renderPage();
    await screen.findByText('No transcripts yet');
  });

  it("says 'Failed to load transcripts' with a retry", async () => {
    const fake = serve({ list: 'fail' });
    const user = userEvent.setup();
    renderPage();
    await screen.findByText('Failed to load transcripts');
    const before = fake.listed.length;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(fake.listed.length).toBe(before + 1));
  });

  it("downloads under transcript_{id}.{format} and says 'Transcript downloaded successfully!'", async () => {
    serve();
    const user = userEvent.setup();
    renderPage();
    await table();
    await user.click(screen.getByRole('button', { name: 'Download transcript 0002' }));
    await screen.findByText('Transcript downloaded successfully!');
    expect(downloads).toEqual(['transcript_tr-2.txt']);
  });

  it("says 'Failed to download transcript' when the server refuses, 'Error downloading transcript' when it cannot be reached", async () => {
    serve({ download: 'refused' });
    const user = userEvent.setup();
    renderPage();
    await table();
    await user.click(screen.getByRole('button', { name: 'Download transcript 0002' }));
    await screen.findByText('Failed to download transcript');
    cleanup();
    serve({ download: 'unreachable' });
    renderPage();
    await table();
    await user.click(screen.getByRole('button', { name: 'Download transcript 0002' }));
    await screen.findByText('Error downloading transcript');
    expect(downloads).toEqual([]);
  });

  it('asks before deleting (it cannot be undone); Cancel keeps the transcript', async () => {
    const fake = serve();
    const user = userEvent.setup();
    renderPage();
    await table();
    await user.click(screen.getByRole('button', { name: 'Delete transcript 0001' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Delete transcript?' });
    expect(dialog.textContent).toMatch(/cannot be undone/);
    expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Cancel' }));
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(fake.deleted).toEqual([]);
  });

  it("deletes after the confirmation and says 'Transcript deleted successfully!'", async () => {
    const fake = serve();
    const user = userEvent.setup();
    renderPage();
    await table();
    await user.click(screen.getByRole('button', { name: 'Delete transcript 0001' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    await screen.findByText('Transcript deleted successfully!');
    expect(fake.deleted).toEqual(['tr-1']);
    await waitFor(async () => expect(await ticketIds()).toEqual(['0003', '0002']));
    // The focused row is gone: the keyboard carries on from the search box.
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('searchbox', { name: 'Search transcripts' })));
  });

  it("says 'Failed to delete transcript' when the server refuses, 'Error deleting transcript' when it cannot be reached", async () => {
    serve({ remove: 'refused' });
    const user = userEvent.setup();
    renderPage();
    await table();
    await user.click(screen.getByRole('button', { name: 'Delete transcript 0001' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    await screen.findByText('Failed to delete transcript');
    cleanup();
    serve({ remove: 'unreachable' });
    renderPage();
    await table();
    await user.click(screen.getByRole('button', { name: 'Delete transcript 0001' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    await screen.findByText('Error deleting transcript');
  });
});

describe('humanSize', () => {
  it('reads as people read sizes', () => {
    expect(humanSize(0)).toBe('0 B');
    expect(humanSize(1023)).toBe('1023 B');
    expect(humanSize(1024)).toBe('1.0 KB');
    expect(humanSize(150 * 1024)).toBe('150 KB');
    expect(humanSize(5 * 1024 * 1024 * 1024)).toBe('5.0 GB');
  });
});
