// Issue 14, the Change History page: a timeline newest first with each field's schema title and its values as people
// read them, "Load older" paging, section and author filters kept in the address, the empty and error states, and
// "Revert this change" with its confirmation, the conflict choices (sent as resolutions), and a refusal's message.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { HistoryItem } from '../src/api/history';
import { queryKeys } from '../src/api/query-keys';
import History from '../src/pages/manage/History';
import { SectionHeader } from '../src/pages/manage/SectionHeader';

const GUILD = '1100000000000010000';
const CHANNEL = '1100000000000000101';
const ROLE = '1100000000000000201';
const LONG = 'Welcome to the server, {user}! '.repeat(10).trim();
const LOADED = Date.now();
const minutesAgo = (n: number) => new Date(LOADED - n * 60_000).toISOString();

const ANA = { userId: '1100000000000000001', userName: 'Ana', avatarURL: 'https://cdn.discordapp.com/avatars/1/a.png?size=64' };
const BO = { userId: '1100000000000000002', userName: 'Bo', avatarURL: null };

function entries(): HistoryItem[] {
  return [
    {
      id: 3,
      section: 'basic',
      collection: null,
      itemId: null,
      title: 'Server Settings',
      version: 4,
      action: 'save',
      author: ANA,
      at: minutesAgo(5),
      revertOf: null,
      revertible: true,
      changes: [
        { path: '/prefix', label: 'Prefix', before: '.', after: '!' },
        { path: '/invite_tracking', label: 'Invite tracking', before: false, after: true },
      ],
    },
    {
      id: 2,
      section: 'greeting',
      collection: null,
      itemId: null,
      title: 'Welcome Configuration',
      version: 2,
      action: 'save',
      author: BO,
      at: minutesAgo(60 * 26),
      revertOf: null,
      revertible: true,
      changes: [
        { path: '/welcome/channel', label: 'Welcome › Channel', before: null, after: CHANNEL },
        { path: '/welcome/roles', label: 'Welcome › Roles', before: [], after: [ROLE] },
        { path: '/welcome/content', label: 'Welcome › Content', before: '', after: LONG },
      ],
    },
    {
      id: 1,
      section: 'basic',
      collection: null,
      itemId: null,
      title: 'Server Settings',
      version: 3,
      action: 'import',
      author: ANA,
      at: minutesAgo(60 * 24 * 40),
      revertOf: null,
      revertible: false,
      changes: [{ path: '/prefix', label: 'Prefix', before: '?', after: '.' }],
    },
  ];
}

type RevertMode = 'ok' | 'conflict' | 'forbidden';
interface Fake {
  listed: URLSearchParams[];
  reverts: { id: string; body: Record<string, unknown>; csrf: string | null }[];
  list: 'ok' | 'empty' | 'fail';
}

function serve({ revert = 'ok', list = 'ok' }: { revert?: RevertMode; list?: Fake['list'] } = {}): Fake {
  const fake: Fake = { listed: [], reverts: [], list };
  const json = (status: number, body: unknown) =>
    new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const url = new URL(String(input), 'http://guildhall.test');
      const method = (init.method ?? 'GET').toUpperCase();
      if (url.pathname.endsWith('/channels')) return json(200, { success: true, channels: [{ id: CHANNEL, name: 'welcome', type: 0 }] });
      if (url.pathname.endsWith('/roles'))
        return json(200, { success: true, roles: [{ id: ROLE, name: 'Moderators', color: 0, position: 1, managed: false }] });
      if (url.pathname === `/api/guild/${GUILD}/history` && method === 'GET') {
        fake.listed.push(url.searchParams);
        if (fake.list === 'fail') return json(500, { success: false, error: 'The database is down' });
        if (fake.list === 'empty') return json(200, { success: true, entries: [], nextBefore: null, retention: 500 });
        const section = url.searchParams.get('section');
        const userId = url.searchParams.get('userId');
        const before = Number(url.searchParams.get('before') ?? Infinity);
        const matching = entries().filter(
          (e) => (!section || e.section === section) && (!userId || e.author?.userId === userId) && e.id < before,
        );
        // Two a page, so the third needs "Load older".
        const page = matching.slice(0, 2);
        const nextBefore = matching.length > 2 ? page.at(-1)!.id : null;
        return json(200, { success: true, entries: page, nextBefore, retention: 500 });
      }
      const revertPath = /\/history\/(\d+)\/revert$/.exec(url.pathname);
      if (revertPath && method === 'POST') {
        const body = JSON.parse(String(init.body ?? '{}')) as Record<string, unknown>;
        fake.reverts.push({ id: revertPath[1]!, body, csrf: new Headers(init.headers).get('X-XSRF-TOKEN') });
        if (revert === 'forbidden') return json(403, { success: false, error: 'Only the server owner can change the AntiNuke owners.' });
        if (revert === 'conflict' && !body.resolutions)
          return json(409, {
            success: false,
            error: 'Later changes touched the same fields. Choose what to keep for each.',
            conflicts: [
              { path: '/prefix', label: 'Prefix', expected: '!', current: '?', reverted: '.' },
              { path: '/invite_tracking', label: 'Invite tracking', expected: true, current: false, reverted: false },
            ],
          });
        const reverted = entries().find((e) => String(e.id) === revertPath[1])!;
        return json(200, { success: true, version: 9, entry: { ...reverted, id: 4, action: 'revert', revertOf: reverted.id } });
      }
      return json(404, { success: false, error: `No fake for ${method} ${url.pathname}` });
    }),
  );
  return fake;
}

function Where() {
  const location = useLocation();
  return <div data-testid="where">{location.pathname + location.search}</div>;
}

function renderAt(path: string) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(queryKeys.settings(GUILD, 'basic'), { success: true, section: 'basic', version: 4, settings: {} });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="/manage/:guildId/history" element={<History />} />
          <Route path="/manage/:guildId/welcome" element={<SectionHeader section="greeting" />} />
        </Routes>
        <Where />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return client;
}

const entryOf = (heading: RegExp) => screen.getByRole('article', { name: heading });

beforeEach(() => {
  document.cookie = 'XSRF-TOKEN=test-token';
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('Change History timeline', () => {
  it('shows each change newest first with its author, time, section, action and fields as people read them', async () => {
    serve();
    renderAt(`/manage/${GUILD}/history`);
    const first = await screen.findByRole('article', { name: /Ana changed Server Settings/ });
    const articles = screen.getAllByRole('article');
    expect(articles.map((a) => a.getAttribute('aria-labelledby'))).toEqual(['history-entry-3', 'history-entry-2']);

    // Each field under its title, before then after: the values alone would pass in either order or under another field.
    const field = (label: string) => within(first).getByText(label).closest('li')!.textContent;
    expect(field('Prefix')).toBe('PrefixBefore.After!');
    expect(field('Invite tracking')).toBe('Invite trackingBeforeOffAfterOn');
    const time = first.querySelector('time')!;
    expect(time.textContent).toMatch(/5 minutes ago/);
    expect(time.getAttribute('dateTime')).toBe(entries()[0]!.at);
    // The exact time, for a pointer resting on "5 minutes ago".
    const exact = new Intl.DateTimeFormat(undefined, { dateStyle: 'full', timeStyle: 'medium' }).format(new Date(entries()[0]!.at));
    expect(time.getAttribute('title')).toBe(exact);
    expect(first.querySelector('img')!.getAttribute('src')).toBe(ANA.avatarURL);

    const second = entryOf(/Bo changed Welcome Configuration/);
    within(second).getByText('Welcome › Channel');
    await within(second).findByText('#welcome');
    await within(second).findByText('@Moderators');
    expect(within(second).getAllByText('(empty)')).toHaveLength(3);
    // The avatar is missing: the product's default icon stands in.
    expect(second.querySelector('img')!.getAttribute('src')).toBe('/default-icon.svg');
  });

  it('clamps long text and expands it on request', async () => {
    serve();
    renderAt(`/manage/${GUILD}/history`);
    const second = await screen.findByRole('article', { name: /Bo changed/ });
    expect(within(second).queryByText(LONG)).toBeNull();
    const more = within(second).getByRole('button', { name: 'Show more' });
    expect(more.getAttribute('aria-expanded')).toBe('false');
    await userEvent.click(more);
    within(second).getByText(LONG);
    expect(within(second).getByRole('button', { name: 'Show less' }).getAttribute('aria-expanded')).toBe('true');
  });

  it('loads older entries from where the page ended, and only offers revert where the server allows it', async () => {
    const fake = serve();
    renderAt(`/manage/${GUILD}/history`);
    await screen.findByRole('article', { name: /Ana changed/ });
    expect(screen.getAllByRole('button', { name: /Revert this change/ })).toHaveLength(2);
    await userEvent.click(screen.getByRole('button', { name: 'Load older' }));
    const imported = await screen.findByRole('article', { name: /Ana imported Server Settings/ });
    expect(fake.listed.at(-1)!.get('before')).toBe('2');
    expect(within(imported).queryByRole('button', { name: /Revert this change/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Load older' })).toBeNull();
    screen.getByText('The last 500 changes of each section and of each collection are kept.');
  });

  it('filters by section and author, keeping both in the address', async () => {
    const fake = serve();
    renderAt(`/manage/${GUILD}/history`);
    await screen.findByRole('article', { name: /Bo changed/ });
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Section' }), 'Server Settings');
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe(`/manage/${GUILD}/history?section=basic`));
    await waitFor(() => expect(screen.queryByRole('article', { name: /Bo changed/ })).toBeNull());
    expect(fake.listed.at(-1)!.get('section')).toBe('basic');

    // Authors stay offered while the list is narrowed.
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Section' }), 'All sections');
    await screen.findByRole('article', { name: /Bo changed/ });
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Author' }), 'Bo');
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe(`/manage/${GUILD}/history?userId=${BO.userId}`));
    await waitFor(() => expect(screen.queryByRole('article', { name: /Ana changed/ })).toBeNull());
    expect(fake.listed.at(-1)!.get('userId')).toBe(BO.userId);
    within(screen.getByRole('combobox', { name: 'Author' })).getByRole('option', { name: 'Ana' });
  });

  it('reads a filter from the address, by section name or by the page path a settings page has', async () => {
    const fake = serve();
    renderAt(`/manage/${GUILD}/history?section=welcome`);
    await screen.findByRole('article', { name: /Bo changed Welcome Configuration/ });
    expect(fake.listed[0]!.get('section')).toBe('greeting');
    expect((screen.getByRole('combobox', { name: 'Section' }) as HTMLSelectElement).value).toBe('section:greeting');
  });

  it('says so when nothing was recorded', async () => {
    serve({ list: 'empty' });
    renderAt(`/manage/${GUILD}/history`);
    await screen.findByText('No changes recorded yet.');
  });

  it('shows a load failure with Try Again, which asks again', async () => {
    const fake = serve({ list: 'fail' });
    renderAt(`/manage/${GUILD}/history`);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('The database is down');
    fake.list = 'ok';
    await userEvent.click(within(alert).getByRole('button', { name: 'Try Again' }));
    await screen.findByRole('article', { name: /Ana changed/ });
  });
});

describe('Revert this change', () => {
  it('confirms what comes back, reverts, says so, and refreshes the timeline and the section', async () => {
    const fake = serve();
    const client = renderAt(`/manage/${GUILD}/history`);
    const first = await screen.findByRole('article', { name: /Ana changed Server Settings/ });
    await userEvent.click(within(first).getByRole('button', { name: /Revert this change/ }));
    const dialog = screen.getByRole('dialog', { name: 'Revert change #3?' });
    expect(within(dialog).getByText('Prefix').closest('li')!.textContent).toBe('PrefixRestores: .');
    // Focus starts on Cancel: Enter does not revert by accident.
    expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Cancel' }));
    const listedBefore = fake.listed.length;
    await userEvent.click(within(dialog).getByRole('button', { name: 'Revert' }));
    expect(await screen.findByRole('status')).toHaveProperty('textContent', 'Change #3 reverted.');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(fake.reverts).toEqual([{ id: '3', body: {}, csrf: 'test-token' }]);
    await waitFor(() => expect(fake.listed.length).toBeGreaterThan(listedBefore));
    expect(client.getQueryState(queryKeys.settings(GUILD, 'basic'))!.isInvalidated).toBe(true);
  });

  it('on a conflict, asks per field, saves nothing until every field is chosen, then sends the choices', async () => {
    const fake = serve({ revert: 'conflict' });
    renderAt(`/manage/${GUILD}/history`);
    const first = await screen.findByRole('article', { name: /Ana changed Server Settings/ });
    await userEvent.click(within(first).getByRole('button', { name: /Revert this change/ }));
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Revert' }));

    const dialog = await screen.findByRole('dialog', { name: /choose what to keep/ });
    within(dialog).getByText('Later changes touched the same fields. Choose what to keep for each.');
    const prefix = within(dialog).getByRole('group', { name: 'Prefix' });
    within(prefix).getByRole('radio', { name: /Keep current \?/ });
    within(prefix).getByRole('radio', { name: /Restore \./ });
    const tracking = within(dialog).getByRole('group', { name: 'Invite tracking' });
    const submit = within(dialog).getByRole('button', { name: 'Revert with these choices' });
    expect(submit).toHaveProperty('disabled', true);

    await userEvent.click(within(prefix).getByRole('radio', { name: /Restore/ }));
    expect(submit).toHaveProperty('disabled', true);
    await userEvent.click(within(tracking).getByRole('radio', { name: /Keep current/ }));
    expect(fake.reverts).toHaveLength(1);
    await userEvent.click(submit);

    expect(await screen.findByRole('status')).toHaveProperty('textContent', 'Change #3 reverted.');
    expect(fake.reverts[1]!.body).toEqual({ resolutions: { '/prefix': 'apply', '/invite_tracking': 'keep' } });
  });

  it("shows the server's refusal and saves nothing", async () => {
    const fake = serve({ revert: 'forbidden' });
    renderAt(`/manage/${GUILD}/history`);
    const first = await screen.findByRole('article', { name: /Ana changed Server Settings/ });
    await userEvent.click(within(first).getByRole('button', { name: /Revert this change/ }));
    const dialog = screen.getByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Revert' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('Only the server owner can change the AntiNuke owners.');
    expect(screen.queryByText(/reverted\./)).toBeNull();
    expect(fake.reverts).toHaveLength(1);
  });
});

describe('History button of a settings page', () => {
  it("links to the timeline filtered to the page's section", async () => {
    const fake = serve();
    renderAt(`/manage/${GUILD}/welcome`);
    const link = screen.getByRole('link', { name: 'History' });
    expect(link.getAttribute('href')).toBe(`/manage/${GUILD}/history?section=greeting`);
    await userEvent.click(link);
    await screen.findByRole('article', { name: /Bo changed Welcome Configuration/ });
    expect(fake.listed[0]!.get('section')).toBe('greeting');
  });
});
