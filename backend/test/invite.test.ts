import 'reflect-metadata';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SANDBOX_CLIENT_ID } from '@guildhall/sandbox-discord/seed';
import { startTestApp, tempDataDir } from './support/app.js';

type App = Awaited<ReturnType<typeof startTestApp>>;
interface Guild {
  id: string;
  name: string;
  settingsUrl: string;
}

/** Offline, adding the bot must not send anyone to discord.com: the invite is the sandbox's authorize page. */
describe('bot invites in sandbox mode stay in the sandbox', () => {
  const data = tempDataDir();
  let app: App;
  let sandboxAuthorize: string;
  beforeAll(async () => {
    app = await startTestApp({ DATA_DIR: data.dir });
    sandboxAuthorize = `${app.config.publicUrl}/sandbox/discord/oauth2/authorize`;
  });
  afterAll(async () => {
    await app?.close();
    data.remove();
  });

  /** A browser request to a URL on this app (the public URL names localhost, the test talks to 127.0.0.1). */
  const onApp = (url: URL) => url.pathname + url.search;

  it('the invite page link redirects to the sandbox authorize page, which asks who adds the bot', async () => {
    const browser = app.browser();
    const res = await browser.request('/api/invite');
    expect(res.status).toBe(302);
    const invite = new URL(res.headers.get('location')!);
    expect(invite.origin + invite.pathname).toBe(sandboxAuthorize);
    expect(Object.fromEntries(invite.searchParams)).toEqual({
      client_id: SANDBOX_CLIENT_ID,
      scope: 'bot applications.commands',
      permissions: '8',
    });
    const page = await browser.request(onApp(invite));
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('demo-owner');
  });

  it("the selector's settingsUrl for a server without the bot is the sandbox invite for that server, and following it adds the bot", async () => {
    const owner = app.browser();
    await owner.signIn('demo-owner');
    const guilds: Guild[] = (await owner.json('/api/user')).body.guilds;
    const botless = guilds.filter((g) => !g.settingsUrl.startsWith('/manage/'));
    expect(botless.length).toBeGreaterThan(0);
    for (const guild of botless) {
      const invite = new URL(guild.settingsUrl);
      expect(invite.origin + invite.pathname).toBe(sandboxAuthorize);
      expect(Object.fromEntries(invite.searchParams)).toEqual({
        client_id: SANDBOX_CLIENT_ID,
        scope: 'bot applications.commands',
        permissions: '8',
        guild_id: guild.id,
        disable_guild_select: 'true',
      });
    }

    const [guild] = botless;
    const invite = new URL(guild!.settingsUrl);
    invite.searchParams.set('login_as', 'demo-owner');
    const added = await owner.request(onApp(invite));
    expect(added.status).toBe(200);
    expect(await added.text()).toContain('has been added to');
    const botGuilds = await fetch(`${app.url}/sandbox/discord/api/v10/users/@me/guilds`, {
      headers: { Authorization: `Bot ${app.config.discord.botToken}` },
    });
    expect(((await botGuilds.json()) as { id: string }[]).map((g) => g.id)).toContain(guild!.id);
  });
});
