// The sandbox viewer shows a guild message's author as that guild shows them (issue 29): the bot's per-server nickname
// and guild avatar once the Bot Personalizer applied them, its global name and avatar otherwise and in DMs.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import SandboxViewer from '../src/pages/sandbox/SandboxViewer';

const GUILD = '1100000000000010000';
const CHANNEL = '1100000000000010106';
const DM = '1300000000000000900';
const BOT = { id: '1100000000000000001', username: 'guildhall', global_name: 'Guildhall', avatar: 'b07a7a7a', bot: true };

const overview = {
  guilds: [
    {
      id: GUILD,
      name: 'Guildhall Community',
      botPresent: true,
      manageable: false,
      channels: [{ id: CHANNEL, name: 'general', type: 0, parent_id: null, position: 1, posted: 2 }],
      roles: [],
      members: [],
    },
  ],
  dms: [{ id: DM, name: '', type: 1, parent_id: null, position: 0, posted: 1, recipient: { ...BOT, id: '1100000000000000103' } }],
  botUserId: BOT.id,
};
const message = (id: string, channelId: string, content: string, member?: { nick: string | null; avatar: string | null }) => ({
  id,
  channel_id: channelId,
  content,
  embeds: [],
  timestamp: '2026-11-27T07:00:00.000000+00:00',
  author: BOT,
  ...(member ? { member } : {}),
});

function serve() {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = String(input);
      if (url === '/sandbox/discord/viewer/guilds') return Response.json(overview);
      if (url === `/sandbox/discord/viewer/channels/${CHANNEL}/messages`)
        return Response.json({
          channel: overview.guilds[0]!.channels[0],
          messages: [
            message('1300000000000000001', CHANNEL, 'Welcome aboard', { nick: 'Guildy', avatar: 'a_5eed' }),
            message('1300000000000000002', CHANNEL, 'Before the bot was personalised', { nick: null, avatar: null }),
          ],
        });
      if (url === `/sandbox/discord/viewer/channels/${DM}/messages`)
        return Response.json({ channel: overview.dms[0], messages: [message('1300000000000000003', DM, 'Your Join DM')] });
      return Response.json({ message: '404: Not Found', code: 0 }, { status: 404 });
    }),
  );
}

function renderViewer(channel: string) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[`/sandbox-viewer?channel=${channel}`]}>
        <SandboxViewer />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

/** The name and avatar a listed message is drawn with. */
async function drawnAuthor(content: string) {
  const item = (await screen.findByText(content)).closest('li')!;
  return { name: within(item).getByText(/Guild/).textContent, avatar: item.querySelector('img')?.getAttribute('src') };
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("the sandbox viewer's message authors", () => {
  it("in a guild channel: the member's nickname and guild avatar, else the bot's global name and avatar", async () => {
    serve();
    renderViewer(CHANNEL);
    expect(await drawnAuthor('Welcome aboard')).toEqual({
      name: 'Guildy',
      avatar: `/sandbox/discord/cdn/guilds/${GUILD}/users/${BOT.id}/avatars/a_5eed.gif?size=128`,
    });
    expect(await drawnAuthor('Before the bot was personalised')).toEqual({
      name: 'Guildhall',
      avatar: `/sandbox/discord/cdn/avatars/${BOT.id}/b07a7a7a.png?size=128`,
    });
  });

  it('in a DM: the bot as it is everywhere', async () => {
    serve();
    renderViewer(DM);
    expect(await drawnAuthor('Your Join DM')).toEqual({
      name: 'Guildhall',
      avatar: `/sandbox/discord/cdn/avatars/${BOT.id}/b07a7a7a.png?size=128`,
    });
  });
});
