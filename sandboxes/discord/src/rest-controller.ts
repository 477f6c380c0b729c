import { Controller, UseFilters, UseInterceptors, applyDecorators } from '@nestjs/common';
import { DiscordExceptionFilter } from './discord-errors.js';
import { SandboxRateLimitInterceptor } from './rate-limit.interceptor.js';
import { SANDBOX_ROUTE_PREFIX } from './sandbox-options.js';

/** Discord serves every route both versioned and unversioned; clients configured either way must work. */
export const REST_PATHS = [`${SANDBOX_ROUTE_PREFIX}/api/v10`, `${SANDBOX_ROUTE_PREFIX}/api`];

/**
 * A controller of Discord's REST API: served at both of its paths, failures answered in Discord's error shape,
 * every route counted against its rate-limit bucket (declared per route with @RateLimitBucket).
 */
export function DiscordRestController(): ClassDecorator {
  return applyDecorators(Controller(REST_PATHS), UseFilters(DiscordExceptionFilter), UseInterceptors(SandboxRateLimitInterceptor));
}
