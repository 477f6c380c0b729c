import type { FastifyRequest } from 'fastify';
import { BOT_BODY_LIMIT } from '@guildhall/backend/http/body-parser';
import { type HttpReply, type HttpRequest, pathOf } from '@guildhall/backend/http/http-types';
import { DiscordApiError, DiscordErrors } from './discord-errors.js';
import { SANDBOX_ROUTE_PREFIX } from './sandbox-options.js';
import type { DiscordSandboxService } from './sandbox.service.js';

/**
 * The largest body Modify Current Member reads: an image of Discord's 10 MiB is some 14 MB of base64 in JSON. It is the
 * app's limit for the bot's own bodies (http/body-parser.ts), which the gate below lets this route use.
 */
export const MEMBER_PROFILE_BODY_LIMIT = BOT_BODY_LIMIT;

/** PATCH guilds/{id}/members/@me, as Discord serves it (versioned or not, any case, a trailing slash or none). */
const PROFILE_ROUTE = new RegExp(`^/${SANDBOX_ROUTE_PREFIX}/api(?:/v10)?/guilds/[^/]+/members/@me/?$`, 'i');

export const isMemberProfileRoute = (req: FastifyRequest): boolean => req.method === 'PATCH' && PROFILE_ROUTE.test(pathOf(req));

/**
 * Modify Current Member takes images in its JSON body, far beyond the 100 KB the app reads for anybody else. In the
 * app's front door, before any body is read: the bot (its sandbox token) is admitted with the app's bot body limit
 * (request.botAuthenticated, which outside /api changes nothing else); a body it declares larger is Discord's 413
 * (40005) at once; anybody else is Discord's 401 at once, as the route's guard would say after reading.
 */
export class SandboxProfileGate {
  constructor(private readonly sandbox: DiscordSandboxService) {}

  /** Answers (returning true) a request to the route that may not send its body; admits the bot's. */
  refused(req: HttpRequest, reply: HttpReply): boolean {
    if (!isMemberProfileRoute(req)) return false;
    if (this.sandbox.authenticate(req.headers.authorization)?.kind !== 'bot') return this.refuse(reply, DiscordErrors.unauthorized());
    if (Number(req.headers['content-length']) > MEMBER_PROFILE_BODY_LIMIT) return this.refuse(reply, DiscordErrors.payloadTooLarge());
    req.botAuthenticated = true;
    return false;
  }

  private refuse(reply: HttpReply, refusal: DiscordApiError): true {
    // The rest of the body is not read: closing the connection after the answer stops the client sending it.
    reply.code(refusal.status).headers({ Connection: 'close' }).send(refusal.body);
    return true;
  }
}
