// SchemaForm as a person uses it, over a small fake of the settings API in place of fetch: what the server keeps, what
// a save sends, and how its answers (field errors, 409, failures) show on the page.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { defaults } from '@guildhall/generated/sections/basic.js';
import { SchemaForm } from '../src/form/SchemaForm';

const GUILD = '1100000000000010000';
const SETTINGS_URL = `/api/guild/${GUILD}/settings/basic`;
const CSRF = 'csrf-token-from-the-cookie';

interface Put {
  body: { version: number; settings: Record<string, unknown> };
  csrf: string | null;
}

/**
 * The settings API for one guild's `basic` section, as the server behaves: GET answers the stored document and its
 * version; PUT stores it when it names the current version (409 with the current document otherwise), or answers
 * what the test queued (a 400 with field errors...).
 */
function fakeSettingsApi() {
  const server = {
    version: 3,
    settings: { prefix: '!', invite_tracking: false, flag_translation: true } as Record<string, unknown>,
    puts: [] as Put[],
    gets: 0,
    /** Answers for the next GETs, before the stored document (e.g. a failure). */
    getAnswers: [] as { status: number; body: unknown }[],
    /** Answers for the next PUTs, before the rule above. */
    putAnswers: [] as { status: number; body: unknown }[],
    /** Someone else saves meanwhile. */
    savedElsewhere(settings: Record<string, unknown>) {
      server.version += 1;
      server.settings = settings;
    },
  };
  // As the server answers: the stored settings over the schema's defaults (which fill fields added since a save).
  const envelope = () => ({
    success: true,
    section: 'basic',
    version: server.version,
    settings: structuredClone({ ...defaults, ...server.settings }),
  });
  const json = (status: number, body: unknown) =>
    new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const url = String(input);
      const method = (init.method ?? 'GET').toUpperCase();
      if (url !== SETTINGS_URL) return json(404, { success: false, error: `No fake for ${method} ${url}` });
      if (method === 'GET') {
        server.gets += 1;
        const queued = server.getAnswers.shift();
        return queued ? json(queued.status, queued.body) : json(200, envelope());
      }
      const body = JSON.parse(String(init.body)) as Put['body'];
      server.puts.push({ body, csrf: new Headers(init.headers).get('X-XSRF-TOKEN') });
      const queued = server.putAnswers.shift();
      if (queued) return json(queued.status, queued.body);
      if (body.version !== server.version)
        return json(409, {
          ...envelope(),
          success: false,
          error: 'These settings were changed elsewhere since you loaded them.',
        });
      server.savedElsewhere(body.settings);
      return json(200, envelope());
    }),
  );
  return server;
}

function renderForm() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <SchemaForm guildId={GUILD} section="basic" />
    </QueryClientProvider>,
  );
}

/** The messages the page ties to a control (its aria-describedby): where a field's errors show. */
function messagesAt(control: HTMLElement): string {
  return (control.getAttribute('aria-describedby') ?? '')
    .split(/\s+/)
    .map((id) => (id ? (document.getElementById(id)?.textContent ?? '') : ''))
    .join(' ');
}

const prefixField = () => screen.findByLabelText('Bot prefix');

beforeEach(() => {
  document.cookie = `XSRF-TOKEN=${CSRF}`;
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('a settings form (SchemaForm)', () => {
  it('opens with the values the server keeps', async () => {
    fakeSettingsApi();
    renderForm();
    expect(((await prefixField()) as HTMLInputElement).value).toBe('!');
    expect(screen.getByRole('switch', { name: 'Flag translation' }).getAttribute('aria-checked')).toBe('true');
    expect(screen.getByRole('switch', { name: 'Invite tracking' }).getAttribute('aria-checked')).toBe('false');
  });

  it('saves what was typed with the loaded version and the CSRF header, then says so', async () => {
    const server = fakeSettingsApi();
    const user = userEvent.setup();
    renderForm();
    const prefix = await prefixField();
    await user.clear(prefix);
    await user.type(prefix, 'g!');
    await user.click(screen.getByRole('switch', { name: 'Invite tracking' }));
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));

    await screen.findByText('Settings saved successfully!');
    expect(server.puts).toEqual([
      { body: { version: 3, settings: { ...defaults, prefix: 'g!', invite_tracking: true, flag_translation: true } }, csrf: CSRF },
    ]);
    expect(server.settings.prefix).toBe('g!');
    // What shows after the save is the server's document, read again.
    await waitFor(() => expect(server.gets).toBe(2));
    expect(((await prefixField()) as HTMLInputElement).value).toBe('g!');
  });

  it("shows the server's field errors at their fields, and only there", async () => {
    const server = fakeSettingsApi();
    server.putAnswers.push({
      status: 400,
      body: {
        success: false,
        error: 'Invalid settings',
        fieldErrors: [
          { path: '/settings/prefix', message: 'Prefix is already used by another bot here' },
          { path: '/settings/invite_tracking', message: 'Invite tracking needs the Manage Server permission' },
        ],
      },
    });
    const user = userEvent.setup();
    renderForm();
    const prefix = await prefixField();
    await user.type(prefix, '!');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));

    await waitFor(() => expect(messagesAt(prefix)).toContain('Prefix is already used by another bot here'));
    expect(prefix.getAttribute('aria-invalid')).toBe('true');
    const inviteTracking = screen.getByRole('switch', { name: 'Invite tracking' });
    expect(messagesAt(inviteTracking)).toContain('Invite tracking needs the Manage Server permission');
    expect(messagesAt(prefix)).not.toContain('Invite tracking');
    expect(messagesAt(screen.getByRole('switch', { name: 'Flag translation' }))).not.toMatch(/Prefix|Invite/);
    expect(screen.queryByText('Settings saved successfully!')).toBeNull();
  });

  describe('when someone else saved since the form loaded (409)', () => {
    async function saveOverAnotherSave() {
      const server = fakeSettingsApi();
      const user = userEvent.setup();
      renderForm();
      const prefix = await prefixField();
      server.savedElsewhere({ prefix: '?', invite_tracking: true, flag_translation: false });
      await user.clear(prefix);
      await user.type(prefix, 'mine');
      await user.click(screen.getByRole('button', { name: 'Save Changes' }));
      const dialog = await screen.findByRole('alertdialog', { name: 'These settings changed elsewhere' });
      return { server, user, dialog };
    }

    it('asks what to do, and nothing is overwritten meanwhile', async () => {
      const { server, dialog } = await saveOverAnotherSave();
      within(dialog).getByRole('button', { name: 'Load their version' });
      within(dialog).getByRole('button', { name: 'Overwrite with mine' });
      within(dialog).getByRole('button', { name: 'Cancel' });
      expect(server.settings.prefix).toBe('?');
      expect(server.puts.map((p) => p.body.version)).toEqual([3]);
    });

    it('Overwrite with mine saves my values again, over the version the server named', async () => {
      const { server, user, dialog } = await saveOverAnotherSave();
      await user.click(within(dialog).getByRole('button', { name: 'Overwrite with mine' }));

      await screen.findByText('Settings saved successfully!');
      expect(screen.queryByRole('alertdialog')).toBeNull();
      expect(server.puts.map((p) => p.body)).toEqual([
        { version: 3, settings: { ...defaults, prefix: 'mine', invite_tracking: false, flag_translation: true } },
        { version: 4, settings: { ...defaults, prefix: 'mine', invite_tracking: false, flag_translation: true } },
      ]);
      expect(server.settings.prefix).toBe('mine');
    });

    it('Load their version replaces my changes with what the server keeps, and saves nothing', async () => {
      const { server, user, dialog } = await saveOverAnotherSave();
      await user.click(within(dialog).getByRole('button', { name: 'Load their version' }));

      await waitFor(() => expect((screen.getByLabelText('Bot prefix') as HTMLInputElement).value).toBe('?'));
      expect(screen.getByRole('switch', { name: 'Invite tracking' }).getAttribute('aria-checked')).toBe('true');
      expect(screen.queryByRole('alertdialog')).toBeNull();
      expect(server.puts).toHaveLength(1);
      expect(server.settings.prefix).toBe('?');
    });

    it('Cancel closes the dialog and keeps my unsaved changes on the page', async () => {
      const { server, user, dialog } = await saveOverAnotherSave();
      await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));

      expect(screen.queryByRole('alertdialog')).toBeNull();
      expect((screen.getByLabelText('Bot prefix') as HTMLInputElement).value).toBe('mine');
      expect(server.puts).toHaveLength(1);
      expect(server.settings.prefix).toBe('?');
    });
  });

  it("says 'Failed to load settings' when they cannot be loaded, and Try again loads them", async () => {
    const server = fakeSettingsApi();
    server.getAnswers.push({ status: 502, body: { success: false, error: 'Discord did not answer.' } });
    const user = userEvent.setup();
    renderForm();

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Failed to load settings');
    expect(alert.textContent).toContain('Discord did not answer.');
    expect(screen.queryByLabelText('Bot prefix')).toBeNull();
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));

    expect(((await prefixField()) as HTMLInputElement).value).toBe('!');
    expect(screen.queryByText('Failed to load settings')).toBeNull();
  });
});
