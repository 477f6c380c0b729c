import { newSandboxSecret } from '@guildhall/backend/sandbox-mount';
import type { RateLimitPolicy } from './rate-limit.js';
import { SANDBOX_CLIENT_ID } from './seed.js';

export const DISCORD_SANDBOX_OPTIONS = Symbol('DISCORD_SANDBOX_OPTIONS');
export const SANDBOX_ROUTE_PREFIX = 'sandbox/discord';

export interface DiscordSandboxOptions {
  /**
   * Accepted as `Authorization: Bot <botToken>`. Default: a random secret made for this instance (read it from
   * `options.botToken`): a well-known default would let anyone post as the bot of a sandbox reachable on a network.
   */
  botToken?: string;
  /** OAuth2 client id, also the bot user's id. Default 1100000000000000001. */
  clientId?: string;
  /** Default: a random secret made for this instance, like the bot token. */
  clientSecret?: string;
  /**
   * Signs the OAuth2 tokens it issues (they are not stored). Give one that outlives the process so sign-ins survive a
   * restart, as they do against Discord; default: derived from the client id and secret.
   */
  tokenSecret?: string;
  /**
   * The sandbox's clock, in epoch milliseconds: authorization codes and tokens expire by it, and rate-limit windows
   * start and end by it. Default Date.now.
   */
  now?: () => number;
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
  /**
   * The host app's bot API, where 'Simulate ticket' uploads the transcript as the bot would: the app's own base URL
   * and the bot credential it accepts. Unset (the sandbox alone), the viewer cannot simulate tickets.
   */
  botApi?: SandboxBotApi;
}

export interface SandboxBotApi {
  /** e.g. http://127.0.0.1:3000 (the app calls itself: loopback, whatever its public URL is). */
  baseUrl: string;
  token: string;
}

export interface ResolvedSandboxOptions {
  botToken: string;
  clientId: string;
  clientSecret: string;
  tokenSecret: string | undefined;
  now: () => number;
  guildsRateLimit: RateLimitPolicy;
  publicUrl: string | undefined;
  redirectUris: readonly string[] | undefined;
  maxMessagesPerChannel: number;
  maxAttachmentBytes: number;
  botApi: SandboxBotApi | undefined;
}

export function resolveSandboxOptions(options: DiscordSandboxOptions | undefined): ResolvedSandboxOptions {
  return {
    botToken: options?.botToken ?? newSandboxSecret(),
    clientId: options?.clientId ?? SANDBOX_CLIENT_ID,
    clientSecret: options?.clientSecret ?? newSandboxSecret(),
    tokenSecret: options?.tokenSecret,
    now: options?.now ?? (() => Date.now()),
    guildsRateLimit: { ...(options?.guildsRateLimit ?? { limit: 5, windowMs: 5000 }) },
    publicUrl: options?.publicUrl?.replace(/\/+$/, ''),
    redirectUris: options?.redirectUris ? [...options.redirectUris] : undefined,
    maxMessagesPerChannel: options?.maxMessagesPerChannel ?? 500,
    maxAttachmentBytes: options?.maxAttachmentBytes ?? 256 * 1024 * 1024,
    botApi: options?.botApi ? { baseUrl: options.botApi.baseUrl.replace(/\/+$/, ''), token: options.botApi.token } : undefined,
  };
}

// A sandbox credential: random, so knowing the code base is not knowing the sandbox's bot token.
export { newSandboxSecret };
