import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ALL_PERMISSIONS } from '../src/permissions.js';
import { SANDBOX_GUILDS, SANDBOX_MEMBER_IDS, SANDBOX_USERS } from '../src/seed.js';
import { startDiscordSandbox, type RunningDiscordSandbox } from '../src/standalone.js';

const ADMINISTRATOR = 0x8n;
const MANAGE_GUILD = 0x20n;

interface MyGuild {
  id: string;
  name: string;
  owner: boolean;
  permissions: string;
}

describe('Discord sandbox: demo users, permissions and rate limits', () => {
  let sandbox: RunningDiscordSandbox;
  /** How far the sandbox's clock is ahead of the real one: a test moves it instead of waiting for a window to pass. */
  let ahead = 0;

  beforeAll(async () => {
    // Its configured guilds budget is Discord's default (the test of that default resets to it); the others get a
    // budget they cannot spend.
    sandbox = await startDiscordSandbox({ now: () => Date.now() + ahead });
  });
  beforeEach(() => {
    sandbox.service.reset();
    sandbox.service.setGuildsRateLimit(1000, 1000);
  });
  afterAll(async () => {
    await sandbox?.close();
  });

  async function guildsOf(username: string): Promise<Map<string, MyGuild>> {
    const token = sandbox.service.issueAccessToken(username);
    const res = await fetch(`${sandbox.api}/v10/users/@me/guilds`, { headers: { authorization: `Bearer ${token}` } });
    expect(res.status).toBe(200);
    const list = (await res.json()) as MyGuild[];
    return new Map(list.map((g) => [g.id, g]));
  }

  const bits = (g: MyGuild | undefined) => BigInt(g?.permissions ?? '0');
  const g = SANDBOX_GUILDS;

  it('demo-owner owns several guilds (with and without the bot) and has every permission there', async () => {
    const guilds = await guildsOf('demo-owner');
    for (const id of [g.community.id, g.pixelPainters.id, g.quietLibrary.id]) {
      expect(guilds.get(id)?.owner).toBe(true);
      expect(bits(guilds.get(id))).toBe(ALL_PERMISSIONS);
    }
    expect(sandbox.service.hasBot(g.quietLibrary.id)).toBe(false);
    expect(sandbox.service.hasBot(g.community.id)).toBe(true);
    // A plain member elsewhere.
    expect(guilds.get(g.nightOwls.id)?.owner).toBe(false);
    expect(bits(guilds.get(g.nightOwls.id)) & MANAGE_GUILD).toBe(0n);
  });

  it('demo-admin has Manage Server through a role in one guild and Administrator in another', async () => {
    const guilds = await guildsOf('demo-admin');
    const community = guilds.get(g.community.id)!;
    expect(community.owner).toBe(false);
    expect(bits(community) & MANAGE_GUILD).toBe(MANAGE_GUILD);
    expect(bits(community) & ADMINISTRATOR).toBe(0n);
    const arcade = guilds.get(g.retroArcade.id)!;
    expect(arcade.owner).toBe(false);
    expect(bits(arcade)).toBe(ALL_PERMISSIONS);
    expect(bits(guilds.get(g.nightOwls.id)) & (MANAGE_GUILD | ADMINISTRATOR)).toBe(0n);
  });

  it('demo-member is a member of several guilds and can manage none', async () => {
    const guilds = await guildsOf('demo-member');
    expect([...guilds.keys()]).toEqual(expect.arrayContaining([g.community.id, g.pixelPainters.id, g.nightOwls.id]));
    for (const guild of guilds.values()) {
      expect(guild.owner).toBe(false);
      expect(bits(guild) & (MANAGE_GUILD | ADMINISTRATOR)).toBe(0n);
      expect(sandbox.service.canManageGuild(guild.id, SANDBOX_USERS.demoMember.id)).toBe(false);
    }
  });

  it('demo-extra owns another guild that has the bot, where demo-member is a member', async () => {
    const guilds = await guildsOf('demo-extra');
    expect(guilds.get(g.nightOwls.id)?.owner).toBe(true);
    expect(sandbox.service.hasBot(g.nightOwls.id)).toBe(true);
    expect(sandbox.service.member(g.nightOwls.id, SANDBOX_USERS.demoMember.id)).toBeDefined();
  });

  it('computes permissions from @everyone and roles, and channel overwrites on top', async () => {
    const service = sandbox.service;
    const ava = SANDBOX_MEMBER_IDS['ava.chen']!; // a moderator in the community
    const noah = SANDBOX_MEMBER_IDS['noah.kim']!;
    expect(service.permissionsOf(g.community.id, ava) & 0x2n).toBe(0x2n); // kick members
    expect(service.permissionsOf(g.community.id, noah) & 0x2n).toBe(0n);
    expect(service.channelPermissionsOf(g.community.channels.modLog, ava) & 0x400n).toBe(0x400n); // view channel
    expect(service.channelPermissionsOf(g.community.channels.modLog, noah)).toBe(0n);
    expect(service.channelPermissionsOf(g.community.channels.rules, noah) & 0x800n).toBe(0n); // read-only for members
    expect(service.channelPermissionsOf(g.community.channels.rules, service.botUserId) & 0x800n).toBe(0x800n);
  });

  it('seeds realistic guilds: 30+ members, channel kinds, managed bot role and @everyone', async () => {
    const community = sandbox.service.guild(g.community.id)!;
    expect(community.members.length).toBeGreaterThanOrEqual(30);
    expect(community.roles.find((r) => r.id === community.id)?.name).toBe('@everyone');
    expect(community.roles.find((r) => r.tags?.bot_id === sandbox.service.botUserId)?.managed).toBe(true);
    for (const guild of sandbox.service.allGuilds().filter((x) => sandbox.service.hasBot(x.id))) {
      const types = new Set(sandbox.service.channelsOf(guild.id).map((c) => c.type));
      expect([...types].sort()).toEqual([0, 2, 4, 5]);
      const channels = sandbox.service.channelsOf(guild.id);
      expect(channels.filter((c) => c.type !== 4).every((c) => channels.some((p) => p.id === c.parent_id))).toBe(true);
    }
  });

  it('addBot and removeBot change what the bot may read', async () => {
    const quiet = g.quietLibrary.id;
    const get = () => fetch(`${sandbox.api}/v10/guilds/${quiet}/roles`, { headers: { authorization: `Bot ${sandbox.botToken}` } });
    expect((await get()).status).toBe(403);
    sandbox.service.addBot(quiet);
    const roles = (await (await get()).json()) as Array<{ managed: boolean }>;
    expect(roles.some((r) => r.managed)).toBe(true);
    sandbox.service.removeBot(g.community.id);
    expect(sandbox.service.hasBot(g.community.id)).toBe(false);
    const res = await fetch(`${sandbox.api}/v10/guilds/${g.community.id}`, { headers: { authorization: `Bot ${sandbox.botToken}` } });
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({ message: 'Missing Access', code: 50001 });
  });

  describe('users/@me/guilds rate limit', () => {
    it('answers 429 with Retry-After and X-RateLimit headers, then recovers after the window', async () => {
      sandbox.service.setGuildsRateLimit(2, 600);
      const token = sandbox.service.issueAccessToken('demo-owner');
      const call = () => fetch(`${sandbox.api}/v10/users/@me/guilds`, { headers: { authorization: `Bearer ${token}` } });

      const first = await call();
      expect(first.status).toBe(200);
      expect(first.headers.get('x-ratelimit-limit')).toBe('2');
      expect(first.headers.get('x-ratelimit-remaining')).toBe('1');
      expect(first.headers.get('x-ratelimit-bucket')).toMatch(/^[0-9a-f]{32}$/);
      expect(Number(first.headers.get('x-ratelimit-reset-after'))).toBeGreaterThan(0);
      expect(Number(first.headers.get('x-ratelimit-reset'))).toBeGreaterThan(Date.now() / 1000 - 1);
      expect((await call()).headers.get('x-ratelimit-remaining')).toBe('0');

      const limited = await call();
      expect(limited.status).toBe(429);
      expect(Number(limited.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
      expect(limited.headers.get('x-ratelimit-scope')).toBe('user');
      const body = (await limited.json()) as { message: string; retry_after: number; global: boolean };
      expect(body).toMatchObject({ message: 'You are being rate limited.', global: false });
      expect(body.retry_after).toBeGreaterThan(0);
      expect(body.retry_after).toBeLessThanOrEqual(0.6);

      // Another token has its own window.
      const other = sandbox.service.issueAccessToken('demo-member');
      expect((await fetch(`${sandbox.api}/v10/users/@me/guilds`, { headers: { authorization: `Bearer ${other}` } })).status).toBe(200);

      // The sandbox's clock, not the real one, passes the end of the window.
      ahead += body.retry_after * 1000 + 20;
      expect((await call()).status).toBe(200);
    });

    it('defaults to 5 requests per 5 seconds per token', async () => {
      // Back to the budget it was started with: none was given, so Discord's default.
      sandbox.service.reset();
      const token = sandbox.service.issueAccessToken('demo-owner');
      const statuses: number[] = [];
      for (let i = 0; i < 6; i++) {
        statuses.push((await fetch(`${sandbox.api}/v10/users/@me/guilds`, { headers: { authorization: `Bearer ${token}` } })).status);
      }
      expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
      expect(sandbox.service.guildsRateLimit).toEqual({ limit: 5, windowMs: 5000 });
    });
  });
});
