/**
 * Dashboard Access when Discord cannot say a member's roles (issue 30): the server selector keeps the guild with the
 * grants to the member's own id instead of failing the whole list, while a page a role grant opens answers Discord's
 * failure (502) rather than guessing. Real HTTP, PGlite and the Discord sandbox; the failure is Discord's answer to
 * Get Guild Member, made to fail for this one guild.
 */
import { refusals } from '@guildhall/generated/refusals';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DiscordService } from '../src/discord/discord.service.js';
import type { TestBrowser } from './support/browser.js';
import { GRANT_GUILD, GRANTED_ROLE, grant, grantAs, OWNER, ROLE_HOLDER, settingsPath, startGrantsApp } from './support/grants.js';

type Doc = Record<string, any>;

describe("Dashboard Access when Discord cannot say a member's roles", () => {
  let env: Awaited<ReturnType<typeof startGrantsApp>>;
  let owner: TestBrowser;

  beforeAll(async () => {
    env = await startGrantsApp();
    owner = await env.as(OWNER);
    // The Moderator role (Ava holds it) may write Server Settings; Ava herself may read Levels.
    await grantAs(owner, {
      roles: [grant(GRANTED_ROLE, 'write', { subjects: ['basic'] })],
      members: [grant(ROLE_HOLDER.id, 'read', { subjects: ['levels'] })],
    });
  });
  afterAll(async () => {
    vi.restoreAllMocks();
    await env?.close();
  });

  it('lists the guild with the grants to her id while Discord fails, and the role grant once it answers again', async () => {
    const discord = env.app.app.get(DiscordService);
    const member = discord.member.bind(discord);
    const failing = vi.spyOn(discord, 'member').mockImplementation(async (guildId, userId) => {
      if (guildId === GRANT_GUILD) throw new Error('connect ECONNREFUSED');
      return member(guildId, userId);
    });
    // Signing in reads /api/user: the list answers, with the guild and what her own grant opens.
    const ava = await env.as(ROLE_HOLDER.username);
    const listed = async () => ((await ava.json('/api/user')).body.guilds as Doc[]).find((g) => g.id === GRANT_GUILD);
    expect(await listed()).toMatchObject({ sections: ['levels'], accessLabel: refusals.accessLevelRead });
    expect(failing).toHaveBeenCalled();
    // A page the role grant opens does not guess: Discord's failure, said.
    const basic = await ava.json(settingsPath('basic'));
    expect(basic.status).toBe(502);
    expect(basic.body.error).toMatch(/^Discord request failed/);

    failing.mockRestore();
    expect(await listed()).toMatchObject({
      sections: ['basic', 'levels'],
      accessLabel: `${refusals.accessLevelRead}, ${refusals.accessLevelWrite}`,
    });
    expect((await ava.json(settingsPath('basic'))).status).toBe(200);
  });
});
