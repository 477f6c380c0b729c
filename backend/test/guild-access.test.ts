// Who may enter /api/guild/:guildId, one answer per reason, over real HTTP (PGlite + the Discord sandbox), and the
// server selector's list built by the same rule (issue 34: mutation testing found each of these reasons unasked).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DiscordSandboxService } from '@guildhall/sandbox-discord/sandbox.service';
import { NO_MANAGE } from '../src/guild/guild-access.service.js';
import { SANDBOX_GUILDS, SANDBOX_USERS } from '@guildhall/sandbox-discord/seed';
import { startTestApp, tempDataDir } from './support/app.js';
import type { TestBrowser } from './support/browser.js';

type App = Awaited<ReturnType<typeof startTestApp>>;
const { community, quietLibrary, nightOwls, retroArcade } = SANDBOX_GUILDS;
/** A guild with the bot that none of the demo users is in (an ordinary member's). */
const STRANGERS_GUILD = '1100000000000060000';

describe('entering a guild: the owner, Administrator or Manage Server, where the bot is', () => {
  const data = tempDataDir();
  let app: App;
  const browsers = new Map<string, TestBrowser>();
  const as = async (username: string) => {
    if (!browsers.has(username)) {
      const browser = app.browser();
      await browser.signIn(username);
      browsers.set(username, browser);
    }
    return browsers.get(username)!;
  };
  beforeAll(async () => {
    app = await startTestApp({ DATA_DIR: data.dir });
  });
  afterAll(async () => {
    await app?.close();
    data.remove();
  });

  it('answers each caller with the reason they may not enter, and lets managers in', async () => {
    const cases: [who: string | null, guildId: string, status: number, error?: string][] = [
      [null, community.id, 401, 'You are not signed in.'],
      ['demo-owner', 'not-a-guild-id', 404, 'Unknown server.'],
      ['demo-owner', '1100000000009999999', 404, 'Unknown server.'],
      ['demo-owner', STRANGERS_GUILD, 403, 'You are not a member of this server.'],
      ['demo-member', community.id, 403, NO_MANAGE],
      ['demo-owner', nightOwls.id, 403, NO_MANAGE],
      ['demo-owner', quietLibrary.id, 403, 'Guildhall is not in this server. Invite the bot first.'],
      ['demo-owner', community.id, 200],
      ['demo-admin', community.id, 200],
      ['demo-admin', retroArcade.id, 200],
    ];
    const answers = [];
    for (const [who, guildId] of cases) {
      const browser = who ? await as(who) : app.browser();
      const { status, body } = await browser.json(`/api/guild/${guildId}/settings/basic`);
      answers.push([who, guildId, status, status === 200 ? undefined : body.error]);
    }
    expect(answers).toEqual(cases.map(([who, guildId, status, error]) => [who, guildId, status, error]));
  });

  it('lists the guilds a user manages: to the dashboard where the bot is, to the invite where it is not, nothing else', async () => {
    const { body } = await (await as('demo-owner')).json('/api/user');
    const byId = new Map<string, Record<string, unknown>>(body.guilds.map((g: Record<string, unknown>) => [g.id, g]));
    expect(byId.get(community.id)).toMatchObject({ owner: true, settingsUrl: `/manage/${community.id}/dashboard` });
    const invite = new URL(String(byId.get(quietLibrary.id)?.settingsUrl), app.url);
    expect(invite.pathname).toBe('/sandbox/discord/oauth2/authorize');
    expect(invite.searchParams.get('guild_id')).toBe(quietLibrary.id);
    // A plain member's guild (bot present, no access level there) is not listed.
    expect(byId.has(nightOwls.id)).toBe(false);

    const admin = await (await as('demo-admin')).json('/api/user');
    const adminCommunity = admin.body.guilds.find((g: { id: string }) => g.id === community.id);
    // Discord's own permissions string, as the selector shows it: Manage Server (0x20) among them.
    expect(adminCommunity.owner).toBe(false);
    expect(BigInt(adminCommunity.permissions) & 0x20n).toBe(0x20n);
    expect(admin.body.guilds.some((g: { id: string }) => g.id === nightOwls.id)).toBe(false);
  });

  it('asks the user to sign in again when Discord no longer takes their token', async () => {
    const browser = app.browser();
    await browser.signIn('demo-admin');
    // Discord revoked every token issued so far (as when the user deauthorises the app).
    app.app.get(DiscordSandboxService).grants.clear();
    const { status, body } = await browser.json(`/api/guild/${community.id}/settings/basic`);
    expect({ status, error: body.error }).toEqual({ status: 401, error: 'Your Discord sign-in has expired. Please sign in again.' });
  });
});

describe('entering a guild when Discord changes under the dashboard (guild lists read afresh each time)', () => {
  const data = tempDataDir();
  let app: App;
  beforeAll(async () => {
    app = await startTestApp({ DATA_DIR: data.dir, GUILD_CACHE_TTL_MS: '0' });
  });
  afterAll(async () => {
    await app?.close();
    data.remove();
  });

  it('says Discord failed, not that the sign-in expired, when Discord cannot list the user’s guilds; an id that is no guild is refused without asking', async () => {
    const browser = app.browser();
    await browser.signIn('demo-admin');
    const sandbox = app.app.get(DiscordSandboxService);
    const original = sandbox.guildsOf;
    sandbox.guildsOf = (userId: string) => {
      if (userId === SANDBOX_USERS.demoAdmin.id) throw new Error('injected outage');
      return original.call(sandbox, userId);
    };
    try {
      const failed = await browser.json(`/api/guild/${community.id}/settings/basic`);
      expect(failed.status).toBe(502);
      expect(failed.body).toMatchObject({ success: false });
      expect(failed.body.error).not.toBe('Your Discord sign-in has expired. Please sign in again.');
      const bad = await browser.json('/api/guild/not-a-guild-id/settings/basic');
      expect({ status: bad.status, error: bad.body.error }).toEqual({ status: 404, error: 'Unknown server.' });
    } finally {
      sandbox.guildsOf = original;
    }
    expect((await browser.json(`/api/guild/${community.id}/settings/basic`)).status).toBe(200);
  });

  it('stops offering an extra owner the guild once the bot has left it, and offers its owner the invite', async () => {
    const owner = app.browser();
    const extra = app.browser();
    await owner.signIn('demo-owner');
    await extra.signIn('demo-extra');
    const settings = `/api/guild/${community.id}/settings/antinuke`;
    const { body } = await owner.json(settings);
    const saved = await owner.json(settings, {
      method: 'PUT',
      json: { version: body.version, settings: { ...body.settings, extraowners: [SANDBOX_USERS.demoExtra.id] } },
    });
    expect(saved.status).toBe(200);
    const offered = async (browser: TestBrowser) =>
      ((await browser.json('/api/user')).body.guilds as { id: string; settingsUrl: string }[]).find((g) => g.id === community.id);
    expect(await offered(extra)).toMatchObject({ sections: ['antinuke'] });

    app.app.get(DiscordSandboxService).removeBot(community.id);
    expect(await offered(extra)).toBeUndefined();
    expect(new URL((await offered(owner))!.settingsUrl, app.url).searchParams.get('guild_id')).toBe(community.id);
  });
});
