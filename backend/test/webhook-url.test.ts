// The webhook URLs the embed sender and transcripts accept (embeds/webhook-url.ts), as a function: Discord's hosts and
// the sandbox's base exactly, and no look-alike. Over HTTP, embeds.test.ts and ticket-sections.test.ts send a few; this
// walks every character of the pattern that a one-character slip (an unescaped dot, a lost anchor) would open.
import { describe, expect, it } from 'vitest';
import { parseWebhookUrl } from '../src/embeds/webhook-url.js';

const ID = '1100000000000000999';
const TOKEN = 'abc_DEF-123';
const SANDBOX = 'http://127.0.0.1:3000/sandbox/discord/api';

describe('parseWebhookUrl', () => {
  it.each([
    `https://discord.com/api/webhooks/${ID}/${TOKEN}`,
    `https://discordapp.com/api/webhooks/${ID}/${TOKEN}`,
    `https://ptb.discord.com/api/webhooks/${ID}/${TOKEN}`,
    `https://canary.discordapp.com/api/v10/webhooks/${ID}/${TOKEN}/`,
    ` https://discord.com/api/v9/webhooks/${ID}/${TOKEN} `,
  ])('reads %s', (url) => {
    expect(parseWebhookUrl(url)).toEqual({ id: ID, token: TOKEN });
  });

  it.each([
    // A character in place of each dot of the host.
    `https://discord-com/api/webhooks/${ID}/${TOKEN}`,
    `https://discordxcom/api/webhooks/${ID}/${TOKEN}`,
    `https://discordapp-com/api/webhooks/${ID}/${TOKEN}`,
    `https://ptb-discord.com/api/webhooks/${ID}/${TOKEN}`,
    `https://canaryxdiscordapp.com/api/webhooks/${ID}/${TOKEN}`,
    // Hosts that start or end like Discord's.
    `https://discord.com.evil.example/api/webhooks/${ID}/${TOKEN}`,
    `https://evil-discord.com/api/webhooks/${ID}/${TOKEN}`,
    `https://xdiscord.com/api/webhooks/${ID}/${TOKEN}`,
    `https://discord.co/api/webhooks/${ID}/${TOKEN}`,
    `https://discord.com@evil.example/api/webhooks/${ID}/${TOKEN}`,
    `https://discord.com:8443/api/webhooks/${ID}/${TOKEN}`,
    `https://beta.discord.com/api/webhooks/${ID}/${TOKEN}`,
    // The scheme, the path, the version, the id, the token, the ends.
    `http://discord.com/api/webhooks/${ID}/${TOKEN}`,
    `https://discord.com/apix/webhooks/${ID}/${TOKEN}`,
    `https://discord.com/api/v100/webhooks/${ID}/${TOKEN}`,
    `https://discord.com/api/webhooks/${ID.slice(0, 16)}/${TOKEN}`,
    `https://discord.com/api/webhooks/${ID}/${'a'.repeat(101)}`,
    `https://discord.com/api/webhooks/${ID}/${TOKEN}?wait=true`,
    `https://discord.com/api/webhooks/${ID}/${TOKEN}#x`,
    `xhttps://discord.com/api/webhooks/${ID}/${TOKEN}`,
    `https://discord.com/api/webhooks/${ID}/${TOKEN}\nhttps://evil.example`,
  ])('refuses %s', (url) => {
    expect(parseWebhookUrl(url)).toBeNull();
  });

  it("reads the sandbox's base only when it is configured, and no look-alike of it", () => {
    const url = `${SANDBOX}/webhooks/${ID}/${TOKEN}`;
    expect(parseWebhookUrl(url)).toBeNull();
    expect(parseWebhookUrl(url, [SANDBOX])).toEqual({ id: ID, token: TOKEN });
    expect(parseWebhookUrl(`${SANDBOX}/v10/webhooks/${ID}/${TOKEN}`, [SANDBOX])).toEqual({ id: ID, token: TOKEN });
    for (const lookAlike of [
      `http://127x0.0.1:3000/sandbox/discord/api/webhooks/${ID}/${TOKEN}`,
      `http://127.0.0.1:30001/sandbox/discord/api/webhooks/${ID}/${TOKEN}`,
      `http://evil.example/?http://127.0.0.1:3000/sandbox/discord/api/webhooks/${ID}/${TOKEN}`,
      `${SANDBOX}x/webhooks/${ID}/${TOKEN}`,
    ])
      expect(parseWebhookUrl(lookAlike, [SANDBOX]), lookAlike).toBeNull();
  });
});
