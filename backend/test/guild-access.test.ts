// Who may enter /api/guild/:guildId, one answer per reason, over real HTTP (PGlite + the Discord sandbox), and the
// server selector's list built by the same rule (issue 34: mutation testing found each of these reasons unasked).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DiscordSandboxService } from '../src/sandbox/sandbox.service.js';
import { NO_MANAGE } from '../src/guild/guild-access.service.js';
import { SANDBOX_GUILDS } from '../src/sandbox/seed.js';
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
