import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { SessionUser, UserGuild } from '../discord/discord.types.js';

/**
 * What the app's hooks learn about a request before any route runs. Declared on Fastify's request (and set to their
 * empty values by `decorateRequest` in app.ts), so every request has the same shape from the start.
 */
declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route writes its own successful answer, headers and all (settings/settings-read.route.ts). */
    writesOwnAnswer?: boolean;
    /** The route's answer is large JSON, compressed for a client that accepts it (http/compression.ts). */
    compressAnswer?: boolean;
  }
  interface FastifyRequest {
    /** The signed-in user of a valid session cookie (auth/session.ts), else undefined. */
    user: SessionUser | undefined;
    /** The id of that session (CSRF tokens are bound to it). */
    sessionId: string | undefined;
    /** The bot's credential was checked (bot-api/bot-credential.ts): no CSRF, and the larger body limit. */
    botAuthenticated: boolean;
    /** The body's bytes as sent, kept for the payment webhook's signature only. */
    rawBody: Buffer | undefined;
    /** Files of a multipart body (the Discord sandbox's uploads). */
    files: UploadedFile[] | undefined;
  }
}

/** A file of a multipart body, as the body parser reads it (http/body-parser.ts). */
export interface UploadedFile {
  fieldname: string;
  originalname: string;
  mimetype: string;
  size: number;
  buffer: Buffer;
}

/**
 * Every property the app's hooks and guards set on a request, declared up front (Fastify's decorateRequest) so each
 * request object keeps one shape (a property added later, like the guild GuildAccessGuard resolves, would give
 * requests many shapes, and every read of them would be slower).
 */
export function declareRequestState(fastify: FastifyInstance): void {
  for (const name of ['user', 'sessionId', 'rawBody', 'files', 'guild', 'grants', 'sandboxCaller'])
    fastify.decorateRequest(name, undefined);
  fastify.decorateRequest('botAuthenticated', false);
}

/** A request as controllers read it: path parameters and the query as strings (or repeated strings). */
export type HttpRequest = FastifyRequest<{
  Params: Record<string, string | undefined>;
  Querystring: Record<string, string | string[] | undefined>;
}>;

/** A request on a /api/guild/:guildId route, after GuildAccessGuard has resolved the guild. */
export type GuildRequest = HttpRequest & { guild: UserGuild };

export type HttpReply = FastifyReply;

/** The path of a request, without its query. */
export const pathOf = (req: { url: string }): string => {
  const q = req.url.indexOf('?');
  return q === -1 ? req.url : req.url.slice(0, q);
};

/** Whether the request's content type is `type` (parameters such as charset ignored), as Express' req.is did. */
export function hasContentType(req: { headers: Record<string, string | string[] | undefined> }, type: string): boolean {
  const header = req.headers['content-type'];
  if (typeof header !== 'string') return false;
  const semi = header.indexOf(';');
  return (semi === -1 ? header : header.slice(0, semi)).trim().toLowerCase() === type;
}

/** Express' req.secure: https, or behind a trusted proxy that says so. */
export const isSecure = (req: FastifyRequest): boolean => req.protocol === 'https';
