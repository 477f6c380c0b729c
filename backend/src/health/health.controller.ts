import { Controller, Get, HttpStatus, Inject, Res } from '@nestjs/common';
import type { HealthStatus } from '@guildhall/generated/types';
import { STORAGE, type StoragePort } from '../storage/storage.port.js';
import { type HttpReply } from '../http/http-types.js';

/** Liveness says the process answers; readiness says it can serve (the database answers). */
@Controller()
export class HealthController {
  constructor(@Inject(STORAGE) private readonly storage: StoragePort) {}

  @Get('healthz')
  health(): HealthStatus {
    return { status: 'ok' };
  }

  @Get('readyz')
  async ready(@Res({ passthrough: true }) res: HttpReply): Promise<HealthStatus> {
    try {
      await this.storage.ping();
      return { status: 'ready', storage: this.storage.kind };
    } catch {
      res.status(HttpStatus.SERVICE_UNAVAILABLE);
      return { status: 'unavailable', storage: this.storage.kind };
    }
  }
}
