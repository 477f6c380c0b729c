import 'reflect-metadata';
import { schemaIds } from '@guildhall/generated/schemas';
import { validatorsById } from '@guildhall/generated/validators';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DiscordSandboxService } from '@guildhall/sandbox-discord/sandbox.service';
import { SANDBOX_GUILDS } from '@guildhall/sandbox-discord/seed';
import type { TestBrowser } from './support/browser.js';
import { startTestApp, tempDataDir } from './support/app.js';

type App = Awaited<ReturnType<typeof startTestApp>>;

describe('dashboard data over real HTTP: bot status, guild stats, and the sandbox viewer', () => {
  const data = tempDataDir();
  let app: App;
  let owner: TestBrowser;
  let sandbox: DiscordSandboxService;

  beforeAll(async () => {
    app = await startTestApp({ DATA_DIR: data.dir });
    sandbox = app.app.get(DiscordSandboxService);
    owner = app.browser();
    await owner.signIn('demo-owner');
  });
  afterAll(async () => {
    await app?.close();
    data.remove();
  });

  it('GET /api/debug/bot-status lists every guild the bot is in with its member count, and how many', async () => {
    const { status, body } = await owner.json('/api/debug/bot-status');
    expect(status).toBe(200);
    expect(validatorsById[schemaIds['bot-status']]!(structuredClone(body))).toBe(true);
    const withBot = sandbox.allGuilds().filter((g) => sandbox.hasBot(g.id));
    expect(body.guildCount).toBe(withBot.length);
    expect(body.guilds.map((g: { id: string }) => g.id).sort()).toEqual(withBot.map((g) => g.id).sort());
    const community = body.guilds.find((g: { id: string }) => g.id === SANDBOX_GUILDS.community.id);
    expect(community).toEqual({
      id: SANDBOX_GUILDS.community.id,
      name: 'Guildhall Community',
      memberCount: sandbox.guild(SANDBOX_GUILDS.community.id)!.members.length,
    });
    expect(body.guilds.find((g: { id: string }) => g.id === SANDBOX_GUILDS.quietLibrary.id)).toBeUndefined();
  });

  it('answers bot-status from a short cache: a burst of dashboards asks Discord once', async () => {
    const before = sandbox.guildsRateLimit;
    sandbox.setGuildsRateLimit(1, 60_000); // a second request to Discord inside the window would be refused
    try {
      const answers = await Promise.all([1, 2, 3].map(() => owner.json('/api/debug/bot-status')));
      for (const a of answers) expect(a.status).toBe(200);
    } finally {
      sandbox.setGuildsRateLimit(before.limit, before.windowMs);
    }
  });

  it('refuses bot-status when signed out (401)', async () => {
    const { status, body } = await app.browser().json('/api/debug/bot-status');
    expect(status).toBe(401);
    expect(body).toEqual({ success: false, error: 'You are not signed in.' });
  });

  it('GET /api/guild/:id/stats gives the member count the Guild Members card shows', async () => {
    const { status, body } = await owner.json(`/api/guild/${SANDBOX_GUILDS.community.id}/stats`);
    expect(status).toBe(200);
    expect(body.stats.memberCount).toBe(sandbox.guild(SANDBOX_GUILDS.community.id)!.members.length);
  });

  it('the sandbox viewer lists guilds, channels and what the bot posted, read-only', async () => {
    const channelId = SANDBOX_GUILDS.community.channels.general;
    sandbox.postMessage(sandbox.channel(channelId)!, { type: 'user', user_id: sandbox.botUserId }, { content: 'hello **viewer**' }, []);
    const guilds = await owner.json('/sandbox/discord/viewer/guilds');
    expect(guilds.status).toBe(200);
    const community = guilds.body.guilds.find((g: { id: string }) => g.id === SANDBOX_GUILDS.community.id);
    expect(community).toMatchObject({ name: 'Guildhall Community', botPresent: true });
    expect(community.channels.find((c: { id: string }) => c.id === channelId)).toMatchObject({ name: 'general', type: 0, posted: 1 });
    expect(community.members.length).toBeGreaterThan(1);
    expect(community.roles.length).toBeGreaterThan(1);

    const messages = await owner.json(`/sandbox/discord/viewer/channels/${channelId}/messages`);
    expect(messages.status).toBe(200);
    expect(messages.body.channel).toMatchObject({ id: channelId, name: 'general' });
    expect(messages.body.messages.map((m: { content: string }) => m.content)).toEqual(['hello **viewer**']);
    expect((await owner.json('/sandbox/discord/viewer/channels/1100000000000099999/messages')).status).toBe(404);
  });
});
