import 'reflect-metadata';
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:net';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import cookieParser from 'cookie-parser';
import type { NextFunction, Request, Response } from 'express';
import session from 'express-session';
import helmet from 'helmet';
import type { Authenticator } from 'passport';
import type { Logger } from 'pino';
import { SESSION_COOKIE } from './auth/auth.controller.js';
import { PASSPORT } from './auth/auth.tokens.js';
import { scheduleSessionPruning } from './auth/session-pruning.js';
import { DatabaseSessionStore } from './auth/session-store.js';
import { botCredentialCheck } from './bot-api/bot-credential.js';
import { ChangeSignal, withChangeSignal } from './bot-api/change-signal.js';
import { type AppConfig, loadConfig } from './config/config.js';
import { bodyParser } from './http/body-parser.js';
import { privateByDefault } from './http/cache-control.js';
import { csrfProtection } from './http/csrf.js';
import { frontendAvailable, serveFrontend } from './http/frontend.js';
import { RateLimiter } from './http/rate-limit.js';
import { createLogger, PinoNestLogger } from './logging/logger.js';
import { AppModule } from './app.module.js';
import { SandboxClientLimits } from './sandbox/client-limit.js';
import { DiscordSandboxService } from './sandbox/sandbox.service.js';
import { createStorage } from './storage/create-storage.js';
import { withReadCache } from './storage/read-cache.js';
import { SettingsService } from './settings/settings.service.js';
import { OrdersService } from './payments/orders.service.js';
import type { Clock } from './payments/payment-provider.js';
import { type PremiumExpiry, schedulePremiumExpiry } from './payments/premium-expiry.js';
import { PremiumService } from './payments/premium.service.js';
import { scheduleTranscriptRetention, type TranscriptRetention } from './transcripts/retention.js';
import { transcriptConfig } from './transcripts/transcript-config.js';
import type { StoragePort } from './storage/storage.port.js';

export interface RunningApp {
  app: NestExpressApplication;
  config: AppConfig;
  storage: StoragePort;
  logger: Logger;
  /** Where this instance listens, e.g. http://127.0.0.1:3000 */
  url: string;
  /** The transcript retention job (runs at start-up and hourly); `run()` prunes now. */
  transcriptRetention: TranscriptRetention;
  /** Records lapsed plans, reconciles orders whose webhook never came (start-up, then every minute); `run()` runs it now. */
  premiumExpiry: PremiumExpiry;
  close(): Promise<void>;
}

const SESSION_TTL_MS = 7 * 24 * 60 * 60 * 1000;

/** PORT=0 asks for any free port; it is chosen up front because OAuth2 callback URLs name it. */
async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });
}

/** The session secret: configured, or made once and kept in the database so sessions survive restarts. */
async function sessionSecret(config: AppConfig, storage: StoragePort): Promise<string> {
  if (config.sessionSecret) return config.sessionSecret;
  const existing = await storage.records.get<{ value: string }>('system', 'session-secret');
  if (existing) return existing.data.value;
  try {
    const created = await storage.records.insert('system', {
      id: 'session-secret',
      guildId: null,
      data: { value: randomBytes(48).toString('base64url') },
    });
    return created.data.value;
  } catch {
    // Another instance made it first.
    const again = await storage.records.get<{ value: string }>('system', 'session-secret');
    if (!again) throw new Error('Could not create the session secret.');
    return again.data.value;
  }
}

/** What a test may replace: "now", for plan end dates and the expiry job. */
export interface AppOptions {
  clock?: Clock;
}

export async function createApp(env: NodeJS.ProcessEnv = process.env, options: AppOptions = {}): Promise<RunningApp> {
  const resolvedEnv = { ...env };
  if (resolvedEnv.PORT === '0') resolvedEnv.PORT = String(await freePort());
  const config = loadConfig(resolvedEnv);
  const logger = createLogger(config.logLevel);
  // Writes that record a history entry wake this instance's change feed once committed (bot-api/change-signal.ts).
  const changeSignal = new ChangeSignal();
  const storage = withChangeSignal(
    withReadCache(
      createStorage({
        dataDir: config.dataDir,
        databaseUrl: config.databaseUrl,
        onIdleError: (err: Error) => logger.warn({ err: err.message }, 'idle database connection failed'),
      }),
      { ttlMs: config.readCacheTtlMs },
    ),
    changeSignal,
  );
  await storage.init();
  try {
    return await startOn(config, logger, storage, changeSignal, options.clock ?? (() => new Date()));
  } catch (err) {
    // A failed start (a busy port, say) still lets the database go, and with it the data directory's lock.
    await storage.close().catch(() => undefined);
    throw err;
  }
}

async function startOn(
  config: AppConfig,
  logger: Logger,
  storage: StoragePort,
  changeSignal: ChangeSignal,
  clock: Clock,
): Promise<RunningApp> {
  const secret = await sessionSecret(config, storage);
  const app = await NestFactory.create<NestExpressApplication>(
    AppModule.forRoot({ config, logger, storage, sessionSecret: secret, clock, changeSignal }),
    {
      logger: new PinoNestLogger(logger.child({ component: 'nest' })),
      bufferLogs: true,
      // Our own parser reads every body (below): it refuses what PostgreSQL or the stack cannot take before any route runs.
      bodyParser: false,
    },
  );
  app.set('trust proxy', config.trustProxy);
  app.disable('x-powered-by');
  // Settings carry their own version; hashing every JSON answer for an ETag is work nobody reads.
  app.set('etag', false);

  // Every dynamic route is limited, first thing, so that a refusal costs next to nothing; the web app's static files
  // are not (read from disk, cacheable, no work per request). The API's limit follows the session (it counts users).
  // Health checks have a budget of their own: a client that spent its API budget can still be health-checked.
  const healthLimiter = new RateLimiter(config.rateLimit.max, config.rateLimit.windowMs);
  app.use(['/healthz', '/readyz'], healthLimiter.middleware());
  const sandboxLimits =
    config.discord.mode === 'sandbox' ? new SandboxClientLimits(config.sandboxRateLimit, app.get(DiscordSandboxService)) : undefined;
  if (sandboxLimits) app.use('/sandbox', sandboxLimits.middleware());

  app.use(
    helmet({
      contentSecurityPolicy: {
        directives: {
          // Embed previews show the images server admins configure, which may live on any https host.
          'img-src': ["'self'", 'data:', 'https:'],
          // Upgrading requests only makes sense where the app itself is served over https.
          'upgrade-insecure-requests': config.publicUrl.startsWith('https:') ? [] : null,
        },
      },
    }),
  );
  app.use(requestLog(logger));

  const passport = app.get<Authenticator>(PASSPORT);
  const limiter = new RateLimiter(config.rateLimit.max, config.rateLimit.windowMs);
  const secure = (req: Request) => req.secure;
  app.use(
    '/api',
    privateByDefault(),
    cookieParser(),
    session({
      name: SESSION_COOKIE,
      secret,
      store: new DatabaseSessionStore(storage.sessions, SESSION_TTL_MS),
      resave: false,
      saveUninitialized: false,
      cookie: { httpOnly: true, sameSite: 'lax', secure: 'auto', maxAge: SESSION_TTL_MS, path: '/' },
    }),
    passport.initialize(),
    passport.session(),
    limiter.middleware(),
    botCredentialCheck(config.botApiToken),
    csrfProtection(secret, secure),
  );
  // Where Nest's parser was (after the /api middleware: a request refused for its CSRF token is never read), for
  // every path, the Discord sandbox's included.
  app.use(bodyParser());

  if (frontendAvailable()) app.use(...serveFrontend());
  else logger.warn('frontend/dist not found: the API runs without the web app (run npm run build)');

  try {
    // No host: dual-stack, so both localhost (::1) and 127.0.0.1 reach it.
    await app.listen(config.port);
  } catch (err) {
    for (const l of [limiter, healthLimiter, sandboxLimits]) l?.close();
    await app.close().catch(() => undefined);
    throw err;
  }
  const url = config.internalUrl;
  logger.info({ port: config.port, publicUrl: config.publicUrl, discord: config.discord.mode, storage: storage.kind }, startupLine(config));
  const pruning = scheduleSessionPruning(storage.sessions, logger);
  const settings = app.get(SettingsService);
  const retention = scheduleTranscriptRetention(
    storage,
    async (guildId) => (await transcriptConfig(settings, guildId)).retentionDays,
    logger,
  );
  const premiumExpiry = schedulePremiumExpiry(storage, app.get(PremiumService), app.get(OrdersService), clock, logger);
  announceBotApiToken(config, logger);

  let closed = false;
  return {
    app,
    config,
    storage,
    logger,
    url,
    transcriptRetention: retention,
    premiumExpiry,
    async close() {
      if (closed) return;
      closed = true;
      for (const l of [limiter, healthLimiter, sandboxLimits]) l?.close();
      await pruning.stop();
      await retention.stop();
      await premiumExpiry.stop();
      await app.close();
      await storage.close();
    },
  };
}

/** The start-up log line: which Discord this instance talks to, and whether anyone may sign in as a demo user. */
export function startupLine(config: AppConfig): string {
  if (config.discord.mode === 'discord') return 'Guildhall is up with Discord';
  if (config.demoMode)
    return 'Guildhall is up with the Discord sandbox in production demo mode (SANDBOX=on): anyone can sign in as a demo user';
  return 'Guildhall is up with the Discord sandbox (no DISCORD_CLIENT_ID set)';
}

/**
 * A bot API token this process made is printed once, labelled, so a developer can call the bot API against the
 * sandbox; only in the sandbox outside production. A configured token (BOT_API_TOKEN) is never logged, and neither is
 * a made one in production, where the bot API then stays shut until BOT_API_TOKEN is set.
 */
export function announceBotApiToken(config: AppConfig, logger: Logger): void {
  if (!config.botApiTokenGenerated) return;
  if (config.discord.mode === 'sandbox' && !config.production) {
    logger.info(
      { botApiToken: config.botApiToken },
      'Sandbox bot API token for this process (send Authorization: Bot <botApiToken> to /api/bot/v1; set BOT_API_TOKEN to fix one)',
    );
  } else {
    logger.warn('BOT_API_TOKEN is not set: the bot API (/api/bot/v1) refuses every request');
  }
}

/** One line per request: no headers, no bodies, no query strings (they may carry codes or tokens). */
function requestLog(logger: Logger) {
  return (req: Request, res: Response, next: NextFunction) => {
    if (!logger.isLevelEnabled('debug')) return next();
    const start = process.hrtime.bigint();
    res.on('finish', () => {
      const ms = Number(process.hrtime.bigint() - start) / 1e6;
      const userId = (req.user as { id?: string } | undefined)?.id;
      logger.debug({ method: req.method, path: req.path, status: res.statusCode, ms: Math.round(ms * 10) / 10, userId }, 'request');
    });
    next();
  };
}

export { loadConfig };
