import { type ArgumentsHost, Catch, type ExceptionFilter, HttpException, Inject } from '@nestjs/common';
import type { Logger } from 'pino';
import { DiscordFailure } from '../discord/discord.errors.js';
import { LOGGER } from '../logging/logger.js';
import { UnstorableTextError } from '../storage/storage.port.js';
import { UNSTORABLE_TEXT } from './body-parser.js';
import { type HttpReply, type HttpRequest, pathOf } from './http-types.js';

/**
 * Turns every failure under /api into { success: false, error } (the spec's reading), and never
 * lets an unexpected error's details reach the client. Other paths (the Discord sandbox) keep the
 * body they threw, because there the shape is Discord's.
 */
@Catch()
export class ApiExceptionFilter implements ExceptionFilter {
  constructor(@Inject(LOGGER) private readonly logger: Logger) {}

  catch(thrown: unknown, host: ArgumentsHost): void {
    const ctx = host.switchToHttp();
    this.answer(thrown, ctx.getRequest<HttpRequest>(), ctx.getResponse<HttpReply>());
  }

  /** Also Fastify's error handler (app.ts): what fails before a route runs (reading the body) answers the same way. */
  answer(thrown: unknown, req: HttpRequest, reply: HttpReply): void {
    // Discord's refusals and outages answer 502 (or 429) with the reason, wherever they were thrown.
    const exception = thrown instanceof DiscordFailure ? thrown.toApiError() : thrown;
    if (reply.sent || reply.raw.headersSent) return;
    const path = pathOf(req);
    // Routes match without regard to case (app.ts), so /API/... is the API too and answers in its shape.
    const isApi = path.toLowerCase().startsWith('/api');

    if (exception instanceof HttpException) {
      const status = exception.getStatus();
      const body = exception.getResponse();
      if (!isApi) {
        // Discord's shape, { message, code }, for the sandbox: our own errors too (the body parser refuses before it runs).
        const ours = body as { success?: unknown; error?: string };
        const message = typeof body === 'string' ? body : ours.success === false ? ours.error : undefined;
        reply.code(status).send(message === undefined ? body : { message, code: 0 });
        return;
      }
      if (typeof body === 'object' && body !== null && 'success' in body) {
        const { retryAfter, ...rest } = body as { retryAfter?: number };
        if (retryAfter) reply.header('Retry-After', String(retryAfter));
        reply.code(status).send(rest);
        return;
      }
      reply.code(status).send({ success: false, error: messageOf(body, exception.message, status) });
      return;
    }

    // The body parser refuses such text; should some other way bring it to storage, it is still the request's fault.
    if (exception instanceof UnstorableTextError) {
      reply.code(400).send(isApi ? { success: false, error: UNSTORABLE_TEXT } : { message: UNSTORABLE_TEXT, code: 0 });
      return;
    }

    // Fastify's own refusals (an unsupported media type, a malformed URL) carry a status.
    const status = (exception as { status?: number; statusCode?: number })?.status ?? (exception as { statusCode?: number })?.statusCode;
    if (typeof status === 'number' && status >= 400 && status < 500) {
      const error =
        status === 400 ? 'The request body is not valid JSON.' : status === 413 ? 'The request body is too large.' : 'Bad request.';
      reply.code(status).send(isApi ? { success: false, error } : { message: error, code: 0 });
      return;
    }

    this.logger.error({ err: exception, method: req.method, path }, 'unhandled error');
    reply.code(500).send(isApi ? { success: false, error: 'Internal server error.' } : { message: '500: Internal Server Error', code: 0 });
  }
}

function messageOf(body: unknown, fallback: string, status: number): string {
  if (typeof body === 'string') return body;
  if (body && typeof body === 'object') {
    const m = (body as { message?: unknown }).message;
    if (typeof m === 'string') return m;
    if (Array.isArray(m)) return m.join('; ');
  }
  if (status === 404) return 'Not found.';
  return fallback;
}
