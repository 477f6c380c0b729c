import { All, Controller, UseFilters } from '@nestjs/common';
import { DiscordErrors, DiscordExceptionFilter } from './discord-errors.js';
import { SANDBOX_ROUTE_PREFIX } from './sandbox-options.js';

/** Registered last: whatever else reaches the sandbox gets Discord's own 404 body, not the host app's. */
@Controller(SANDBOX_ROUTE_PREFIX)
@UseFilters(DiscordExceptionFilter)
export class SandboxNotFoundController {
  @All('*')
  notFound(): never {
    throw DiscordErrors.notFound();
  }
}
