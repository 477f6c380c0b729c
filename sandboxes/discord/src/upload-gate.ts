import { HttpException } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import type { BodyFailures } from '@guildhall/backend/http/body-parser';
import { type HttpReply, type HttpRequest, pathOf } from '@guildhall/backend/http/http-types';
import { DiscordApiError, DiscordErrors } from './discord-errors.js';
import { DISCORD_BODY_FAILURES } from './http-helpers.js';
import { SANDBOX_ROUTE_PREFIX } from './sandbox-options.js';
import type { DiscordSandboxService } from './sandbox.service.js';
import { isSnowflake } from './snowflake.js';
import { sameSecret } from './tokens.js';

/**
 * How many uploads the sandbox reads at once. Each is held in memory until its message is stored (at most
 * MAX_UPLOAD_BYTES), so this bounds what uploads in flight can cost: 4 x 11 MiB.
 */
export const MAX_UPLOADS_IN_FLIGHT = 4;

/** The routes that take files, as Discord serves them (versioned or not, any case, a trailing slash or none). */
const UPLOAD_ROUTE = new RegExp(
  `^/${SANDBOX_ROUTE_PREFIX}/api(?:/v10)?/(?:channels/([^/]+)/messages(?:/[^/]+)?|webhooks/([^/]+)/([^/]+)(?:/messages/[^/]+)?)/?$`,
  'i',
);

const isMultipart = (req: HttpRequest) =>
  String(req.headers['content-type'] ?? '')
    .trimStart()
    .toLowerCase()
    .startsWith('multipart/');

/**
 * Upload refusals as the app's error handler passes them on unchanged outside /api (an HttpException's own body),
 * and as the standalone sandbox's filter maps them: Discord's shape, 413 Request entity too large (40005).
 */
const asHttp = (err: Error) => (err instanceof DiscordApiError ? new HttpException(err.body, err.status) : err);
export const SANDBOX_UPLOAD_FAILURES: BodyFailures = {
  notJson: (bare) => asHttp(DISCORD_BODY_FAILURES.notJson(bare)),
  tooLarge: () => asHttp(DISCORD_BODY_FAILURES.tooLarge()),
  unreadable: () => asHttp(DISCORD_BODY_FAILURES.unreadable()),
};

/**
 * The sandbox's uploads, decided in the app's front door before Fastify reads any body: a multipart body is read only
 * on a route that takes files, from a caller that may post there (the bot's token for channel messages, the
 * webhook's own token for a webhook), and only while fewer than MAX_UPLOADS_IN_FLIGHT are being read. Anybody else is
 * answered at once, in Discord's shape, and the connection is closed rather than the rest of the upload read.
 */
export class SandboxUploadGate {
  private readonly admitted = new WeakSet<FastifyRequest>();
  private inFlight = 0;

  constructor(private readonly sandbox: DiscordSandboxService) {}

  /** For the body reader (http/body-parser.ts): whether this request's multipart body may be read. */
  mayRead(request: FastifyRequest): boolean {
    return this.admitted.has(request);
  }

  /** How many uploads are being read or handled now. */
  get uploadsInFlight(): number {
    return this.inFlight;
  }

  /** Answers (returning true) a multipart request that may not upload; admits the others. */
  refused(req: HttpRequest, reply: HttpReply): boolean {
    if (!isMultipart(req)) return false;
    // Other routes never read a multipart body (mayRead is false): they answer as they would without one.
    const route = req.method === 'POST' || req.method === 'PATCH' ? UPLOAD_ROUTE.exec(pathOf(req)) : null;
    if (!route) return false;
    const refusal = route[1] !== undefined ? this.botRefusal(req) : this.webhookRefusal(route[2]!, route[3]!);
    if (refusal) return this.refuse(reply, refusal);
    if (this.inFlight >= MAX_UPLOADS_IN_FLIGHT) {
      return this.refuse(
        reply,
        new DiscordApiError(
          429,
          { message: 'You are being rate limited.', retry_after: 1, global: false, code: 0 },
          // Discord's scope for a limit shared by everyone using a resource, rather than the caller's own.
          { 'Retry-After': '1', 'X-RateLimit-Scope': 'shared' },
        ),
      );
    }
    this.inFlight += 1;
    this.admitted.add(req);
    reply.raw.once('close', () => (this.inFlight -= 1));
    return false;
  }

  /** Channel messages are the bot's (BotOnly), as the route's own guard says again once the body is read. */
  private botRefusal(req: HttpRequest): DiscordApiError | undefined {
    return this.sandbox.authenticate(req.headers.authorization)?.kind === 'bot' ? undefined : DiscordErrors.unauthorized();
  }

  private webhookRefusal(id: string, token: string): DiscordApiError | undefined {
    const webhook = isSnowflake(id) ? this.sandbox.webhook(id) : undefined;
    if (!webhook) return DiscordErrors.unknownWebhook();
    return sameSecret(token, webhook.token) ? undefined : DiscordErrors.invalidWebhookToken();
  }

  private refuse(reply: HttpReply, refusal: DiscordApiError): true {
    // Closing the connection after the answer stops the upload; keeping it open would mean reading the rest of it.
    reply
      .code(refusal.status)
      .headers({ ...refusal.headers, Connection: 'close' })
      .send(refusal.body);
    return true;
  }
}
