import { describe, expect, it } from 'vitest';
import { botInviteUrl } from '../src/invite.js';

const parse = (href: string) => {
  const url = new URL(href);
  return { page: url.origin + url.pathname, query: Object.fromEntries(url.searchParams) };
};

describe('the bot invite URL', () => {
  it("is Discord's bot authorization on the configured authorize page, asking for Administrator", () => {
    expect(parse(botInviteUrl({ authorizeUrl: 'https://discord.com/oauth2/authorize', clientId: '123' }))).toEqual({
      page: 'https://discord.com/oauth2/authorize',
      query: { client_id: '123', scope: 'bot applications.commands', permissions: '8' },
    });
  });

  it("stays on the sandbox's authorize page when that is the one configured", () => {
    const href = botInviteUrl({ authorizeUrl: 'http://localhost:3000/sandbox/discord/oauth2/authorize', clientId: '42' });
    expect(parse(href).page).toBe('http://localhost:3000/sandbox/discord/oauth2/authorize');
  });

  it('for one server, preselects it and hides the server picker', () => {
    expect(parse(botInviteUrl({ authorizeUrl: 'https://discord.com/oauth2/authorize', clientId: '123', guildId: '999' })).query).toEqual({
      client_id: '123',
      scope: 'bot applications.commands',
      permissions: '8',
      guild_id: '999',
      disable_guild_select: 'true',
    });
  });
});
