import { SNOWFLAKE_DIGITS } from '@guildhall/common/discord/ids';

/** A Discord webhook as its URL names it; the URL itself is never fetched (the request goes to the configured API base). */
export interface WebhookTarget {
  id: string;
  token: string;
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Discord's webhook URL as "Copy Webhook URL" writes it, on every host Discord uses for it. */
const DISCORD_WEBHOOK = new RegExp(
  String.raw`^https://(?:(?:ptb|canary)\.)?discord(?:app)?\.com/api(?:/v\d{1,2})?/webhooks/(${SNOWFLAKE_DIGITS})/([A-Za-z0-9_-]{1,100})/?$`,
);

/**
 * Reads a webhook URL the user pasted: Discord's own (discord.com, discordapp.com, ptb. and canary., an optional
 * API version), plus, in sandbox mode, the sandbox's (`sandboxApiBases`, e.g. http://localhost:3000/sandbox/discord/api).
 * The patterns are anchored and name the host exactly, so credentials, a port, another host that merely starts like
 * Discord's, a query or a fragment all fail: null.
 */
export function parseWebhookUrl(text: string, sandboxApiBases: readonly string[] = []): WebhookTarget | null {
  const url = text.trim();
  const patterns = [
    DISCORD_WEBHOOK,
    ...sandboxApiBases.map(
      (base) => new RegExp(`^${escape(base)}(?:/v\\d{1,2})?/webhooks/(${SNOWFLAKE_DIGITS})/([A-Za-z0-9_-]{1,100})/?$`),
    ),
  ];
  for (const pattern of patterns) {
    const match = pattern.exec(url);
    if (match) return { id: match[1]!, token: match[2]! };
  }
  return null;
}
