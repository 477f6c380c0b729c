// The Bot Personalizer page (issue 29) over a fake of its routes: the live preview follows the draft (the name, the
// uploaded avatar from our storage, the global profile for empty fields) in Discord's dark and light themes; Apply
// waits for a save and reports Discord's answer field by field (a refusal too); Reset asks first; a profile changed in
// Discord shows side by side with Re-apply and Adopt; a failed status read leaves the form working; and a revert of
// the personalizer in the History offers to apply the restored profile.
import type { PersonalizerApplyResponse } from '@guildhall/generated/types';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AuthProvider } from '../src/auth/AuthProvider';
import History from '../src/pages/manage/History';
import Personalizer from '../src/pages/manage/Personalizer';
import { fakePersonalizerApi, GUILD, IMAGE_A, statusOf } from './support/personalizer-api';

function renderPage(options: Parameters<typeof fakePersonalizerApi>[0] = {}) {
  const calls = fakePersonalizerApi(options);
  const user = userEvent.setup();
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[`/manage/${GUILD}/personalizer`]}>
        <AuthProvider onLoggedOut={() => {}}>
          <Routes>
            <Route path="/manage/:guildId/personalizer" element={<Personalizer />} />
          </Routes>
        </AuthProvider>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return { calls, user };
}

const APPLIED: PersonalizerApplyResponse = {
  success: true,
  action: 'apply',
  fields: [
    { field: 'nick', outcome: 'applied', message: 'Applied' },
    { field: 'avatar', outcome: 'applied', message: 'Applied' },
    { field: 'banner', outcome: 'cleared', message: 'Cleared' },
    { field: 'bio', outcome: 'cleared', message: 'Cleared' },
  ],
  status: statusOf({ live: { nick: 'Helper', avatar: 'c0ffee', banner: null } }),
};
const REFUSED: PersonalizerApplyResponse = {
  success: false,
  error: 'Discord refused the profile',
  action: 'apply',
  fields: [
    { field: 'nick', outcome: 'refused', message: 'The bot lacks the Change Nickname permission in this server' },
    { field: 'avatar', outcome: 'not-sent', message: 'Not sent: Discord applies all fields or none' },
    { field: 'banner', outcome: 'not-sent', message: 'Not sent: Discord applies all fields or none' },
    { field: 'bio', outcome: 'not-sent', message: 'Not sent: Discord applies all fields or none' },
  ],
};
const RESET: PersonalizerApplyResponse = {
  success: true,
  action: 'reset',
  fields: (['nick', 'avatar', 'banner', 'bio'] as const).map((field) => ({ field, outcome: 'cleared', message: 'Cleared' })),
};

const nickField = () => screen.findByLabelText('Nickname');
const applyButton = () => screen.getByRole('button', { name: 'Apply to Discord' });
const preview = () => document.querySelector('[data-personalizer-preview]') as HTMLElement;
const posts = (calls: ReturnType<typeof fakePersonalizerApi>, action: string) =>
  calls.filter((c) => c.method === 'POST' && c.path === `/api/guild/${GUILD}/personalizer/${action}`);

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the live preview', () => {
  it("shows the bot's global name and avatar for empty fields, then the draft's nickname, avatar and bio as they are typed or picked", async () => {
    const { user } = renderPage();
    await nickField();
    await waitFor(() => expect(preview().querySelector('[data-preview-name]')!.textContent).toBe('Guildhall'));
    // The global avatar: Discord's default for the bot's id, through common's cdn helpers.
    expect(preview().querySelector('[data-preview-avatar]')!.getAttribute('src')).toMatch(/\/embed\/avatars\/\d\.png$/);

    await user.type(await nickField(), 'Helper Bot');
    expect(preview().querySelector('[data-preview-name]')!.textContent).toBe('Helper Bot');
    // The other views, as tabs: the member list, and a message drawn by the Discord message renderer.
    await user.click(screen.getByRole('tab', { name: 'Member list' }));
    expect(within(screen.getByRole('tabpanel', { name: 'Member list' })).getByText('Helper Bot')).toBeTruthy();
    await user.click(screen.getByRole('tab', { name: 'Message' }));
    const message = await within(screen.getByRole('tabpanel', { name: 'Message' })).findByText('Helper Bot');
    expect(message.closest('[data-discord-message]')).not.toBeNull();
    // Arrow keys move between the views, as ARIA tabs do.
    await user.keyboard('{ArrowRight}{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Profile card' }).getAttribute('aria-selected')).toBe('true');
    expect(document.activeElement).toBe(screen.getByRole('tab', { name: 'Profile card' }));

    await user.type(screen.getByLabelText('About me'), 'I keep the server tidy.');
    expect(preview().querySelector('[data-preview-bio]')!.textContent).toBe('I keep the server tidy.');

    await user.upload(
      document.querySelector('[data-image-file="avatar"]') as HTMLInputElement,
      new File([new Uint8Array([1])], 'a.png', { type: 'image/png' }),
    );
    await waitFor(() =>
      expect(preview().querySelector('[data-preview-avatar]')!.getAttribute('src')).toBe(`/api/guild/${GUILD}/images/${IMAGE_A}`),
    );
  });

  it('switches between Discord’s dark and light themes with a radio group', async () => {
    const { user } = renderPage();
    await nickField();
    const themes = screen.getByRole('group', { name: 'Preview theme' });
    expect(within(themes).getByRole('radio', { name: 'Dark' })).toHaveProperty('checked', true);
    expect(preview().dataset.personalizerPreview).toBe('dark');
    await user.click(within(themes).getByRole('radio', { name: 'Light' }));
    expect(preview().dataset.personalizerPreview).toBe('light');
    await user.click(screen.getByRole('tab', { name: 'Message' }));
    const message = await within(preview()).findByText('Guildhall');
    // Discord's light colours, given to the message renderer through its CSS variables.
    expect((message.closest('[data-discord-message]')!.parentElement as HTMLElement).style.getPropertyValue('--discord-bg')).toBe(
      '#ffffff',
    );
    await user.click(within(themes).getByRole('radio', { name: 'Light' }));
    // Arrow keys move within the group, as radios do.
    await user.keyboard('{ArrowLeft}');
    expect(preview().dataset.personalizerPreview).toBe('dark');
  });
});

describe('Apply and Reset', () => {
  it('Apply waits for a save ("Save your changes first"), then sends the saved profile and lists what Discord did per field', async () => {
    const { calls, user } = renderPage({ apply: APPLIED });
    await user.type(await nickField(), 'Helper');
    expect(applyButton()).toHaveProperty('disabled', true);
    expect(screen.getByText(/Save your changes first/).id).toBe(applyButton().getAttribute('aria-describedby'));

    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(applyButton()).toHaveProperty('disabled', false));
    expect(screen.queryByText(/Save your changes first/)).toBeNull();
    await user.click(applyButton());
    const outcome = await screen.findByRole('status', { name: /Apply done/ });
    expect(posts(calls, 'apply')).toHaveLength(1);
    const items = within(outcome)
      .getAllByRole('listitem')
      .map((li) => li.textContent);
    expect(items).toEqual([
      'Nickname: Applied',
      'Avatar: Applied',
      'Banner: Cleared (the global profile shows) (Cleared)',
      'About me: Cleared (the global profile shows) (Cleared)',
    ]);
  });

  it('a read-only grantee sees the status, but Apply and Reset are disabled with the reason', async () => {
    const { calls } = renderPage({ grants: { personalizer: 'read' } });
    await waitFor(() => expect(applyButton()).toHaveProperty('disabled', true));
    expect(await screen.findByText(/read-only access to Bot Personalizer/i, undefined, { timeout: 5000 })).toBeTruthy();
    expect(applyButton()).toHaveProperty('disabled', true);
    expect(screen.getByRole('button', { name: 'Use the global profile' })).toHaveProperty('disabled', true);
    expect(posts(calls, 'apply')).toHaveLength(0);
  });

  it('a write grantee may Apply', async () => {
    renderPage({ grants: { personalizer: 'write' } });
    await waitFor(() => expect(applyButton()).toHaveProperty('disabled', false));
  });

  it("shows Discord's refusal field by field: the refused field with its reason, the others not sent", async () => {
    const { user } = renderPage({ settings: { nick: 'Helper' }, apply: { status: 502, body: REFUSED } });
    await nickField();
    await user.click(applyButton());
    const outcome = await screen.findByRole('alert', { name: /Apply refused/ });
    expect(outcome.querySelector('[data-field-outcome="nick"]')!.textContent).toBe(
      'Nickname: Refused (The bot lacks the Change Nickname permission in this server)',
    );
    expect(outcome.querySelector('[data-field-outcome="avatar"]')!.getAttribute('data-outcome')).toBe('not-sent');
    expect(outcome.textContent).toContain('Not sent');
  });

  it('says why when Apply fails without an answer per field (rate limited)', async () => {
    const { user } = renderPage({ apply: { status: 429, body: { success: false, error: 'Too many requests. Try again in 5 seconds.' } } });
    await nickField();
    await user.click(applyButton());
    expect((await screen.findByText('Too many requests. Try again in 5 seconds.')).getAttribute('role')).toBe('alert');
  });

  it('Reset asks first ("Use the global profile"), sends nothing on Cancel, and lists the cleared fields after confirming', async () => {
    const { calls, user } = renderPage({ settings: { nick: 'Helper' }, reset: RESET });
    await nickField();
    await user.click(screen.getByRole('button', { name: 'Use the global profile' }));
    let dialog = screen.getByRole('alertdialog', { name: 'Use the global profile?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(posts(calls, 'reset')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Use the global profile' }));
    dialog = screen.getByRole('alertdialog', { name: 'Use the global profile?' });
    await user.click(within(dialog).getByRole('button', { name: 'Use the global profile' }));
    const outcome = await screen.findByRole('status', { name: /Reset done/ });
    expect(posts(calls, 'reset')).toHaveLength(1);
    expect(within(outcome).getAllByRole('listitem')).toHaveLength(4);
    // Reset keeps the saved profile: the form is unchanged.
    expect(((await nickField()) as HTMLInputElement).value).toBe('Helper');
  });
});

describe('the saved profile and what is live', () => {
  it('lists fields saved but not applied yet', async () => {
    renderPage({
      settings: { nick: 'Helper' },
      status: statusOf({ fields: { nick: 'pending', avatar: 'live', banner: 'live', bio: 'pending' } }),
    });
    const pending = await screen.findByText('Saved, not applied yet');
    const items = within(pending.parentElement!)
      .getAllByRole('listitem')
      .map((li) => li.textContent);
    expect(items).toEqual(['Nickname: saved, not applied yet', 'About me: saved, not applied yet']);
  });

  it('shows a nickname changed in Discord beside the saved one; Adopt puts it in the form unsaved, Re-apply sends the saved one', async () => {
    const { calls, user } = renderPage({
      settings: { nick: 'Helper', avatar: IMAGE_A },
      status: statusOf({
        live: { nick: 'Renamed In Discord', avatar: 'c0ffee', banner: null },
        fields: { nick: 'changed', avatar: 'changed', banner: 'live', bio: 'unknown' },
      }),
      apply: APPLIED,
    });
    const table = await screen.findByRole('table', { name: 'The saved profile beside what Discord shows now' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Field', 'Saved here', 'In Discord now']);
    const nickRow = within(table).getByRole('row', { name: /Nickname/ });
    expect(
      within(nickRow)
        .getAllByRole('cell')
        .map((td) => td.textContent),
    ).toEqual(['Helper', 'Renamed In Discord']);
    expect(within(table).getByRole('img', { name: 'The saved image' }).getAttribute('src')).toBe(`/api/guild/${GUILD}/images/${IMAGE_A}`);
    expect(screen.getByText(/An image changed in Discord cannot be copied here/)).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Re-apply' }));
    await screen.findByRole('status', { name: /Apply done/ });
    expect(posts(calls, 'apply')).toHaveLength(1);
  });

  it('Adopt puts the nickname Discord has into the form, marked unsaved, and Apply then waits for a save', async () => {
    const { user } = renderPage({
      settings: { nick: 'Helper' },
      status: statusOf({
        live: { nick: 'Renamed In Discord', avatar: null, banner: null },
        fields: { nick: 'changed', avatar: 'live', banner: 'live', bio: 'unknown' },
      }),
    });
    await user.click(await screen.findByRole('button', { name: 'Adopt the nickname' }));
    expect(((await nickField()) as HTMLInputElement).value).toBe('Renamed In Discord');
    expect(screen.getByText('Unsaved changes')).toBeTruthy();
    expect(applyButton()).toHaveProperty('disabled', true);
    expect(screen.getByText(/save to keep it/)).toBeTruthy();
  });

  it("says why Discord's profile could not be read (502), and the form still edits and saves", async () => {
    const { calls, user } = renderPage({ status: { status: 502, body: { success: false, error: 'Discord is unavailable (503)' } } });
    const error = await screen.findByText('Discord is unavailable (503)');
    expect(error.closest('[role="alert"]')!.textContent).toContain("Could not read the bot's profile from Discord.");
    await user.type(await nickField(), 'Helper');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(1));
  });

  it('says plainly what cannot differ per server', async () => {
    renderPage();
    await nickField();
    expect(document.querySelector('[data-not-per-server]')!.textContent).toContain(
      "The bot's username and its status and activity are the same in every server.",
    );
  });
});

describe('a revert of the Bot Personalizer in the History', () => {
  it('offers to apply the restored profile, shows what Discord did, and can be dismissed', async () => {
    const entry = {
      id: 7,
      section: 'personalizer',
      collection: null,
      itemId: null,
      title: 'Bot Personalizer',
      version: 3,
      action: 'save',
      author: null,
      at: new Date().toISOString(),
      revertOf: null,
      revertible: true,
      changes: [{ path: '/nick', label: 'Nickname', before: 'Old Name', after: 'New Name' }],
    };
    const calls = fakePersonalizerApi({ apply: APPLIED });
    const fake = vi.mocked(fetch).getMockImplementation()!;
    vi.mocked(fetch).mockImplementation(async (input, init = {}) => {
      const path = String(input).split('?')[0]!;
      const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });
      if (path === `/api/guild/${GUILD}/history`) return json({ success: true, entries: [entry], nextBefore: null, retention: 500 });
      if (path === `/api/guild/${GUILD}/history/7/revert`) return json({ success: true, section: 'personalizer', version: 4 });
      if (path.endsWith('/channels')) return json({ success: true, channels: [] });
      if (path.endsWith('/roles')) return json({ success: true, roles: [] });
      return fake(input, init);
    });
    const user = userEvent.setup();
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <QueryClientProvider client={client}>
        <MemoryRouter initialEntries={[`/manage/${GUILD}/history`]}>
          <Routes>
            <Route path="/manage/:guildId/history" element={<History />} />
          </Routes>
        </MemoryRouter>
      </QueryClientProvider>,
    );
    await user.click(await screen.findByRole('button', { name: /Revert/ }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Revert' }));
    const offer = await screen.findByRole('region', { name: 'Apply the restored bot profile?' });
    await user.click(within(offer).getByRole('button', { name: 'Apply to Discord' }));
    const outcome = await within(offer).findByRole('status', { name: /Apply done/ });
    expect(within(outcome).getAllByRole('listitem')[0]!.textContent).toBe('Nickname: Applied');
    expect(posts(calls, 'apply')).toHaveLength(1);
    await user.click(within(offer).getByRole('button', { name: 'Not now' }));
    expect(screen.queryByRole('region', { name: 'Apply the restored bot profile?' })).toBeNull();
  });
});
