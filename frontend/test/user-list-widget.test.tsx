// The user-list widget (x-ui widget `user-list`: AntiNuke's extra owners and whitelist) as a person uses it, inside the
// generated AntiNuke form, over a fake of the user search and lookup routes.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SchemaForm } from '../src/form/SchemaForm';
import { fakeAntinukeApi, GUILD, USERS } from './support/antinuke-api';

const OWNER = {
  capabilities: {
    view: true,
    editSettings: true,
    manageModules: true,
    manageWhitelist: true,
    manageExtraOwners: true,
    manageBypassRole: true,
  },
};
const UNKNOWN_ID = '299999999999999999';

async function openUsers(settings: Record<string, unknown> = {}) {
  const server = fakeAntinukeApi({ settings });
  const user = userEvent.setup();
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <SchemaForm guildId={GUILD} section="antinuke" access={OWNER} saveLabel="Save Settings" />
    </QueryClientProvider>,
  );
  await user.click(await screen.findByRole('tab', { name: 'Users' }));
  // The lists are a form part of their own (src/form/parts.ts), fetched as the tab is pointed at.
  await screen.findByRole('combobox', { name: 'Extra Owners' });
  return { server, user };
}

const whitelistBox = () => screen.getByRole('combobox', { name: 'Whitelisted Users' });
const extraOwnersBox = () => screen.getByRole('combobox', { name: 'Extra Owners' });
/** The list of entries of one user list (its accessible name is the field's title). */
const entries = (name: string) => within(screen.getByRole('list', { name })).queryAllByRole('listitem');
/** The part of the page that belongs to one user list. */
const around = (box: HTMLElement) => box.closest('[data-user-list]') as HTMLElement;

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('a user list (extra owners, whitelist)', () => {
  it('says when a list is empty', async () => {
    await openUsers();
    screen.getByText('No extra owners configured');
    screen.getByText('No users whitelisted');
  });

  it('adds a user by id with Add by ID, showing their name once looked up', async () => {
    const { user } = await openUsers();
    await user.type(whitelistBox(), USERS[0]!.id);
    await user.click(within(around(whitelistBox())).getByRole('button', { name: 'Add by ID' }));
    await waitFor(() => within(screen.getByRole('list', { name: 'Whitelisted Users' })).getByText('Alice'));
    expect((whitelistBox() as HTMLInputElement).value).toBe('');
  });

  it("adds an id nobody has with Enter and shows it as 'Unknown User ({id})'", async () => {
    const { user } = await openUsers();
    await user.type(extraOwnersBox(), `${UNKNOWN_ID}{Enter}`);
    await screen.findByText(`Unknown User (${UNKNOWN_ID})`);
  });

  it('resolves the stored ids, unknown ones included', async () => {
    await openUsers({ whitelist: [USERS[2]!.id, UNKNOWN_ID] });
    await screen.findByText('Bob');
    await screen.findByText(`Unknown User (${UNKNOWN_ID})`);
  });

  it('refuses an id that is not 17 to 19 digits', async () => {
    const { user } = await openUsers();
    await user.type(whitelistBox(), '12345{Enter}');
    expect(within(around(whitelistBox())).getByRole('alert').textContent).toBe(
      'Invalid user ID format. Please enter a valid Discord user ID.',
    );
    screen.getByText('No users whitelisted');
    expect(whitelistBox().getAttribute('aria-invalid')).toBe('true');
  });

  it('refuses a duplicate with the list’s own message', async () => {
    const { user } = await openUsers({ whitelist: [USERS[0]!.id], extraowners: [USERS[1]!.id] });
    await user.type(whitelistBox(), `${USERS[0]!.id}{Enter}`);
    expect(within(around(whitelistBox())).getByRole('alert').textContent).toBe('User is already in the whitelist.');
    await user.type(extraOwnersBox(), `${USERS[1]!.id}{Enter}`);
    expect(within(around(extraOwnersBox())).getByRole('alert').textContent).toBe('User is already an extra owner.');
  });

  it('drops a refusal once the settings are saved, and keeps it while they are not (issue 32)', async () => {
    const { server, user } = await openUsers({ whitelist: [USERS[0]!.id] });
    await user.type(whitelistBox(), '12345{Enter}');
    within(around(whitelistBox())).getByRole('alert');
    // Another field's change leaves this list as it was: its refusal stands.
    await user.type(extraOwnersBox(), `${USERS[1]!.id}{Enter}`);
    expect(within(around(whitelistBox())).getByRole('alert').textContent).toBe(
      'Invalid user ID format. Please enter a valid Discord user ID.',
    );
    await user.click(screen.getByRole('button', { name: 'Save Settings' }));
    await waitFor(() => expect(server.puts).toHaveLength(1));
    await waitFor(() => expect(within(around(whitelistBox())).queryByRole('alert')).toBeNull());
    expect(whitelistBox().getAttribute('aria-invalid')).toBeNull();
  });

  it('suggests users from 2 characters, never for 1 character or an id', async () => {
    const { server, user } = await openUsers();
    await user.type(whitelistBox(), 'a');
    expect(whitelistBox().getAttribute('aria-expanded')).toBe('false');
    await user.type(whitelistBox(), 'l');
    const listbox = await screen.findByRole('listbox', { name: 'Whitelisted Users suggestions' });
    expect(
      within(listbox)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Alice@alice', 'alfred@alfred']);
    expect(whitelistBox().getAttribute('aria-expanded')).toBe('true');
    await user.clear(whitelistBox());
    await user.type(whitelistBox(), 'zz');
    await screen.findByText('No users found');
    expect(whitelistBox().getAttribute('aria-expanded')).toBe('false');
    await user.clear(whitelistBox());
    await user.type(whitelistBox(), UNKNOWN_ID);
    expect(server.searches).toEqual(['al', 'zz']);
  });

  it('searches only what the server takes (its q parameter schema): never one letter among spaces, nor more than 100 characters', async () => {
    const { server, user } = await openUsers();
    await user.type(whitelistBox(), ' a  ');
    await user.clear(whitelistBox());
    await user.click(whitelistBox());
    await user.paste('a'.repeat(101));
    expect(server.searches).toEqual([]);
    await user.type(whitelistBox(), '{Backspace}');
    await waitFor(() => expect(server.searches).toEqual(['a'.repeat(100)]));
  });

  it('moves through the suggestions with the arrow keys and adds the highlighted one with Enter', async () => {
    const { server, user } = await openUsers();
    await user.type(whitelistBox(), 'al');
    await screen.findByRole('listbox');
    await user.keyboard('{ArrowDown}');
    const first = screen.getByRole('option', { name: /Alice/ });
    expect(first.getAttribute('aria-selected')).toBe('true');
    expect(whitelistBox().getAttribute('aria-activedescendant')).toBe(first.id);
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('option', { name: /alfred/ }).getAttribute('aria-selected')).toBe('true');
    await user.keyboard('{ArrowDown}');
    // Wraps around to the first.
    expect(screen.getByRole('option', { name: /Alice/ }).getAttribute('aria-selected')).toBe('true');
    await user.keyboard('{ArrowUp}{Enter}');
    expect(entries('Whitelisted Users').map((li) => li.textContent)).toEqual([expect.stringContaining('alfred')]);
    expect(whitelistBox().getAttribute('aria-expanded')).toBe('false');
    // Enter picked a user; it did not submit the form.
    expect(server.puts).toEqual([]);
  });

  it('adds a suggestion picked with the pointer', async () => {
    const { user } = await openUsers();
    await user.type(extraOwnersBox(), 'bo');
    await user.click(await screen.findByRole('option', { name: /Bob/ }));
    expect(entries('Extra Owners').map((li) => li.textContent)).toEqual([expect.stringContaining('Bob')]);
  });

  it('closes the suggestions with Escape and keeps what was typed', async () => {
    const { user } = await openUsers();
    await user.type(whitelistBox(), 'al');
    await screen.findByRole('listbox');
    await user.keyboard('{Escape}');
    expect(whitelistBox().getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('listbox')).toBeNull();
    expect((whitelistBox() as HTMLInputElement).value).toBe('al');
  });

  it('removes a user, and saves the lists as ids', async () => {
    const { server, user } = await openUsers({ whitelist: [USERS[0]!.id, USERS[2]!.id] });
    await user.click(await screen.findByRole('button', { name: 'Remove Alice' }));
    expect(entries('Whitelisted Users')).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: 'Save Settings' }));
    await waitFor(() => expect(server.puts).toHaveLength(1));
    expect(server.puts[0]!.settings.whitelist).toEqual([USERS[2]!.id]);
  });
});
