// Issue 14, the Backup & Transfer page: export downloads the server's file; import previews what a file would change
// (a dry run), applies it, and names the section and field of each error; clone previews, asks for every channel and
// role the target lacks (mapped or cleared), then applies.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import Transfer from '../src/pages/manage/Transfer';

const GUILD = '1100000000000010000';
const TARGET = '1100000000000020000';
const OTHER = '1100000000000030000';
const SOURCE_CHANNEL = '1100000000000000101';
const SOURCE_ROLE = '1100000000000000201';
const TARGET_CHANNEL = '1100000000000020101';
const MENU = '6f1c8a9e-2b7d-4c1e-9a53-0d4e8b2f7c61';

const EXPORT = {
  $schema: 'https://guildhall.dev/schemas/api/guild-export.json',
  exportedAt: '2026-11-22T10:00:00.000Z',
  guild: { id: GUILD, name: 'Guildhall Community' },
  schemaVersions: { basic: '1' },
  sections: { basic: { prefix: '!' } },
};
const PREVIEW = [{ section: 'basic', title: 'Server Settings', changes: [{ path: '/prefix', label: 'Prefix', before: '.', after: '!' }] }];

interface Call {
  path: string;
  method: string;
  body: Record<string, unknown>;
}
type ImportMode = 'ok' | 'invalid' | 'skipped';
const SKIPPED = {
  section: 'antinuke',
  title: 'AntiNuke',
  changes: [],
  skipped: 'Whitelisted users can view AntiNuke settings but cannot change them.',
};

function serve({ importMode = 'ok' }: { importMode?: ImportMode } = {}) {
  const calls: Call[] = [];
  const json = (status: number, body: unknown) =>
    new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const url = new URL(String(input), 'http://guildhall.test');
      const method = (init.method ?? 'GET').toUpperCase();
      const body = init.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : {};
      calls.push({ path: url.pathname, method, body });
      if (url.pathname === '/api/user')
        return json(200, {
          id: '1100000000000000001',
          username: 'ana',
          avatar: null,
          discriminator: '0',
          email: null,
          discord_id: '1100000000000000001',
          guilds: [
            { id: GUILD, name: 'Guildhall Community', iconURL: null, settingsUrl: `/manage/${GUILD}/dashboard` },
            { id: TARGET, name: 'Pixel Painters', iconURL: null, settingsUrl: `/manage/${TARGET}/dashboard` },
            // Without the bot: an invite link, not a clone target.
            { id: OTHER, name: 'No Bot Here', iconURL: null, settingsUrl: 'https://discord.com/oauth2/authorize?client_id=1' },
          ],
        });
      if (url.pathname === `/api/guild/${GUILD}/channels`)
        return json(200, { success: true, channels: [{ id: SOURCE_CHANNEL, name: 'welcome', type: 0 }] });
      if (url.pathname === `/api/guild/${GUILD}/roles`) return json(200, { success: true, roles: [] });
      if (url.pathname === `/api/guild/${TARGET}/channels`)
        return json(200, { success: true, channels: [{ id: TARGET_CHANNEL, name: 'lobby', type: 0 }] });
      if (url.pathname === `/api/guild/${TARGET}/roles`) return json(200, { success: true, roles: [] });
      if (url.pathname === `/api/guild/${GUILD}/export`)
        return new Response(JSON.stringify(EXPORT), {
          status: 200,
          headers: { 'Content-Type': 'application/json', 'Content-Disposition': `attachment; filename="guildhall-${GUILD}.json"` },
        });
      if (url.pathname === `/api/guild/${GUILD}/import`) {
        if (importMode === 'invalid')
          return json(400, {
            success: false,
            error: 'The file has invalid settings; nothing was imported.',
            fieldErrors: [{ path: '/document/sections/greeting/welcome/channel', message: 'Please select a channel' }],
          });
        const preview = importMode === 'skipped' ? [...PREVIEW, SKIPPED] : PREVIEW;
        return json(200, body.dryRun ? { success: true, preview } : { success: true, sections: ['basic'], preview });
      }
      if (url.pathname === `/api/guild/${GUILD}/clone`) {
        const mapping = (body.mapping ?? {}) as { channels?: Record<string, unknown>; roles?: Record<string, unknown> };
        const missing = {
          channels:
            SOURCE_CHANNEL in (mapping.channels ?? {})
              ? []
              : [{ id: SOURCE_CHANNEL, name: 'welcome', paths: ['/greeting/welcome/channel'] }],
          roles: SOURCE_ROLE in (mapping.roles ?? {}) ? [] : [{ id: SOURCE_ROLE, name: 'Mods', paths: ['/moderation/mod_role'] }],
        };
        const complete = missing.channels.length + missing.roles.length === 0;
        const items = ((body.items ?? []) as { collection: string; id: string }[]).map((item) => ({
          collection: item.collection,
          collectionTitle: 'Role Menus',
          sourceId: item.id,
          title: 'Colour roles',
        }));
        const preview = body.sections ? PREVIEW : [];
        return json(200, { success: true, applied: complete && !body.dryRun, unmapped: missing, preview, items });
      }
      if (url.pathname === `/api/guild/${GUILD}/collections/role-menus`) {
        const item = { title: 'Colour roles', channel_id: SOURCE_CHANNEL, message_id: null, deployed: false };
        return json(200, { success: true, items: [{ id: MENU, version: 1, item }], cap: 50 });
      }
      if (url.pathname.startsWith(`/api/guild/${GUILD}/collections/`)) {
        return json(200, { success: true, items: [], cap: 50 });
      }
      return json(404, { success: false, error: `No fake for ${method} ${url.pathname}` });
    }),
  );
  return calls;
}

function renderPage() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[`/manage/${GUILD}/transfer`]}>
        <Routes>
          <Route path="/manage/:guildId/transfer" element={<Transfer />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const file = (content: string, name = 'backup.json') => new File([content], name, { type: 'application/json' });

beforeEach(() => {
  document.cookie = 'XSRF-TOKEN=test-token';
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('Backup & Transfer: export', () => {
  it('downloads the file under the name the server gives it', async () => {
    serve();
    const createObjectURL = vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:export');
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    const clicked: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this.download);
    });
    renderPage();
    await userEvent.click(screen.getByRole('button', { name: 'Download export' }));
    await waitFor(() => expect(clicked).toEqual([`guildhall-${GUILD}.json`]));
    const blob = (createObjectURL.mock.calls[0] as unknown as [Blob])[0];
    expect(JSON.parse(await blob.text())).toEqual(EXPORT);
    await screen.findByText('Export downloaded.');
  });
});

describe('Backup & Transfer: import', () => {
  it('previews what the file changes, applies only on request, and says so', async () => {
    const calls = serve();
    renderPage();
    await userEvent.upload(screen.getByLabelText('Settings file (.json)'), file(JSON.stringify(EXPORT)));
    const preview = await screen.findByRole('region', { name: 'Server Settings' });
    // The value before and the one the file brings, under the field's title and in that order.
    expect(within(preview).getByText('Prefix').closest('li')!.textContent).toBe('PrefixBefore.After!');
    const imports = () => calls.filter((c) => c.path.endsWith('/import'));
    expect(imports()).toEqual([{ path: `/api/guild/${GUILD}/import`, method: 'POST', body: { document: EXPORT, dryRun: true } }]);

    await userEvent.click(screen.getByRole('button', { name: 'Apply import' }));
    await screen.findByText('Settings imported (1 section).');
    expect(imports()[1]!.body).toEqual({ document: EXPORT });
  });

  it('names a section the caller’s access leaves out, with why, before and after applying (issue 24)', async () => {
    serve({ importMode: 'skipped' });
    renderPage();
    await userEvent.upload(screen.getByLabelText('Settings file (.json)'), file(JSON.stringify(EXPORT)));
    const note = await screen.findByRole('note');
    expect(note.textContent).toContain('Not imported: your access does not allow changing this section');
    within(note).getByText('AntiNuke');
    expect(note.textContent).toContain(SKIPPED.skipped);
    // The sections that are imported are still previewed.
    screen.getByRole('region', { name: 'Server Settings' });
    await userEvent.click(screen.getByRole('button', { name: 'Apply import' }));
    await screen.findByText('Settings imported (1 section). Not imported (your access does not allow it): AntiNuke.');
  });

  it('names the section and field of each error, and nothing is offered to apply', async () => {
    serve({ importMode: 'invalid' });
    renderPage();
    await userEvent.upload(screen.getByLabelText('Settings file (.json)'), file(JSON.stringify(EXPORT)));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('The file has invalid settings; nothing was imported.');
    expect(alert.textContent).toContain('Welcome Configuration: welcome › channel Please select a channel');
    expect(screen.queryByRole('button', { name: 'Apply import' })).toBeNull();
  });

  it('refuses a file that is not JSON without asking the server', async () => {
    const calls = serve();
    renderPage();
    await userEvent.upload(screen.getByLabelText('Settings file (.json)'), file('{ not json'));
    expect((await screen.findByRole('alert')).textContent).toContain('it is not valid JSON');
    expect(calls.some((c) => c.path.endsWith('/import'))).toBe(false);
  });
});

describe('Backup & Transfer: clone', () => {
  it('offers only other servers with the bot, asks for every missing channel and role, then clones with the mapping', async () => {
    const calls = serve();
    renderPage();
    const target = screen.getByRole('combobox', { name: 'Target server' });
    await within(target).findByRole('option', { name: 'Pixel Painters' });
    expect(within(target).queryByRole('option', { name: 'Guildhall Community' })).toBeNull();
    expect(within(target).queryByRole('option', { name: 'No Bot Here' })).toBeNull();
    await userEvent.selectOptions(target, 'Pixel Painters');
    await userEvent.click(screen.getByRole('checkbox', { name: 'Antinuke Configuration' }));
    await userEvent.click(screen.getByRole('button', { name: 'Preview' }));

    const channel = await screen.findByRole('combobox', { name: /#welcome/ });
    const role = screen.getByRole('combobox', { name: /@Mods/ });
    const apply = screen.getByRole('button', { name: 'Apply' });
    expect(apply).toHaveProperty('disabled', true);
    const dryRun = calls.find((c) => c.path.endsWith('/clone'))!;
    expect(dryRun.body.dryRun).toBe(true);
    expect(dryRun.body.targetGuildId).toBe(TARGET);
    expect(dryRun.body.sections).not.toContain('antinuke');
    expect(dryRun.body.sections).toContain('basic');

    await userEvent.selectOptions(channel, '#lobby');
    expect(apply).toHaveProperty('disabled', true);
    await userEvent.selectOptions(role, 'Clear it');
    await userEvent.click(apply);

    await screen.findByText('Settings cloned to Pixel Painters.');
    const applied = calls.filter((c) => c.path.endsWith('/clone')).at(-1)!;
    expect(applied.body).toMatchObject({
      targetGuildId: TARGET,
      dryRun: false,
      mapping: { channels: { [SOURCE_CHANNEL]: TARGET_CHANNEL }, roles: { [SOURCE_ROLE]: null } },
    });
  });

  it('lists the collections with their item counts and copies a chosen role menu as a new item (issue 28)', async () => {
    const calls = serve();
    renderPage();
    const target = screen.getByRole('combobox', { name: 'Target server' });
    await within(target).findByRole('option', { name: 'Pixel Painters' });
    await userEvent.selectOptions(target, 'Pixel Painters');
    const menus = await screen.findByRole('checkbox', { name: 'Role Menus (1)' });
    expect(screen.getByRole('checkbox', { name: 'Ticket Panels (0)' })).toHaveProperty('disabled', true);
    // Only the menu: every section unchecked.
    for (const box of screen.getAllByRole('checkbox')) if ((box as HTMLInputElement).checked) await userEvent.click(box);
    expect(screen.getByRole('button', { name: 'Preview' })).toHaveProperty('disabled', true);
    await userEvent.click(screen.getByRole('checkbox', { name: 'Colour roles' }));
    expect(menus).toHaveProperty('checked', true);
    await userEvent.click(screen.getByRole('button', { name: 'Preview' }));

    const newItems = await screen.findByRole('region', { name: 'New items' });
    expect(newItems.textContent).toContain('Role Menus: Colour roles');
    const dryRun = calls.find((c) => c.path.endsWith('/clone'))!;
    expect(dryRun.body).toMatchObject({ targetGuildId: TARGET, dryRun: true, items: [{ collection: 'role-menus', id: MENU }] });
    expect(dryRun.body.sections).toBeUndefined();
    await userEvent.selectOptions(await screen.findByRole('combobox', { name: /#welcome/ }), '#lobby');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: /@Mods/ }), 'Clear it');
    await userEvent.click(screen.getByRole('button', { name: 'Apply' }));
    await screen.findByText('Settings cloned to Pixel Painters.');
    expect(calls.filter((c) => c.path.endsWith('/clone')).at(-1)!.body).toMatchObject({
      dryRun: false,
      items: [{ collection: 'role-menus', id: MENU }],
    });
  });
});
