import 'reflect-metadata';
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:net';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import fastifyCookie from '@fastify/cookie';
import type { FastifyReply, FastifyRequest } from 'fastify';
import helmet from 'helmet';
import type { Logger } from 'pino';
import { scheduleSessionPruning } from './auth/session-pruning.js';
import { Sessions } from './auth/session.js';
import { botCredentialCheck, hasBotCredential, isBotApiPath } from './bot-api/bot-credential.js';
import { ChangeSignal, withChangeSignal } from './bot-api/change-signal.js';
import { type AppConfig, loadConfig, sandboxPaymentSecrets } from './config/config.js';
import { API_BODY_FAILURES, apiBodyLimit, registerBodyParsers } from './http/body-parser.js';
import { PRIVATE_BY_DEFAULT } from './http/cache-control.js';
import { registerAnswerCompression } from './http/compression.js';
import { csrfProtection } from './http/csrf.js';
import { FRONTEND_DIST, frontendAvailable, serveFrontend } from './http/frontend.js';
import { registerIdempotency, scheduleIdempotencyPruning } from './http/idempotency.js';
import { declareRequestState, type HttpRequest, pathOf } from './http/http-types.js';
import { RateLimiter } from './http/rate-limit.js';
import { createLogger, PinoNestLogger } from './logging/logger.js';
import { AppModule } from './app.module.js';
import { mountSandboxes } from './sandbox-mount.js';
import { createStorage } from './storage/create-storage.js';
import { withReadCache } from './storage/read-cache.js';
import { SettingsService } from './settings/settings.service.js';
import { registerSettingsRead } from './settings/settings-read.route.js';
import { GuildAccessService } from './guild/guild-access.service.js';
import { OrdersService } from './payments/orders.service.js';
import type { Clock } from './payments/payment-provider.js';
import { type PremiumExpiry, schedulePremiumExpiry } from './payments/premium-expiry.js';
import { PremiumService } from './payments/premium.service.js';
import { scheduleScheduleRunner, type ScheduleRunner } from './schedules/schedule-runner.js';
import { SchedulesService } from './schedules/schedules.service.js';
import { scheduleTranscriptRetention, type TranscriptRetention } from './transcripts/retention.js';
import { transcriptConfig } from './transcripts/transcript-config.js';
import type { StoragePort } from './storage/storage.port.js';

export interface RunningApp {
  app: NestFastifyApplication;
  config: AppConfig;
  storage: StoragePort;
  logger: Logger;
  /** Every route Nest registered: method (lower case) and path pattern, e.g. get /api/guild/:guildId. */
  routes: { method: string; path: string }[];
  /** Where this instance listens, e.g. http://127.0.0.1:3000 */
  url: string;
  /** The transcript retention job (runs at start-up and hourly); `run()` prunes now. */
  transcriptRetention: TranscriptRetention;
  /** Records lapsed plans, reconciles orders whose webhook never came (start-up, then every minute); `run()` runs it now. */
  premiumExpiry: PremiumExpiry;
  /** Posts scheduled messages' due runs (start-up, then every 15 seconds, by the injected clock); `run()` ticks now. */
  scheduler: ScheduleRunner;
  close(): Promise<void>;
}

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
  /**
   * The Discord sandbox's "now", in epoch ms (its codes, tokens and rate-limit windows; sandbox-options.ts). Apart from
   * `clock`: a test that moves plan dates weeks ahead must not see its sign-in's Discord token expire. Default Date.now.
   */
  discordSandboxNow?: () => number;
  /** The built web app to serve (default frontend/dist): a test serves a build of its own. */
  frontendDist?: string;
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
    return await startOn(config, logger, storage, changeSignal, options);
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
  { clock = () => new Date(), discordSandboxNow, frontendDist = FRONTEND_DIST }: AppOptions,
): Promise<RunningApp> {
  const secret = await sessionSecret(config, storage);
  // Like the session secret, the payment sandbox's secrets outlive a restart: a buyer's callback still verifies after one.
  if (config.payments.mode === 'sandbox') Object.assign(config.payments, sandboxPaymentSecrets(secret));
  const sessions = new Sessions(storage.sessions, secret);
  // The sandboxes the configuration asks for (none with Discord and Razorpay configured), loaded by name.
  const sandboxes = await mountSandboxes({ config, sessionSecret: secret, discordSandboxNow, records: storage.records });
  const adapter = new FastifyAdapter({
    // A hop count trusts that many hops whoever they are, as Express read it (and as the README says: only the proxy may
    // reach the app then); Fastify would ignore a bare number for the protocol, so it gets Express' rule as a function.
    trustProxy: typeof config.trustProxy === 'number' ? hopsTrusted(config.trustProxy) : config.trustProxy,
    // Routes match as Express matched them: without regard to case, with or without a trailing slash, and with
    // parameters of any length (webhook tokens, OAuth2 codes).
    routerOptions: { caseSensitive: false, ignoreTrailingSlash: true, maxParamLength: 4096 },
    // Each body reader enforces its own limit (http/body-parser.ts); this is only Fastify's outer bound.
    bodyLimit: 256 * 1024 * 1024,
    // No Nest middleware: what ran as Express middleware is the front door's hook below, so Fastify's middleware
    // engine (middie), which would run on every request, is never registered. A module that adds Nest middleware
    // fails at start-up.
    skipMiddie: true,
  });
  const app = await NestFactory.create<NestFastifyApplication>(
    AppModule.forRoot({ config, logger, storage, sessionSecret: secret, clock, changeSignal, sessions, sandboxes }),
    adapter,
    {
      logger: new PinoNestLogger(logger.child({ component: 'nest' })),
      bufferLogs: true,
      // Our own parsers read every body (below): they refuse what PostgreSQL or the stack cannot take before any route runs.
      bodyParser: false,
    },
  );
  const fastify = app.getHttpAdapter().getInstance();
  const routes: RunningApp['routes'] = [];
  fastify.addHook('onRoute', (route) => {
    // HEAD routes are the ones Fastify adds for each GET, not routes of ours.
    if (route.method === 'HEAD') return;
    for (const method of [route.method].flat()) routes.push({ method: method.toLowerCase(), path: route.url });
  });
  await fastify.register(fastifyCookie);
  await registerAnswerCompression(fastify);
  declareRequestState(fastify);
  const sandboxDoors = sandboxes.flatMap((sandbox) => sandbox.frontDoor?.(app) ?? []);
  const uploads = sandboxDoors.find((door) => door.uploads)?.uploads;
  registerBodyParsers(fastify, {
    limit: apiBodyLimit,
    failures: API_BODY_FAILURES,
    checkProblems: true,
    multipart: (request) => uploads?.mayRead(request) ?? false,
    multipartFailures: uploads?.failures,
  });

  // Every dynamic route is limited, first thing, so that a refusal costs next to nothing; the web app's static files
  // are not (read from disk, cacheable, no work per request). The API's limit follows the session (it counts users).
  // Health checks have a budget of their own: a client that spent its API budget can still be health-checked.
  const healthLimiter = new RateLimiter(config.rateLimit.max, config.rateLimit.windowMs);
  const limiter = new RateLimiter(config.rateLimit.max, config.rateLimit.windowMs);
  const securityHeaders = helmetHeaders(config);
  const botCredential = botCredentialCheck(config.botApiToken);
  const csrf = csrfProtection(secret);
  const frontend = frontendAvailable(frontendDist) ? await serveFrontend(fastify, frontendDist) : undefined;
  if (!frontend) logger.warn('frontend/dist not found: the API runs without the web app (run npm run build)');

  /**
   * The front door: one hook, before any route or body is read, in the order the checks must run. Each step that
   * answers ends the request there. Paths match without regard to case, as the routes do.
   */
  fastify.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
    const req = request as HttpRequest;
    const path = pathOf(req);
    const lower = path.toLowerCase();
    if (under(lower, '/healthz') || under(lower, '/readyz')) {
      if (healthLimiter.refused(req, reply)) return reply;
    } else if (sandboxDoors.length > 0 && under(lower, '/sandbox')) {
      for (const door of sandboxDoors) if (door.refused(req, reply)) return reply;
    }
    // A route that writes its own answer sets these itself, and its onSend sets them on its other answers.
    const dressed = request.routeOptions.config.writesOwnAnswer !== true;
    if (dressed) reply.headers(securityHeaders);
    if (under(lower, '/api')) {
      if (dressed) reply.header('Cache-Control', PRIVATE_BY_DEFAULT);
      await sessions.read(req);
      // The bot's own calls (a bot, or this process's sandbox simulations, all from one address) spend no visitor's
      // per-address budget: the credential is the operator's secret. A wrong one is counted, so guessing is limited.
      const botCall = isBotApiPath(lower) && hasBotCredential(req, config.botApiToken);
      if (!botCall && limiter.refused(req, reply)) return reply;
      if (botCredential(req, reply, lower)) return reply;
      if (csrf(req, reply)) return reply;
    }
    if (frontend) return frontend(req, reply);
    return undefined;
  });
  // Idempotency-Key on the keyed POSTs: after the front door and the body, before the route (http/idempotency.ts).
  registerIdempotency(fastify, storage, clock, logger);
  if (logger.isLevelEnabled('debug')) fastify.addHook('onResponse', requestLog(logger));
  registerSettingsRead(fastify, app.get(GuildAccessService), app.get(SettingsService), {
    headers: { ...securityHeaders, 'cache-control': PRIVATE_BY_DEFAULT },
    writeDirectly: !logger.isLevelEnabled('debug'),
  });

  try {
    // No host: dual-stack, so both localhost (::1) and 127.0.0.1 reach it.
    await app.listen(config.port, '::');
  } catch (err) {
    for (const l of [limiter, healthLimiter, ...sandboxDoors]) l.close();
    await app.close().catch(() => undefined);
    throw err;
  }
  for (const sandbox of sandboxes)
    await sandbox
      .listening?.(app)
      .catch((err: unknown) => logger.warn({ err: err instanceof Error ? err.message : String(err) }, 'sandbox start failed'));
  const url = config.internalUrl;
  logger.info({ port: config.port, publicUrl: config.publicUrl, discord: config.discord.mode, storage: storage.kind }, startupLine(config));
  const pruning = scheduleSessionPruning(storage.sessions, logger);
  const keyPruning = scheduleIdempotencyPruning(storage, clock, logger);
  const settings = app.get(SettingsService);
  const retention = scheduleTranscriptRetention(
    storage,
    async (guildId) => (await transcriptConfig(settings, guildId)).retentionDays,
    logger,
  );
  const premiumExpiry = schedulePremiumExpiry(storage, app.get(PremiumService), app.get(OrdersService), clock, logger);
  const scheduler = scheduleScheduleRunner(app.get(SchedulesService), logger);
  announceBotApiToken(config, logger);

  let closed = false;
  return {
    app,
    routes,
    config,
    storage,
    logger,
    url,
    transcriptRetention: retention,
    premiumExpiry,
    scheduler,
    async close() {
      if (closed) return;
      closed = true;
      for (const l of [limiter, healthLimiter, ...sandboxDoors]) l.close();
      await pruning.stop();
      await keyPruning.stop();
      await retention.stop();
      await premiumExpiry.stop();
      await scheduler.stop();
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
  return async (req: FastifyRequest, reply: FastifyReply) => {
    const ms = reply.elapsedTime;
    logger.debug(
      { method: req.method, path: pathOf(req), status: reply.statusCode, ms: Math.round(ms * 10) / 10, userId: req.user?.id },
      'request',
    );
  };
}

/** Express' trust rule for a hop count: the first `hops` addresses of the chain are proxies. */
const hopsTrusted = (hops: number) => (_address: string, hop: number) => hop < hops;

/** Whether `path` (lower case) is `prefix` or below it. */
const under = (path: string, prefix: string) => path.startsWith(prefix) && (path.length === prefix.length || path[prefix.length] === '/');

/**
 * Helmet's headers, worked out once: they depend on configuration only, so running helmet on every request (as its
 * middleware does) would redo the same work each time. A route may still set its own (a sandbox page's CSP).
 */
function helmetHeaders(config: AppConfig): Record<string, string> {
  const headers: Record<string, string> = {};
  const res = {
    setHeader: (name: string, value: string) => void (headers[name] = String(value)),
    removeHeader: () => undefined,
  };
  helmet({
    contentSecurityPolicy: {
      directives: {
        // Embed previews show the images server admins configure, which may live on any https host.
        'img-src': ["'self'", 'data:', 'https:'],
        // Upgrading requests only makes sense where the app itself is served over https.
        'upgrade-insecure-requests': config.publicUrl.startsWith('https:') ? [] : null,
      },
    },
  })({} as never, res as never, () => undefined);
  return headers;
}

export { loadConfig };
