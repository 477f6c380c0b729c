// The schedule editor: a new schedule's starting point (once, an hour ahead, the browser's zone), the plan's fields by
// kind, the next runs the server computes (and its field errors beside the plan's fields), the save, and the server's
// field errors at their fields, over a fake of the collection and preview API that validates with the same generated
// validator the server runs.
import { validateWith } from '@guildhall/generated/field-errors';
import type { ScheduledMessage } from '@guildhall/generated/types';
import { validateScheduledMessage } from '@guildhall/generated/validators';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { emptyEmbed } from '../src/pages/manage/embed-builder/model';
import type { ScheduleEntry } from '../src/api/schedules';
import ScheduleEditor from '../src/pages/manage/schedules/ScheduleEditor';

const GUILD = '1100000000000010000';
const BASE = `/api/guild/${GUILD}`;
const COLLECTION = `${BASE}/collections/scheduled-messages`;
const PREVIEW = `${BASE}/schedules/preview`;
const GENERAL = '400000000000000001';
const NEWS = '400000000000000002';
// The browser's zone is not the schema's default (UTC): a new schedule must take the browser's.
const TZ_BEFORE = process.env.TZ;
process.env.TZ = 'America/New_York';
const ZONE = Intl.DateTimeFormat().resolvedOptions().timeZone;
// 13:02 UTC: an hour ahead, rounded up to 5 minutes, is 14:05 UTC.
const NOW = new Date('2026-11-27T13:02:30.000Z');
const RUN = '2026-11-27T14:05:00.000Z';

type Answer = { status: number; body: unknown };

function fakeApi(options: { preview?: (plan: any) => Answer; save?: Answer } = {}) {
  const server = { calls: [] as { method: string; path: string; body: any }[], items: [] as ScheduleEntry[] };
  const json = (status: number, body: unknown) =>
    new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const path = new URL(String(input), 'http://localhost').pathname;
      const method = (init.method ?? 'GET').toUpperCase();
      const body = init.body ? JSON.parse(String(init.body)) : undefined;
      server.calls.push({ method, path, body });
      if (path === `${BASE}/channels`)
        return json(200, {
          success: true,
          channels: [
            { id: GENERAL, name: 'general', type: 0, position: 0 },
            { id: NEWS, name: 'news', type: 5, position: 1 },
            { id: '400000000000000003', name: 'Voice', type: 2, position: 2 },
          ],
        });
      if (path === PREVIEW && method === 'POST') {
        const answer = options.preview?.(body.plan) ?? { status: 200, body: { success: true, nextRuns: [RUN] } };
        return json(answer.status, answer.body);
      }
      if ((path === COLLECTION && method === 'POST') || (path.startsWith(`${COLLECTION}/`) && method === 'PUT')) {
        if (options.save) return json(options.save.status, options.save.body);
        const result = validateWith(validateScheduledMessage, body.item);
        if (!result.ok)
          return json(400, {
            success: false,
            error: 'Scheduled Messages: the item is not valid.',
            fieldErrors: result.fieldErrors.map((e) => ({ ...e, path: `/item${e.path}` })),
          });
        const entry = { id: 's1', version: (body.version ?? 0) + 1, item: result.value as ScheduledMessage };
        server.items.push(entry);
        return json(method === 'POST' ? 201 : 200, { success: true, ...entry });
      }
      return json(404, { success: false, error: `No fake for ${method} ${path}` });
    }),
  );
  return server;
}

function renderEditor(props: Partial<Parameters<typeof ScheduleEditor>[0]> = {}) {
  const onSaved = vi.fn();
  const onClose = vi.fn();
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <ScheduleEditor guildId={GUILD} entry={null} onSaved={onSaved} onClose={onClose} {...props} />
    </QueryClientProvider>,
  );
  return { onSaved, onClose, editor: screen.getByRole('region', { name: /scheduled message|^Edit / }) };
}

/** What the browser shows for an instant in its own zone, as a datetime-local input holds it. */
function localInput(iso: string): string {
  const at = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}T${pad(at.getHours())}:${pad(at.getMinutes())}`;
}

const previews = (server: ReturnType<typeof fakeApi>) => server.calls.filter((c) => c.path === PREVIEW);

beforeEach(() => {
  document.cookie = 'XSRF-TOKEN=test-token';
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
});
afterAll(() => {
  if (TZ_BEFORE === undefined) delete process.env.TZ;
  else process.env.TZ = TZ_BEFORE;
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('Schedule editor', () => {
  it('starts a new schedule once, an hour ahead rounded to 5 minutes, in the browser’s time zone', async () => {
    fakeApi();
    const { editor } = renderEditor();
    within(editor).getByRole('heading', { name: 'New scheduled message' });
    expect((within(editor).getByLabelText('Repeat') as HTMLSelectElement).selectedOptions[0]!.textContent).toBe('Once');
    const at = (await within(editor).findByLabelText('Date and time')) as HTMLInputElement;
    expect(at.type).toBe('datetime-local');
    expect(at.value).toBe(localInput(RUN));
    expect(at.value).toBe('2026-11-27T09:05');
    const zone = (await within(editor).findByLabelText('Time zone')) as HTMLInputElement;
    expect(zone.value).toBe('America/New_York');
    // The zone is searched among the browser's zones.
    expect(document.getElementById(zone.getAttribute('list')!)!.querySelector(`option[value="${ZONE}"]`)).not.toBeNull();
    // Once has no end date, no time of day and no days.
    expect(within(editor).queryByLabelText('End date')).toBeNull();
    expect(within(editor).queryByLabelText('Time')).toBeNull();
  });

  it('shows the fields of the kind chosen: weekly days and time, every few hours, monthly day, cron', async () => {
    fakeApi();
    const user = userEvent.setup();
    const { editor } = renderEditor();
    const kind = within(editor).getByLabelText('Repeat');
    await user.selectOptions(kind, 'Weekly');
    const time = (await within(editor).findByLabelText('Time')) as HTMLInputElement;
    expect(time.type).toBe('time');
    expect(time.value).toBe('09:00');
    const days = await within(editor).findByRole('group', { name: 'Days' });
    expect((within(days).getByLabelText('Monday') as HTMLInputElement).checked).toBe(true);
    expect(within(editor).queryByLabelText('Date and time')).toBeNull();
    expect(((await within(editor).findByLabelText('End date')) as HTMLInputElement).type).toBe('date');

    await user.selectOptions(kind, 'Every few hours');
    await within(editor).findByLabelText('Every (hours)');
    within(editor).getByLabelText('Date and time');
    expect(within(editor).queryByRole('group', { name: 'Days' })).toBeNull();

    await user.selectOptions(kind, 'Monthly');
    await within(editor).findByLabelText('Day of the month');
    within(editor).getByLabelText('Time');

    await user.selectOptions(kind, 'Cron expression');
    await within(editor).findByLabelText('Cron expression', { selector: 'input' });
    expect(within(editor).queryByLabelText('Time')).toBeNull();
  });

  it('lists the next runs the server computes for the plan, after a pause in typing', async () => {
    const server = fakeApi();
    const { editor } = renderEditor();
    const list = await within(editor).findByRole('list', { name: 'Next runs' });
    const time = within(list).getByText((_, el) => el?.tagName === 'TIME');
    expect(time.getAttribute('datetime')).toBe(RUN);
    expect(time.textContent).toContain(`(${ZONE})`);
    expect(previews(server)).toHaveLength(1);
    expect(previews(server)[0]!.body).toEqual({ plan: expect.objectContaining({ kind: 'once', at: localInput(RUN), timeZone: ZONE }) });
  });

  it("shows the preview's field error beside the plan's field, and asks nothing while the plan is not valid", async () => {
    const server = fakeApi({
      preview: (plan) =>
        plan.kind === 'cron'
          ? {
              status: 400,
              body: {
                success: false,
                error: 'The plan is not valid.',
                fieldErrors: [{ path: '/plan/cron', message: 'This cron expression cannot be read: 61 is not a minute' }],
              },
            }
          : { status: 200, body: { success: true, nextRuns: [RUN] } },
    });
    const user = userEvent.setup();
    const { editor } = renderEditor();
    await within(editor).findByRole('list', { name: 'Next runs' });
    await user.selectOptions(within(editor).getByLabelText('Repeat'), 'Cron expression');
    // An empty cron is the schema's own error: the server is not asked.
    await within(editor).findByText('Fill in when the message is posted to see its next runs.');
    const cron = within(editor).getByLabelText('Cron expression', { selector: 'input' });
    await user.type(cron, '61 9 * * *');
    const error = await within(editor).findByText('This cron expression cannot be read: 61 is not a minute');
    // Beside the field: in the same field row as the cron input.
    expect(error.closest('[data-invalid]')).toBe(cron.closest('[data-invalid]'));
    expect(previews(server).at(-1)!.body.plan).toMatchObject({ kind: 'cron', cron: '61 9 * * *' });
    // Typing is debounced: the whole expression was asked about once, not once per key.
    expect(previews(server).filter((c) => c.body.plan.kind === 'cron')).toHaveLength(1);
    expect(within(editor).queryByRole('list', { name: 'Next runs' })).toBeNull();
  });

  it('says what the server finds of a saved plan beside the runs, and at the field once the plan is changed', async () => {
    const past = `This time has already passed in ${ZONE}: please choose a time in the future`;
    fakeApi({
      preview: () => ({
        status: 400,
        body: { success: false, error: 'The plan is not valid.', fieldErrors: [{ path: '/plan/at', message: past }] },
      }),
    });
    const user = userEvent.setup();
    const item: ScheduledMessage = {
      name: 'Launch',
      channel_id: GENERAL,
      paused: false,
      message: { content: '', embeds: [{ ...emptyEmbed(), title: 'We are live' }] },
      plan: { kind: 'once', at: '2026-11-20T09:00', every: 24, time: '09:00', days: ['mon'], day: 1, cron: '', timeZone: ZONE, until: '' },
    };
    const { editor } = renderEditor({ entry: { id: 's1', version: 3, item } });
    within(editor).getByRole('heading', { name: 'Edit Launch' });
    // The schedule ran: renaming it is still allowed, so this is no error at the field.
    const note = await within(editor).findByText(past);
    expect(note.hasAttribute('data-plan-note')).toBe(true);
    const at = within(editor).getByLabelText('Date and time');
    expect(at.closest('[data-invalid]')).toBeNull();
    await user.clear(at);
    await user.type(at, '2026-11-21T09:00');
    await waitFor(() => expect(within(editor).getByText(past).closest('[data-invalid]')).toBe(at.closest('[data-invalid]')));
  });

  it('saves the schedule: name, channel, the composed message and the plan', async () => {
    const server = fakeApi();
    const user = userEvent.setup();
    const { editor, onSaved } = renderEditor();
    const name = within(editor).getByLabelText('Schedule name');
    await user.clear(name);
    await user.type(name, 'Rules reminder');
    const channel = within(editor).getByLabelText('Channel');
    await waitFor(() => expect(within(channel).getByRole('option', { name: '#news' })).toBeTruthy());
    expect(within(channel).queryByRole('option', { name: '#Voice' })).toBeNull();
    await user.selectOptions(channel, NEWS);
    await user.type(within(editor).getByLabelText('Title'), 'Read the rules');
    // The Embed Builder's own preview draws the message.
    await waitFor(() => expect(editor.querySelector('[data-preview-embed="0"]')!.textContent).toContain('Read the rules'));
    await user.click(within(editor).getByRole('button', { name: 'Save schedule' }));
    await within(editor).findByText('Schedule saved.');
    const post = server.calls.find((c) => c.path === COLLECTION && c.method === 'POST')!;
    expect(post.body.item).toMatchObject({
      name: 'Rules reminder',
      channel_id: NEWS,
      message: { content: '', embeds: [expect.objectContaining({ title: 'Read the rules' })] },
      plan: { kind: 'once', at: localInput(RUN), timeZone: ZONE },
    });
    expect(onSaved).toHaveBeenCalledWith(expect.objectContaining({ id: 's1', version: 1 }));
    within(editor).getByRole('heading', { name: 'Edit Rules reminder' });
  });

  it("puts the server's field errors on their fields, and its refusal in its own words", async () => {
    fakeApi({
      save: {
        status: 400,
        body: {
          success: false,
          error: 'Scheduled Messages: the item is not valid.',
          fieldErrors: [
            { path: '/item/channel_id', message: 'This channel is not in this server' },
            { path: '/item/plan/at', message: `This time has already passed in ${ZONE}: please choose a time in the future` },
          ],
        },
      },
    });
    const user = userEvent.setup();
    const { editor, onSaved } = renderEditor({
      initialMessage: { content: 'Hello', embeds: [{ ...emptyEmbed(), title: 'From the builder' }] },
    });
    // The Embed Builder's message is there to schedule.
    expect((within(editor).getByLabelText('Title') as HTMLInputElement).value).toBe('From the builder');
    const channel = within(editor).getByLabelText('Channel');
    await waitFor(() => expect(within(channel).getByRole('option', { name: '#general' })).toBeTruthy());
    await user.selectOptions(channel, GENERAL);
    await user.click(within(editor).getByRole('button', { name: 'Save schedule' }));
    const channelError = await within(editor).findByText('This channel is not in this server');
    expect(channelError.closest('[data-invalid]')).toBe(channel.closest('[data-invalid]'));
    const at = within(editor).getByLabelText('Date and time');
    const atError = within(editor).getByText(/This time has already passed in/);
    expect(atError.closest('[data-invalid]')).toBe(at.closest('[data-invalid]'));
    within(editor).getByText('Failed to save the schedule: Scheduled Messages: the item is not valid.');
    expect(onSaved).not.toHaveBeenCalled();
  });

  it('refuses to save a message with a wrong field on another embed, and says which embed', async () => {
    const server = fakeApi();
    const user = userEvent.setup();
    const { editor } = renderEditor({
      initialMessage: {
        content: '',
        embeds: [
          { ...emptyEmbed(), title: 'One' },
          { ...emptyEmbed(), title: 'Two', url: 'not a link' },
        ],
      },
    });
    const channel = within(editor).getByLabelText('Channel');
    await waitFor(() => expect(within(channel).getByRole('option', { name: '#general' })).toBeTruthy());
    await user.selectOptions(channel, GENERAL);
    await user.click(within(editor).getByRole('button', { name: 'Save schedule' }));
    await within(editor).findByText('Please fix the fields marked in red first: Embed 2: Please enter a valid URL');
    expect(server.calls.filter((c) => c.path === COLLECTION)).toHaveLength(0);
  });

  it("says the plan's limit in the server's words when a create is refused with 403", async () => {
    const words = 'Your server has 3 of 3 Scheduled Messages on the Starter plan. Upgrade to Intermediate for up to 10.';
    fakeApi({ save: { status: 403, body: { success: false, error: words } } });
    const user = userEvent.setup();
    const { editor } = renderEditor({ initialMessage: { content: '', embeds: [{ ...emptyEmbed(), title: 'Hi' }] } });
    const channel = within(editor).getByLabelText('Channel');
    await waitFor(() => expect(within(channel).getByRole('option', { name: '#general' })).toBeTruthy());
    await user.selectOptions(channel, GENERAL);
    await user.click(within(editor).getByRole('button', { name: 'Save schedule' }));
    await within(editor).findByText(`Failed to save the schedule: ${words}`);
  });

  it('asks before leaving with unsaved changes, and leaves at once without', async () => {
    fakeApi();
    const user = userEvent.setup();
    const { editor, onClose } = renderEditor();
    await within(editor).findByRole('list', { name: 'Next runs' });
    await user.click(within(editor).getByRole('button', { name: 'Back to scheduled messages' }));
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('alertdialog')).toBeNull();
    await user.type(within(editor).getByLabelText('Title'), 'x');
    await user.click(within(editor).getByRole('button', { name: 'Back to scheduled messages' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Leave without saving?' });
    expect(onClose).toHaveBeenCalledTimes(1);
    await user.click(within(dialog).getByRole('button', { name: 'Leave' }));
    expect(onClose).toHaveBeenCalledTimes(2);
  });
});
