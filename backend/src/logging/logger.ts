import type { LoggerService } from '@nestjs/common';
import { pino, type Logger } from 'pino';

/**
 * Structured JSON logs. Secrets never reach them: request logs carry no headers or bodies, and
 * these paths are redacted in case an object holding them is logged by mistake.
 */
export function createLogger(level: string): Logger {
  return pino({
    level,
    base: { service: 'guildhall' },
    redact: {
      paths: [
        '*.password',
        '*.token',
        '*.accessToken',
        '*.refreshToken',
        '*.access_token',
        '*.refresh_token',
        '*.clientSecret',
        '*.client_secret',
        '*.botToken',
        '*.sessionSecret',
        '*.keySecret',
        '*.webhookSecret',
        '*.key_secret',
        '*.webhook_secret',
        '*.authorization',
        '*.cookie',
        'req.headers',
        'headers.authorization',
        'headers.cookie',
      ],
      censor: '[redacted]',
    },
  });
}

/** Lets Nest's own messages (bootstrap, errors) go through the same JSON logger. */
export class PinoNestLogger implements LoggerService {
  constructor(private readonly logger: Logger) {}
  // Nest announces every module and route at start-up; that belongs at debug level.
  private static readonly CHATTY = new Set(['RouterExplorer', 'RoutesResolver', 'InstanceLoader']);
  log(message: unknown, context?: string) {
    if (context && PinoNestLogger.CHATTY.has(context)) this.logger.debug({ context }, String(message));
    else this.logger.info({ context }, String(message));
  }
  error(message: unknown, trace?: string, context?: string) {
    if (message instanceof Error) this.logger.error({ context, err: message }, message.message);
    else this.logger.error({ context, trace }, String(message));
  }
  warn(message: unknown, context?: string) {
    this.logger.warn({ context }, String(message));
  }
  debug(message: unknown, context?: string) {
    this.logger.debug({ context }, String(message));
  }
  verbose(message: unknown, context?: string) {
    this.logger.trace({ context }, String(message));
  }
  fatal(message: unknown, context?: string) {
    this.logger.fatal({ context }, String(message));
  }
}

export const LOGGER = Symbol('LOGGER');
