import { createHmac } from 'node:crypto';
import { isIP } from 'node:net';
import path from 'node:path';
import { validateEnvironment } from '@guildhall/generated/validators';
import { toFieldErrors } from '@guildhall/generated/field-errors';
import type { EnvironmentConfig } from '@guildhall/generated/types';
import { newSandboxSecret, SANDBOX_CLIENT_ID } from '../sandbox-mount.js';

/** Where Discord calls go: the real service, or the sandbox module mounted in this same app. */
export type DiscordMode = 'discord' | 'sandbox';

/**
 * Who takes premium payments: Razorpay (RAZORPAY_KEY_ID set), the payment sandbox mounted in this app (no key, outside
 * production or in the SANDBOX=on demo), or nobody (production without a key: buying premium is closed, 503).
 */
export type PaymentMode = 'razorpay' | 'sandbox' | 'off';

/**
 * The payment sandbox's key id. Its secrets are derived from the session secret at start-up (sandboxPaymentSecrets),
 * so a payment made before a restart still verifies after it, and every instance sharing a database agrees on them.
 */
export const SANDBOX_RAZORPAY_KEY_ID = 'rzp_test_guildhallsandbox';

/**
 * The payment sandbox's key secret and webhook secret: HMACs of the session secret (configured, or made once and kept
 * in the database) under labels of their own, so neither reveals the session secret or the other.
 */
export function sandboxPaymentSecrets(sessionSecret: string): { keySecret: string; webhookSecret: string } {
  const derive = (label: string) => createHmac('sha256', sessionSecret).update(label).digest('base64url');
  return { keySecret: derive('guildhall-payment-sandbox-key-secret'), webhookSecret: derive('guildhall-payment-sandbox-webhook-secret') };
}

export interface AppConfig {
  env: EnvironmentConfig;
  port: number;
  dataDir: string;
  databaseUrl?: string;
  /** The URL browsers use to reach this app (OAuth2 callback, sandbox authorize page). */
  publicUrl: string;
  /** The URL this process uses to call itself (the sandbox): loopback, whatever the public URL is. */
  internalUrl: string;
  discord: {
    mode: DiscordMode;
    clientId: string;
    clientSecret: string;
    botToken: string;
    /** REST base without the version, e.g. https://discord.com/api */
    apiBase: string;
    authorizeUrl: string;
    tokenUrl: string;
    revokeUrl: string;
  };
  payments: {
    mode: PaymentMode;
    keyId: string;
    /** Basic auth of the API calls and the callback signature's key. Never logged. */
    keySecret: string;
    /** Signs X-Razorpay-Signature. Never logged. */
    webhookSecret: string;
    /** API base without the version: https://api.razorpay.com, or the payment sandbox's. */
    apiBase: string;
  };
  sessionSecret?: string;
  /** The bot's credential for /api/bot/v1: BOT_API_TOKEN, or (unset) a random one made by this process. */
  botApiToken: string;
  /** The token was made here: printed once at start-up in the sandbox outside production, nowhere else. */
  botApiTokenGenerated: boolean;
  logLevel: string;
  rateLimit: { max: number; windowMs: number };
  guildCacheTtlMs: number;
  /** How long session and settings reads may be served from memory (another instance's writes show after this). */
  readCacheTtlMs: number;
  /** How often the change feed reads the history in any case (the safety net under its wake-ups). */
  changeFeedPollMs: number;
  sandboxGuildsRateLimit: { limit: number; windowMs: number };
  /** Per address, for sandbox requests without a valid token (tokens get Discord's global limit). */
  sandboxRateLimit: { max: number; windowMs: number };
  /** Which proxies are trusted (as Express' `trust proxy` read it): nothing (false), a number of hops, or the proxies' addresses, ranges and names. */
  trustProxy: false | number | string[];
  production: boolean;
  /** NODE_ENV=production with SANDBOX=on: a public demo where anyone may sign in as a demo user. */
  demoMode: boolean;
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/**
 * Reads the environment through the generated validator (schemas/config/environment.json),
 * so every variable's type, default and message live in the schema.
 */
export function loadConfig(source: NodeJS.ProcessEnv = process.env): AppConfig {
  // Empty strings mean "unset", as in most shells' `VAR= cmd`.
  const input: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(source)) if (value !== undefined && value !== '') input[key] = value;
  if (!validateEnvironment(input)) {
    const problems = toFieldErrors(validateEnvironment.errors ?? []).map((e) => {
      const name = e.path.replace(/^\//, '') || 'environment';
      return `${name}: ${e.message}`;
    });
    throw new ConfigError(problems);
  }
  const env = input as unknown as EnvironmentConfig;
  const trustProxy = parseTrustProxy(env.TRUST_PROXY);
  if (typeof trustProxy === 'string') throw new ConfigError([`TRUST_PROXY: ${trustProxy}`]);
  const port = Number(env.PORT);
  const publicUrl = (env.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/+$/, '');
  const internalUrl = `http://127.0.0.1:${port}`;
  const production = env.NODE_ENV === 'production';
  const sandbox = !env.DISCORD_CLIENT_ID;
  const sandboxProblem = sandboxConflict(env, sandbox, production);
  if (sandboxProblem) throw new ConfigError([sandboxProblem]);
  const paymentsProblem = razorpayIncomplete(env);
  if (paymentsProblem) throw new ConfigError([paymentsProblem]);
  const paymentMode: PaymentMode = env.RAZORPAY_KEY_ID ? 'razorpay' : !production || (sandbox && production) ? 'sandbox' : 'off';
  const apiBase = sandbox ? `${internalUrl}/sandbox/discord/api` : String(env.DISCORD_API_BASE).replace(/\/+$/, '');
  return {
    env,
    port,
    dataDir: path.resolve(String(env.DATA_DIR)),
    databaseUrl: env.DATABASE_URL,
    publicUrl,
    internalUrl,
    discord: {
      mode: sandbox ? 'sandbox' : 'discord',
      clientId: env.DISCORD_CLIENT_ID ?? SANDBOX_CLIENT_ID,
      // The sandbox's credentials are made anew by each process: only this app knows them.
      clientSecret: env.DISCORD_CLIENT_SECRET ?? newSandboxSecret(),
      botToken: env.DISCORD_BOT_TOKEN ?? newSandboxSecret(),
      apiBase,
      authorizeUrl: sandbox ? `${publicUrl}/sandbox/discord/oauth2/authorize` : String(env.DISCORD_AUTHORIZE_URL),
      tokenUrl: `${apiBase}/oauth2/token`,
      revokeUrl: `${apiBase}/oauth2/token/revoke`,
    },
    payments: {
      mode: paymentMode,
      keyId: env.RAZORPAY_KEY_ID ?? SANDBOX_RAZORPAY_KEY_ID,
      // Without Razorpay: random until start-up, where the sandbox's are derived from the session secret (app.ts).
      keySecret: env.RAZORPAY_KEY_SECRET ?? newSandboxSecret(),
      webhookSecret: env.RAZORPAY_WEBHOOK_SECRET ?? newSandboxSecret(),
      apiBase: paymentMode === 'razorpay' ? String(env.RAZORPAY_API_BASE).replace(/\/+$/, '') : `${internalUrl}/sandbox/razorpay`,
    },
    sessionSecret: env.SESSION_SECRET,
    botApiToken: env.BOT_API_TOKEN ?? newSandboxSecret(),
    botApiTokenGenerated: !env.BOT_API_TOKEN,
    logLevel: String(env.LOG_LEVEL),
    rateLimit: { max: Number(env.RATE_LIMIT_MAX), windowMs: Number(env.RATE_LIMIT_WINDOW_MS) },
    guildCacheTtlMs: Number(env.GUILD_CACHE_TTL_MS),
    readCacheTtlMs: Number(env.READ_CACHE_TTL_MS),
    changeFeedPollMs: Number(env.CHANGE_FEED_POLL_MS),
    sandboxGuildsRateLimit: { limit: Number(env.SANDBOX_GUILDS_RATE_LIMIT), windowMs: Number(env.SANDBOX_GUILDS_RATE_WINDOW_MS) },
    sandboxRateLimit: { max: Number(env.SANDBOX_RATE_LIMIT_MAX), windowMs: Number(env.RATE_LIMIT_WINDOW_MS) },
    trustProxy,
    production,
    demoMode: production && sandbox,
  };
}

/**
 * Without Discord credentials the app runs the sandbox, where anyone signs in as a demo user. That is the point on a
 * laptop, and a hole in production unless someone asked for a demo: there the sandbox needs SANDBOX=on.
 */
function sandboxConflict(env: EnvironmentConfig, sandbox: boolean, production: boolean): string | undefined {
  if (sandbox && env.SANDBOX === 'off')
    return 'SANDBOX is off but no Discord credentials are set: set DISCORD_CLIENT_ID, DISCORD_CLIENT_SECRET and DISCORD_BOT_TOKEN';
  if (!sandbox && env.SANDBOX === 'on')
    return 'SANDBOX is on but DISCORD_CLIENT_ID is set: unset one of them (the sandbox replaces Discord)';
  if (sandbox && production && env.SANDBOX !== 'on')
    return (
      'NODE_ENV is production but no Discord credentials are set: set DISCORD_CLIENT_ID, DISCORD_CLIENT_SECRET and ' +
      'DISCORD_BOT_TOKEN, or SANDBOX=on to run the demo sandbox (anyone can sign in as a demo user)'
    );
  return undefined;
}

/** Razorpay needs all three of its values: a key id alone would take payments nobody could confirm. */
function razorpayIncomplete(env: EnvironmentConfig): string | undefined {
  const missing = (['RAZORPAY_KEY_SECRET', 'RAZORPAY_WEBHOOK_SECRET'] as const).filter((name) => !env[name]);
  if (env.RAZORPAY_KEY_ID && missing.length)
    return `${missing.join(' and ')} ${missing.length > 1 ? 'are' : 'is'} required when RAZORPAY_KEY_ID is set`;
  if (!env.RAZORPAY_KEY_ID && (env.RAZORPAY_KEY_SECRET || env.RAZORPAY_WEBHOOK_SECRET))
    return 'RAZORPAY_KEY_SECRET or RAZORPAY_WEBHOOK_SECRET is set without RAZORPAY_KEY_ID: set the key id too, or unset them to use the payment sandbox';
  return undefined;
}

const PROXY_RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/**
 * TRUST_PROXY (its shape checked by the schema) as Express takes it, or what is wrong with it: the schema's pattern
 * cannot tell a real IPv4 or IPv6 address from digits and colons, and Express would only fail on the first request.
 */
function parseTrustProxy(value: string): AppConfig['trustProxy'] | string {
  if (value === 'false') return false;
  if (/^[0-9]+$/.test(value)) return Number(value);
  const entries = value.split(',').map((entry) => entry.trim());
  for (const entry of entries) {
    if (PROXY_RANGE_NAMES.has(entry)) continue;
    const [address = '', prefix, ...rest] = entry.split('/');
    const family = isIP(address);
    const prefixOk = prefix === undefined || (/^[0-9]{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128));
    if (!family || !prefixOk || rest.length > 0) {
      return `${entry} is not an IP address, a CIDR range, or one of loopback, linklocal, uniquelocal`;
    }
  }
  return entries;
}

export const APP_CONFIG = Symbol('APP_CONFIG');
