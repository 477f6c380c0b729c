// The AntiNuke page as the guild owner, an extra owner, a whitelisted user and someone without access see
// it, over a fake of the settings API that adds the caller's access as the backend contract says.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { schema } from '@guildhall/generated/sections/antinuke.js';
import Antinuke from '../src/pages/manage/Antinuke';
import { fakeAntinukeApi, GUILD } from './support/antinuke-api';

type Options = Parameters<typeof fakeAntinukeApi>[0];

async function openPage(options: Options = {}, { fakeTimers = false, server = fakeAntinukeApi(options) } = {}) {
  if (fakeTimers) vi.useFakeTimers({ shouldAdvanceTime: true });
  const user = userEvent.setup(fakeTimers ? { advanceTimers: vi.advanceTimersByTime.bind(vi) } : {});
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[`/manage/${GUILD}/antinuke`]}>
        <Routes>
          <Route path="/manage/:guildId/antinuke" element={<Antinuke />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return { server, user };
}

const tab = (name: string) => screen.findByRole('tab', { name });
const enableSwitch = () => screen.findByRole('switch', { name: 'Enable AntiNuke' });

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('the AntiNuke page', () => {
  it("shows the owner's badge and message, five tabs, and Save Settings", async () => {
    await openPage();
    await screen.findByText('Guild Owner');
    screen.getByText('You own this server: you have full access.');
    expect((await screen.findAllByRole('tab')).map((t) => t.textContent)).toEqual([
      'General',
      'Protection',
      'Users',
      'Permissions',
      'Logs',
    ]);
    expect((await tab('General')).getAttribute('aria-selected')).toBe('true');
    await enableSwitch();
    screen.getByRole('radiogroup', { name: 'Global punishment' });
    screen.getByRole('button', { name: 'Save Settings' });
    expect(screen.queryByRole('button', { name: 'View Only' })).toBeNull();
  });

  it('moves between tabs with the arrow keys', async () => {
    const { user } = await openPage();
    (await tab('General')).focus();
    await user.keyboard('{ArrowRight}');
    expect((await tab('Protection')).getAttribute('aria-selected')).toBe('true');
    expect(document.activeElement).toBe(await tab('Protection'));
    screen.getByRole('switch', { name: 'Anti Ban' });
    await user.keyboard('{End}');
    expect((await tab('Logs')).getAttribute('aria-selected')).toBe('true');
    screen.getByRole('switch', { name: 'Auto Recovery' });
    screen.getByLabelText('Log channel');
  });

  it("shows 'AntiNuke Protection Disabled' on the other tabs while off, with a way back to General", async () => {
    const { user } = await openPage({ settings: { enabled: false } });
    for (const name of ['Protection', 'Users', 'Permissions', 'Logs']) {
      await user.click(await tab(name));
      screen.getByText('AntiNuke Protection Disabled');
    }
    await user.click(screen.getByRole('button', { name: 'Go to General' }));
    expect((await tab('General')).getAttribute('aria-selected')).toBe('true');
    // Turning it on (not yet saved) opens the other tabs.
    await user.click(await enableSwitch());
    await user.click(await tab('Protection'));
    expect(screen.queryByText('AntiNuke Protection Disabled')).toBeNull();
    screen.getByRole('switch', { name: 'Anti Kick' });
  });

  it("groups the modules and shows a module's punishment only while it is on, defaulting to the global one", async () => {
    const { user } = await openPage();
    await user.click(await tab('Protection'));
    for (const group of ['Member protection', 'Server structure', 'Integrations and mentions']) screen.getByText(group);
    // A switch for each of the schema's 11 modules.
    const { properties } = schema as { properties: { modules: { properties: Record<string, { title: string }> } } };
    const modules = Object.values(properties.modules.properties);
    expect(modules).toHaveLength(11);
    for (const module of modules) screen.getByRole('switch', { name: module.title });
    const select = screen.getByRole('combobox', { name: 'Anti Ban punishment' }) as HTMLSelectElement;
    expect(select.selectedOptions[0]!.textContent).toBe('Use Global (current punishment)');
    // In the module's own row, under its switch (x-ui beside).
    expect(select.closest('[data-slot]')?.getAttribute('data-slot')).toBe('/modules/anti_ban');
    expect(screen.queryByText('Module punishments')).toBeNull();
    await user.click(screen.getByRole('switch', { name: 'Anti Ban' }));
    expect(screen.queryByRole('combobox', { name: 'Anti Ban punishment' })).toBeNull();
    screen.getByRole('combobox', { name: 'Anti Kick punishment' });
    await user.click(screen.getByRole('switch', { name: 'Anti Ban' }));
    screen.getByRole('combobox', { name: 'Anti Ban punishment' });
  });

  it('lets an extra owner change everything but the extra owners', async () => {
    const { user } = await openPage({ level: 'extra_owner' });
    await screen.findByText('Extra Owner');
    expect((await enableSwitch()).hasAttribute('disabled')).toBe(false);
    await user.click(await tab('Users'));
    screen.getByText('Only the guild owner can manage extra owners');
    expect(screen.getByRole('combobox', { name: 'Extra Owners' }).hasAttribute('disabled')).toBe(true);
    expect(screen.getByRole('combobox', { name: 'Whitelisted Users' }).hasAttribute('disabled')).toBe(false);
    expect(screen.queryByText('Only the guild owner and extra owners can manage the whitelist')).toBeNull();
    screen.getByRole('button', { name: 'Save Settings' });
  });

  it("shows a whitelisted user everything read-only, with 'Read-only access' and a disabled View Only", async () => {
    const { user } = await openPage({ level: 'whitelist' });
    await screen.findByText('Whitelisted');
    const enabled = await enableSwitch();
    expect(enabled.hasAttribute('disabled')).toBe(true);
    within(enabled.parentElement!).getByText('Read-only access');
    const viewOnly = screen.getByRole('button', { name: 'View Only' });
    expect(viewOnly.hasAttribute('disabled')).toBe(true);
    expect(screen.queryByRole('button', { name: 'Save Settings' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Create Bypass Role' }).hasAttribute('disabled')).toBe(true);
    await user.click(await tab('Protection'));
    // Said once for the modules; their punishments, in the modules' rows, need the same capability.
    expect(screen.getAllByText('You do not have permission to modify protection modules.')).toHaveLength(1);
    expect(screen.getByRole('combobox', { name: 'Anti Ban punishment' }).hasAttribute('disabled')).toBe(true);
    expect(screen.getByRole('switch', { name: 'Anti Ban' }).hasAttribute('disabled')).toBe(true);
    await user.click(await tab('Users'));
    screen.getByText('Only the guild owner can manage extra owners');
    screen.getByText('Only the guild owner and extra owners can manage the whitelist');
    expect(screen.getByRole('combobox', { name: 'Whitelisted Users' }).hasAttribute('disabled')).toBe(true);
  });

  it("opens 'Access Denied / Insufficient Permissions' on a 403, with the server's reason and the No Access badge", async () => {
    const { user } = await openPage({ level: 'none' });
    const dialog = await screen.findByRole('alertdialog', { name: 'Access Denied' });
    within(dialog).getByText('Insufficient Permissions');
    within(dialog).getByText('Access denied: you have no AntiNuke access in this server');
    screen.getByText('No Access');
    expect(screen.queryByRole('tab')).toBeNull();
    // A modal keeps the keyboard: focus starts on Close, and Tab and Shift+Tab cycle through its two controls only.
    const close = within(dialog).getByRole('button', { name: 'Close' });
    const back = within(dialog).getByRole('link', { name: 'Back to Dashboard' });
    expect(document.activeElement).toBe(close);
    await user.tab();
    expect(document.activeElement).toBe(back);
    await user.tab({ shift: true });
    expect(document.activeElement).toBe(close);
    await user.tab({ shift: true });
    expect(document.activeElement).toBe(back);
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    // The dismissible notice stays until dismissed.
    await user.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByText('Access denied: you have no AntiNuke access in this server')).toBeNull();
  });

  it("waits with 'Loading access information...' while the answer names no view right", async () => {
    const { server } = await openPage({ withAccess: false });
    await screen.findByText('Loading access information...');
    expect(screen.queryByRole('tab')).toBeNull();
    expect(server.puts).toEqual([]);
  });

  it('offers only assignable roles as the bypass role', async () => {
    await openPage();
    const select = (await screen.findByRole('combobox', { name: 'Bypass role' })) as HTMLSelectElement;
    await waitFor(() => expect(select.options.length).toBeGreaterThan(1));
    expect([...select.options].map((o) => o.textContent)).toEqual(['No bypass role', '@Moderators']);
  });

  it('creates a bypass role, selects it and says so', async () => {
    const { user } = await openPage();
    await user.click(await screen.findByRole('button', { name: 'Create Bypass Role' }));
    await screen.findByText('Bypass role created successfully!');
    const select = screen.getByRole('combobox', { name: 'Bypass role' }) as HTMLSelectElement;
    await waitFor(() => expect(select.value).toBe('300000000000000009'));
    expect(select.selectedOptions[0]!.textContent).toBe('@AntiNuke Bypass');
  });

  it('says why a bypass role could not be created', async () => {
    const { server, user } = await openPage();
    server.bypassAnswer = { status: 502, body: { success: false, error: 'Missing Permissions' } };
    await user.click(await screen.findByRole('button', { name: 'Create Bypass Role' }));
    await screen.findByText('Error creating bypass role: Missing Permissions');
    server.bypassAnswer = { status: 500, body: {} };
    await user.click(screen.getByRole('button', { name: 'Create Bypass Role' }));
    await screen.findByText('Failed to create bypass role');
  });

  it('summarises the bypass role on the Permissions tab, with the hierarchy', async () => {
    const { user } = await openPage();
    await user.click(await tab('Permissions'));
    screen.getByText('No bypass role set');
    screen.getByRole('heading', { name: 'Hierarchy' });
    cleanup();
    vi.unstubAllGlobals();
    const next = await openPage({
      settings: { bypass_role: '300000000000000001', bypass_permissions: { can_ban: true, can_kick: false } },
    });
    await next.user.click(await tab('Permissions'));
    await screen.findByText('@Moderators');
    const summary = screen.getByRole('region', { name: 'Bypass role summary' });
    expect(within(summary).getByText('Can ban').nextSibling?.textContent).toBe('Allowed');
    expect(within(summary).getByText('Can kick').nextSibling?.textContent).toBe('Denied');
  });

  it('shows pre-flight warnings at the top and leads to the field', async () => {
    const server = fakeAntinukeApi();
    server.preflight.push({
      code: 'log_channel_unwritable',
      message: 'The bot cannot send messages in the log channel.',
      path: '/log_channel',
    });
    const { user } = await openPage(undefined, { server });
    await screen.findByText('The bot cannot send messages in the log channel.');
    await user.click(screen.getByRole('button', { name: 'Show setting' }));
    expect((await tab('Logs')).getAttribute('aria-selected')).toBe('true');
  });

  it('opens the tab of a field the server refused, with the message at the field', async () => {
    const { server, user } = await openPage();
    server.putAnswers.push({
      status: 400,
      body: {
        success: false,
        error: 'Invalid settings',
        fieldErrors: [{ path: '/settings/log_channel', message: 'Please select a text channel' }],
      },
    });
    await user.click(await screen.findByRole('radio', { name: 'Kick' }));
    await user.click(screen.getByRole('button', { name: 'Save Settings' }));
    await waitFor(() => expect((screen.getByRole('tab', { name: 'Logs' }) as HTMLElement).getAttribute('aria-selected')).toBe('true'));
    const field = screen.getByLabelText('Log channel');
    expect(field.closest('[data-invalid]')?.textContent).toContain('Please select a text channel');
  });

  it("says a refused save's reason (403 without the capability)", async () => {
    const { server, user } = await openPage();
    server.putAnswers.push({ status: 403, body: { success: false, error: 'You do not have permission to modify protection modules.' } });
    await user.click(await screen.findByRole('radio', { name: 'Kick' }));
    await user.click(screen.getByRole('button', { name: 'Save Settings' }));
    expect((await screen.findByRole('alert')).textContent).toContain('You do not have permission to modify protection modules.');
  });

  it("saves with 'Saving...', says 'AntiNuke settings saved successfully!' and clears it after 5 seconds", async () => {
    const { server, user } = await openPage({}, { fakeTimers: true });
    await user.click(await screen.findByRole('radio', { name: 'Kick' }));
    let release = () => {};
    server.hold = new Promise((resolve) => (release = resolve));
    await user.click(screen.getByRole('button', { name: 'Save Settings' }));
    expect((await screen.findByRole('button', { name: 'Saving...' })).hasAttribute('disabled')).toBe(true);
    release();
    await screen.findByText('AntiNuke settings saved successfully!');
    expect(server.puts).toHaveLength(1);
    expect(server.puts[0]!.settings.punishment).toBe('KICK');
    // The settings are read again after the save; the notice and the form stay meanwhile.
    await waitFor(() => expect(server.gets).toBe(2));
    await act(async () => {
      vi.advanceTimersByTime(100);
    });
    screen.getByText('AntiNuke settings saved successfully!');
    expect((screen.getByRole('radio', { name: 'Kick' }) as HTMLInputElement).checked).toBe(true);
    await act(async () => {
      vi.advanceTimersByTime(4700);
    });
    screen.getByText('AntiNuke settings saved successfully!');
    await act(async () => {
      vi.advanceTimersByTime(200);
    });
    expect(screen.queryByText('AntiNuke settings saved successfully!')).toBeNull();
  });
});
