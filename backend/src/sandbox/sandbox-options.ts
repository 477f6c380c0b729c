import type { RateLimitPolicy } from './rate-limit.js';
import { SANDBOX_CLIENT_ID, SANDBOX_DEFAULT_BOT_TOKEN, SANDBOX_DEFAULT_CLIENT_SECRET } from './seed.js';

export const DISCORD_SANDBOX_OPTIONS = Symbol('DISCORD_SANDBOX_OPTIONS');
export const SANDBOX_ROUTE_PREFIX = 'sandbox/discord';

export interface DiscordSandboxOptions {
  /** Accepted as `Authorization: Bot <botToken>`. Default `sandbox-bot-token`. */
  botToken?: string;
  /** OAuth2 client id, also the bot user's id. Default 1100000000000000001. */
  clientId?: string;
  /** Default `sandbox-client-secret`. */
  clientSecret?: string;
  /** Per token, for GET users/@me/guilds (the route Discord limits hardest). Default 5 per 5000 ms. */
  guildsRateLimit?: RateLimitPolicy;
  /** Where the sandbox is reached, e.g. http://localhost:3000/sandbox/discord; default: the host of each request. */
  publicUrl?: string;
  /**
   * The application's registered redirect URIs, as on Discord's developer portal. When set, authorize refuses
   * others (no open redirect through the sandbox); when unset, any http(s) URL is accepted.
   */
  redirectUris?: string[];
  /** Posted messages kept per channel; older ones are forgotten (seeded ones never). Default 500. */
  maxMessagesPerChannel?: number;
  /** Bytes of uploaded files kept in all; past it the oldest messages with files are forgotten. Default 256 MiB. */
  maxAttachmentBytes?: number;
}

export interface ResolvedSandboxOptions {
  botToken: string;
  clientId: string;
  clientSecret: string;
  guildsRateLimit: RateLimitPolicy;
  publicUrl: string | undefined;
  redirectUris: readonly string[] | undefined;
  maxMessagesPerChannel: number;
  maxAttachmentBytes: number;
}

export function resolveSandboxOptions(options: DiscordSandboxOptions | undefined): ResolvedSandboxOptions {
  return {
    botToken: options?.botToken ?? SANDBOX_DEFAULT_BOT_TOKEN,
    clientId: options?.clientId ?? SANDBOX_CLIENT_ID,
    clientSecret: options?.clientSecret ?? SANDBOX_DEFAULT_CLIENT_SECRET,
    guildsRateLimit: { ...(options?.guildsRateLimit ?? { limit: 5, windowMs: 5000 }) },
    publicUrl: options?.publicUrl?.replace(/\/+$/, ''),
    redirectUris: options?.redirectUris ? [...options.redirectUris] : undefined,
    maxMessagesPerChannel: options?.maxMessagesPerChannel ?? 500,
    maxAttachmentBytes: options?.maxAttachmentBytes ?? 256 * 1024 * 1024,
  };
}
