// The sandbox viewer's role menus (issue 28): a manager sees a deployed menu's buttons, select and reactions as
// controls, acts as a demo member (demo-member unless another is chosen), and sees the member's roles before and
// after with the bot's private reply, shown as Discord shows an ephemeral message.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import SandboxViewer from '../src/pages/sandbox/SandboxViewer';

const GUILD = '1100000000000010000';
const CHANNEL = '1100000000000010109';
const MESSAGE = '1300000000000000001';
const RED = '1100000000000010207';
const GREEN = '1100000000000010208';
const MEMBER = '1100000000000000103';
const EXTRA = '1100000000000000104';

const member = (id: string, username: string) => ({ id, username, global_name: null, avatar: null, bot: false, nick: null });
const overview = (manageable: boolean) => ({
  guilds: [
    {
      id: GUILD,
      name: 'Guildhall Community',
      botPresent: true,
      manageable,
      channels: [{ id: CHANNEL, name: 'bot-commands', type: 0, parent_id: null, position: 1, posted: 1 }],
      roles: [
        { id: GREEN, name: 'Green', color: 0x57f287 },
        { id: RED, name: 'Red', color: 0xed4245 },
      ],
      members: [member('1100000000000000101', 'demo-owner'), member(EXTRA, 'demo-extra'), member(MEMBER, 'demo-member')],
    },
  ],
  dms: [],
  botUserId: '1100000000000000001',
});
const message = {
  id: MESSAGE,
  channel_id: CHANNEL,
  content: 'Pick a colour',
  embeds: [],
  timestamp: '2026-11-27T07:00:00.000000+00:00',
  author: { id: '1100000000000000001', username: 'Guildhall', global_name: null, avatar: null, bot: true },
  components: [
    {
      type: 1,
      components: [
        { type: 2, style: 4, label: 'Red', custom_id: `rolemenu:m1:${RED}`, emoji: { name: '🔴' } },
        { type: 2, style: 3, label: 'Green', custom_id: `rolemenu:m1:${GREEN}` },
      ],
    },
    {
      type: 1,
      components: [
        {
          type: 3,
          custom_id: 'rolemenu:m1',
          placeholder: 'Choose your colours',
          min_values: 1,
          max_values: 2,
          options: [
            { label: 'Red', value: RED, description: 'Warm' },
            { label: 'Green', value: GREEN },
          ],
        },
      ],
    },
  ],
  reactions: [
    { emoji: { id: null, name: '🔴' }, count: 2, count_details: { burst: 0, normal: 2 }, burst_colors: [], me: true, me_burst: false },
  ],
};

function serve(manageable: boolean) {
  const posted: { url: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      if (url === '/sandbox/discord/viewer/guilds') return Response.json(overview(manageable));
      if (url === `/sandbox/discord/viewer/channels/${CHANNEL}/messages`)
        return Response.json({
          channel: overview(manageable).guilds[0]!.channels[0],
          messages: [message],
          reactors: { [MESSAGE]: { '🔴': ['1100000000000000001', MEMBER] } },
        });
      if (url.endsWith('/simulate-role-menu')) {
        posted.push({ url, body: JSON.parse(String(init?.body)) });
        return Response.json(
          {
            success: true,
            choice: {
              userId: MEMBER,
              userName: 'demo-member',
              menuId: 'm1',
              before: [{ id: RED, name: 'Red', color: 0xed4245 }],
              after: [{ id: GREEN, name: 'Green', color: 0x57f287 }],
              added: [GREEN],
              removed: [RED],
              refused: false,
              reply: `You got <@&${GREEN}> and lost <@&${RED}>.`,
              failed: [],
            },
          },
          { status: 201 },
        );
      }
      return Response.json({ message: '404: Not Found', code: 0 }, { status: 404 });
    }),
  );
  return posted;
}

function renderViewer() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[`/sandbox-viewer?channel=${CHANNEL}`]}>
        <SandboxViewer />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('role menus in the sandbox viewer', () => {
  it('a manager clicks a button as demo-member and sees the roles before and after and the private reply', async () => {
    const posted = serve(true);
    const user = userEvent.setup();
    renderViewer();
    const actAs = await screen.findByLabelText('Act as');
    expect((actAs as HTMLSelectElement).selectedOptions[0]!.textContent).toBe('demo-member');
    // demo-member reacted with 🔴: the reaction shows pressed, with its count.
    expect(screen.getByRole('button', { name: '🔴 2' }).getAttribute('aria-pressed')).toBe('true');
    await user.click(screen.getByRole('button', { name: 'Green' }));
    const result = await screen.findByRole('region', { name: 'What happened for demo-member' });
    expect(within(within(result).getByRole('list', { name: 'Roles before' })).getByText('Red')).toBeTruthy();
    expect(within(within(result).getByRole('list', { name: 'Roles after' })).getByText('Green')).toBeTruthy();
    within(result).getByText('Only you can see this');
    expect(result.textContent).toContain('You got @Green and lost @Red.');
    expect(posted).toEqual([
      {
        url: `/sandbox/discord/viewer/guilds/${GUILD}/simulate-role-menu`,
        body: { userId: MEMBER, channelId: CHANNEL, messageId: MESSAGE, action: { type: 'button', customId: `rolemenu:m1:${GREEN}` } },
      },
    ]);
  });

  it('the select is submitted with the options chosen, within its bounds, as the member chosen in Act as', async () => {
    const posted = serve(true);
    const user = userEvent.setup();
    renderViewer();
    await user.selectOptions(await screen.findByLabelText('Act as'), 'demo-extra');
    const select = screen.getByRole('group', { name: 'Choose your colours' });
    const submit = within(select).getByRole('button', { name: 'Submit choice' });
    expect((submit as HTMLButtonElement).disabled).toBe(true); // at least one option first
    await user.click(within(select).getByRole('checkbox', { name: /Red/ }));
    await user.click(within(select).getByRole('checkbox', { name: /Green/ }));
    await user.click(submit);
    await screen.findByRole('region', { name: 'What happened for demo-member' });
    expect(posted[0]!.body).toEqual({
      userId: EXTRA,
      channelId: CHANNEL,
      messageId: MESSAGE,
      action: { type: 'select', customId: 'rolemenu:m1', values: [RED, GREEN] },
    });
  });

  it('a visitor who does not manage the server sees the message drawn, with no controls', async () => {
    serve(false);
    renderViewer();
    await screen.findByText('Pick a colour');
    expect(screen.queryByLabelText('Act as')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Submit choice' })).toBeNull();
  });
});
