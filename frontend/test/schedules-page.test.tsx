// The Scheduled Messages page (issue 31): each schedule's card (plan in words, next runs, last run, a pause by the
// server with its reason), the plan's limits, Pause/Resume and Run now, the run history, and the read-only and empty
// states, over a fake of the collection API and the schedules' status, runs and Run now (the generated client's paths).
import type { PlanLimitStatus, ScheduledMessage, ScheduleRun, SchedulePlan, ScheduleStatus } from '@guildhall/generated/types';
import { focusManager, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import ScheduledMessages from '../src/pages/manage/ScheduledMessages';
import { viewerTimeZone } from '../src/pages/manage/schedules/plan-words';

const GUILD = '1100000000000010000';
const BASE = `/api/guild/${GUILD}`;
const COLLECTION = `${BASE}/collections/scheduled-messages`;
const GENERAL = '400000000000000001';
const MESSAGE_URL = `https://discord.com/channels/${GUILD}/${GENERAL}/500000000000000001`;

interface Entry {
  id: string;
  version: number;
  item: ScheduledMessage;
}

const PLAN: SchedulePlan = { kind: 'daily', at: '', every: 24, time: '09:00', days: ['mon'], day: 1, cron: '', timeZone: 'UTC', until: '' };

function schedule(name: string, plan: Partial<SchedulePlan> = {}, overrides: Partial<ScheduledMessage> = {}): ScheduledMessage {
  return {
    name,
    channel_id: GENERAL,
    message: { content: 'Hello', embeds: [] } as never,
    plan: { ...PLAN, ...plan },
    paused: false,
    ...overrides,
  };
}

function status(id: string, overrides: Partial<ScheduleStatus> = {}): ScheduleStatus {
  return { id, state: 'active', nextRuns: [], lastRun: null, pausedReason: null, ...overrides };
}

function run(scheduleId: string, overrides: Partial<ScheduleRun> = {}): ScheduleRun {
  const at = '2026-11-27T09:00:00.000Z';
  return { id: `${scheduleId}:${at}`, scheduleId, trigger: 'plan', dueAt: at, status: 'sent', at, channelId: GENERAL, ...overrides };
}

const FREE_LIMIT: PlanLimitStatus = {
  feature: 'Scheduled Messages',
  planName: 'Free',
  max: 3,
  upgrade: { plan: 'standard', planName: 'Standard', max: 10 },
};

interface FakeOptions {
  statuses?: Record<string, ScheduleStatus>;
  runs?: Record<string, ScheduleRun[]>;
  planLimit?: PlanLimitStatus;
  grants?: Record<string, 'read' | 'write'>;
}

function fakeApi(items: Entry[] = [], options: FakeOptions = {}) {
  const server = {
    items: structuredClone(items),
    statuses: { ...options.statuses },
    runs: { ...options.runs },
    calls: [] as { method: string; path: string; body: any }[],
    /** Answers taken before the fake's own, by "METHOD path". */
    answers: {} as Record<string, { status: number; body: unknown }>,
  };
  const json = (status: number, body: unknown) =>
    new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const path = new URL(String(input), 'http://localhost').pathname;
      const method = (init.method ?? 'GET').toUpperCase();
      const body = init.body ? JSON.parse(String(init.body)) : undefined;
      server.calls.push({ method, path, body });
      const queued = server.answers[`${method} ${path}`];
      if (queued) {
        delete server.answers[`${method} ${path}`];
        return json(queued.status, queued.body);
      }
      if (path === BASE)
        return json(200, {
          success: true,
          guild: { id: GUILD, name: 'Guild', iconURL: null },
          manager: !options.grants,
          ...(options.grants ? { grants: options.grants } : {}),
        });
      if (path === `${BASE}/channels`)
        return json(200, { success: true, channels: [{ id: GENERAL, name: 'general', type: 0, position: 0 }] });
      if (path === COLLECTION && method === 'GET')
        return json(200, { success: true, items: server.items, cap: 100, planLimit: options.planLimit ?? FREE_LIMIT });
      if (path === `${BASE}/schedules/status`)
        return json(200, {
          success: true,
          schedules: server.statuses,
          minimumInterval: { planName: 'Free', minutes: 60, upgrade: { plan: 'standard', planName: 'Standard', minutes: 15 } },
          graceMinutes: 10,
        });
      const runs = new RegExp(`^${BASE}/schedules/([^/]+)/runs$`).exec(path)?.[1];
      if (runs) return json(200, { success: true, runs: server.runs[runs] ?? [] });
      const id = new RegExp(`^${COLLECTION}/([^/]+)$`).exec(path)?.[1];
      const stored = server.items.find((e) => e.id === id);
      if (stored && method === 'PUT') {
        if (body.version !== stored.version) return json(409, { success: false, error: 'Changed since you loaded it.', ...stored });
        stored.version += 1;
        stored.item = body.item;
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
      <MemoryRouter initialEntries={[`/manage/${GUILD}/schedules`]}>
        <Routes>
          <Route path="/manage/:guildId/schedules" element={<ScheduledMessages />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const card = (name: string) => screen.findByRole('article', { name });

beforeEach(() => {
  document.cookie = 'XSRF-TOKEN=test-token';
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.useRealTimers();
  focusManager.setFocused(undefined);
});

describe('Scheduled Messages', () => {
  it('explains the feature when the server has no schedule, with a Create button', async () => {
    fakeApi();
    renderPage();
    await screen.findByRole('heading', { name: 'No scheduled messages yet' });
    screen.getByText(/the bot posts in a channel at a time you choose/);
    screen.getByRole('button', { name: 'Create a schedule' });
    expect(document.title).toBe('Scheduled Messages | Guildhall');
  });

  it('says each plan in words, with its channel', async () => {
    fakeApi([
      { id: 'w', version: 1, item: schedule('Weekly', { kind: 'weekly', days: ['fri', 'mon'], timeZone: 'Europe/London' }) },
      { id: 'o', version: 1, item: schedule('Once', { kind: 'once', at: '2026-11-27T15:30' }) },
      { id: 'h', version: 1, item: schedule('Hours', { kind: 'hours', every: 6, at: '2026-11-27T15:30', until: '2026-12-31' }) },
      { id: 'm', version: 1, item: schedule('Monthly', { kind: 'monthly', day: 31 }) },
      { id: 'c', version: 1, item: schedule('Cron', { kind: 'cron', cron: '0 9 * * 1-5' }) },
    ]);
    renderPage();
    const plan = async (name: string) => (await card(name)).querySelector('[data-plan]')!.textContent;
    expect(await plan('Weekly')).toBe('Every Monday and Friday at 09:00 (Europe/London)');
    expect(await plan('Once')).toBe('Once on 27 Nov 2026 at 15:30 (UTC)');
    expect(await plan('Hours')).toBe('Every 6 hours from 27 Nov 2026 at 15:30 (UTC), until 31 Dec 2026');
    expect(await plan('Monthly')).toBe('Monthly on day 31 at 09:00 (UTC)');
    expect(await plan('Cron')).toBe('Cron 0 9 * * 1-5 (UTC)');
    await within(await card('Weekly')).findByText('#general');
  });

  it("lists the next runs in the viewer's zone, and in the schedule's too when it differs", async () => {
    const next = ['2026-11-28T09:00:00.000Z', '2026-11-29T09:00:00.000Z'];
    fakeApi(
      [
        { id: 'far', version: 1, item: schedule('Far away', { timeZone: 'Pacific/Kiritimati' }) },
        { id: 'here', version: 1, item: schedule('Here', { timeZone: viewerTimeZone() }) },
      ],
      { statuses: { far: status('far', { nextRuns: next }), here: status('here', { nextRuns: next }) } },
    );
    renderPage();
    const far = await card('Far away');
    const runs = await within(far).findByRole('list', { name: 'Next runs' });
    const items = within(runs).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    const local = new Date(next[0]!).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
    const there = new Date(next[0]!).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Pacific/Kiritimati' });
    expect(items[0]!.textContent).toBe(`${local} (${there} Pacific/Kiritimati)`);
    const here = within(await within(await card('Here')).findByRole('list', { name: 'Next runs' })).getAllByRole('listitem');
    expect(here[0]!.textContent).toBe(local);
    within(far).getByText('Active');
  });

  it('shows a pause by the server prominently with its reason, and offers Resume', async () => {
    fakeApi([{ id: 'a', version: 3, item: schedule('Rules', {}, { paused: true }) }], {
      statuses: { a: status('a', { state: 'paused', pausedReason: 'The channel was deleted' }) },
    });
    renderPage();
    const a = await card('Rules');
    const alert = await within(a).findByRole('alert');
    expect(alert.textContent).toContain('The channel was deleted');
    within(a).getByText('Paused by Guildhall');
    within(a).getByRole('button', { name: 'Resume Rules' });
  });

  it("shows the last run: a sent one's link, a failed one's error from Discord, a missed one", async () => {
    fakeApi(
      [
        { id: 's', version: 1, item: schedule('Sent one') },
        { id: 'f', version: 1, item: schedule('Failed one') },
        { id: 'x', version: 1, item: schedule('Missed one') },
      ],
      {
        statuses: {
          s: status('s', { lastRun: run('s', { messageUrl: MESSAGE_URL }) }),
          f: status('f', { lastRun: run('f', { status: 'failed', error: 'Missing Permissions' }) }),
          x: status('x', { lastRun: run('x', { status: 'missed', error: 'Guildhall was not running when it was due.' }) }),
        },
      },
    );
    renderPage();
    const link = await within(await card('Sent one')).findByRole('link', { name: 'View message' });
    expect(link.getAttribute('href')).toBe(MESSAGE_URL);
    expect((await card('Failed one')).querySelector('[data-last-run="failed"]')!.textContent).toMatch(/^Failed .*: Missing Permissions$/);
    expect(document.querySelector('[data-last-run="missed"]')!.textContent).toMatch(/^Missed .*: Guildhall was not running/);
  });

  it("states the plan's limits: how many, how often, and the grace for a run due while offline", async () => {
    fakeApi([
      { id: 'a', version: 1, item: schedule('One') },
      { id: 'b', version: 1, item: schedule('Two') },
    ]);
    renderPage();
    const count = await screen.findByText(/of 3 schedules/);
    expect(count.closest('[data-plan-limit]')!.textContent).toBe('2 of 3 schedules on the Free plan; Upgrade to Standard for 10');
    const upgrade = within(count.closest('li')!).getByRole('link');
    expect(upgrade.getAttribute('href')).toBe('/plans/standard');
    const interval = await screen.findByText(/posts at most every/);
    expect(interval.closest('[data-interval-limit]')!.textContent).toBe(
      'Your Free plan posts at most every 1 hour; Upgrade to Standard for every 15 minutes',
    );
    expect(document.querySelector('[data-grace]')!.textContent).toBe(
      'If Guildhall is offline when a message is due, it is still posted up to 10 minutes late; later, the run is recorded as missed.',
    );
    expect((screen.getByRole('button', { name: 'Create schedule' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('disables Create at the plan limit and says why', async () => {
    fakeApi(
      ['a', 'b', 'c'].map((id) => ({ id, version: 1, item: schedule(id) })),
      { planLimit: FREE_LIMIT },
    );
    renderPage();
    const create = (await screen.findByRole('button', { name: 'Create schedule' })) as HTMLButtonElement;
    expect(create.disabled).toBe(true);
    const why = document.getElementById(create.getAttribute('aria-describedby')!)!;
    expect(why.textContent).toBe('Your Free plan allows no more schedules: delete one or upgrade to create another.');
  });

  it('a read-only grantee sees the schedules and their history, and no action', async () => {
    fakeApi([{ id: 'a', version: 1, item: schedule('Rules') }], {
      grants: { 'scheduled-messages': 'read' },
      runs: { a: [run('a', { messageUrl: MESSAGE_URL })] },
    });
    const user = userEvent.setup();
    renderPage();
    await screen.findByRole('note');
    const a = await card('Rules');
    for (const name of ['Pause Rules', 'Run now: Rules', 'Edit Rules', 'Duplicate Rules', 'Delete Rules'])
      expect(within(a).queryByRole('button', { name }), name).toBeNull();
    expect(screen.queryByRole('button', { name: 'Create schedule' })).toBeNull();
    await user.click(within(a).getByRole('button', { name: 'Run history' }));
    const runs = await within(a).findByRole('list', { name: 'Runs' });
    within(runs).getByRole('link', { name: 'View message' });
  });

  it('Pause saves the schedule with paused true and the version it was read at', async () => {
    const server = fakeApi([{ id: 'a', version: 4, item: schedule('Rules') }], { statuses: { a: status('a') } });
    const user = userEvent.setup();
    renderPage();
    const a = await card('Rules');
    await user.click(within(a).getByRole('button', { name: 'Pause Rules' }));
    await screen.findByText('"Rules" paused.');
    const put = server.calls.find((c) => c.method === 'PUT')!;
    expect(put.path).toBe(`${COLLECTION}/a`);
    expect(put.body).toEqual({ version: 4, item: { ...schedule('Rules'), paused: true } });
    within(a).getByText('Paused');
    within(a).getByRole('button', { name: 'Resume Rules' });
  });

  it('a pause refused because the schedule changed elsewhere reloads it and says so', async () => {
    const server = fakeApi([{ id: 'a', version: 1, item: schedule('Rules') }]);
    const user = userEvent.setup();
    renderPage();
    const a = await card('Rules');
    // Renamed in another tab meanwhile.
    server.items[0] = { id: 'a', version: 2, item: schedule('Rules (evening)') };
    await user.click(within(a).getByRole('button', { name: 'Pause Rules' }));
    await screen.findByText(/was changed elsewhere, so it was not paused/);
    await card('Rules (evening)');
    expect(server.items[0]!.item.paused).toBe(false);
  });

  it('Run now shows the outcome with its link, and the new run at the top of the history', async () => {
    const older = run('a', { id: 'a:older', status: 'failed', error: 'Missing Access' });
    const server = fakeApi([{ id: 'a', version: 1, item: schedule('Rules') }], { statuses: { a: status('a') }, runs: { a: [older] } });
    const posted = run('a', { id: 'a:manual:1', trigger: 'manual', by: 'Alice', messageUrl: MESSAGE_URL, at: '2026-11-27T10:00:00.000Z' });
    server.answers[`POST ${BASE}/schedules/a/run`] = {
      status: 200,
      body: { success: true, run: posted, status: status('a', { lastRun: posted }) },
    };
    const user = userEvent.setup();
    renderPage();
    const a = await card('Rules');
    await user.click(within(a).getByRole('button', { name: 'Run history' }));
    await within(a).findByText('Missing Access');
    await user.click(within(a).getByRole('button', { name: 'Run now: Rules' }));
    const outcome = await within(a).findByRole('status');
    expect(outcome.textContent).toBe('Posted now. View message');
    expect(within(outcome).getByRole('link').getAttribute('href')).toBe(MESSAGE_URL);
    const rows = within(within(a).getByRole('list', { name: 'Runs' })).getAllByRole('listitem');
    expect(rows.map((r) => r.getAttribute('data-run'))).toEqual(['sent', 'failed']);
    expect(rows[0]!.textContent).toContain('Run now by Alice');
  });

  it("Run now that Discord refuses shows Discord's words", async () => {
    const server = fakeApi([{ id: 'a', version: 1, item: schedule('Rules') }], { statuses: { a: status('a') } });
    const failed = run('a', { id: 'a:manual:2', trigger: 'manual', status: 'failed', error: 'Missing Permissions' });
    server.answers[`POST ${BASE}/schedules/a/run`] = {
      status: 502,
      body: { success: false, error: 'Missing Permissions', run: failed, status: status('a', { lastRun: failed }) },
    };
    const user = userEvent.setup();
    renderPage();
    await user.click(within(await card('Rules')).getByRole('button', { name: 'Run now: Rules' }));
    const alert = await within(await card('Rules')).findByRole('alert');
    expect(alert.textContent).toBe('Run now failed: Missing Permissions ');
  });

  it('an expanded history with no run says so', async () => {
    fakeApi([{ id: 'a', version: 1, item: schedule('Rules') }]);
    const user = userEvent.setup();
    renderPage();
    const a = await card('Rules');
    const toggle = within(a).getByRole('button', { name: 'Run history' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    await user.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    await within(a).findByText('No runs yet', { selector: '[data-runs-empty]' });
  });

  it('reads the status again every 30 seconds while the page is visible, and not while it is hidden', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const server = fakeApi([{ id: 'a', version: 1, item: schedule('Rules') }], { statuses: { a: status('a') } });
    const reads = () => server.calls.filter((c) => c.path === `${BASE}/schedules/status`).length;
    renderPage();
    await card('Rules');
    await waitFor(() => expect(reads()).toBe(1));
    vi.advanceTimersByTime(30_000);
    await waitFor(() => expect(reads()).toBe(2));
    focusManager.setFocused(false);
    vi.advanceTimersByTime(60_000);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(reads()).toBe(2);
  });
});
